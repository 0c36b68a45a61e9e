"""The two backends keep the same facts the same way, and PostgreSQL holds when several
processes share it (each process here is a store of its own, with its own pool)."""

from __future__ import annotations

import asyncio
import contextlib
import random
from pathlib import Path

from bot.audit import audit
from bot.store import Database, InsufficientChips
from bot.store.backend import numbered
from bot.store.migrations import MIGRATIONS
from bot.store.sqlite_backend import SqliteBackend

SCHEMA_SQLITE = (
    "SELECT m.name, p.name FROM sqlite_master m, pragma_table_info(m.name) p"
    " WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'"
)
SCHEMA_POSTGRES = (
    "SELECT table_name, column_name FROM information_schema.columns"
    " WHERE table_schema = 'public' AND table_name <> 'schema_version'"
)
INDEXES_SQLITE = (
    "SELECT name FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL"
)
INDEXES_POSTGRES = (
    "SELECT indexname FROM pg_indexes WHERE schemaname = 'public' AND indexname NOT LIKE '%_pkey'"
    " AND indexname NOT LIKE '%_key' UNION SELECT tgname FROM pg_trigger WHERE NOT tgisinternal"
)


def test_placeholders_are_numbered_for_postgresql_but_not_inside_quoted_text() -> None:
    assert numbered("SELECT ? WHERE a = '?' AND b = ? AND c = 'it''s ?'") == (
        "SELECT $1 WHERE a = '?' AND b = $2 AND c = 'it''s ?'"
    )


async def test_the_same_migrations_give_the_same_schema_on_both(
    tmp_path: object, postgres_url: str
) -> None:
    postgres = await Database.open(postgres_url)
    sqlite = await Database.open("sqlite:///:memory:")
    try:
        assert await sqlite.schema_version() == await postgres.schema_version() == len(MIGRATIONS)
        columns = [{tuple(row) for row in await store._rows(sql)} for store, sql in
                   ((sqlite, SCHEMA_SQLITE), (postgres, SCHEMA_POSTGRES))]  # fmt: skip
        assert columns[0] == columns[1]
        assert len(columns[0]) > 60
        named = [{row[0] for row in await store._rows(sql)} for store, sql in
                 ((sqlite, INDEXES_SQLITE), (postgres, INDEXES_POSTGRES))]  # fmt: skip
        assert named[0] == named[1]
        assert {"ledger_no_update", "ledger_no_delete", "hands_open"} <= named[0]
    finally:
        await sqlite.close()
        await postgres.close()


async def test_two_processes_migrating_at_once_apply_each_migration_once(
    postgres_url: str,
) -> None:
    first, second = await asyncio.gather(Database.open(postgres_url), Database.open(postgres_url))
    try:
        assert await first.schema_version() == await second.schema_version() == len(MIGRATIONS)
    finally:
        await first.close()
        await second.close()


async def test_one_wallet_used_by_two_processes_at_once_loses_no_chip(postgres_url: str) -> None:
    """A player seated at tables of two processes buys in, cashes out and is given chips at
    both at once: every change is kept, the ledger explains the balance, none goes negative."""
    processes = [await Database.open(postgres_url, starting_balance=1000) for _ in range(2)]
    guild, user, friend = 5, 50, 51
    try:
        tables = [
            await store.create_table(channel=100 + n, guild=guild, host=user, options="{}")
            for n, store in enumerate(processes)
        ]
        rng = random.Random(3)
        refused = 0

        async def player(n: int) -> None:
            nonlocal refused
            store, table = processes[n], tables[n]
            for _ in range(30):
                try:
                    await store.buy_in(
                        guild=guild, channel=100 + n, table=table, user=user, seat=1,
                        name="P", amount=rng.randint(1, 120),
                    )  # fmt: skip
                except InsufficientChips:
                    refused += 1
                await store.give(guild, friend, user, 3)
                try:  # the other players' buy-ins may have spent it meanwhile: refused whole
                    await store.give(guild, user, friend, 2)
                except InsufficientChips:
                    refused += 1
                if rng.random() < 0.3:
                    await store.cash_out(guild=guild, channel=100 + n, table=table, user=user)

        await asyncio.gather(*(player(n) for n in (0, 1) for _ in range(3)))
        results = await audit(processes[0])
        assert [r.ok for r in results] == [True], [r.line() for r in results]
        assert results[0].wallets + results[0].stacks == 2000  # two wallets opened, no more
        assert await processes[1].chips_in_play(guild) == 2000
        rows = await processes[0]._rows(
            "SELECT balance_after, delta FROM ledger WHERE user_id = ? ORDER BY id", (user,)
        )
        running = 0
        for balance_after, delta in rows:  # every row follows from the one before it
            running += delta
            assert balance_after == running >= 0
        assert running == await processes[1].balance(guild, user)
    finally:
        for store in processes:
            await store.close()


async def test_a_sqlite_unit_cancelled_while_its_first_write_waits_writes_nothing(
    tmp_path: Path,
) -> None:
    """Review of issue 35.6: SQLite's transaction begins with a unit's first write, in the same
    trip to the connection's thread. A unit cancelled while that write still waited behind a
    slow read saw no transaction yet and skipped its ROLLBACK; the write then ran, and the next
    unit's COMMIT saved half of the cancelled one."""
    backend = await SqliteBackend.open(
        f"sqlite:///{tmp_path / 'x.sqlite3'}", exclusive=True, lock_wait=0, timeout=5
    )
    try:
        await backend.connection.execute("CREATE TABLE t (v INTEGER)")

        async def slow_read() -> None:
            async with backend.reader() as session:
                await session.fetch(
                    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c"
                    " WHERE x < 2000000) SELECT count(*) FROM c"
                )

        async def cancelled_unit() -> None:
            async with backend.transaction() as session:
                await session.execute("INSERT INTO t VALUES (1)")
                await session.execute("INSERT INTO t VALUES (2)")

        reading = asyncio.create_task(slow_read())
        await asyncio.sleep(0)
        unit = asyncio.create_task(cancelled_unit())
        await asyncio.sleep(0.01)
        unit.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await unit
        await reading
        async with backend.transaction() as session:
            await session.execute("INSERT INTO t VALUES (3)")
        rows = await backend.connection.execute_fetchall("SELECT v FROM t")
        assert [row[0] for row in rows] == [3]
    finally:
        await backend.close()
