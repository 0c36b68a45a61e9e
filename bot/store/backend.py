"""What the store asks of a database engine: sessions that run SQL, units of work, migrations.

The store writes its SQL once, with ``?`` placeholders and portable syntax; each backend
(``sqlite_backend``: SQLite through aiosqlite, ``postgres_backend``: PostgreSQL through an
asyncpg pool) runs it. What differs between the engines is said here, as a session's
attributes (``for_update``), never as SQL written twice.

A *unit* (:meth:`Backend.unit`) makes everything one task writes until it ends one transaction:
the table runtime runs each change of a table in a unit, so a change is stored whole or not at
all. Any store call the unit's task makes joins it (reads included: they see the unit's own
writes); the transaction begins lazily, at the first write.
"""

from __future__ import annotations

import re
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any, ClassVar

Row = Any  # a result row, read by position: aiosqlite.Row or asyncpg.Record (no common type)

# A test seam: called before every statement a session sends (tests kill the "process" there).
StatementHook = Callable[[str], None]


class StoreError(Exception):
    """A request the stored facts do not allow (the message is for logs)."""


class Conflict(StoreError):
    """A write broke a uniqueness or integrity rule of the schema (a second table in one
    channel, an update of the append-only ledger)."""


class DatabaseUnavailable(Exception):
    """The database cannot be opened, read or migrated (the message says which and why)."""


def failed_write(error: BaseException) -> bool:
    """The database failed (locked past its timeout, damaged, gone, the network), as opposed
    to a bug in the code that called it: a change undone for this may be tried again."""
    if isinstance(error, sqlite3.Error | OSError | TimeoutError | DatabaseUnavailable):
        return True
    return type(error).__module__.split(".")[0] == "asyncpg"  # loaded only on PostgreSQL


_QUOTED_OR_MARK = re.compile(r"'(?:[^']|'')*'|\?")


@lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2, ...`` (quoted text left alone)."""
    count = 0

    def number(match: re.Match[str]) -> str:
        nonlocal count
        if match.group() != "?":
            return match.group()
        count += 1
        return f"${count}"

    return _QUOTED_OR_MARK.sub(number, sql)


class Session(ABC):
    """One connection's view: inside a transaction for writes, or a plain reader."""

    # appended to a SELECT of rows about to be changed: a row lock where the engine has them
    # (PostgreSQL; SQLite locks the whole database for a write transaction)
    for_update: ClassVar[str]

    def __init__(self, hook: StatementHook | None) -> None:
        self._hook = hook

    def _before(self, sql: str) -> None:
        if self._hook is not None:
            self._hook(sql)

    @abstractmethod
    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> int:
        """Run one statement; returns the number of rows it changed."""

    @abstractmethod
    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    @abstractmethod
    async def insert(self, sql: str, parameters: Sequence[Any]) -> int:
        """Run an INSERT into a table with an ``id`` column; returns the new row's id."""

    @abstractmethod
    async def fetch(self, sql: str, parameters: Sequence[Any] = ()) -> list[Row]: ...

    @abstractmethod
    async def table_names(self) -> set[str]:
        """The tables of the store's schema (not the engine's own)."""

    @abstractmethod
    async def column_names(self, table: str) -> list[str]:
        """A table's columns, in their order."""

    @abstractmethod
    async def continue_ids(self, table: str) -> None:
        """After rows were copied in with their ids: new rows get ids after them."""

    async def fetchval(self, sql: str, parameters: Sequence[Any] = ()) -> Any:
        """The first column of the first row, or ``None``."""
        rows = await self.fetch(sql, parameters)
        return rows[0][0] if rows else None


# whether the last unit this task ended had begun a transaction: per task, as units of
# different tables run at once on PostgreSQL
_unit_wrote: ContextVar[bool] = ContextVar("unit_wrote", default=False)


class Backend(ABC):
    """A database engine behind the store."""

    dialect: ClassVar[str]
    # only this process can have the database open (a SQLite file): nobody else drives tables
    exclusive: ClassVar[bool]
    statement_hook: StatementHook | None = None

    @property
    def last_unit_wrote(self) -> bool:
        """The last unit this task ended had begun a transaction (so, if it failed, memory
        may differ from what was kept)."""
        return _unit_wrote.get()

    @staticmethod
    def _unit_ended(*, wrote: bool) -> None:
        _unit_wrote.set(wrote)

    @abstractmethod
    def unit(self) -> AbstractAsyncContextManager[None]:
        """One transaction for everything this task writes inside the block: committed when
        the block ends, rolled back if it raises."""

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Session]:
        """A transaction of its own, or the running unit's."""

    @abstractmethod
    def reader(self) -> AbstractAsyncContextManager[Session]:
        """A session for reads: the running unit's (it sees the unit's writes), or any."""

    @abstractmethod
    def snapshot(self) -> AbstractAsyncContextManager[Session]:
        """Reads that all see one consistent state of the database (no write between them)."""

    @abstractmethod
    async def schema_version(self) -> int: ...

    @abstractmethod
    async def migrate(self) -> int:
        """Apply the migrations this database has not seen; return the schema version. Two
        processes starting at once cannot both apply one."""

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    def describe(self) -> str:
        """Where the data is, for messages (never a password)."""

    async def hold_life_lock(self, key: int) -> None:  # noqa: B027 (optional: one engine)
        """Hold a lock for as long as this process lives, which the database frees when the
        process dies (its connection closes): others can tell a dead lease owner at once.
        Nothing to do where one process alone uses the database."""

    async def living(self, keys: set[int]) -> set[int]:
        """Of these life-lock keys, those held now by a living process."""
        return set(keys)

    async def damage(self, *, thorough: bool = False) -> list[str]:
        """What the engine's own check finds wrong with the stored pages (none: ``[]``).
        ``thorough``: the full check (the audit) rather than the quick one (start-up)."""
        return []
