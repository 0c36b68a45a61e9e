"""The economy's store: the daily refill, gifts, admin grants and takes, standings and the
ledger pages. The audit holds after each test (the store fixture checks it)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.dealer.dealer import Dealer
from bot.store import Database, InsufficientChips, StoreError
from bot.store.economy import TooSoon
from tests.dealer.conftest import GUILD, FakeClock
from tests.dealer.helpers import seated


async def test_the_daily_refill_once_per_24_hours(store: Database, clock: FakeClock) -> None:
    balance, due = await store.claim_daily(GUILD, 7, 500)
    assert balance == 1500  # the wallet opened with 1000, then the refill
    assert due == clock() + timedelta(hours=24)
    clock.advance(23 * 3600)
    with pytest.raises(TooSoon) as refused:
        await store.claim_daily(GUILD, 7, 500)
    assert refused.value.due == due
    assert await store.balance(GUILD, 7) == 1500
    clock.advance(3600)
    assert (await store.claim_daily(GUILD, 7, 500))[0] == 2000
    assert (await store.claim_daily(GUILD + 1, 7, 500))[0] == 1500  # per server


async def test_gifts_move_chips_never_create_them(store: Database) -> None:
    assert await store.give(GUILD, 1, 2, 300) == 700
    assert await store.balance(GUILD, 2) == 1300
    with pytest.raises(InsufficientChips):
        await store.give(GUILD, 1, 2, 701)
    with pytest.raises(StoreError, match="yourself"):
        await store.give(GUILD, 1, 1, 10)
    with pytest.raises(StoreError, match="at least 1"):
        await store.give(GUILD, 1, 2, 0)
    assert await store.chips_in_play(GUILD) == 2000


async def test_admin_grants_and_takes_are_issuance_with_a_reason(store: Database) -> None:
    assert await store.adjust(GUILD, 3, 250, by=9, note="tournament prize") == 1250
    assert await store.adjust(GUILD, 3, -1000, by=9, note=None) == 250
    with pytest.raises(InsufficientChips):
        await store.adjust(GUILD, 3, -251, by=9, note=None)
    rows, total = await store.ledger_rows(GUILD, 3)
    assert total == 3
    assert [(row.reason, row.delta, row.note) for row in rows] == [
        ("take", -1000, None),
        ("grant", 250, "tournament prize"),
        ("open", 1000, None),
    ]
    page, _ = await store.ledger_rows(GUILD, 3, offset=2, limit=10)
    assert [row.reason for row in page] == ["open"]


async def test_standings_count_wallets_and_stacks(dealer: Dealer, store: Database) -> None:
    await seated(dealer, "seven_card_stud", 2)  # 100 and 101 bring 300 each
    await store.give(GUILD, 101, 102, 100)
    standings = await store.standings(GUILD)
    assert [(s.user_id, s.wallet, s.on_tables, s.total) for s in standings] == [
        (102, 1100, 0, 1100),
        (100, 700, 300, 1000),
        (101, 600, 300, 900),
    ]
    assert await store.on_tables(GUILD, 101) == 300
