"""The database: migrations, WAL, one process per file, an append-only ledger, and the rule
that a failed transfer moves nothing."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.store import (
    Database,
    DatabaseBusy,
    DatabaseUnavailable,
    InsufficientChips,
    StoreError,
)
from bot.store.backend import Conflict
from bot.store.migrations import MIGRATIONS
from bot.store.process_lock import ProcessLock
from tests.dealer.helpers import sql


async def test_migrations_run_once_and_the_file_is_in_wal_mode(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'poker.sqlite3'}"
    first = await Database.open(url)
    table = await first.create_table(channel=1, guild=2, host=3, options="{}")
    await first.close()
    again = await Database.open(url)  # a second start-up migrates nothing and keeps the data
    try:
        assert await again.migrate() == len(MIGRATIONS)
        assert await sql(again, "SELECT journal_mode FROM pragma_journal_mode") == [("wal",)]
        await again.buy_in(guild=2, channel=1, table=table, user=3, seat=1, name="A", amount=100)
        assert await again.seats(table) == {3: 100}
    finally:
        await again.close()


async def test_a_refused_buy_in_moves_nothing(database_url: str) -> None:
    store = await Database.open(database_url, starting_balance=100)
    try:
        table = await store.create_table(channel=1, guild=2, host=3, options="{}")
        with pytest.raises(InsufficientChips):
            await store.buy_in(
                guild=2, channel=1, table=table, user=3, seat=1, name="A", amount=101
            )
        assert await store.balance(2, 3) == 100
        assert await store.seats(table) == {}
        assert await store.cash_out(guild=2, channel=1, table=table, user=3) == 0
        assert await sql(store, "SELECT COUNT(*) FROM ledger") == [(1,)]  # the opening only
    finally:
        await store.close()


async def test_the_ledger_refuses_updates_and_deletes(database_url: str) -> None:
    """Ledger rows are append-only: the database itself refuses to change or remove one."""
    store = await Database.open(database_url)
    try:
        assert await store.balance(2, 3) == 1000  # the wallet opens with a ledger row
        for statement in ("UPDATE ledger SET delta = 5000", "DELETE FROM ledger"):
            with pytest.raises(Conflict, match="append-only"):
                await sql(store, statement)
        assert await sql(store, "SELECT delta FROM ledger") == [(1000,)]
    finally:
        await store.close()


async def test_table_ids_never_repeat_in_a_channel(database_url: str) -> None:
    """A button names its table; a new table in the same channel gets a new id."""
    store = await Database.open(database_url)
    try:
        first = await store.create_table(channel=1, guild=2, host=3, options="{}")
        await store.delete_table(first)
        second = await store.create_table(channel=1, guild=2, host=3, options="{}")
        assert second > first
    finally:
        await store.close()


async def test_a_second_process_is_refused_while_the_first_holds_the_file(tmp_path: Path) -> None:
    """Defect 1: two bots on one file create chips. The second is refused in one line (or
    waits, when asked to); the lock is the operating system's, so it dies with its process."""
    url = f"sqlite:///{tmp_path / 'poker.sqlite3'}"
    first = await Database.open(url)
    try:
        with pytest.raises(DatabaseBusy, match=r"another bot process is using poker.sqlite3"):
            await Database.open(url)
        tries: list[bool] = []
        real_try = ProcessLock._try

        def counted(lock: ProcessLock) -> bool:
            tries.append(real_try(lock))
            return tries[-1]

        ProcessLock._try = counted  # type: ignore[method-assign]
        try:
            waiting = asyncio.create_task(Database.open(url, lock_wait=5))
            async with asyncio.timeout(5):  # a positive signal: it tried twice, and waits on
                while tries.count(False) < 2:
                    await asyncio.sleep(0.01)
            assert not waiting.done()
        finally:
            ProcessLock._try = real_try  # type: ignore[method-assign]
        reader = await Database.open(url, exclusive=False)  # the audit may read beside it
        await reader.close()
    finally:
        await first.close()
    second = await asyncio.wait_for(waiting, 5)  # got it once the first let go
    await second.close()


async def test_a_corrupt_file_is_one_clear_error_and_no_hang(tmp_path: Path) -> None:
    """Defect 7: a database that fails to open raises a message, and no thread is left behind
    to keep the process alive."""
    path = tmp_path / "poker.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(DatabaseUnavailable, match=r"cannot open .*poker\.sqlite3"):
        await Database.open(f"sqlite:///{path}")
    # the lock was let go: a repaired file opens at once
    path.unlink()
    store = await Database.open(f"sqlite:///{path}")
    await store.close()


async def test_a_stack_write_names_its_table(database_url: str) -> None:
    """Defect 1: a hand's end writes stacks to the seats of its own table, never to the seats
    of a later table in the same channel; a mismatch refuses the whole write."""
    store = await Database.open(database_url)
    try:
        old = await store.create_table(channel=1, guild=2, host=3, options="{}")
        await store.delete_table(old)
        new = await store.create_table(channel=1, guild=2, host=3, options="{}")
        await store.buy_in(guild=2, channel=1, table=new, user=3, seat=1, name="A", amount=300)
        with pytest.raises(StoreError, match=f"table {old} has no seat for player 3"):
            await store.finish_hand(hand_id=1, table=old, stacks={3: 700}, result={})
        assert await store.seats(new) == {3: 300}
    finally:
        await store.close()
