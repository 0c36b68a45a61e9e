"""PostgreSQL through an asyncpg pool: many processes on one database.

Each unit takes a connection of the pool at its first write and holds it, in one transaction,
until it ends; units of different tables run at once, on different connections. Rows that two
processes may change at once (a wallet used at tables of two processes) are locked by the
transaction that changes them (``SELECT ... FOR UPDATE``), always in one order.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias
from urllib.parse import urlsplit

import asyncpg

from bot.metrics import COMMIT_SECONDS, Timer
from bot.store.backend import (
    Backend,
    Conflict,
    DatabaseUnavailable,
    Row,
    Session,
    StatementHook,
    numbered,
)
from bot.store.migrations import MIGRATIONS, postgres_script

POOL_SIZE = 10
CONNECT_TIMEOUT = 10.0
MIGRATION_LOCK = 0x706F6B6572  # pg_advisory_xact_lock key: one migrating process at a time

if TYPE_CHECKING:  # the stubs' generics, which the library's classes do not take at run time
    from asyncpg.pool import PoolConnectionProxy

    Connection: TypeAlias = PoolConnectionProxy[asyncpg.Record]
    Runner: TypeAlias = Connection | asyncpg.Pool[asyncpg.Record]


log = logging.getLogger(__name__)
LIFE_LOCKS = 0x706B72  # the advisory-lock namespace of the processes' life locks ("pkr")


def safe_url(url: str) -> str:
    """The URL without its password, for messages."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    port = f":{parts.port}" if parts.port else ""
    user = f"{parts.username}@" if parts.username else ""
    return f"{parts.scheme}://{user}{host}{port}{parts.path}"


def changed_rows(status: str) -> int:
    """``UPDATE 3`` -> 3, ``INSERT 0 1`` -> 1; a status without a count -> 0."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


@contextlib.contextmanager
def conflicts() -> Iterator[None]:
    """PostgreSQL's refusals of a write (unique, check, the ledger's triggers) as ``Conflict``."""
    try:
        yield
    except asyncpg.IntegrityConstraintViolationError as error:
        raise Conflict(str(error)) from error


class PostgresSession(Session):
    for_update = " FOR UPDATE"

    def __init__(self, runner: Runner, hook: StatementHook | None) -> None:
        super().__init__(hook)
        self.runner = runner

    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> int:
        self._before(sql)
        with conflicts():
            status = await self.runner.execute(numbered(sql), *parameters)
        return changed_rows(str(status))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        self._before(sql)
        arguments = [tuple(row) for row in rows]
        if not arguments:
            return
        with conflicts():
            await self.runner.executemany(numbered(sql), arguments)

    async def insert(self, sql: str, parameters: Sequence[Any]) -> int:
        self._before(sql)
        with conflicts():
            return int(await self.runner.fetchval(numbered(sql) + " RETURNING id", *parameters))

    async def fetch(self, sql: str, parameters: Sequence[Any] = ()) -> list[Row]:
        self._before(sql)
        return list(await self.runner.fetch(numbered(sql), *parameters))

    async def table_names(self) -> set[str]:
        rows = await self.fetch(
            "SELECT table_name FROM information_schema.tables"
            " WHERE table_schema = current_schema() AND table_name <> 'schema_version'"
        )
        return {str(row[0]) for row in rows}

    async def column_names(self, table: str) -> list[str]:
        rows = await self.fetch(
            "SELECT column_name FROM information_schema.columns WHERE table_name = ?"
            " AND table_schema = current_schema() ORDER BY ordinal_position",
            (table,),
        )
        return [str(row[0]) for row in rows]

    async def continue_ids(self, table: str) -> None:
        # the table names come from the schema, never from a user
        await self.fetch(
            f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
            f" (SELECT COALESCE(MAX(id), 0) + 1 FROM {table}), false)"
        )


@dataclass
class _Unit:
    connection: Connection | None = None  # "Connection": a name for type checkers only
    transaction: Any = None  # asyncpg's Transaction, once begun


class PostgresBackend(Backend):
    exclusive = False
    dialect = "postgresql"

    def __init__(self, pool: asyncpg.Pool[asyncpg.Record], url: str) -> None:
        self.pool = pool
        self.url = url
        self._units: dict[asyncio.Task[Any], _Unit] = {}
        self._life: asyncpg.Connection[asyncpg.Record] | None = None  # holds the life lock
        self._life_key: int | None = None
        self._relocking: asyncio.Task[None] | None = None

    @classmethod
    async def open(
        cls, url: str, *, command_timeout: float, pool_size: int = POOL_SIZE
    ) -> PostgresBackend:
        """``command_timeout``: a statement waiting longer (for a lock) fails, and its change
        is undone whole, as a SQLite write past its busy timeout."""
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=pool_size,
                timeout=CONNECT_TIMEOUT,
                command_timeout=command_timeout,
            )
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, TimeoutError) as error:
            raise DatabaseUnavailable(f"cannot open {safe_url(url)}: {error}") from None
        return cls(pool, url)

    def describe(self) -> str:
        return safe_url(self.url)

    def _current(self) -> _Unit | None:
        task = asyncio.current_task()
        return None if task is None else self._units.get(task)

    @asynccontextmanager
    async def unit(self) -> AsyncIterator[None]:
        task = asyncio.current_task()
        assert task is not None
        if task in self._units:
            yield
            return
        unit = self._units[task] = _Unit()
        try:
            yield
        except BaseException:
            await self._end(unit, commit=False)
            raise
        else:
            await self._end(unit, commit=True)
        finally:
            del self._units[task]

    async def _end(self, unit: _Unit, *, commit: bool) -> None:
        self._unit_ended(wrote=unit.transaction is not None)
        if unit.connection is None:
            return
        try:
            if commit:
                if self.statement_hook is not None:
                    self.statement_hook("COMMIT")
                with Timer(COMMIT_SECONDS.labels(self.dialect)):
                    await unit.transaction.commit()
            else:
                with contextlib.suppress(asyncpg.PostgresError, asyncpg.InterfaceError, OSError):
                    await unit.transaction.rollback()
        except BaseException:
            with contextlib.suppress(asyncpg.PostgresError, asyncpg.InterfaceError, OSError):
                await unit.transaction.rollback()
            raise
        finally:
            connection, unit.connection = unit.connection, None
            await self.pool.release(connection)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Session]:
        async with self.unit():
            unit = self._current()
            assert unit is not None
            if unit.connection is None:
                connection = await self.pool.acquire()
                unit.connection, unit.transaction = connection, connection.transaction()
                await unit.transaction.start()
            yield PostgresSession(unit.connection, self.statement_hook)

    @asynccontextmanager
    async def reader(self) -> AsyncIterator[Session]:
        unit = self._current()
        if unit is not None and unit.connection is not None:
            yield PostgresSession(unit.connection, self.statement_hook)  # sees the unit's writes
        else:
            yield PostgresSession(self.pool, self.statement_hook)

    @asynccontextmanager
    async def snapshot(self) -> AsyncIterator[Session]:
        async with (
            self.pool.acquire() as connection,
            connection.transaction(isolation="repeatable_read", readonly=True),
        ):
            yield PostgresSession(connection, self.statement_hook)

    async def schema_version(self) -> int:
        async with self.reader() as session:
            try:
                return int(await session.fetchval("SELECT version FROM schema_version") or 0)
            except asyncpg.UndefinedTableError:
                return 0

    async def migrate(self) -> int:
        """Under an advisory lock: a second process starting at once waits, then finds the
        migrations applied."""
        try:
            return await self._migrate()
        except (asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            raise DatabaseUnavailable(f"cannot migrate {self.describe()}: {error}") from None

    async def _migrate(self) -> int:
        async with self.transaction() as session:
            assert isinstance(session, PostgresSession)
            await session.fetch("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))
            await session.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER)")
            version = await session.fetchval("SELECT version FROM schema_version")
            if version is None:
                await session.execute("INSERT INTO schema_version (version) VALUES (0)")
                version = 0
            for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
                await session.runner.execute(postgres_script(script))  # a script: no parameters
                await session.execute("UPDATE schema_version SET version = ?", (number,))
        return len(MIGRATIONS)

    async def hold_life_lock(self, key: int) -> None:
        """A session advisory lock on a connection of its own, outside the pool: PostgreSQL
        frees it the moment this process's connection closes (a SIGKILL included). Called
        again at every beat of the leases, and at once if that connection closes (a network
        blip, an idle timeout): a living process must not look dead for long."""
        self._life_key = key
        if self._life is not None and not self._life.is_closed():
            return
        life = await asyncpg.connect(self.url, timeout=CONNECT_TIMEOUT)
        life.add_termination_listener(self._life_lost)
        await life.execute("SELECT pg_advisory_lock($1, $2)", LIFE_LOCKS, key)
        self._life = life

    def _life_lost(self, connection: object) -> None:
        if self._life is None or self._life_key is None:
            return  # closed by this process
        log.warning("the connection holding this process's life lock closed: taken again")
        self._relocking = asyncio.get_running_loop().create_task(
            self.hold_life_lock(self._life_key)
        )

    async def living(self, keys: set[int]) -> set[int]:
        if not keys:
            return set()
        rows = await self.pool.fetch(
            "SELECT objid::bigint FROM pg_locks WHERE locktype = 'advisory' AND granted"
            " AND objsubid = 2 AND classid::bigint = $1 AND objid::bigint = ANY($2::bigint[])",
            LIFE_LOCKS,
            sorted(keys),
        )
        return {int(row[0]) for row in rows}

    async def close(self) -> None:
        life, self._life, self._life_key = self._life, None, None
        if life is not None:
            await life.close()
        await self.pool.close()
