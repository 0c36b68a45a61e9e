"""Killing the dealer at a chosen database statement, and restarting it on the same database."""

from __future__ import annotations

import shutil
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
from tests.postgres_server import PostgresServer


class Killed(BaseException):
    """The process died here (a BaseException: nothing in the bot catches it)."""


class KillSwitch:
    """Counts the statements the store sends once armed, and kills at number ``at``."""

    def __init__(self, store: Database) -> None:
        self.count = 0
        self.at: int | None = None
        self.armed = False

        def before_statement(sql: str) -> None:
            if self.armed:
                if self.count == self.at:
                    self.armed = False  # dead: what runs after this is the OS cleaning up
                    raise Killed
                self.count += 1

        store.backend.statement_hook = before_statement

    def arm(self, at: int | None) -> None:
        self.count, self.at, self.armed = 0, at, True


class Places:
    """Databases of one backend, by name, that a test fills, copies and opens: SQLite files in
    a folder, or databases of a PostgreSQL server (a copy is ``CREATE DATABASE ... TEMPLATE``).
    """

    def __init__(self, folder: Path, server: PostgresServer | None = None) -> None:
        self.folder, self.server = folder, server
        self._made: list[str] = []

    def url(self, name: str) -> str:
        if self.server is None:
            return f"sqlite:///{self.folder / name}.sqlite3"
        return self.server.url(f"{self.folder.name[:30]}_{name}".lower())

    async def _admin(self, statement: str) -> None:
        assert self.server is not None
        import asyncpg

        admin = await asyncpg.connect(self.server.url())
        try:
            await admin.execute(statement)
        finally:
            await admin.close()

    async def fresh(self, name: str) -> str:
        """An empty database called ``name`` (any one of that name is removed first)."""
        await self.remove(name)
        if self.server is not None:
            await self._admin(f'CREATE DATABASE "{self.url(name).rsplit("/", 1)[1]}"')
        return self.url(name)

    async def copy(self, source: str, target: str) -> str:
        await self.remove(target)
        if self.server is None:
            shutil.copy(self.folder / f"{source}.sqlite3", self.folder / f"{target}.sqlite3")
        else:
            source_db, target_db = (self.url(n).rsplit("/", 1)[1] for n in (source, target))
            await self._admin(f'CREATE DATABASE "{target_db}" TEMPLATE "{source_db}"')
        return self.url(target)

    async def remove(self, name: str) -> None:
        if self.server is None:
            for leftover in self.folder.glob(f"{name}.sqlite3*"):
                leftover.unlink()
        else:
            await self._admin(
                f'DROP DATABASE IF EXISTS "{self.url(name).rsplit("/", 1)[1]}" WITH (FORCE)'
            )


async def start(url: str, clock: FakeClock) -> tuple[Database, Dealer]:
    store = await Database.open(url, clock=clock)
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
