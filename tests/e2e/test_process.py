"""``python -m bot`` itself, as a server runs it: settings from the environment, dealing to
players who only see Discord, stopped by SIGTERM with every chip accounted for."""

from __future__ import annotations

import random
from pathlib import Path

from bot.store import Database
from tests.e2e.players import TURN
from tests.e2e.remote import (
    open_table,
    play_table,
    start_bot_process,
    stop_bot_process,
    summaries,
    wait_for,
)
from tests.fakediscord.server import GUILD_ID, FakeDiscord


async def chips_in_database(path: Path) -> int:
    """Wallets plus stacks, read from the file the bot process writes."""
    store = await Database.open(f"sqlite:///{path}")
    try:
        return await store.chips_in_play(GUILD_ID)
    finally:
        await store.close()


async def test_the_bot_process_deals_draws_and_stops_on_sigterm(tmp_path: Path) -> None:
    fake = FakeDiscord()
    await fake.start()
    process = await start_bot_process(fake, tmp_path, starting_balance=1000)
    try:
        channel, players = await open_table(fake, "triple_draw", 3)
        await play_table(fake, channel, 2, 0.0, random.Random(3))
        assert summaries(fake, channel) == 2
        for player in players:  # each hand's deal and each draw came by DM
            assert len(fake.dms(player)) >= 2
        pickers = [m for player in players for m in fake.ephemeral_for(player)]
        assert pickers, "no draw picker was shown"
    finally:
        code = await stop_bot_process(process)
        await fake.stop()
    assert code == 0
    assert await chips_in_database(tmp_path / "poker.sqlite3") == 3 * 1000


async def test_a_restart_closes_the_table_and_every_stack_goes_back(tmp_path: Path) -> None:
    """Until hands resume after a restart: the hand in progress is called off, the stacks from
    before it go back to the wallets, the channel is told, and a new table can open there."""
    fake = FakeDiscord()
    await fake.start()
    process = await start_bot_process(fake, tmp_path, starting_balance=1000)
    try:
        channel, players = await open_table(fake, "seven_card_stud", 3)
        table = await wait_for(fake, channel, "it's your turn")
        bring_in = next(v for k, v in table.custom_ids.items() if k.startswith("Bring-in"))
        turn = TURN.search(table.content)
        assert turn is not None
        actor = int(turn[1])
        assert (await fake.click(actor, table.id, bring_in))["type"] == 7
        assert await stop_bot_process(process) == 0  # in the middle of hand #1

        process = await start_bot_process(fake, tmp_path, starting_balance=1000)
        notice = await wait_for(fake, channel, "The dealer was restarted")
        assert "Hand #1 was called off" in notice.content
        for player in players:
            assert f"<@{player}> 300" in notice.content
        assert await chips_in_database(tmp_path / "poker.sqlite3") == 3 * 1000
        reopened = await fake.slash(players[1], channel, "new", variant="triple_draw")
        assert reopened["type"] == 4
        assert "2-7 Triple Draw" in fake.channel_messages(channel)[-1].content
    finally:
        await stop_bot_process(process)
        await fake.stop()
