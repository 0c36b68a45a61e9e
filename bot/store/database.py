"""The repository: every chip movement and every fact of a table or a hand goes through here.

One aiosqlite connection in WAL mode, held by one process at a time (``process_lock``). The
methods live in three parts: wallets and their ledger, tables and their seats, hands.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import aiosqlite

from bot.store.base import Clock, StoreError, utc_now
from bot.store.hands import HandStore
from bot.store.migrations import MIGRATIONS
from bot.store.process_lock import ProcessLock
from bot.store.tables import TableStore
from bot.store.totals import TotalsStore


class DatabaseUnavailable(Exception):
    """The database cannot be opened, read or migrated (the message says which and why)."""


def sqlite_path(url: str) -> str:
    """``sqlite:///poker.sqlite3`` -> ``poker.sqlite3``; ``sqlite:///:memory:`` -> ``:memory:``."""
    prefix = "sqlite:///"
    if not url.startswith(prefix):
        raise StoreError(f"DATABASE_URL must start with {prefix} (got {url!r})")
    return url[len(prefix) :] or ":memory:"


class Database(TableStore, HandStore, TotalsStore):
    _process_lock: ProcessLock | None = None

    @classmethod
    async def open(
        cls,
        url: str,
        *,
        starting_balance: int = 1000,
        clock: Clock = utc_now,
        exclusive: bool = True,
        lock_wait: float = 0.0,
        timeout: float = 5.0,
    ) -> Database:
        """Open and migrate. ``exclusive`` (the bot) takes the file for this process alone;
        readers such as the audit pass ``exclusive=False`` and migrate nothing.

        Raises :class:`DatabaseUnavailable`, or ``DatabaseBusy`` when another process has it.
        """
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
            connection = await aiosqlite.connect(path, isolation_level=None, timeout=timeout)
            connection.row_factory = aiosqlite.Row
            await connection.execute("PRAGMA journal_mode = WAL")
            await connection.execute("PRAGMA foreign_keys = ON")
            await connection.execute("PRAGMA synchronous = NORMAL")
            database = cls(connection, starting_balance=starting_balance, clock=clock)
            if exclusive:
                await database.migrate()
            elif await database.schema_version() != len(MIGRATIONS):
                raise DatabaseUnavailable(
                    f"{path} is at schema version {await database.schema_version()}, this bot"
                    f" expects {len(MIGRATIONS)}: start the bot once to migrate it"
                )
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
        database._process_lock = lock
        return database

    async def close(self) -> None:
        try:
            await self._db.close()
        finally:
            if self._process_lock is not None:
                self._process_lock.release()
