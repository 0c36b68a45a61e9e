"""What every part of the store shares: its backend (the database engine), its clock, and the
refusals it gives. The SQL of each part is portable; ``backend`` says how it is run."""

from __future__ import annotations

from collections.abc import Callable, Sequence, Sized
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime
from typing import Any

from bot.store.backend import Backend, Row, Session, StoreError
from bot.text import Refused

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


def marks(values: Sized) -> str:
    """One ``?`` per value, for ``IN (...)``."""
    return ", ".join("?" * len(values))


class StoreRefusal(StoreError, Refused):
    """A request the stored facts do not allow, with words for the user (a catalogue key)."""


class InsufficientChips(StoreRefusal):
    def __init__(self, balance: int, asked: int) -> None:
        super().__init__("error-insufficient-chips", balance=balance, asked=asked)
        self.balance, self.asked = balance, asked


class StoreBase:
    def __init__(self, backend: Backend, *, starting_balance: int, clock: Clock):
        self.backend = backend
        self.starting_balance = starting_balance
        self.clock = clock

    def _now(self) -> str:
        return self.clock().isoformat()

    @property
    def last_unit_wrote(self) -> bool:
        """The last unit to end had begun a transaction."""
        return self.backend.last_unit_wrote

    # ------------------------------------------------------------------ transactions

    def unit(self) -> AbstractAsyncContextManager[None]:
        """One transaction for everything this task writes inside the block: committed when
        the block ends, rolled back if it raises. Begins lazily, at the first write."""
        return self.backend.unit()

    def transaction(self) -> AbstractAsyncContextManager[Session]:
        """A transaction of its own, or the running unit's."""
        return self.backend.transaction()

    async def _write_one(self, sql: str, parameters: Sequence[Any]) -> int:
        """One statement in its own (or the unit's) transaction; returns the rows changed."""
        async with self.transaction() as session:
            return await session.execute(sql, parameters)

    async def _one(self, sql: str, parameters: Sequence[Any] = ()) -> Any:
        """The first column of the first row, or ``None``."""
        async with self.backend.reader() as session:
            return await session.fetchval(sql, parameters)

    async def _rows(self, sql: str, parameters: Sequence[Any] = ()) -> list[Row]:
        async with self.backend.reader() as session:
            return await session.fetch(sql, parameters)

    async def ping(self) -> None:
        """One round trip to the database (the health check)."""
        await self._one("SELECT 1")

    # ------------------------------------------------------------------ schema

    async def schema_version(self) -> int:
        return await self.backend.schema_version()

    async def migrate(self) -> int:
        return await self.backend.migrate()
