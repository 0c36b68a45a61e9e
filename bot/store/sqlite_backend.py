"""SQLite through aiosqlite: one connection in WAL mode, held by one process (``process_lock``).

Writes are serialised by one asyncio lock: a unit holds it from its start to its end, and its
transaction begins (``BEGIN IMMEDIATE``) at its first write.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.metrics import COMMIT_SECONDS, Timer
from bot.store.backend import (
    Backend,
    Conflict,
    DatabaseUnavailable,
    Row,
    Session,
    StatementHook,
    StoreError,
)
from bot.store.migrations import MIGRATIONS
from bot.store.process_lock import ProcessLock

PREFIX = "sqlite:///"


def sqlite_path(url: str) -> str:
    """``sqlite:///poker.sqlite3`` -> ``poker.sqlite3``; ``sqlite:///:memory:`` -> ``:memory:``."""
    if not url.startswith(PREFIX):
        raise StoreError(f"DATABASE_URL must start with {PREFIX} (got {url!r})")
    return url[len(PREFIX) :] or ":memory:"


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


@contextlib.contextmanager
def conflicts() -> Iterator[None]:
    """SQLite's refusals of a write (unique, check, the ledger's triggers) as ``Conflict``."""
    try:
        yield
    except sqlite3.IntegrityError as error:
        raise Conflict(str(error)) from error


class SqliteSession(Session):
    for_update = ""  # a write transaction holds the whole database

    def __init__(self, connection: aiosqlite.Connection, hook: StatementHook | None) -> None:
        super().__init__(hook)
        self.connection = connection

    async def _run(self, sql: str, parameters: Sequence[Any]) -> aiosqlite.Cursor:
        self._before(sql)
        with conflicts():
            return await self.connection.execute(sql, tuple(parameters))

    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> int:
        cursor = await self._run(sql, parameters)
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        self._before(sql)
        with conflicts():
            await self.connection.executemany(sql, [tuple(row) for row in rows])

    async def insert(self, sql: str, parameters: Sequence[Any]) -> int:
        cursor = await self._run(sql, parameters)
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    async def fetch(self, sql: str, parameters: Sequence[Any] = ()) -> list[Row]:
        self._before(sql)
        with conflicts():  # one trip to the connection's thread (not three: run, fetch, close)
            return list(await self.connection.execute_fetchall(sql, tuple(parameters)))

    async def table_names(self) -> set[str]:
        rows = await self.fetch(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
        return {str(row[0]) for row in rows}

    async def column_names(self, table: str) -> list[str]:
        rows = await self.fetch("SELECT name FROM pragma_table_info(?) ORDER BY cid", (table,))
        return [str(row[0]) for row in rows]

    async def continue_ids(self, table: str) -> None:
        """Nothing to do: an AUTOINCREMENT id continues after the largest one inserted."""


class SqliteBackend(Backend):
    exclusive = True
    dialect = "sqlite"

    def __init__(self, connection: aiosqlite.Connection, path: str) -> None:
        self.connection = connection
        self.path = path
        self.process_lock: ProcessLock | None = None
        self._write_lock = asyncio.Lock()
        self._owner: asyncio.Task[Any] | None = None  # the task whose unit holds the lock

    @classmethod
    async def open(
        cls, url: str, *, exclusive: bool, lock_wait: float, timeout: float
    ) -> SqliteBackend:
        """Open the file (``exclusive``: for this process alone, see ``process_lock``)."""
        path = sqlite_path(url)
        lock: ProcessLock | None = None
        if path != ":memory:":
            file = Path(path)
            try:
                file.parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise DatabaseUnavailable(f"cannot create {file.parent}: {error}") from None
            if exclusive:
                lock = ProcessLock(file)
                await lock.acquire(lock_wait)
        connection: aiosqlite.Connection | None = None
        try:
            # SQLite begins the unit's transaction (IMMEDIATE) with its first write, in the
            # same trip to the connection's thread (see ``transaction``)
            connection = await aiosqlite.connect(path, isolation_level="IMMEDIATE", timeout=timeout)
            connection.row_factory = aiosqlite.Row
            await connection.execute("PRAGMA journal_mode = WAL")
            await connection.execute("PRAGMA foreign_keys = ON")
            await connection.execute("PRAGMA synchronous = NORMAL")
        except (sqlite3.Error, OSError) as error:
            if connection is not None:
                await connection.close()  # or its thread keeps the process alive
            if lock is not None:
                lock.release()
            raise DatabaseUnavailable(f"cannot open {path}: {error}") from None
        except BaseException:
            if connection is not None:
                await connection.close()
            if lock is not None:
                lock.release()
            raise
        backend = cls(connection, path)
        backend.process_lock = lock
        return backend

    def describe(self) -> str:
        return self.path

    async def damage(self, *, thorough: bool = False) -> list[str]:
        """SQLite's ``quick_check`` (or ``integrity_check``): a file damaged in its middle opens
        and fails only where the damaged pages are read."""
        pragma = "integrity_check" if thorough else "quick_check"
        try:
            async with self.connection.execute(f"PRAGMA {pragma}(5)") as cursor:
                found = [" ".join(str(row[0]).split()) for row in await cursor.fetchall()]
        except sqlite3.OperationalError:
            raise  # busy, locked, no disk: not damage, but no answer either
        except sqlite3.DatabaseError as error:  # malformed, not a database
            return [str(error)]
        return [] if found == ["ok"] else found

    def _session(self) -> SqliteSession:
        return SqliteSession(self.connection, self.statement_hook)

    def _in_unit(self) -> bool:
        return self._owner is not None and self._owner is asyncio.current_task()

    async def _end(self, *, commit: bool) -> None:
        begun = self.connection.in_transaction  # the unit wrote
        self._unit_ended(wrote=begun)
        if not commit:
            # always: a unit cancelled while its first write waited for the connection's
            # thread sees no transaction yet, but that write (and the BEGIN before it) still
            # runs there; this ROLLBACK, queued after it, undoes it ("no transaction": none)
            with contextlib.suppress(sqlite3.Error, ValueError):
                await self.connection.execute("ROLLBACK")
            return
        if not begun:
            return
        try:
            if self.statement_hook is not None:
                self.statement_hook("COMMIT")
            with Timer(COMMIT_SECONDS.labels(self.dialect)):
                await self.connection.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.Error, ValueError):
                await self.connection.execute("ROLLBACK")
            raise

    @asynccontextmanager
    async def unit(self) -> AsyncIterator[None]:
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
    async def transaction(self) -> AsyncIterator[Session]:
        """The unit's session. Its transaction begins with its first write: SQLite's module
        sends ``BEGIN IMMEDIATE`` before it, in the same trip to the connection's thread (a
        trip costs a turn of the event loop, and the unit holds every table's writes until it
        ends). Reads before it see the last commit, and this process is the only writer
        (``process_lock``) while the unit holds the write lock: nothing can come between."""
        async with self.unit():
            yield self._session()

    @asynccontextmanager
    async def reader(self) -> AsyncIterator[Session]:
        yield self._session()  # one connection: a unit's writes are seen by every read

    @asynccontextmanager
    async def snapshot(self) -> AsyncIterator[Session]:
        async with self.unit():  # no write of this process comes between the reads
            yield self._session()

    async def schema_version(self) -> int:
        return int(await self._session().fetchval("PRAGMA user_version") or 0)

    async def migrate(self) -> int:
        """The version is read inside the write transaction, so two first starts cannot both
        apply one."""
        async with self.transaction() as session:
            await session.execute("BEGIN IMMEDIATE")  # schema changes begin none by themselves
            version = await self.schema_version()
            for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
                for statement in statements(script):
                    await session.execute(statement)
                await session.execute(f"PRAGMA user_version = {number}")
        return len(MIGRATIONS)

    async def close(self) -> None:
        try:
            await self.connection.close()
        finally:
            if self.process_lock is not None:
                self.process_lock.release()
