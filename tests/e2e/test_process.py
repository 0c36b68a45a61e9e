"""``python -m bot`` itself, as a server runs it: settings from the environment, dealing to
players who only see Discord, stopped by SIGTERM with every chip accounted for."""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

import pytest

from bot.store import Database
from tests.e2e.players import TURN, summary_messages, table_message
from tests.e2e.remote import (
    bot_environment,
    open_table,
    play_table,
    start_bot_process,
    stop_bot_process,
    summaries,
    turn_prompt,
    wait_for,
)
from tests.fakediscord.server import GUILD_ID, FakeDiscord, Message


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


async def next_turn(fake: FakeDiscord, channel: int, after: str) -> Message:
    """The table message once it shows a turn other than ``after`` (its content then)."""
    async with asyncio.timeout(10):
        while True:
            message = table_message(fake, channel)
            if message and TURN.search(message.content) and message.content != after:
                return message
            await fake.change(channel)


@pytest.mark.parametrize("signal_name", ["SIGTERM", "SIGKILL"])
async def test_a_hand_resumes_where_it_was_after_a_restart(
    tmp_path: Path, signal_name: str
) -> None:
    """RULES-independent durability: stopped cleanly (a deploy) or killed outright, the bot
    comes back with the same hand, cards, actor, pot and buttons; the live table message is
    edited to say so; a button posted before the restart still works."""
    fake = FakeDiscord()
    await fake.start()
    process = await start_bot_process(fake, tmp_path, starting_balance=1000)
    try:
        channel, players = await open_table(fake, "seven_card_stud", 3)
        table = await turn_prompt(fake, channel)
        bring_in = next(v for k, v in table.custom_ids.items() if k.startswith("Bring-in"))
        turn = TURN.search(table.content)
        assert turn is not None
        first_prompt = table.content
        assert (await fake.click(int(turn[1]), table.id, bring_in))["type"] == 7
        before = await next_turn(fake, channel, first_prompt)
        turn = TURN.search(before.content)
        assert turn is not None
        actor = int(turn[1])
        cards_before = await fake.click(actor, before.id, before.custom_ids["My cards"])
        if signal_name == "SIGKILL":
            process.kill()  # no clean shutdown at all
            await process.wait()
        else:
            assert await stop_bot_process(process) == 0
        shown = before.content

        since = len(fake.requests)
        process = await start_bot_process(fake, tmp_path, starting_balance=1000)
        after = await wait_for(fake, channel, "The dealer restarted")
        assert after.id == before.id  # the same table message
        restarted = after.content
        # a positive signal that the restart's edits are all sent: two more changes by a
        # player who is not to act (sit out, back), each one edit queued after them
        other = next(player for player in players if player != actor)
        await fake.slash(other, channel, "sitout")
        await wait_for(fake, channel, "sitting out")
        await fake.slash(other, channel, "back")
        async with asyncio.timeout(10):
            while "sitting out" in after.content:
                await fake.change(channel)
        edits = [r for r in fake.requests[since:] if r.path.endswith(f"/messages/{after.id}")]
        assert len(edits) == 3  # the restart edited it once, then the two changes
        lines = restarted.split("\n")
        assert lines[0] == shown.split("\n")[0]  # same title, hand id and street
        assert [line for line in lines if "Seat" in line] == [
            line for line in shown.split("\n") if "Seat" in line
        ]  # same stacks, up cards and bets
        assert TURN.search(restarted)[1] == str(actor)  # type: ignore[index]
        commitment = [line for line in shown.split("\n") if line.startswith("-# Commitment: ")]
        assert len(commitment) == 1
        assert commitment[0] in lines  # the deck committed to before the restart
        assert after.custom_ids == before.custom_ids  # the same prompt, the same buttons
        cards_after = await fake.click(actor, after.id, after.custom_ids["My cards"])
        assert cards_after["message"].content == cards_before["message"].content
        call = next(v for k, v in before.custom_ids.items() if k.startswith(("Call", "Check")))
        assert (await fake.click(actor, before.id, call))["type"] == 7  # an old button works
        await play_table(fake, channel, 1, 0.0, random.Random(1))
        assert summaries(fake, channel) == 1
        assert "Hand #1" in summary_messages(fake, channel)[-1].content
    finally:
        await stop_bot_process(process)
        await fake.stop()
    assert await chips_in_database(tmp_path / "poker.sqlite3") == 3 * 1000


async def test_a_second_bot_on_the_same_database_is_refused(tmp_path: Path) -> None:
    """Defect 1: a second `python -m bot` on the same file refuses to start, in one line."""
    fake = FakeDiscord()
    await fake.start()
    process = await start_bot_process(fake, tmp_path, starting_balance=1000)
    try:
        second = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            env=bot_environment(fake, tmp_path, 1000),
            cwd=tmp_path,
            stderr=asyncio.subprocess.PIPE,
        )
        _, errors = await asyncio.wait_for(second.communicate(), 30)
        assert second.returncode == 1
        text = errors.decode()
        assert "another bot process is using poker.sqlite3" in text
        assert "Traceback" not in text
        assert len(text.strip().splitlines()) == 1
    finally:
        await stop_bot_process(process)
        await fake.stop()
