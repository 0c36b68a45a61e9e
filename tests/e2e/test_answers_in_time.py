"""Every interaction answered within Discord's 3 seconds (issue 43.4), whatever holds the
table: a click waits for the table's lock and a database unit, with no limit of time, then for
a new hand's DMs; past 3 s Discord shows the player "This interaction failed" though their
Fold was committed. When the answer may come late the bot defers, and edits it once done.
The harness fails any test answered late (``fake.late``)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from tests.e2e.conftest import Harness
from tests.e2e.players import Table
from tests.e2e.test_games import seat_players

HELD = 3.5  # seconds: past Discord's 3 for the first answer


async def hold(table: Table) -> None:
    """Someone else's change holds the table's lock this long."""
    live = table.bot.dealer.tables[table.channel]
    async with live.lock:
        await asyncio.sleep(HELD)


def slowed(call: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
    """``call`` in a stalled database unit: it waits ``HELD`` seconds first."""

    async def stalled(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(HELD)
        return await call(*args, **kwargs)

    return stalled


async def test_a_click_behind_a_held_lock_is_deferred_then_shown(harness: Harness) -> None:
    table = await seat_players(harness, "seven_card_stud", 2)
    actor = await table.wait_for_turn()
    message = table.message()
    label = next(label for label in message.custom_ids if label.startswith("Bring-in"))
    holding = asyncio.create_task(hold(table))
    await asyncio.sleep(0.05)
    answer = await table.fake.click(actor, message.id, message.custom_ids[label])
    assert answer["type"] == 6, answer  # deferred: the table message is edited once done
    await holding
    async with asyncio.timeout(5):
        while "brings in" not in table.message().content:
            await table.settle()
            await asyncio.sleep(0.01)
    hand = table.engine_hand()
    assert hand is not None and len(hand.actions) == 1
    assert table.fake.late == []


async def test_a_command_in_a_stalled_database_unit_is_deferred_then_answered(
    harness: Harness,
) -> None:
    table = await seat_players(harness, "seven_card_stud", 2)
    fake, store = table.fake, harness.bot.store
    late = fake.add_user("Late")
    store.buy_in = slowed(store.buy_in)  # type: ignore[method-assign]
    answer = await fake.slash(late, table.channel, "join")
    assert answer["type"] == 5, answer  # deferred, privately
    async with asyncio.timeout(5):
        while not any("You are in seat 3" in m.content for m in fake.ephemeral_for(late)):
            await asyncio.sleep(0.01)
    assert fake.late == []
    await table.settle()
    assert "Late" in table.message().content


async def test_a_refusal_after_a_held_lock_is_private(harness: Harness) -> None:
    table = await seat_players(harness, "seven_card_stud", 2)
    actor = await table.wait_for_turn()
    other = next(player for player in table.players if player != actor)
    message = table.message()
    label = next(label for label in message.custom_ids if label.startswith("Bring-in"))
    holding = asyncio.create_task(hold(table))
    await asyncio.sleep(0.05)
    answer = await table.fake.click(other, message.id, message.custom_ids[label])
    assert answer["type"] == 6, answer
    await holding
    async with asyncio.timeout(5):
        while not any("not your turn" in m.content for m in table.fake.ephemeral_for(other)):
            await asyncio.sleep(0.01)
    assert table.fake.late == []
