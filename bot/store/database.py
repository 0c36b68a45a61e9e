"""The repository: every chip movement and every fact of a table or a hand goes through here.

``DATABASE_URL`` chooses the engine: ``sqlite:///file`` (one process, ``sqlite_backend``) or
``postgresql://...`` (many processes, ``postgres_backend``). The methods live in parts: wallets
and their ledger, the economy, tables and their seats, hands, the audit's totals.
"""

from __future__ import annotations

import sqlite3

from bot.store.backend import Backend, DatabaseUnavailable
from bot.store.base import Clock, utc_now
from bot.store.direct import DirectStore
from bot.store.hands import HandStore
from bot.store.leases import LeaseStore
from bot.store.migrations import MIGRATIONS
from bot.store.nights import NightStore
from bot.store.seasons import SeasonStore
from bot.store.sqlite_backend import SqliteBackend
from bot.store.tables import TableStore
from bot.store.totals import TotalsStore
from bot.store.tournaments import TournamentStore

POSTGRES_PREFIXES = ("postgresql://", "postgres://")


def is_postgres(url: str) -> bool:
    return url.startswith(POSTGRES_PREFIXES)


async def open_backend(
    url: str, *, exclusive: bool = True, lock_wait: float = 0.0, timeout: float | None = None
) -> Backend:
    """The engine ``url`` names, connected (not migrated). ``timeout``: how long a statement
    may wait (for a lock) before it fails; default 5 s on SQLite, 60 s on PostgreSQL."""
    if is_postgres(url):
        from bot.store.postgres_backend import PostgresBackend  # noqa: PLC0415 (asyncpg)

        return await PostgresBackend.open(url, command_timeout=timeout or 60.0)
    return await SqliteBackend.open(
        url, exclusive=exclusive, lock_wait=lock_wait, timeout=timeout or 5.0
    )


class Database(
    TableStore,
    HandStore,
    TournamentStore,
    NightStore,
    SeasonStore,
    TotalsStore,
    LeaseStore,
    DirectStore,
):
    @classmethod
    async def open(
        cls,
        url: str,
        *,
        starting_balance: int = 1000,
        clock: Clock = utc_now,
        exclusive: bool = True,
        lock_wait: float = 0.0,
        timeout: float | None = None,
    ) -> Database:
        """Open and migrate. ``exclusive`` (the bot) migrates, and takes a SQLite file for this
        process alone; readers such as the audit pass ``exclusive=False`` and migrate nothing.

        Raises :class:`DatabaseUnavailable`, or ``DatabaseBusy`` when another process has a
        SQLite file.
        """
        backend = await open_backend(url, exclusive=exclusive, lock_wait=lock_wait, timeout=timeout)
        database = cls(backend, starting_balance=starting_balance, clock=clock)
        try:
            if exclusive and (damage := await backend.damage()):
                raise DatabaseUnavailable(
                    f"{backend.describe()} is damaged ({damage[0]}): stop here and restore it"
                    " from your last backup (docs/operations.md: Backups)"
                )
            if exclusive:
                await database.migrate()
            elif await database.schema_version() != len(MIGRATIONS):
                raise DatabaseUnavailable(
                    f"{backend.describe()} is at schema version"
                    f" {await database.schema_version()}, this bot expects {len(MIGRATIONS)}:"
                    " start the bot once to migrate it"
                )
        except (sqlite3.Error, OSError) as error:
            await backend.close()
            raise DatabaseUnavailable(f"cannot open {backend.describe()}: {error}") from None
        except BaseException:
            await backend.close()
            raise
        return database

    async def close(self) -> None:
        await self.backend.close()
