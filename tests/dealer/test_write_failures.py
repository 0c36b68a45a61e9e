"""Defect 2, write-ahead: when the database refuses a write (here really locked by another
connection past the store's timeout, on SQLite and on PostgreSQL), the change is undone whole,
the player is told to try again, and the table goes on once the database works again: a
click, the start of a hand, the deal after the pause, the clock timing a player out."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest

from bot.dealer.dealer import NOT_SAVED, Dealer
from bot.dealer.entropy import Entropy
from bot.dealer.options import TableOptions
from bot.dealer.table import Table, TableError
from bot.dealer.views import Effects
from bot.poker.record import from_record, snapshot
from bot.store import Database
from tests.dealer.conftest import CHANNEL, GUILD, HOST, FakeClock
from tests.dealer.crash import audited, fingerprint
from tests.dealer.helpers import passive


class Blockable:
    """A store, and another connection that can hold its database's write locks."""

    def __init__(self, store: Database, url: str) -> None:
        self.store, self.url = store, url

    @asynccontextmanager
    async def blocked(self) -> AsyncIterator[None]:
        """Another connection holds the write lock: every write of the bot times out (reads
        go on, as they do beside a writer)."""
        if self.url.startswith("sqlite"):
            blocker = sqlite3.connect(self.url.removeprefix("sqlite:///"), isolation_level=None)
            blocker.execute("BEGIN IMMEDIATE")
            try:
                yield
            finally:
                blocker.execute("ROLLBACK")
                blocker.close()
            return
        import asyncpg

        other = await asyncpg.connect(self.url)
        try:
            async with other.transaction():
                await other.execute(f"LOCK TABLE {', '.join(WRITTEN)} IN EXCLUSIVE MODE")
                yield
        finally:
            await other.close()


WRITTEN = ("card_tables", "table_seats", "hands", "hand_actions", "ledger", "wallets")


@pytest.fixture
async def database(database_url: str, clock: FakeClock) -> AsyncIterator[Blockable]:
    timeout = 0.1 if database_url.startswith("sqlite") else 0.5
    store = await Database.open(database_url, clock=clock, timeout=timeout)
    yield Blockable(store, database_url)
    await store.close()


async def seated_table(store: Database, clock: FakeClock) -> tuple[Dealer, Table]:
    dealer = Dealer(store, clock=clock, entropy=Entropy.seeded(3), hand_pause=2)
    await dealer.create(
        channel=CHANNEL,
        guild=GUILD,
        host=HOST,
        options=TableOptions(variant="seven_card_stud", time_bank=0),
    )
    async with dealer.locked(CHANNEL) as table:
        for player in (HOST, 101, 102):
            await table.join(player, f"P{player}", 300)
    return dealer, table


async def stored_matches_memory(store: Database, table: Table) -> None:
    """The stored hand replays to exactly the hand in memory, read under the table's lock: a
    change the clock is making shows in memory before its transaction commits (on a busy
    machine, the wait for its action saw it before its write)."""
    async with table.lock:
        assert table.hand is not None and table.hand_id is not None
        replayed = from_record(await store.hand_record(table.hand_id))
        assert snapshot(replayed) == snapshot(table.hand)


async def test_a_click_that_cannot_be_stored_changes_nothing(
    database: Blockable, clock: FakeClock
) -> None:
    dealer, table = await seated_table(database.store, clock)
    async with dealer.locked(CHANNEL) as locked:
        await locked.start(HOST)
    before = fingerprint(table)
    hand = table.hand
    assert hand is not None and hand.actor is not None
    actor, action = hand.actor, passive(table)
    async with database.blocked():
        with pytest.raises(TableError, match="try again"):
            async with dealer.locked(CHANNEL) as locked:
                await locked.act(actor, locked.seq, action)
    assert fingerprint(table) == before  # memory as the database has it: nothing applied
    await stored_matches_memory(database.store, table)
    async with dealer.locked(CHANNEL) as locked:  # the same click, once the database works
        await locked.act(actor, locked.seq, action)
    assert table.hand is not None and len(table.hand.actions) == 1
    await stored_matches_memory(database.store, table)
    await audited(database.store)


async def test_a_hand_that_cannot_be_started_can_be_started_again(
    database: Blockable, clock: FakeClock
) -> None:
    dealer, table = await seated_table(database.store, clock)
    async with database.blocked():
        with pytest.raises(TableError, match="try again"):
            async with dealer.locked(CHANNEL) as locked:
                await locked.start(HOST)
    assert not table.running  # not "already running" forever
    assert table.hand is None
    async with dealer.locked(CHANNEL) as locked:
        await locked.start(HOST)
    assert table.in_hand
    await stored_matches_memory(database.store, table)
    await audited(database.store)


async def wait_for(condition: object, dealer: Dealer, clock: FakeClock) -> None:
    for _ in range(400):
        dealer.wake()
        if callable(condition) and condition():
            return
        await asyncio.sleep(0.005)
    raise AssertionError("the dealer never got there")


async def test_the_clock_retries_a_deal_and_a_timeout_it_could_not_store(
    database: Blockable, clock: FakeClock
) -> None:
    """The pause between hands and the action clock: a failed write is retried a little later
    (never in a tight loop), and the game goes on once the database works."""
    dealer, table = await seated_table(database.store, clock)
    presented: list[Effects] = []

    class Recorder:
        def present(self, table: Table, effects: Effects, *, table_shown: bool = False) -> None:
            presented.append(effects)

    dealer.presenter = Recorder()
    async with dealer.locked(CHANNEL) as locked:
        await locked.start(HOST)
        hand = locked.hand
        assert hand is not None
        while not hand.is_complete:  # the first hand, played out: the pause begins
            await locked.act(hand.actor or 0, locked.seq, passive(locked))
    assert table.running and not table.in_hand
    dealer.start_clock()
    try:
        async with database.blocked():
            clock.advance(2)  # the pause is over, but the deal cannot be stored
            await wait_for(lambda: CHANNEL in dealer._failures, dealer, clock)
            assert not table.in_hand and table.running
            assert table.deadline is not None  # still due: the deal is not lost
        clock.advance(1)  # the retry comes a second later
        await wait_for(lambda: table.in_hand, dealer, clock)
        await stored_matches_memory(database.store, table)
        assert table.hand is not None and not table.hand.actions

        def actions() -> int:
            return len(table.hand.actions) if table.hand is not None else -1

        async with database.blocked():
            clock.advance(60)  # the actor's clock runs out, but the timeout cannot be stored
            await wait_for(lambda: dealer._failures.get(CHANNEL, (0,))[0] >= 1, dealer, clock)
            assert actions() == 0  # undone
        clock.advance(1)
        await wait_for(lambda: actions() == 1, dealer, clock)  # the bring-in, by the clock
        await stored_matches_memory(database.store, table)
        assert not any(effects.notices and NOT_SAVED in str(effects) for effects in presented)
    finally:
        await dealer.stop_clock()
    await audited(database.store)
