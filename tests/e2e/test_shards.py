"""Two bot processes (``python -m bot``, SHARD_COUNT=2, one shard each) on one PostgreSQL
database, each driving the tables of the servers on its shard. One is SIGKILLed mid-hand:
the other's table plays on without a pause; started again, the killed one takes its table
back once the dead process's lease expires, and resumes the hand where it was. The audit
then finds every chip."""

from __future__ import annotations

import random
import time
from pathlib import Path

from bot.audit import audit
from bot.store import Database
from tests.e2e.conftest import start_harness, stop_bot
from tests.e2e.players import TURN, summary_messages, table_message
from tests.e2e.remote import (
    open_table,
    play_table,
    start_bot_process,
    stop_bot_process,
    summaries,
    turn_prompt,
    wait_for,
)
from tests.fakediscord.server import FakeDiscord, Message

LEASE_SECONDS = 3


async def prompt_after(fake: FakeDiscord, channel: int, clicks: int) -> Message:
    """Play ``clicks`` passive clicks at the table, then return the table message."""
    for _ in range(clicks):
        message = await turn_prompt(fake, channel)
        turn = TURN.search(message.content)
        assert turn is not None
        choice = next(
            v for k, v in message.custom_ids.items() if k.startswith(("Bring-in", "Call", "Check"))
        )
        assert (await fake.click(int(turn[1]), message.id, choice))["type"] == 7
    found = table_message(fake, channel)
    assert found is not None
    return found


async def lease_owner(url: str, channel: int) -> str:
    store = await Database.open(url, exclusive=False)
    try:
        owner = await store._one(
            "SELECT lease_owner FROM card_tables WHERE channel_id = ?", (channel,)
        )
        return str(owner)
    finally:
        await store.close()


async def test_two_processes_share_the_servers_and_survive_a_kill(
    tmp_path: Path, postgres_url: str
) -> None:
    fake = FakeDiscord()
    await fake.start()
    guilds = [fake.add_guild(shard, 2) for shard in (0, 1)]

    def settings(shard: int) -> dict[str, str]:
        return {
            "DATABASE_URL": postgres_url,
            "SHARD_COUNT": "2",
            "SHARD_IDS": str(shard),
            "LEASE_SECONDS": str(LEASE_SECONDS),
        }

    folders = [tmp_path / f"shard{shard}" for shard in (0, 1)]
    for folder in folders:
        folder.mkdir()
    processes = [
        await start_bot_process(fake, folders[shard], starting_balance=1000,
                                settings=settings(shard))
        for shard in (0, 1)
    ]  # fmt: skip
    try:
        (first, _), (second, _) = [
            await open_table(fake, "seven_card_stud", 3, guild) for guild in guilds
        ]
        before = await prompt_after(fake, first, 2)
        await prompt_after(fake, second, 1)

        dead = processes[0].pid
        processes[0].kill()  # shard 0's process dies mid-hand, without a word
        await processes[0].wait()
        # shard 1's table never pauses: a whole hand is played meanwhile
        await play_table(fake, second, 1, 0.0, random.Random(2))
        assert summaries(fake, second) == 1
        # and shard 1's process never took shard 0's table: its lease is still the dead one's
        assert f":{dead}:" in await lease_owner(postgres_url, first)

        processes[0] = await start_bot_process(
            fake, folders[0], starting_balance=1000, settings=settings(0)
        )
        # a new process starting on a busy two-core machine: its start is not what is timed
        after = await wait_for(fake, first, "The dealer restarted", timeout=4 * LEASE_SECONDS + 20)
        assert after.id == before.id  # the same table message, the same hand
        assert after.content.split("\n")[0] == before.content.split("\n")[0]
        assert after.custom_ids == before.custom_ids
        await play_table(fake, first, 1, 0.0, random.Random(3))
        await play_table(fake, second, 1, 0.0, random.Random(4))
        assert "Hand #1" in summary_messages(fake, first)[-1].content
    finally:
        codes = [await stop_bot_process(process) for process in processes]
        await fake.stop()
    assert codes == [0, 0]
    store = await Database.open(postgres_url, exclusive=False)
    try:
        results = await audit(store)
        assert [result.ok for result in results] == [True, True], [r.line() for r in results]
        assert [r.wallets + r.stacks for r in results] == [3000, 3000]
        assert await store.unleased_tables("nobody", now=store.clock()) != []  # let go at stop
    finally:
        await store.close()


async def test_without_shard_settings_one_process_runs_every_recommended_shard(
    tmp_path: Path,
) -> None:
    """No SHARD_COUNT: discord.py asks Discord how many shards (here 2), runs them all in this
    process, and the dealer drives the tables of servers on both."""
    fake = FakeDiscord()
    await fake.start()
    fake.recommended_shards = 2
    guilds = [fake.add_guild(shard, 2) for shard in (0, 1)]
    harness, task = await start_harness(tmp_path, fake=fake)
    try:
        assert sorted(harness.bot.shards) == [0, 1]
        assert {guild.id for guild in harness.bot.guilds} >= set(guilds)
        for guild in guilds:
            channel, _ = await open_table(fake, "five_card_stud", 2, guild)
            await play_table(fake, channel, 1, 0.0, random.Random(guild))
            assert summaries(fake, channel) == 1
    finally:
        await stop_bot(harness, task)
        await fake.stop()


async def test_a_sigkill_on_postgresql_resumes_at_once_and_never_says_no_table(
    tmp_path: Path, postgres_url: str
) -> None:
    """Issue 20.4: with the default 30-second leases, a process SIGKILLed mid-hand and started
    again takes its table back at once (the dead process's life lock is gone with its
    connection): the hand resumes within 5 seconds and no player is told there is no table."""
    fake = FakeDiscord()
    await fake.start()
    guild = fake.add_guild(0, 1)
    settings = {"DATABASE_URL": postgres_url}
    process = await start_bot_process(fake, tmp_path, starting_balance=1000, settings=settings)
    try:
        channel, players = await open_table(fake, "seven_card_stud", 3, guild)
        before = await prompt_after(fake, channel, 2)
        process.kill()
        await process.wait()
        started = time.monotonic()
        process = await start_bot_process(fake, tmp_path, starting_balance=1000, settings=settings)
        asked = await fake.slash(players[0], channel, "cards")
        assert "There is no table" not in asked["message"].content
        after = await wait_for(fake, channel, "The dealer restarted", timeout=5)
        assert time.monotonic() - started < 5
        assert after.id == before.id
        answers = [m.content for m in fake.messages.values() if m.ephemeral_for in players]
        assert not any("There is no table" in text for text in answers)
        await play_table(fake, channel, 1, 0.0, random.Random(5))
    finally:
        code = await stop_bot_process(process)
        await fake.stop()
    assert code == 0
