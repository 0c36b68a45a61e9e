"""Killing the dealer at a chosen database statement, and restarting it on the same file."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from bot.audit import audit
from bot.dealer.dealer import Dealer
from bot.dealer.entropy import Entropy
from bot.dealer.table import Table
from bot.dealer.table_view import table_view
from bot.poker.record import snapshot
from bot.store import Database
from tests.dealer.conftest import FakeClock


class Killed(BaseException):
    """The process died here (a BaseException: nothing in the bot catches it)."""


class KillSwitch:
    """Counts the statements the store sends once armed, and kills at number ``at``."""

    def __init__(self, store: Database) -> None:
        self.count = 0
        self.at: int | None = None
        self.armed = False
        original = store._db.execute

        def execute(sql: str, parameters: Any = None) -> Any:
            if self.armed:
                if self.count == self.at:
                    self.armed = False  # dead: what runs after this is the OS cleaning up
                    raise Killed
                self.count += 1
            return original(sql, parameters)

        store._db.execute = execute  # type: ignore[method-assign]

    def arm(self, at: int | None) -> None:
        self.count, self.at, self.armed = 0, at, True


async def start(path: Path, clock: FakeClock) -> tuple[Database, Dealer]:
    store = await Database.open(f"sqlite:///{path}", clock=clock)
    dealer = Dealer(store, clock=clock, entropy=Entropy.seeded(7), hand_pause=2)
    await dealer.resume()
    return store, dealer


def fingerprint(table: Table) -> tuple[Any, ...]:
    """Everything a player could notice about a table, but the clock's deadline (a restart
    gives the actor the full time again)."""
    hand = table.live_hand
    return (
        replace(table.state(), deadline=None),
        sorted(
            (u, s.number, s.stack, s.name, s.sitting_out, s.leaving, s.timeouts)
            for u, s in table.seats.items()
        ),
        snapshot(hand) if hand is not None else None,
        replace(table_view(table), deadline=None, restarted=False),
    )


async def audited(store: Database) -> None:
    results = await audit(store)
    assert results
    assert all(result.ok for result in results), [result.line() for result in results]


Operation = Callable[[Table, FakeClock], Any]
