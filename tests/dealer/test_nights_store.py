"""A multi-table tournament's chips in the store (RULES §11, issue 44): buy-ins to its pool,
refunds, the seat draw, moves between tables and prizes, with the audit holding after every
step (the ``store`` fixture audits at the end; the steps audit in between)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.audit import audit
from bot.store import Database
from bot.store.backend import StoreError
from bot.store.nights import CANCELLED, ENDED, PLAYING, SCHEDULED
from tests.dealer.conftest import CHANNEL, GUILD, HOST, FakeClock


async def _audited(store: Database) -> None:
    results = await audit(store)
    assert all(result.ok for result in results), [result.line() for result in results]


async def _night(store: Database, clock: FakeClock, buy_in: int = 100) -> int:
    return await store.schedule_night(
        guild=GUILD,
        channel=CHANNEL,
        host=HOST,
        name="Friday",
        terms="{}",
        buy_in=buy_in,
        starting_chips=1500,
        starts_at=clock() + timedelta(hours=1),
    )


async def test_buy_ins_go_to_the_pool_and_an_unregistering_entrant_gets_theirs_back(
    store: Database, clock: FakeClock
) -> None:
    """RULES §11.1 (§7.1): the buy-in from the wallet to the pool, back before the start."""
    night = await _night(store, clock)
    assert await store.enter_night(night=night, user=1, name="Ann") == 900
    await store.enter_night(night=night, user=-1, name="🤖 Ada")  # the house pays a computer's
    await store.enter_night(night=night, user=2, name="Bob")
    await _audited(store)
    assert await store.leave_night(night=night, user=2) == 100
    assert await store.balance(GUILD, 2) == 1000
    found = await store.night(night)
    assert found is not None
    assert found.status == SCHEDULED
    assert found.pool == 200
    assert {entrant.user_id for entrant in found.entrants} == {1, -1}
    await _audited(store)


async def test_a_second_registration_is_refused_and_costs_nothing(
    store: Database, clock: FakeClock
) -> None:
    night = await _night(store, clock)
    await store.enter_night(night=night, user=1, name="Ann")
    with pytest.raises(StoreError):
        await store.enter_night(night=night, user=1, name="Ann")
    assert await store.balance(GUILD, 1) == 900


async def test_cancel_refunds_everyone_and_closes_registration(
    store: Database, clock: FakeClock
) -> None:
    night = await _night(store, clock)
    for user in (1, 2, 3):
        await store.enter_night(night=night, user=user, name=f"p{user}")
    await store.pay_night(night=night, paid=[(u, 100, None) for u in (1, 2, 3)], status=CANCELLED)
    assert [await store.balance(GUILD, user) for user in (1, 2, 3)] == [1000, 1000, 1000]
    with pytest.raises(StoreError):
        await store.enter_night(night=night, user=4, name="late")
    found = await store.night(night)
    assert found is not None
    assert (found.status, found.pool) == (CANCELLED, 0)


async def test_the_draw_moves_and_prizes_keep_every_chip_counted(
    store: Database, clock: FakeClock
) -> None:
    """RULES §11.2, §11.5, §11.8: drawn seats carry the starting stacks until a table seats
    them; a move takes the chips off one table and onto another; the pool is paid once."""
    night = await _night(store, clock)
    for user in (1, 2, 3, 4):
        await store.enter_night(night=night, user=user, name=f"p{user}")
    await store.start_night(night, {1: {1: 1, 2: 2}, 2: {1: 3, 2: 4}}, 1500)
    await _audited(store)  # every starting stack is with its entrant
    tables = {}
    for number, users in ((1, (1, 2)), (2, (3, 4))):
        tables[number] = await store.create_table(
            channel=CHANNEL + number,
            guild=GUILD,
            host=HOST,
            options="{}",
            lease=("test", clock() + timedelta(minutes=1)),
            next_seed="00",
            practice=False,
        )
        await store.open_night_table(night, number, thread=CHANNEL + number, table=tables[number])
        for seat, user in enumerate(users, start=1):
            stack = await store.seat_from_night(
                night=night, user=user, table=tables[number], seat=seat, name=f"p{user}"
            )
            assert stack == 1500
    await _audited(store)
    moved = await store.move_from_table(night=night, user=2, table=tables[1], to_table=2, to_seat=3)
    assert moved == 1500
    await _audited(store)  # between the tables: the chips are with the entrant
    await store.seat_from_night(night=night, user=2, table=tables[2], seat=3, name="p2")
    with pytest.raises(StoreError):  # the chips were seated once
        await store.seat_from_night(night=night, user=2, table=tables[2], seat=4, name="p2")
    await _audited(store)
    found = await store.night(night)
    assert found is not None
    assert found.status == PLAYING
    assert len(found.entrants) == 4
    assert {e.user_id: (e.table_no, e.moves) for e in found.entrants}[2] == (2, 1)
    paid = [(1, 240, 1), (2, 120, 2), (3, 40, 3), (4, 0, 4)]
    with pytest.raises(StoreError):  # more than the pool
        await store.pay_night(night=night, paid=[(1, 500, 1)], status=ENDED)
    await store.pay_night(night=night, paid=paid, status=ENDED)  # its tables' seats go too
    assert await store.balance(GUILD, 1) == 900 + 240
    assert await store.seats(tables[2]) == {}
    with pytest.raises(StoreError):  # paid once
        await store.pay_night(night=night, paid=paid, status=ENDED)
