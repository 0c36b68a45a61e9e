"""Issue 27.8: wallets are per server. One member playing on two servers through the bot has
two wallets, and their buy-ins, balances, leaderboards, ledgers and stats never mix."""

from __future__ import annotations

import random
from pathlib import Path

from tests.e2e.conftest import start_harness, stop_bot
from tests.e2e.remote import open_table, play_table, summaries
from tests.fakediscord.server import GUILD_ID, FakeDiscord


async def test_one_member_on_two_servers_keeps_two_apart(tmp_path: Path) -> None:
    fake = FakeDiscord()
    await fake.start()
    other_guild = fake.add_guild(0, 1)
    harness, task = await start_harness(tmp_path, fake=fake)
    store = harness.bot.store
    try:
        channel, players = await open_table(fake, "five_card_stud", 2, GUILD_ID)
        await play_table(fake, channel, 1, 0.0, random.Random(8))
        assert summaries(fake, channel) == 1
        member = players[0]
        here = await store.balance(GUILD_ID, member) + await store.on_tables(GUILD_ID, member)
        assert await store.on_tables(GUILD_ID, member) > 0  # seated here, with a buy-in

        elsewhere = fake.add_channel(other_guild)
        wallet = await fake.slash(member, elsewhere, "balance")
        assert wallet["message"].content == "1,000 chips"  # a wallet of its own there
        board = await fake.slash(member, elsewhere, "leaderboard")
        assert f"<@{players[1]}>" not in board["message"].content  # only that server's
        ledger = await fake.slash(member, elsewhere, "ledger")
        content = ledger["message"].content
        assert "wallet opened" in content
        assert len(content.split("\n")) == 2  # its head and one row: nothing of the other
        stats = await fake.slash(member, elsewhere, "stats")
        assert "No finished hands yet." in stats["message"].content
        home = await fake.slash(member, channel, "stats")
        assert "No finished hands yet." not in home["message"].content
        daily = await fake.slash(member, elsewhere, "daily")
        assert "you have 1,500 chips" in daily["message"].content
        assert (
            await store.balance(GUILD_ID, member) + await store.on_tables(GUILD_ID, member) == here
        )  # the daily chips there changed nothing here
    finally:
        await stop_bot(harness, task)
        await fake.stop()
