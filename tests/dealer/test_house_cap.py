"""Real stakes with computer players, a server's choice (RULES §8.4): the tables play for wallet
chips, and a member's net winnings at them over a day are capped; what passes the cap goes back
to the house, with ledger rows that say so. The store fixture audits every test's end."""

from __future__ import annotations

import pytest

from bot.audit import audit
from bot.dealer import computers
from bot.dealer.dealer import Dealer
from bot.dealer.settings import ServerSettings
from bot.dealer.table import Table, TableError
from bot.store import Database
from bot.store.house import HOUSE
from tests.dealer.conftest import CHANNEL, GUILD, HOST, FakeClock
from tests.dealer.helpers import sql
from tests.dealer.test_computers import with_computers

REAL = ServerSettings(computer_stakes="real", daily_amount=250)


async def won_from_the_house(dealer: Dealer, table: Table, user: int, chips: int) -> None:
    """``chips`` move from a computer's stack to ``user``'s, as a hand they won would move
    them (stored and in memory: the stacks still add up); a computer short of half a buy-in
    is topped up by the house first, as between hands."""
    async with dealer.locked(CHANNEL) as locked:
        await computers.keep_seated(locked)
    computer = next(seat for seat in table.seats.values() if seat.computer)
    for seat, delta in ((computer, -chips), (table.seats[user], chips)):
        seat.stack += delta
        await sql(
            table.store,
            "UPDATE table_seats SET stack = stack + ? WHERE table_id = ? AND user_id = ?",
            (delta, table.id, seat.user_id),
        )


async def a_session(dealer: Dealer, table: Table, buy_in: int, won: int) -> None:
    """The host sits down with ``buy_in``, wins ``won`` from the house (loses, if negative)
    and leaves: the cash-out counts to the day's cap."""
    async with dealer.locked(CHANNEL) as locked:
        await locked.join(HOST, "Host", buy_in)
    await won_from_the_house(dealer, table, HOST, won)
    async with dealer.locked(CHANNEL) as locked:
        await locked.leave(HOST)


async def cap_rows(store: Database) -> list[tuple[int, int, str]]:
    return [
        (int(user), int(delta), str(note))
        for user, delta, note in await sql(
            store,
            "SELECT user_id, delta, note FROM ledger WHERE reason = 'house_cap' ORDER BY id",
        )
    ]


def test_the_cap_is_the_daily_amount_unless_the_server_sets_one() -> None:
    """RULES §8.4: practice chips by default; with real stakes, the cap defaults to the daily
    chips."""
    assert ServerSettings().real_stakes_cap is None
    assert ServerSettings().with_computers() == {"practice": True}
    assert REAL.real_stakes_cap == 250
    assert REAL.model_copy(update={"house_cap": 40}).with_computers() == {"house_cap": 40}


async def test_winnings_from_the_house_are_capped_per_day(
    dealer: Dealer, store: Database, clock: FakeClock
) -> None:
    """RULES §8.4: the wallet pays the buy-in and gets the stack back; of a 400-chip win with a
    250-chip cap, 150 go back to the house, on both sides of the ledger. The day's count goes
    on over sessions (a loss makes room again) and starts afresh the next day (UTC)."""
    table = await with_computers(dealer, "seven_card_stud", 1, **REAL.with_computers())
    assert not table.options.practice and table.options.house_cap == 250
    full = table.options.default_buy_in
    async with dealer.locked(CHANNEL) as locked:
        await locked.join(HOST, "Host", 300)
    assert await store.balance(GUILD, HOST) == 700
    await won_from_the_house(dealer, table, HOST, 400)
    async with dealer.locked(CHANNEL) as locked:
        left = await locked.leave(HOST)
    # the channel is told what the wallet keeps, not the stack before the cap (review)
    assert [notice.values["chips"] for notice in left.notices] == [700 - 150]
    assert await store.balance(GUILD, HOST) == 700 + 700 - 150
    assert await store.balance(GUILD, HOUSE) == -full + 150
    assert await cap_rows(store) == [(HOST, -150, "250"), (HOUSE, 150, "250")]
    assert await store.house_result_today(GUILD, HOST) == 250

    await a_session(dealer, table, 200, 30)  # the cap is reached: no more today
    assert await store.balance(GUILD, HOST) == 1250
    await a_session(dealer, table, 200, -100)  # a loss of 100 makes room for 100
    assert await store.house_result_today(GUILD, HOST) == 150
    await a_session(dealer, table, 200, 180)
    assert await store.balance(GUILD, HOST) == 1150 + 100
    assert await store.house_result_today(GUILD, HOST) == 250

    clock.advance(24 * 3600)  # the next day: the cap is whole again
    await a_session(dealer, table, 200, 60)
    assert await store.balance(GUILD, HOST) == 1250 + 60
    assert await store.house_result_today(GUILD, HOST) == 60
    [result] = await audit(store)
    assert result.ok, result.line()
    assert f"house {await store.balance(GUILD, HOUSE):+d}" in result.line()


async def test_with_real_stakes_computers_join_a_table_where_people_sit(
    dealer: Dealer, store: Database
) -> None:
    """RULES §8.4: at a server of real stakes, `/poker bots` seats computers where people hold
    wallet chips (else it is refused, as at a practice server); the table keeps its cap when
    they stand up again, so removing them does not lift it."""
    table = await with_computers(dealer, "five_card_stud", 0)
    async with dealer.locked(CHANNEL) as locked:
        await locked.join(HOST, "Host", 300)
    with pytest.raises(TableError, match="practice chips"):
        async with dealer.locked(CHANNEL) as locked:
            await computers.set_count(locked, 1, None, user=HOST, can_manage=False)
    async with dealer.locked(CHANNEL) as locked:
        await computers.set_count(
            locked, 1, None, user=HOST, can_manage=False, house_cap=REAL.real_stakes_cap
        )
    assert table.options.bots == 1 and table.options.house_cap == 250
    assert not table.options.practice
    await won_from_the_house(dealer, table, HOST, 300)
    async with dealer.locked(CHANNEL) as locked:
        await computers.set_count(locked, 0, None, user=HOST, can_manage=False)
        await locked.leave(HOST)
    assert table.options.house_cap == 250
    assert await store.balance(GUILD, HOST) == 700 + 600 - 50
    assert await cap_rows(store) == [(HOST, -50, "250"), (HOUSE, 50, "250")]


async def test_a_sit_and_go_of_real_stakes_caps_the_prize_less_the_buy_in(
    store: Database,
) -> None:
    """RULES §8.4 with §7.6: a member's prize less their buy-in counts to the day's cap; the
    house's computer receives its prize uncapped."""
    table = await store.create_table(channel=CHANNEL, guild=GUILD, host=HOST, options="{}")
    await store.open_tournament(
        table=table,
        guild=GUILD,
        channel=CHANNEL,
        host=HOST,
        variant="seven_card_stud",
        buy_in=100,
        starting_chips=1500,
    )
    for seat, user in enumerate((HOST, -1)):
        await store.register(
            table=table, guild=GUILD, channel=CHANNEL, user=user, name=str(user), seat=seat
        )
    await store.pay_out(
        table=table,
        guild=GUILD,
        channel=CHANNEL,
        paid=[(HOST, 200, 1), (-1, 0, 2)],
        status="ended",
        reason="prize",
        house_cap=60,
    )
    assert await store.balance(GUILD, HOST) == 1000 - 100 + 200 - 40
    assert await store.balance(GUILD, HOUSE) == -100 + 40
    assert await store.house_result_today(GUILD, HOST) == 60
