"""The database: migrations, WAL, and the ledger's rule that a failed transfer moves nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.dealer.dealer import Dealer
from bot.store import Database, InsufficientChips
from bot.store.migrations import MIGRATIONS
from tests.dealer.conftest import CHANNEL, GUILD, HOST
from tests.dealer.helpers import act, passive, seated


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


async def test_tables_left_by_a_stopped_bot_are_closed_and_every_stack_goes_home(
    dealer: Dealer, store: Database
) -> None:
    """A hand in progress when the bot stopped is called off: the stacks stored are those from
    before it, so each player gets back exactly what they had when it began."""
    first = await seated(dealer, "seven_card_stud", 3)
    async with dealer.locked(CHANNEL) as table:
        await table.start(HOST)
        for _ in range(3):  # bring-in and two calls: chips in the pot, none of it stored yet
            await act(table, passive(table))
        assert table.hand is not None and sum(table.hand.committed) + sum(table.hand.bets) > 0
    other = 11
    await store.create_table(channel=other, guild=GUILD, host=HOST, options="{}")  # no seats
    in_play = await store.chips_in_play(GUILD)
    hand_id = first.hand_id

    closed = await store.close_leftover_tables()

    assert [(c.channel, c.returned, c.hand_called_off) for c in closed] == [
        (CHANNEL, {HOST: 300, 101: 300, 102: 300}, hand_id),
        (other, {}, None),
    ]
    assert await store.chips_in_play(GUILD) == in_play == 3 * 1000
    assert [await store.balance(GUILD, user) for user in (HOST, 101, 102)] == [1000] * 3
    assert await store.seats(CHANNEL) == {}
    async with store._db.execute(
        "SELECT user_id, delta FROM ledger WHERE reason = 'closed_at_restart' ORDER BY user_id"
    ) as cursor:
        assert [tuple(row) async for row in cursor] == [(HOST, 300), (101, 300), (102, 300)]
    async with store._db.execute(
        "SELECT result FROM hands WHERE id = ? AND ended_at IS NOT NULL", (hand_id,)
    ) as cursor:
        assert "called_off" in (await cursor.fetchone())[0]  # type: ignore[index]
    assert await store.close_leftover_tables() == []  # nothing twice
    await store.create_table(channel=CHANNEL, guild=GUILD, host=101, options="{}")  # free again
