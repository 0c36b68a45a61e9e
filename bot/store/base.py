"""The connection, its transactions and its migrations (SQLite through aiosqlite, WAL mode).

Writes are serialised by one asyncio lock. A *unit* (:meth:`StoreBase.unit`) makes everything
one task writes until it ends a single transaction: the table runtime runs each change of a
table in a unit, so a change is stored whole or not at all. Any store call the unit's task
makes joins it; other tasks wait for it to end.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any

import aiosqlite

from bot.store.migrations import MIGRATIONS
from bot.text import Refused

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


class StoreError(Exception):
    """A request the stored facts do not allow (the message is for logs)."""


class StoreRefusal(StoreError, Refused):
    """A request the stored facts do not allow, with words for the user (a catalogue key)."""


class InsufficientChips(StoreRefusal):
    def __init__(self, balance: int, asked: int) -> None:
        super().__init__("error-insufficient-chips", balance=balance, asked=asked)
        self.balance, self.asked = balance, asked


def statements(script: str) -> list[str]:
    """Split a migration into whole statements (a trigger's body holds semicolons)."""
    found: list[str] = []
    pending = ""
    for piece in script.split(";"):
        pending += piece + ";"
        if sqlite3.complete_statement(pending):
            if pending.strip(" \n;"):
                found.append(pending.strip())
            pending = ""
    return found


class StoreBase:
    def __init__(self, connection: aiosqlite.Connection, *, starting_balance: int, clock: Clock):
        self._db = connection
        self.starting_balance = starting_balance
        self.clock = clock
        self._write_lock = asyncio.Lock()
        self._owner: asyncio.Task[Any] | None = None  # the task whose unit holds the lock
        self._begun = False  # the unit's transaction has begun (its first write)
        self.last_unit_wrote = False  # the last unit to end had begun a transaction

    def _now(self) -> str:
        return self.clock().isoformat()

    # ------------------------------------------------------------------ transactions

    def _in_unit(self) -> bool:
        return self._owner is not None and self._owner is asyncio.current_task()

    async def _begin(self) -> None:
        await self._db.execute("BEGIN IMMEDIATE")
        self._begun = True

    async def _end(self, *, commit: bool) -> None:
        begun, self._begun = self._begun, False
        self.last_unit_wrote = begun
        if not begun:
            return
        if not commit:
            with contextlib.suppress(sqlite3.Error, ValueError):
                await self._db.execute("ROLLBACK")
            return
        try:
            await self._db.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.Error, ValueError):
                await self._db.execute("ROLLBACK")
            raise

    @asynccontextmanager
    async def unit(self) -> AsyncIterator[None]:
        """One transaction for everything this task writes inside the block: committed when
        the block ends, rolled back if it raises. Begins lazily, at the first write."""
        if self._in_unit():
            yield
            return
        async with self._write_lock:
            self._owner = asyncio.current_task()
            try:
                yield
            except BaseException:
                await self._end(commit=False)
                raise
            else:
                await self._end(commit=True)
            finally:
                self._owner = None

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """A transaction of its own, or the running unit's."""
        async with self.unit():
            if not self._begun:
                await self._begin()
            yield self._db

    async def _write_one(self, sql: str, parameters: tuple[Any, ...]) -> int:
        """One statement in its own (or the unit's) transaction; returns the rows changed."""
        async with self.transaction() as db:
            cursor = await db.execute(sql, parameters)
            return cursor.rowcount

    async def _one(self, sql: str, parameters: tuple[Any, ...] = ()) -> Any:
        """The first column of the first row, or ``None``."""
        async with self._db.execute(sql, parameters) as cursor:
            row = await cursor.fetchone()
        return None if row is None else row[0]

    async def _rows(self, sql: str, parameters: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        async with self._db.execute(sql, parameters) as cursor:
            return list(await cursor.fetchall())

    # ------------------------------------------------------------------ schema

    async def schema_version(self) -> int:
        return int(await self._one("PRAGMA user_version") or 0)

    async def migrate(self) -> int:
        """Apply the migrations this database has not seen; return the schema version. The
        version is read inside the transaction, so two first starts cannot both apply one."""
        async with self.transaction() as db:
            version = await self.schema_version()
            for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
                for statement in statements(script):
                    await db.execute(statement)
                await db.execute(f"PRAGMA user_version = {number}")
        return len(MIGRATIONS)
