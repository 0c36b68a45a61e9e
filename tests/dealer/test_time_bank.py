"""The time bank and standing up (issue 10): when the action clock runs out the player's bank
runs (shown on the table message); only when it is empty does the dealer act (RULES §6.1).
Each bank refills by 5 s every 10 hands, up to the table's; it survives restarts. A player
sitting out for 10 minutes is stood up, their stack back in their wallet."""

from __future__ import annotations

from datetime import timedelta

from bot.dealer.deadline import Deadline
from bot.dealer.dealer import Dealer
from bot.dealer.table import Table
from bot.dealer.table_view import table_view
from bot.store import Database
from tests.dealer.conftest import CHANNEL, GUILD, HOST, FakeClock
from tests.dealer.helpers import act, passive, seated


def actor_seat(table: Table) -> int:
    assert table.hand is not None and table.hand.actor is not None
    return table.hand.actor


async def test_the_bank_runs_after_the_clock_and_is_spent(dealer: Dealer, clock: FakeClock) -> None:
    await seated(dealer, "five_card_stud", 2, action_seconds=10, time_bank=30)
    async with dealer.locked(CHANNEL) as table:
        await table.start(HOST)
        sleeper = actor_seat(table)
        clock.advance(10)  # the clock runs out: the bank starts, nothing is played
        effects = await table.on_deadline(clock())
        assert effects.table_changed
        assert table.hand is not None and not table.hand.actions
        assert table.deadline_kind is Deadline.BANK
        assert table.deadline == clock() + timedelta(seconds=30)
        view = table_view(table)
        assert view.time_bank and view.deadline == table.deadline
        clock.advance(12)  # 12 of the 30 seconds used, then the player acts
        await act(table, passive(table))
        assert table.seats[sleeper].bank == 18
        assert table.deadline_kind is Deadline.ACTION  # the next player gets the full clock


async def test_an_empty_bank_lets_the_clock_act_and_two_misses_sit_out(
    dealer: Dealer, clock: FakeClock
) -> None:
    """RULES §6.1 after the bank: the dealer acts; two missed turns in a row sit out."""
    await seated(dealer, "seven_card_stud", 2, action_seconds=10, time_bank=5)
    async with dealer.locked(CHANNEL) as table:
        await table.start(HOST)
        hand = table.hand
        assert hand is not None
        sleeper = actor_seat(table)
        clock.advance(10)
        await table.on_deadline(clock())  # the bank (5 s) starts
        clock.advance(5)
        await table.on_deadline(clock())  # and runs out: the bring-in is posted
        assert hand.actions[-1].player == sleeper
        assert table.seats[sleeper].bank == 0 and table.seats[sleeper].timeouts == 1
        while hand.actor != sleeper and not hand.is_complete:
            await act(table, passive(table))
        clock.advance(10)  # an empty bank: the clock acts at once
        await table.on_deadline(clock())
        assert table.seats[sleeper].sitting_out
        assert table.seats[sleeper].sat_out_at == clock()


async def test_banks_refill_every_ten_hands_and_survive_a_restart(
    dealer: Dealer, store: Database, clock: FakeClock
) -> None:
    await seated(dealer, "five_card_stud", 2, action_seconds=10, time_bank=30)
    async with dealer.locked(CHANNEL) as table:
        await table.start(HOST)
        for seat in table.seats.values():
            seat.bank = 12
        for _ in range(9):  # the first hand was the 1st dealt; the 10th refills
            hand = table.hand
            assert hand is not None
            while not hand.is_complete:
                await act(table, passive(table))
            clock.advance(2)
            await table.on_deadline(clock())
        assert table.hands_dealt == 10
        assert {seat.bank for seat in table.seats.values()} == {17}
    again = Dealer(store, clock=clock, hand_pause=2)
    await again.resume()
    resumed = again.tables[CHANNEL]
    assert {seat.bank for seat in resumed.seats.values()} == {17}
    assert resumed.hands_dealt == 10


async def test_ten_minutes_sitting_out_stands_a_player_up(
    dealer: Dealer, store: Database, clock: FakeClock
) -> None:
    await seated(dealer, "seven_card_stud", 3)
    async with dealer.locked(CHANNEL) as table:
        await table.sit_out(102)
    assert table.due() == clock() + timedelta(minutes=10)  # the clock will look then
    clock.advance(599)
    async with dealer.locked(CHANNEL) as table:
        assert not (await table.on_deadline(clock())).notices
        clock.advance(1)
        effects = await table.on_deadline(clock())
    assert [(n.key, n.values["chips"]) for n in effects.notices] == [("left", 300)]
    assert 102 not in table.seats
    assert await store.balance(GUILD, 102) == 1000
