"""The database: migrations, WAL, and the ledger's rule that a failed transfer moves nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.store import Database, InsufficientChips
from bot.store.migrations import MIGRATIONS


async def test_migrations_run_once_and_the_file_is_in_wal_mode(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'poker.sqlite3'}"
    first = await Database.open(url)
    await first.create_table(channel=1, guild=2, host=3, options="{}")
    await first.close()
    again = await Database.open(url)  # a second start-up migrates nothing and keeps the data
    try:
        assert await again.migrate() == len(MIGRATIONS)
        async with again._db.execute("PRAGMA journal_mode") as cursor:
            assert (await cursor.fetchone())[0] == "wal"  # type: ignore[index]
        await again.buy_in(guild=2, channel=1, user=3, seat=1, name="A", amount=100)
        assert await again.seats(1) == {3: 100}
    finally:
        await again.close()


async def test_a_refused_buy_in_moves_nothing() -> None:
    store = await Database.open("sqlite:///:memory:", starting_balance=100)
    try:
        await store.create_table(channel=1, guild=2, host=3, options="{}")
        with pytest.raises(InsufficientChips):
            await store.buy_in(guild=2, channel=1, user=3, seat=1, name="A", amount=101)
        assert await store.balance(2, 3) == 100
        assert await store.seats(1) == {}
        assert await store.cash_out(guild=2, channel=1, user=3) == 0
        async with store._db.execute("SELECT COUNT(*) FROM ledger") as cursor:
            assert (await cursor.fetchone())[0] == 1  # type: ignore[index]  # the opening only
    finally:
        await store.close()
