"""Issue 20.6: every Discord effect of a change is recorded with it and completed after a
restart. Two kill instants that lost effects before: right after a new hand's table message
was posted, before its id was stored (the restart edited the previous hand's message, the new
one kept live buttons, and the hand's DMs were never sent), and between two DMs of a deal.
A kill is a bot that never goes past that instant: its outbox hangs there, then it is stopped
and started again on the same database and the same Discord."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.dealer.table import Table as DealerTable
from bot.dealer.views import PrivateHand
from tests.e2e.conftest import start_harness, stop_bot
from tests.e2e.players import SHOWDOWN, Table
from tests.e2e.test_games import seat_players


async def forever(*args: Any, **kwargs: Any) -> None:
    await asyncio.Event().wait()


def dealt(table: Table, user: int, hand_id: int) -> int:
    """How many DMs of Hand #``hand_id`` ``user`` received."""
    return sum(f"Hand #{hand_id}" in m.content for m in table.fake.dms(user))


@pytest.mark.parametrize("instant", ["after the post", "between two DMs"])
async def test_a_new_hand_s_message_and_dms_survive_a_kill(tmp_path: Path, instant: str) -> None:
    harness, task = await start_harness(tmp_path)
    fake = harness.fake
    table = await seat_players(harness, "stud_hi_lo", 3)
    presenter = harness.bot.presenter
    posted: list[int] = []
    dealing = harness.bot.dealer.tables[table.channel].hand_id  # its DMs go out as usual
    if instant == "after the post":
        real_send = presenter.show_table

        async def posted_then_killed(table_: DealerTable, **kwargs: Any) -> None:
            if kwargs.get("fresh"):
                presenter.adopt = forever  # type: ignore[method-assign]
            await real_send(table_, **kwargs)

        presenter.show_table = posted_then_killed  # type: ignore[method-assign]
    else:
        real_dm = presenter.direct.send_cards

        async def one_dm_then_killed(table_: DealerTable, hand: PrivateHand) -> None:
            if hand.hand_id != dealing:  # not the hand being played (its 7th street, say)
                if posted:
                    await forever()
                posted.append(hand.user_id)
            await real_dm(table_, hand)

        presenter.direct.send_cards = one_dm_then_killed  # type: ignore[method-assign]
    first = await table.play_hand(SHOWDOWN)
    async with asyncio.timeout(5):  # the next hand is dealt by the clock, then the kill
        while harness.bot.dealer.tables[table.channel].hand_id == first:
            await asyncio.sleep(0.01)
    second = harness.bot.dealer.tables[table.channel].hand_id
    assert second is not None
    async with asyncio.timeout(5):  # the outbox reaches the kill instant
        while not (posted if instant == "between two DMs" else table.table_messages(second)):
            await asyncio.sleep(0.01)
    if instant == "between two DMs":
        assert len(posted) == 1
    await stop_bot(harness, task)

    harness, task = await start_harness(tmp_path, fake=fake)
    try:
        table = Table(fake, harness.bot, table.channel, table.players)
        live = harness.bot.dealer.tables[table.channel]
        async with asyncio.timeout(5):  # the restart completes what the kill cut short
            while not all(dealt(table, p, second) for p in table.players) or (
                live.message_id != table.message().id
            ):
                await asyncio.sleep(0.02)
        await table.settle()
        shown = table.table_messages(second)
        assert len(shown) == 1, [m.content for m in shown]  # posted once, found again
        assert live.message_id == shown[0].id
        for player in table.players:
            assert dealt(table, player, second) >= 1, player
        assert await table.play_hand(SHOWDOWN) == second  # its buttons play it on
    finally:
        await stop_bot(harness, task)
        await fake.stop()
