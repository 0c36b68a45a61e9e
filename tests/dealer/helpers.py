"""Table-runtime test helpers: seat players, act for the player to act, a passive policy."""

from __future__ import annotations

from typing import Any

from bot.dealer.dealer import Dealer
from bot.dealer.options import TableOptions
from bot.dealer.table import Table
from bot.dealer.views import Effects
from bot.poker.events import Action, ActionKind
from bot.store import Database
from tests.dealer.conftest import CHANNEL, GUILD, HOST

PLAYERS = (HOST, 101, 102, 103, 104, 105)


async def sql(
    store: Database, statement: str, parameters: tuple[Any, ...] = ()
) -> list[tuple[Any, ...]]:
    """A statement typed at the database's prompt, behind the store's back (in the running
    unit, if any); a query's rows as tuples."""
    async with store.transaction() as session:
        if statement.lstrip().upper().startswith("SELECT"):
            return [tuple(row) for row in await session.fetch(statement, parameters)]
        await session.execute(statement, parameters)
        return []


async def seated(dealer: Dealer, variant: str, count: int, **options: int) -> Table:
    await dealer.create(
        channel=CHANNEL,
        guild=GUILD,
        host=HOST,
        options=TableOptions.model_validate({"variant": variant, **options}),
    )
    async with dealer.locked(CHANNEL) as table:
        for player in PLAYERS[:count]:
            await table.join(player, f"P{player}", 300)
    return table


async def act(table: Table, action: Action) -> Effects:
    hand = table.hand
    assert hand is not None
    assert hand.actor is not None
    return await table.act(hand.actor, table.seq, action)


def passive(table: Table) -> Action:
    """Check, else call, else the bring-in: never a fold, never a raise."""
    hand = table.hand
    assert hand is not None
    kinds = {option.kind: option for option in hand.legal_actions()}
    for kind in (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN, ActionKind.DRAW):
        if kind in kinds:
            return Action(kind, kinds[kind].amount)
    raise AssertionError(kinds)
