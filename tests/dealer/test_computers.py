"""Computer players at a table (RULES §8): seated with the house's chips, acting on their own
after their pause through the same entry point as a click, never sent a DM, resumed after a
restart, and never dealing among themselves. The store fixture audits every test's end."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from bot.audit import audit
from bot.dealer import computers
from bot.dealer.dealer import Dealer
from bot.dealer.entropy import Entropy
from bot.dealer.options import TableOptions
from bot.dealer.table import Table, TableError
from bot.poker.record import from_record
from bot.poker.state import Hand
from bot.store import Database
from bot.store.house import HOUSE, is_computer
from tests.dealer.conftest import CHANNEL, GUILD, HOST, FakeClock
from tests.dealer.helpers import act, passive, sql


async def until(condition: Callable[[], bool], what: str) -> None:
    for _ in range(2000):
        if condition():
            return
        await asyncio.sleep(0.005)
    raise AssertionError(f"never: {what}")


async def with_computers(dealer: Dealer, variant: str, count: int, **options: object) -> Table:
    await dealer.create(
        channel=CHANNEL,
        guild=GUILD,
        host=HOST,
        options=TableOptions.model_validate({"variant": variant, "bots": count, **options}),
    )
    async with dealer.locked(CHANNEL) as table:
        await computers.keep_seated(table)  # as /poker new does
    return table


async def until_a_computer_acts(dealer: Dealer, table: Table) -> Hand:
    """Start (seating the host), and let the host act once if they are first: then a
    computer player is to act (heads-up)."""
    async with dealer.locked(CHANNEL) as locked:
        await computers.start(locked, HOST, "Host")
        if person_to_act(locked) and locked.live_hand is not None:
            await act(locked, passive(locked))
    hand = table.live_hand
    assert hand is not None and hand.actor is not None and is_computer(hand.actor)
    return hand


def person_to_act(table: Table) -> bool:
    hand = table.live_hand
    return hand is None or (hand.actor is not None and not is_computer(hand.actor))


async def test_computer_players_sit_with_the_house_chips(dealer: Dealer, store: Database) -> None:
    """RULES §8.2: a computer player's buy-in is a ledger row of the house account, which may go
    below zero; its stack goes back there when it stands up. RULES §8.3: no leaderboard."""
    table = await with_computers(dealer, "seven_card_stud", 3, bot_level="easy")
    assert sorted(seat.name for seat in table.seats.values()) == ["🤖 Ada", "🤖 Alan", "🤖 Grace"]
    assert all(is_computer(user) for user in table.seats)
    full = table.options.default_buy_in
    assert await store.balance(GUILD, HOST) == 1000  # nobody's wallet paid
    rows = await sql(store, "SELECT delta, reason FROM ledger WHERE user_id = ?", (HOST - HOST,))
    assert sorted(rows) == [(-full, "buy_in")] * 3
    async with dealer.locked(CHANNEL) as locked:
        await locked.join(HOST, "Host", 300)
        await computers.set_count(locked, 1, None, user=HOST, can_manage=False)
    assert [seat.name for seat in table.seats.values() if seat.computer] == ["🤖 Ada"]
    assert await store.balance(GUILD, HOUSE) == -full
    assert [standing.user_id for standing in await store.standings(GUILD)] == [HOST]
    [result] = await audit(store)
    assert result.ok and result.house == -full
    assert f"house {-full:+d}" in result.line()


async def test_who_may_seat_computer_players_and_how_many(dealer: Dealer) -> None:
    """The host or Manage Server; up to the seats left, one always kept for a person."""
    with pytest.raises(ValueError, match="bots"):
        TableOptions.model_validate({"variant": "five_card_stud", "max_players": 4, "bots": 4})
    table = await with_computers(dealer, "five_card_stud", 0, max_players=4, practice=True)
    async with dealer.locked(CHANNEL) as locked:
        await locked.join(HOST, "Host", 300)
        await locked.join(101, "Bea", 300)
    for count, user, manager, refused in (
        (1, 101, False, "Only the host"),
        (3, HOST, False, "room for 2 computer players"),
    ):
        with pytest.raises(TableError, match=refused):
            async with dealer.locked(CHANNEL) as locked:
                await computers.set_count(locked, count, None, user=user, can_manage=manager)
    async with dealer.locked(CHANNEL) as locked:
        await computers.set_count(locked, 2, "strong", user=101, can_manage=True)
    assert len(table.seats) == 4 and table.options.bot_level == "strong"
    assert table.options.bots == 2


async def test_start_seats_whoever_presses_it_at_a_table_of_computers(dealer: Dealer) -> None:
    """``/poker new bots:3`` then Start is all one person needs; nobody's cards go to a
    computer player (no DM)."""
    table = await with_computers(dealer, "stud_hi_lo", 3)
    async with dealer.locked(CHANNEL) as locked:
        effects = await computers.start(locked, HOST, "Host")
    assert HOST in table.seats and table.in_hand
    assert [private.user_id for private in effects.private] == [HOST]


async def test_computer_players_play_on_their_own_and_stop_without_a_person(
    store: Database, clock: FakeClock
) -> None:
    """They act at their turn (never the clock), a person plays against them, and once the
    person sits out the table deals no more (issue 22)."""
    dealer = Dealer(store, clock=clock, entropy=Entropy.seeded(3), hand_pause=0)
    table = await with_computers(dealer, "triple_draw", 3)
    async with dealer.locked(CHANNEL) as locked:
        await computers.start(locked, HOST, "Host")
    dealer.start_clock()
    try:
        while table.hands_dealt < 4:
            await until(lambda: person_to_act(table), "the person's turn")
            if table.live_hand is not None:
                async with dealer.locked(CHANNEL) as locked:
                    await act(locked, passive(locked))
                continue
            await until(lambda: table.in_hand or not table.running, "the next hand")
        async with dealer.locked(CHANNEL) as locked:
            await locked.sit_out(HOST)
        while table.in_hand:
            await until(lambda: person_to_act(table), "the person's turn")
            if table.live_hand is not None:
                async with dealer.locked(CHANNEL) as locked:
                    await act(locked, passive(locked))
        await until(lambda: not table.running, "the table stopping")
        dealt = table.hands_dealt
        clock.advance(60)
        dealer.wake()
        await asyncio.sleep(0.1)
        assert table.hands_dealt == dealt and not table.in_hand
    finally:
        await dealer.stop_clock()
    for (hand_id,) in await sql(store, "SELECT id FROM hands"):
        hand = from_record(await store.hand_record(hand_id))
        acted = {action.player for action in hand.actions}
        assert any(is_computer(player) for player in acted), hand_id  # on their own


async def test_a_computer_player_waits_its_pause(store: Database, clock: FakeClock) -> None:
    """RULES §8.1 (they take a moment to act, as a person would), BOT_PAUSE_SECONDS: it acts
    once its pause is over, not before."""
    dealer = Dealer(store, clock=clock, entropy=Entropy.seeded(5), computer_pause=(2, 2))
    table = await with_computers(dealer, "five_card_stud", 1)
    hand = await until_a_computer_acts(dealer, table)
    actions = len(hand.actions)
    dealer.start_clock()
    try:
        await asyncio.sleep(0.1)
        assert len(hand.actions) == actions  # still thinking
        clock.advance(2)
        dealer.wake()
        await until(lambda: len(hand.actions) > actions, "the computer player's action")
    finally:
        await dealer.stop_clock()


async def test_a_restart_while_a_computer_player_is_to_act(
    store: Database, clock: FakeClock
) -> None:
    """The hand resumes and the computer player acts (no person needed to wake it)."""
    first = Dealer(store, clock=clock, entropy=Entropy.seeded(9))
    table = await with_computers(first, "seven_card_stud", 1)
    hand = await until_a_computer_acts(first, table)
    actions = len(hand.actions)
    await first.shutdown()  # its clock never ran: the computer did not act

    again = Dealer(store, clock=clock, entropy=Entropy.seeded(9))
    await again.resume()
    resumed = again.tables[CHANNEL]
    again.start_clock()
    try:
        await until(
            lambda: resumed.hand is not None and len(resumed.hand.actions) > actions,
            "the computer player acting after the restart",
        )
    finally:
        await again.stop_clock()
    assert resumed.hand is not None and resumed.hand.actions[actions].player == hand.actor


async def test_a_person_takes_a_computer_players_seat_at_a_full_table(
    dealer: Dealer, store: Database
) -> None:
    """A person at a full table takes a computer player's seat as they sit down (one computer
    fewer sits there from then on): between hands at once; during a hand, when every computer
    is in it, they are told to ask again after it, and nothing changes (issue 35.2)."""
    table = await with_computers(dealer, "five_card_stud", 2, max_players=3)
    async with dealer.locked(CHANNEL) as locked:
        await computers.start(locked, HOST, "Host")
    with pytest.raises(TableError, match="once it is over"):
        async with dealer.locked(CHANNEL) as locked:  # during the hand: nothing changes
            await locked.join(101, "Bea", 300)
    assert 101 not in table.seats and table.options.bots == 2
    async with dealer.locked(CHANNEL) as locked:
        while locked.live_hand is not None:  # the host plays; the computers' turns by hand
            hand = locked.live_hand
            assert hand.actor is not None
            await act(locked, passive(locked))
    assert len(computers.computer_seats(table)) == 2
    async with dealer.locked(CHANNEL) as locked:
        await locked.join(101, "Bea", 300)
    assert 101 in table.seats and len(table.seats) == 3 and table.options.bots == 1
    rows = await sql(store, "SELECT delta, reason FROM ledger WHERE user_id = ? ORDER BY id", (0,))
    assert rows[-1][1] == "cash_out" and rows[-1][0] > 0  # its stack back to the house
    async with dealer.locked(CHANNEL) as locked:  # full again: the last computer gives way
        await locked.join(102, "Cy", 300)
    assert table.options.bots == 0 and not computers.computer_seats(table)
    assert sorted(table.seats) == [HOST, 101, 102]


def test_pictures_draw_a_gear_for_the_robot_their_font_lacks() -> None:
    from bot.pictures.showdown import short_name

    assert short_name("🤖 Ada") == "⚙ Ada"
    assert short_name("Ada") == "Ada"


async def test_a_hand_voided_at_a_restart_opens_no_wallet_for_computers(
    dealer: Dealer, store: Database, clock: FakeClock
) -> None:
    """A hand that cannot be resumed is void: people get a row of 0 chips saying so; computer
    players have no wallet, and none is opened for them (that would issue chips)."""
    await with_computers(dealer, "stud_hi_lo", 2)
    async with dealer.locked(CHANNEL) as locked:
        await computers.start(locked, HOST, "Host")
        hand_id = locked.hand_id
    await sql(store, "UPDATE hands SET record_version = 99 WHERE id = ?", (hand_id,))
    again = Dealer(store, clock=clock, hand_pause=2)
    await again.resume()
    assert await sql(store, "SELECT user_id FROM wallets ORDER BY user_id") == [(HOST,)]
    rows = await sql(store, "SELECT user_id FROM ledger WHERE reason = 'hand_voided'")
    assert rows == [(HOST,)]


@pytest.mark.parametrize("failure", ["raises", "hangs"])
async def test_a_failed_decision_gives_the_clocks_action_at_once(
    store: Database, clock: FakeClock, monkeypatch: pytest.MonkeyPatch, failure: str
) -> None:
    """A decision that raises (a bug, a dead worker) or never comes: the computer player
    checks if it costs nothing, else folds, at once; the table goes on."""
    dealer = Dealer(store, clock=clock, entropy=Entropy.seeded(4))
    table = await with_computers(dealer, "seven_card_stud", 1)

    async def broken(view: object, level: str) -> object:
        if failure == "hangs":
            await asyncio.sleep(3600)
        raise RuntimeError("a bug")

    monkeypatch.setattr(dealer.computers, "decide", broken)
    monkeypatch.setattr("bot.dealer.dealer.DECISION_SECONDS", 0.05)
    hand = await until_a_computer_acts(dealer, table)
    expected = hand.timeout_action()
    actions = len(hand.actions)
    dealer.start_clock()
    try:
        await until(lambda: len(hand.actions) > actions, "the computer player's action")
    finally:
        await dealer.stop_clock()
    assert hand.actions[actions].kind is expected.kind


async def test_fewer_computer_players_stand_up_after_the_hand(
    dealer: Dealer, store: Database
) -> None:
    """Lowering the count during a hand: those dealt in play it out, then stand up, their
    stacks back to the house; the person plays on against the one left."""
    table = await with_computers(dealer, "five_card_stud", 3)
    async with dealer.locked(CHANNEL) as locked:
        await computers.start(locked, HOST, "Host")
        await computers.set_count(locked, 1, None, user=HOST, can_manage=False)
    hand = table.live_hand
    assert hand is not None and len(computers.computer_seats(table)) == 3  # all still in it
    async with dealer.locked(CHANNEL) as locked:
        while locked.live_hand is not None:
            await act(locked, passive(locked))
    assert [seat.name for seat in computers.computer_seats(table)] == ["🤖 Ada"]
    stood = await sql(
        store, "SELECT COUNT(*) FROM ledger WHERE user_id = 0 AND reason = 'cash_out'"
    )
    assert stood == [(2,)]
    assert table.running  # a person and a computer: the game goes on


async def test_a_short_computer_player_is_topped_up_by_the_house(
    dealer: Dealer, store: Database
) -> None:
    """RULES §6.3 and §8.2: between hands, a computer player with less than half the table's
    default buy-in is topped up to it, from the house (here the stakes went up under it)."""
    table = await with_computers(dealer, "seven_card_stud", 1)
    [seat] = computers.computer_seats(table)
    assert seat.stack == table.options.default_buy_in == 500
    async with dealer.locked(CHANNEL) as locked:
        raised = locked.options.model_dump() | {"small_bet": 25, "ante": None, "bring_in": None}
        raised |= {"min_buy_in": None, "max_buy_in": None}
        locked.options = TableOptions.model_validate(raised)
        await computers.keep_seated(locked)
    assert locked.options.default_buy_in == 1250 and seat.stack == 1250
    rows = await sql(store, "SELECT delta, reason FROM ledger WHERE user_id = ? ORDER BY id", (0,))
    assert rows == [(-500, "buy_in"), (-750, "buy_in")]
    assert await store.balance(GUILD, HOUSE) == -1250


async def test_a_join_refused_for_want_of_chips_leaves_the_computers_seated(
    dealer: Dealer, store: Database
) -> None:
    """Issue 35.2: at a full table of computers for wallet chips, a member who cannot buy in
    asked for a seat again and again, and each ask stood one computer up. A person takes a
    computer's seat only when they can sit down with chips."""
    table = await with_computers(dealer, "seven_card_stud", 7)
    async with dealer.locked(CHANNEL) as locked:
        await computers.start(locked, HOST, "Host")
    broke = 105
    await store.adjust(GUILD, broke, -1000, by=HOST, note="broke")
    for _ in range(7):
        with pytest.raises(TableError, match="buy-in"):
            async with dealer.locked(CHANNEL) as locked:
                await locked.join(broke, "Zed")
    assert table.options.bots == 7 and len(table.seats) == 8


async def test_a_practice_table_moves_no_wallet_chips(dealer: Dealer, store: Database) -> None:
    """RULES §8.4: a table with computer players plays for practice chips: each seat starts
    with the buy-in, nothing is taken from or paid to a wallet or the house, the audit counts
    them apart, and the statistics keep its hands apart. Computers join a wallet table only
    while nobody sits there (it becomes a practice table)."""
    table = await with_computers(dealer, "five_card_stud", 2, practice=True)
    async with dealer.locked(CHANNEL) as locked:
        await locked.join(HOST, "Host")
        await locked.start(HOST)
    assert await store.balance(GUILD, HOST) == 1000 and await store.balance(GUILD, HOUSE) == 0
    while table.in_hand:
        async with dealer.locked(CHANNEL) as locked:
            if is_computer(locked.live_hand.actor):  # type: ignore[union-attr]
                await computers.act_for(locked, locked.live_hand.actor, locked.seq)  # type: ignore[union-attr]
            else:
                await act(locked, passive(locked))
    [result] = await audit(store)
    assert result.ok and result.practice == 3 * table.options.default_buy_in, result.line()
    async with dealer.locked(CHANNEL) as locked:
        await locked.end(HOST, can_manage=False)
    assert await store.balance(GUILD, HOST) == 1000 and await store.balance(GUILD, HOUSE) == 0
    assert await store.stats(GUILD, HOST) == []
    [practiced] = await store.stats(GUILD, HOST, practice=True)
    assert practiced.hands == 1
    rows = await sql(store, "SELECT reason FROM ledger WHERE reason IN ('buy_in', 'cash_out')")
    assert rows == []


async def test_computers_join_a_wallet_table_only_while_nobody_sits_there(
    dealer: Dealer,
) -> None:
    table = await with_computers(dealer, "seven_card_stud", 0)
    async with dealer.locked(CHANNEL) as locked:
        await locked.join(HOST, "Host", 300)
    with pytest.raises(TableError, match="practice chips"):
        async with dealer.locked(CHANNEL) as locked:
            await computers.set_count(locked, 2, None, user=HOST, can_manage=False)
    assert table.options.bots == 0 and not table.options.practice
    async with dealer.locked(CHANNEL) as locked:
        await locked.leave(HOST)
        await computers.set_count(locked, 2, None, user=HOST, can_manage=False)
    assert table.options.bots == 2 and table.options.practice


async def test_computers_of_the_house_keep_their_table_for_wallet_chips(
    dealer: Dealer, store: Database
) -> None:
    """Review: a table whose computers hold the house's chips (a table of before practice
    chips) turned practice when one more was asked for, and their chips never went back to
    the house."""
    table = await with_computers(dealer, "seven_card_stud", 2)
    with pytest.raises(TableError, match="practice chips"):
        async with dealer.locked(CHANNEL) as locked:
            await computers.set_count(locked, 3, None, user=HOST, can_manage=False)
    assert not table.options.practice and table.options.bots == 2
    async with dealer.locked(CHANNEL) as locked:
        await computers.set_count(locked, 0, None, user=HOST, can_manage=False)
    assert await store.balance(GUILD, HOUSE) == 0  # every chip back to the house
    [result] = await audit(store)
    assert result.ok, result.line()
