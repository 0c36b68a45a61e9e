"""The time bank end to end, through a restart (issue 10, RULES §6.1): when the action clock
runs out the actor's bank runs, on the table message; what is left of it when they act is
theirs for later, and stays theirs when the bot restarts."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from bot.audit import audit
from tests.dealer.conftest import FakeClock
from tests.e2e.conftest import start_harness, stop_bot
from tests.e2e.players import TURN, Table
from tests.fakediscord.server import FakeDiscord

CLOCK = re.compile(r"(clock|time bank) <t:(\d+):R>")


async def shown_clock(table: Table, actor: int) -> tuple[str, int]:
    """Which clock the table message shows for ``actor``, and when it runs out."""
    async with asyncio.timeout(5):
        while True:
            await table.settle()
            message = table.message()
            turn, clock = TURN.search(message.content), CLOCK.search(message.content)
            if turn and int(turn[1]) == actor and clock:
                return clock[1], int(clock[2])
            await asyncio.sleep(0.01)


async def run_out(table: Table, clock: FakeClock, actor: int, seconds: int) -> tuple[str, int]:
    clock.advance(seconds)
    table.bot.dealer.wake()
    async with asyncio.timeout(5):
        while (found := await shown_clock(table, actor))[0] != "time bank":
            await asyncio.sleep(0.01)
    return found


async def click(table: Table, actor: int, *labels: str) -> None:
    message = table.message()
    label = next(label for want in labels for label in message.custom_ids if label.startswith(want))
    assert (await table.fake.click(actor, message.id, message.custom_ids[label]))["type"] == 7
    await table.settle()


async def test_the_time_bank_runs_on_the_table_message_and_survives_a_restart(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    fake = FakeDiscord()
    await fake.start()
    harness, task = await start_harness(tmp_path, fake=fake, clock=clock)
    try:
        channel = fake.add_channel()
        ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
        opened = await fake.slash(
            ann, channel, "new", variant="five_card_stud", action_seconds=10, time_bank=30
        )
        assert opened["type"] == 4
        table = Table(fake, harness.bot, channel, [ann, bob])
        await fake.slash(ann, channel, "join")
        await fake.slash(bob, channel, "join")
        await fake.slash(ann, channel, "start")
        first = await table.wait_for_turn()
        assert await shown_clock(table, first) == ("clock", int(clock.now.timestamp()) + 10)
        kind, ends = await run_out(table, clock, first, 11)  # the clock ran out: the bank runs
        assert (kind, ends) == ("time bank", int(clock.now.timestamp()) + 30)
        clock.advance(12)  # 12 s of the bank used, 18 left
        await click(table, first, "Bring-in")
        second = await table.wait_for_turn()
        assert second != first

        await stop_bot(harness, task)  # the bot restarts in the middle of the hand
        harness, task = await start_harness(tmp_path, fake=fake, clock=clock)
        table.bot = harness.bot
        async with asyncio.timeout(5):
            while "The dealer restarted" not in table.message().content:
                await asyncio.sleep(0.01)
        assert await shown_clock(table, second) == ("clock", int(clock.now.timestamp()) + 10)
        kind, ends = await run_out(table, clock, second, 11)  # a full bank for the other
        assert ends == int(clock.now.timestamp()) + 30
        await click(table, second, "Call", "Check")
        while (actor := await table.wait_for_turn()) != first:
            await click(table, actor, "Check", "Call")
        kind, ends = await run_out(table, clock, first, 11)
        assert (kind, ends) == ("time bank", int(clock.now.timestamp()) + 18)  # what was left
        clock.advance(18)  # the bank is spent too: the dealer acts (RULES §6.1)
        harness.bot.dealer.wake()
        async with asyncio.timeout(5):
            while table.engine_hand() is not None and table.actor() == first:
                await table.settle()
                await asyncio.sleep(0.01)
        seat = harness.bot.dealer.tables[channel].seats[first]
        assert seat.bank == 0 and seat.timeouts == 1
        results = await audit(harness.bot.store)
        assert all(result.ok for result in results), [result.line() for result in results]
    finally:
        await stop_bot(harness, task)
        await fake.stop()
