"""Two processes on one PostgreSQL database never drive the same table: each resumes only the
tables of its servers, a table passes to another process only once its lease expired (or was
let go), and a process that lost a lease can change that table no more."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest

from bot.dealer.dealer import Dealer
from bot.dealer.entropy import Entropy
from bot.dealer.options import TableOptions
from bot.dealer.table import TableElsewhere
from bot.store import Database
from tests.dealer.conftest import FakeClock
from tests.dealer.crash import audited, fingerprint
from tests.dealer.helpers import act, passive, sql

EVEN, ODD = 2 << 22, 3 << 22  # server ids on shard 0 and shard 1 of 2


def shard_of(guild: int) -> int:
    return (guild >> 22) % 2


class Process:
    """A bot process: its own pool of connections, its dealer, its shard."""

    def __init__(self, store: Database, dealer: Dealer) -> None:
        self.store, self.dealer = store, dealer

    @classmethod
    async def start(cls, url: str, clock: FakeClock, name: str, shard: int | None) -> Process:
        store = await Database.open(url, clock=clock)  # closed by the ``start`` fixture
        dealer = Dealer(
            store,
            clock=clock,
            entropy=Entropy.seeded(3),
            hand_pause=2,
            owner=name,
            owns=(lambda guild: True) if shard is None else (lambda g: shard_of(g) == shard),
            lease_seconds=30,
        )
        await dealer.resume()
        return cls(store, dealer)


Start = Callable[[str, int | None], Awaitable[Process]]


@pytest.fixture
async def start(postgres_url: str, clock: FakeClock) -> AsyncIterator[Start]:
    """Starts processes on one database (a name, a shard or None for all); all are closed
    after the test (a process stopped by the test stays stopped)."""
    started: list[Process] = []

    async def starting(name: str, shard: int | None) -> Process:
        started.append(await Process.start(postgres_url, clock, name, shard))
        return started[-1]

    yield starting
    for process in started:
        await process.store.close()


async def open_table(process: Process, channel: int, guild: int) -> None:
    dealer = process.dealer
    await dealer.create(
        channel=channel,
        guild=guild,
        host=100,
        options=TableOptions.model_validate({"variant": "seven_card_stud"}),
    )
    async with dealer.locked(channel) as table:
        for player in (100, 101, 102):
            await table.join(player, f"P{player}", 300)
        await table.start(100)


async def test_each_process_resumes_only_the_tables_of_its_shards(start: Start) -> None:
    first = await start("one", None)
    await open_table(first, 10, EVEN)
    await open_table(first, 11, ODD)
    await first.dealer.shutdown()  # a clean stop lets its leases go

    zero = await start("zero", 0)
    one = await start("one'", 1)
    assert set(zero.dealer.tables) == {10}
    assert set(one.dealer.tables) == {11}
    assert await zero.dealer.keep_leases() == []  # nothing of shard 1 is taken
    assert set(zero.dealer.tables) == {10}


async def test_a_dead_process_s_tables_pass_on_only_once_their_leases_expire(
    start: Start, clock: FakeClock
) -> None:
    dead = await start("dead", None)
    heir = await start("heir", None)
    await open_table(dead, 10, EVEN)
    async with dead.dealer.locked(10) as table:
        await act(table, passive(table))
        before = fingerprint(table)
    # "dead" stops renewing (it was SIGKILLed): "heir" waits for the lease to expire
    clock.advance(29)
    assert await heir.dealer.keep_leases() == []
    assert 10 not in heir.dealer.tables
    clock.advance(2)
    assert await heir.dealer.keep_leases() == [10]
    assert fingerprint(heir.dealer.tables[10]) == before  # where it was
    # the old process woke up (it was frozen, alive all along): its next change is refused,
    # it lets the table go and stays silent on it, since the heir answers (issue 20.5)
    for _ in range(2):  # the change that finds it lost, and every later one
        with pytest.raises(TableElsewhere) as refused:
            async with dead.dealer.locked(10) as table:
                await act(table, passive(table))
        assert refused.value.silent
    assert 10 not in dead.dealer.tables
    async with heir.dealer.locked(10) as table:  # the heir plays on
        await act(table, passive(table))
    await audited(heir.store)


async def test_a_living_process_keeps_its_tables_by_renewing_them(
    start: Start, clock: FakeClock
) -> None:
    alive = await start("alive", None)
    other = await start("other", None)
    await open_table(alive, 10, EVEN)
    for _ in range(5):  # beats every 10 seconds for 50 seconds: never expired
        clock.advance(10)
        assert await alive.dealer.keep_leases() == []
        assert await other.dealer.keep_leases() == []
    assert 10 in alive.dealer.tables and 10 not in other.dealer.tables


async def test_a_dead_process_s_tables_pass_at_once_and_nobody_is_told_no_table(
    start: Start, clock: FakeClock
) -> None:
    """Issue 20.4: a process killed (its connections closed: PostgreSQL frees its life lock)
    leaves its tables to the next process at once, not after the lease's 30 seconds; until
    then, a living process that does not hold a table says another deals it, never that
    there is no table."""
    dying = await start("dying", None)
    heir = await start("heir", None)
    await open_table(dying, 10, EVEN)
    with pytest.raises(TableElsewhere) as elsewhere:  # heir: it is dealt by another process
        async with heir.dealer.locked(10):
            pass
    assert not elsewhere.value.silent
    assert elsewhere.value.message.key == "error-table-elsewhere"
    async with dying.dealer.locked(10) as table:
        await act(table, passive(table))
        before = fingerprint(table)
    await dying.store.close()  # as a SIGKILL leaves it: no lease let go, the connection gone
    assert await heir.dealer.keep_leases() == [10]  # at once: the clock has not moved
    assert fingerprint(heir.dealer.tables[10]) == before
    again = await start("restarted", None)  # a later process finds it taken, and alive
    assert 10 not in again.dealer.tables


async def test_a_living_process_whose_life_connection_drops_keeps_its_tables(
    start: Start,
) -> None:
    """The connection holding the life lock is closed by the server (a blip, an idle timeout):
    the living process takes its lock again at once, and nobody takes its tables."""
    alive = await start("alive", None)
    other = await start("other", None)
    await open_table(alive, 10, EVEN)
    life = alive.store.backend._life  # type: ignore[attr-defined]
    await sql(other.store, "SELECT pg_terminate_backend(?)", (life.get_server_pid(),))
    async with asyncio.timeout(5):
        while alive.store.backend._life is life:  # type: ignore[attr-defined]
            await asyncio.sleep(0.05)  # taken again on a new connection
    assert await other.dealer.keep_leases() == []
    assert 10 in alive.dealer.tables and 10 not in other.dealer.tables


async def test_a_process_frozen_past_its_lease_sends_nothing_of_the_table(
    start: Start, clock: FakeClock
) -> None:
    """Issue 35.3: a process frozen past its lease (SIGSTOP; another process took the table;
    SIGCONT) still edited the table message and pinged players with what it had, before its
    next change found the lease gone. Each request about a table now asks, right before it
    leaves, whether this process surely still holds the table's lease."""
    from bot.sending import SENDING_FOR, LeaseGone, guard_requests

    frozen = await start("frozen", None)
    heir = await start("heir", None)
    await open_table(frozen, 10, EVEN)
    table_id = frozen.dealer.tables[10].id
    sent: list[str] = []

    async def request(what: str) -> None:
        sent.append(what)

    guarded = guard_requests(request)
    await guarded("a request about no table")
    about = SENDING_FOR.set((table_id, frozen.dealer.leases.holds))
    try:
        await guarded("the table message, while the lease holds")
        clock.advance(29)  # frozen: no renewal; 2 s from its end it may be another's soon
        with pytest.raises(LeaseGone):
            await guarded("the table message, a second before the lease ends")
        clock.advance(2)
        assert await heir.dealer.keep_leases() == [10]
        with pytest.raises(LeaseGone):
            await guarded("the old state, put back on the heir's table message")
        assert heir.dealer.leases.holds(table_id)
        assert guard_requests(guarded) is guarded  # guarded once
    finally:
        SENDING_FOR.reset(about)
    assert sent == ["a request about no table", "the table message, while the lease holds"]
    # the renewals keep a closed table's end (its outbox sends its last messages), and the
    # heir's changes renew its lease: the process that holds it sends
    async with heir.dealer.locked(10) as table:
        await act(table, passive(table))
    clock.advance(20)
    assert heir.dealer.leases.holds(table_id) and not frozen.dealer.leases.holds(table_id)


async def test_a_new_table_while_the_channel_s_lease_is_pending_says_so(
    start: Start, clock: FakeClock
) -> None:
    """Issue 35.3: /poker new in a channel whose table another process still holds (its lease
    not expired yet) said "That cannot be done now"; it says the table is being dealt by
    another process, to try again in a few seconds."""
    from bot.dealer.table import TableElsewhere

    dead = await start("dead", None)
    heir = await start("heir", None)
    await open_table(dead, 10, EVEN)
    with pytest.raises(TableElsewhere) as refused:
        await heir.dealer.create(
            channel=10,
            guild=EVEN,
            host=101,
            options=TableOptions.model_validate({"variant": "seven_card_stud"}),
        )
    assert refused.value.message.key == "error-table-elsewhere"


async def test_a_closed_table_keeps_its_lease_s_end_for_its_last_messages(
    start: Start, clock: FakeClock
) -> None:
    """Review of issue 35.3: a renewal replaced what the lease keeper knew with the tables that
    still have a row, so a table closed a moment before lost its lease at once and its last
    messages (the closing notice, the results) were not sent."""
    process = await start("one", None)
    await open_table(process, 10, EVEN)
    table_id = process.dealer.tables[10].id
    async with process.dealer.locked(10) as table:
        while table.in_hand:
            await act(table, passive(table))
        await table.end(100, can_manage=False)
    assert table.closed
    clock.advance(5)
    await process.dealer.keep_leases()
    assert process.dealer.leases.holds(table_id)
    clock.advance(30)
    assert not process.dealer.leases.holds(table_id)  # then it passes by itself


async def test_a_table_created_during_a_beat_of_the_leases_is_not_dropped(
    start: Start,
) -> None:
    """CI, two processes on a busy machine: ``/poker new`` landed while a beat of the leases
    was between its renewal and its look at the tables, so the new table (not among the ids
    the renewal returned) was taken for one another process had taken: dropped, and the
    joins that followed went unanswered."""
    process = await start("one", None)
    await open_table(process, 10, EVEN)
    looked_up = process.store.unleased_tables

    async def meanwhile(owner: str, *, now: object) -> list[tuple[int, int]]:
        await open_table(process, 11, EVEN)  # committed after the renewal, before the drops
        return await looked_up(owner, now=now)  # type: ignore[arg-type]

    process.store.unleased_tables = meanwhile  # type: ignore[method-assign]
    assert await process.dealer.keep_leases() == []
    assert {10, 11} <= set(process.dealer.tables)
    process.store.unleased_tables = looked_up  # type: ignore[method-assign]
    assert await process.dealer.keep_leases() == []
    assert {10, 11} <= set(process.dealer.tables)
    async with process.dealer.locked(11) as table:
        await act(table, passive(table))  # still driven here
