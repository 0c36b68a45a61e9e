"""Sit & go tournaments at the table runtime (RULES §7): registration and its refunds, the levels,
knock-outs with their places, prizes paid in the transaction of the last hand, cancelling, and
the audit of tournament chips and prize pools after every hand. The store fixture audits every
test's end too."""

from __future__ import annotations

import asyncio
import json
from datetime import timedelta
from typing import Any

import pytest

from bot.audit import audit
from bot.dealer.deadline import Deadline
from bot.dealer.dealer import Dealer
from bot.dealer.entropy import Entropy
from bot.dealer.options import LIMITS, TableOptions
from bot.dealer.table import Table, TableError
from bot.poker.events import Action, ActionKind
from bot.store import Database
from bot.store.house import HOUSE, is_computer
from bot.tournament import play
from bot.tournament.structure import stakes_at
from tests.dealer.conftest import CHANNEL, GUILD, HOST, FakeClock
from tests.dealer.helpers import sql

PEOPLE = (HOST, 101, 102, 103, 104, 105)


async def new_tournament(dealer: Dealer, variant: str, **given: Any) -> Table:
    terms = {"buy_in": 100, "starting_chips": 100, "level_hands": 2} | given.pop("terms", {})
    options = TableOptions.model_validate({"variant": variant, "tournament": terms, **given})
    await dealer.create(channel=CHANNEL, guild=GUILD, host=HOST, options=options)
    async with dealer.locked(CHANNEL) as table:
        await play.open_registration(table)
    return table


async def register(dealer: Dealer, *users: int) -> None:
    for user in users:
        async with dealer.locked(CHANNEL) as table:
            await play.register(table, user, f"P{user}")


def pushing(table: Table) -> Action:
    """Bet and raise whenever allowed, else call, post the bring-in or check; stand pat."""
    hand = table.hand
    assert hand is not None
    options = {option.kind: option for option in hand.legal_actions()}
    for kind in (
        ActionKind.DRAW,
        ActionKind.RAISE,
        ActionKind.BET,
        ActionKind.COMPLETE,
        ActionKind.CALL,
        ActionKind.BRING_IN,
        ActionKind.CHECK,
    ):
        if kind in options:
            return Action(kind, options[kind].amount)
    raise AssertionError(options)


async def play_to_the_end(
    dealer: Dealer, store: Database, table: Table, clock: FakeClock, most: int = 400
) -> list[Any]:
    """Every seat pushes until the tournament ends; the audit holds after every change."""
    seen_stakes = []
    for _ in range(most):
        async with dealer.locked(CHANNEL) as locked:
            hand = locked.live_hand
            if hand is None:
                clock.advance(10)
                await locked.on_deadline(clock())
            else:
                if not seen_stakes or seen_stakes[-1] != hand.config.stakes:
                    seen_stakes.append(hand.config.stakes)
                assert hand.actor is not None
                await locked.act(hand.actor, locked.seq, pushing(locked))
        [result] = await audit(store)
        assert result.ok, result.line()
        if table.closed:
            return seen_stakes
    raise AssertionError("the tournament never ended")


async def test_registering_pays_the_pool_and_unregistering_refunds(
    dealer: Dealer, store: Database
) -> None:
    """RULES §7.1: the buy-in goes from the wallet to the prize pool (a ledger row naming the
    tournament), the entrant gets the starting stack in tournament chips; unregistering gives it
    back. Computer players are paid for by the house (RULES §8.2)."""
    table = await new_tournament(dealer, "seven_card_stud", bots=1, max_players=4)
    await register(dealer, HOST, 101)
    assert await store.balance(GUILD, HOST) == 900
    assert [seat.stack for seat in table.seats.values()] == [100, 100, 100]
    [result] = await audit(store)
    assert result.ok and result.pools == 300 and result.house == -100, result.line()
    with pytest.raises(TableError, match="already registered"):
        await register(dealer, 101)
    async with dealer.locked(CHANNEL) as locked:
        await play.unregister(locked, 101)
    assert await store.balance(GUILD, 101) == 1000
    rows = await sql(
        store, "SELECT delta, reason, table_id FROM ledger WHERE user_id = 101 ORDER BY id"
    )
    assert rows[1:] == [(-100, "entry", table.id), (100, "refund", table.id)]
    with pytest.raises(TableError, match="join"):
        async with dealer.locked(CHANNEL) as locked:
            await locked.join(102, "P102", 300)


async def test_a_full_field_starts_at_once_and_only_the_host_starts_early(
    dealer: Dealer,
) -> None:
    """RULES §7.1: registration closes when every seat is taken, or when the host starts it
    with at least two entrants."""
    table = await new_tournament(dealer, "triple_draw", max_players=3)
    await register(dealer, HOST)
    for who, refusal in ((101, "host"), (HOST, "two")):
        with pytest.raises(TableError, match=refusal):
            async with dealer.locked(CHANNEL) as locked:
                await play.start(locked, who)
    await register(dealer, 101)
    assert not table.running
    await register(dealer, 102)
    assert table.running and table.in_hand
    assert table.options.tournament is not None and table.options.tournament.entrants == 3
    with pytest.raises(TableError, match="started"):
        async with dealer.locked(CHANNEL) as locked:
            await play.unregister(locked, 101)


GAMES = ["seven_card_stud", "stud_hi_lo", "five_card_stud", "triple_draw"]


@pytest.mark.parametrize("variant", GAMES)
async def test_a_sit_and_go_is_played_to_its_winner_and_the_pool_is_paid(
    variant: str, store: Database, clock: FakeClock
) -> None:
    """RULES §7.2 (stakes rise every 2 hands), §7.3 (places), §7.4 (short forced bets: every
    player with chips is dealt in), §7.6 (four entrants: the winner takes all, paid in the
    transaction that ends the last hand)."""
    dealer = Dealer(store, clock=clock, entropy=Entropy.seeded(5), hand_pause=2)
    table = await new_tournament(dealer, variant, max_players=4)
    await register(dealer, *PEOPLE[:4])
    assert table.running
    stakes = await play_to_the_end(dealer, store, table, clock)
    game = table.options.game
    assert stakes[:3] == [stakes_at(game, 100, level) for level in (1, 2, 3)][: len(stakes)]
    entrants = await sql(
        store, "SELECT user_id, place, prize FROM tournament_entrants ORDER BY place"
    )
    assert ranking_is_whole([place for _, place, _ in entrants])
    [(winner, _, prize)] = [entry for entry in entrants if entry[1] == 1]
    assert prize == 400
    assert await store.balance(GUILD, winner) == 1300
    assert [row[0] for row in await sql(store, "SELECT status FROM tournaments")] == ["ended"]
    assert await sql(store, "SELECT * FROM card_tables") == []
    [result] = await audit(store)
    assert result.ok and result.pools == 0


async def test_cancel_before_the_start_refunds_everyone(dealer: Dealer, store: Database) -> None:
    """Issue 23: the host (or Manage Server) cancels before the start; everyone is refunded."""
    await new_tournament(dealer, "five_card_stud", bots=1)
    await register(dealer, HOST, 101)
    with pytest.raises(TableError, match="host"):
        async with dealer.locked(CHANNEL) as locked:
            await play.cancel(locked, 101, can_manage=False)
    async with dealer.locked(CHANNEL) as locked:
        effects = await play.cancel(locked, HOST, can_manage=False)
    assert effects.closed
    assert await store.balance(GUILD, HOST) == 1000 and await store.balance(GUILD, 101) == 1000
    assert await store.balance(GUILD, HOUSE) == 0
    assert [row[0] for row in await sql(store, "SELECT status FROM tournaments")] == ["cancelled"]


async def test_cancel_after_the_start_splits_the_pool_by_chips(
    dealer: Dealer, store: Database
) -> None:
    """Issue 23: after the start only Manage Server cancels; the hand in play is void (chips
    as before it) and the pool is split by chip counts, rounded down, the rest to the leader."""
    table = await new_tournament(dealer, "stud_hi_lo", max_players=3)
    await register(dealer, HOST, 101, 102)
    async with dealer.locked(CHANNEL) as locked:
        locked.seats[101].stack, locked.seats[102].stack = 55, 145  # as if hands were played
        locked.seats[HOST].stack = 100
    with pytest.raises(TableError, match="Manage Server"):
        async with dealer.locked(CHANNEL) as locked:
            await play.cancel(locked, HOST, can_manage=False)
    await sql(store, "UPDATE table_seats SET stack = 55 WHERE user_id = 101")
    await sql(store, "UPDATE table_seats SET stack = 145 WHERE user_id = 102")
    async with dealer.locked(CHANNEL) as locked:
        await play.cancel(locked, 103, can_manage=True)
    assert table.closed
    # pool 300 by 100/55/145 of 300 chips: 100, 55, 145 exactly
    balances = [await store.balance(GUILD, user) for user in (HOST, 101, 102)]
    assert balances == [1000, 955, 1045]


async def test_a_player_who_leaves_is_blinded_away_and_placed(
    store: Database, clock: FakeClock
) -> None:
    """RULES §7.5: leaving sits out for good; the dealer acts for them at once (check, else
    fold; the bring-in when due), they are dealt in while they have chips."""
    dealer = Dealer(store, clock=clock, entropy=Entropy.seeded(2), hand_pause=2)
    table = await new_tournament(dealer, "seven_card_stud", max_players=3)
    await register(dealer, HOST, 101, 102)
    async with dealer.locked(CHANNEL) as locked:
        await locked.leave(102)
    seat = table.seats[102]
    assert seat.leaving and seat.sitting_out
    await play_to_the_end(dealer, store, table, clock)
    places = dict(await sql(store, "SELECT user_id, place FROM tournament_entrants"))
    assert places[102] in (2, 3)
    rows = await sql(store, "SELECT action, by_clock FROM hand_actions ORDER BY hand_id, number")
    actions = [(json.loads(action), by_clock) for action, by_clock in rows]
    theirs = [(action["kind"], by_clock) for action, by_clock in actions if action["player"] == 102]
    assert theirs  # dealt in, and acted for
    assert {kind for kind, _ in theirs} <= {"check", "fold", "bring_in", "draw"}
    assert all(by_clock for _, by_clock in theirs)
    dealt = await sql(store, "SELECT config FROM hands ORDER BY id")
    in_hands = [102 in json.loads(config)["players"] for (config,) in dealt]
    assert in_hands == sorted(in_hands, reverse=True)  # every hand until they were out


async def test_stats_count_tournaments(store: Database, clock: FakeClock) -> None:
    """Issue 23: tournaments played, wins, finishes in the money, net prize result."""
    dealer = Dealer(store, clock=clock, entropy=Entropy.seeded(4), hand_pause=2)
    table = await new_tournament(dealer, "triple_draw", max_players=2)
    await register(dealer, HOST, 101)
    await play_to_the_end(dealer, store, table, clock)
    won = [await store.tournament_stats(GUILD, user) for user in (HOST, 101)]
    assert sorted((s.played, s.wins, s.in_the_money, s.net) for s in won) == [
        (1, 0, 0, -100),
        (1, 1, 1, 100),
    ]
    assert not any(is_computer(user) for user in (HOST, 101))
    # issue 36.12: tournament chips are no wallet chips (RULES §7.1); the games' lines are cash
    # play only
    assert await store.stats(GUILD, HOST) == [] and await store.stats(GUILD, 101) == []


def ranking_is_whole(places: list[int]) -> bool:
    """Places 1..n, each shared place repeating its number and leaving out the ones it covers
    (RULES §7.3): [1, 2, 3, 4], [1, 2, 2, 4], never [1, 2, 2, 3] or [1, 3, 4, 4]."""
    at = 1
    for place in sorted(set(places)):
        if place != at:
            return False
        at += places.count(place)
    return at == len(places) + 1


@pytest.mark.parametrize("variant", GAMES)
async def test_places_are_a_whole_ranking(variant: str, store: Database, clock: FakeClock) -> None:
    """RULES §7.3: one place per entrant, from 1 to the number of entrants, shared places
    leaving out the ones they cover; the prizes add up to the pool (§7.6)."""
    for seed in range(3):
        dealer = Dealer(store, clock=clock, entropy=Entropy.seeded(seed), hand_pause=2)
        table = await new_tournament(dealer, variant, max_players=5)
        await register(dealer, *PEOPLE[:5])
        await play_to_the_end(dealer, store, table, clock)
        rows = await sql(
            store,
            "SELECT place, prize FROM tournament_entrants WHERE tournament_id = ?",
            (table.id,),
        )
        assert ranking_is_whole([place for place, _ in rows]), rows
        assert sum(prize for _, prize in rows) == 500


def test_the_ranking_check_can_fail() -> None:
    assert ranking_is_whole([1, 2, 2, 4]) and ranking_is_whole([4, 3, 2, 1])
    assert not ranking_is_whole([1, 2, 2, 3]) and not ranking_is_whole([1, 3, 4, 4])


async def test_a_player_away_for_long_does_not_spin_the_clock(
    store: Database, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """RULES §7.5: a sit & go's player who left stays seated (never stood up after 10 minutes
    as at a cash table), so the dealer's clock must not keep finding that due."""
    dealer = Dealer(store, clock=clock, entropy=Entropy.seeded(3), hand_pause=2)
    table = await new_tournament(dealer, "seven_card_stud", max_players=3)
    await register(dealer, HOST, 101, 102)
    async with dealer.locked(CHANNEL) as locked:
        await locked.leave(102)
    calls = 0
    real = Table.on_deadline

    async def counted(self: Table, now: Any) -> Any:
        nonlocal calls
        calls += 1
        return await real(self, now)

    monkeypatch.setattr(Table, "on_deadline", counted)
    clock.advance(11 * 60)
    dealer.start_clock()
    try:
        await asyncio.sleep(0.3)
    finally:
        await dealer.stop_clock()
    assert 0 < calls < 20, calls
    assert 102 in table.seats and table.seats[102].leaving
    due = table.due()
    assert due is None or due > clock(), due


async def test_stakes_stop_rising_at_the_largest_small_bet(
    dealer: Dealer, store: Database, clock: FakeClock
) -> None:
    """RULES §7.2 within the table's limits: a million chips each and many levels deal at the
    largest stakes a table may have, never a refusal."""
    table = await new_tournament(
        dealer,
        "seven_card_stud",
        max_players=2,
        terms={"starting_chips": 1_000_000, "level_hands": 1},
    )
    await register(dealer, HOST, 101)
    async with dealer.locked(CHANNEL) as locked:
        while locked.live_hand is not None:
            await locked.act(locked.live_hand.actor or 0, locked.seq, pushing(locked))
        locked.hands_dealt = 20  # as if 20 levels had gone by
        clock.advance(10)
        await locked.on_deadline(clock())
        assert locked.live_hand is not None
    assert table.options.small_bet <= LIMITS.small_bet
    assert table.options.small_bet > stakes_at(table.options.game, 1_000_000, 5).small_bet


async def test_an_abandoned_registration_is_cancelled_and_refunded(
    dealer: Dealer, store: Database, clock: FakeClock
) -> None:
    """Issue 23: a sit & go nobody starts closes like an idle table (issue 20.13), refunding
    every entrant; each registration keeps it open a while longer."""
    table = await new_tournament(dealer, "stud_hi_lo", bots=1)
    await register(dealer, HOST)
    clock.advance(table.options.idle_minutes * 60 - 60)
    await register(dealer, 101)
    clock.advance(120)
    async with dealer.locked(CHANNEL) as locked:
        await locked.on_deadline(clock())
    assert not table.closed  # 101 registered a minute ago
    clock.advance(table.options.idle_minutes * 60)
    async with dealer.locked(CHANNEL) as locked:
        effects = await locked.on_deadline(clock())
    assert table.closed and [n.key for n in effects.notices] == ["tournament_cancelled"]
    assert [await store.balance(GUILD, user) for user in (HOST, 101, HOUSE)] == [1000, 1000, 0]


async def test_a_table_whose_record_was_never_written_can_be_cancelled(
    dealer: Dealer, store: Database
) -> None:
    """A stop between `/poker tournament new`'s table and its record: cancel closes it."""
    options = TableOptions.model_validate({"variant": "triple_draw", "tournament": {}})
    table = await dealer.create(channel=CHANNEL, guild=GUILD, host=HOST, options=options)
    async with dealer.locked(CHANNEL) as locked:
        await play.cancel(locked, HOST, can_manage=False)
    assert table.closed
    assert await sql(store, "SELECT COUNT(*) FROM card_tables") == [(0,)]


async def test_back_after_leaving_a_sit_and_go_is_refused(dealer: Dealer) -> None:
    """RULES §7.5: leaving is for good."""
    await new_tournament(dealer, "five_card_stud", max_players=2)
    await register(dealer, HOST, 101)
    async with dealer.locked(CHANNEL) as locked:
        await locked.leave(101)
    with pytest.raises(TableError, match="for good"):
        async with dealer.locked(CHANNEL) as locked:
            await locked.back(101)


@pytest.mark.tampered
async def test_the_audit_checks_tournament_chips_and_the_pool(
    dealer: Dealer, store: Database
) -> None:
    """Tournament chips add up to entrants times the starting stack; the pool to entrants
    times the buy-in and to minus its ledger rows (issue 23)."""
    table = await new_tournament(dealer, "seven_card_stud", bots=1)
    await register(dealer, HOST)
    [result] = await audit(store)
    assert result.ok and result.pools == 200, result.line()
    await sql(store, "UPDATE table_seats SET stack = stack + 5 WHERE user_id = ?", (HOST,))
    [result] = await audit(store)
    assert any(f"tournament {table.id}: 205 tournament chips" in p for p in result.problems)
    await sql(store, "UPDATE table_seats SET stack = stack - 5 WHERE user_id = ?", (HOST,))
    await sql(store, "UPDATE tournaments SET pool = pool + 7")
    [result] = await audit(store)
    assert any(f"tournament {table.id}: pool 207" in p for p in result.problems), result.problems
    assert any("prize pools 207" in p for p in result.problems)  # more than was issued


async def test_an_absent_player_gets_no_time_bank(dealer: Dealer, clock: FakeClock) -> None:
    """RULES §7.5: the clock acts for a player away (two timeouts in a row) with no time bank,
    where a player present gets theirs (RULES §6.1)."""
    table = await new_tournament(dealer, "five_card_stud", max_players=2)
    await register(dealer, HOST, 101)
    hand = table.live_hand
    assert hand is not None and hand.actor is not None
    actor = hand.actor
    assert table.seats[actor].bank > 0
    clock.advance(table.options.action_seconds + 1)
    async with dealer.locked(CHANNEL) as locked:
        await locked.on_deadline(clock())
    assert table.deadline_kind is Deadline.BANK  # present: the bank runs
    async with dealer.locked(CHANNEL) as locked:
        locked.seats[actor].sitting_out = True  # away, as after two timeouts in a row
        locked.seats[actor].bank = 30
        locked.set_deadline(clock(), Deadline.ACTION)
        seq = locked.seq
        await locked.on_deadline(clock())
    assert table.seq > seq and table.deadline_kind is not Deadline.BANK  # acted for at once
    assert len(table.by_clock) == 1 and table.by_clock[0]


async def test_leaving_out_of_turn_leaves_the_actors_clock_alone(
    dealer: Dealer, clock: FakeClock
) -> None:
    """RULES §6.1, §7.5: one who leaves while another is to act changes nobody's time."""
    table = await new_tournament(dealer, "seven_card_stud", max_players=3)
    await register(dealer, HOST, 101, 102)
    hand = table.live_hand
    assert hand is not None and hand.actor is not None
    deadline = table.deadline
    clock.advance(20)
    async with dealer.locked(CHANNEL) as locked:
        await locked.leave(next(user for user in hand.players if user != hand.actor))
    assert table.deadline == deadline


async def run_by_the_clock(
    dealer: Dealer,
    table: Table,
    clock: FakeClock,
    most: int,
    *,
    antes: list[int] | None = None,
    notices: list[Any] | None = None,
) -> int:
    """Nobody clicks: the clock moves to each deadline the table has. Returns the hands dealt;
    ``antes`` gets each hand's ante, ``notices`` the notices of every change."""
    for _ in range(most):
        if antes is not None and table.hand is not None and len(antes) < table.hands_dealt:
            antes.append(table.hand.config.stakes.ante)
        if table.closed:
            return table.hands_dealt
        due = table.due()
        assert due is not None, "a sit & go under way with nothing due"
        clock.now = max(clock.now, due)
        async with dealer.locked(CHANNEL) as locked:
            effects = await locked.on_deadline(clock())
        if notices is not None:
            notices.extend(effects.notices)
    raise AssertionError(f"not over after {most} deadlines ({table.hands_dealt} hands)")


@pytest.mark.parametrize(
    "variant", ["seven_card_stud", "stud_hi_lo", "five_card_stud", "triple_draw"]
)
async def test_a_sit_and_go_of_absent_players_ends(
    store: Database, clock: FakeClock, variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """RULES §7.2 and §7.5a (issue 35.2): two entrants register for a heads-up sit & go of
    one hand a level and leave. Five Card Stud dealt no ante: the bring-in went back uncalled
    and no chip moved, for ever, while rebuilding the stakes from level 1 at every deal grew
    as the level squared. Now every game ends, and the levels cost the same at every deal."""
    from bot.tournament import structure

    built = []
    real = structure._next_tidy
    monkeypatch.setattr(structure, "_next_tidy", lambda v: built.append(v) or real(v))
    structure.level_values.cache_clear()  # counted from nothing
    dealer = Dealer(store, clock=clock, entropy=Entropy.seeded(3), hand_pause=2)
    terms = {"buy_in": 1, "starting_chips": 100, "level_hands": 1}
    table = await new_tournament(dealer, variant, max_players=2, terms=terms)
    await register(dealer, HOST, 101)
    for user in (HOST, 101):
        async with dealer.locked(CHANNEL) as locked:
            await locked.leave(user)
    antes: list[int] = []
    hands = await run_by_the_clock(dealer, table, clock, most=3000, antes=antes)
    assert table.closed and 0 < hands < 1000
    if variant != "triple_draw":  # RULES §7.2: every stud tournament antes, at every level
        assert antes and min(antes) > 0, antes
    assert len(built) <= 40, len(built)  # each level once, not level² times
    [result] = await audit(store)
    assert result.ok and result.pools == 0, result.line()
    assert sorted([await store.balance(GUILD, user) for user in (HOST, 101)]) in (
        [999, 1001],  # one of them won the pool of 2
        [1000, 1000],  # abandoned (§7.5a): shared by chips
    )


async def test_nobody_left_playing_ends_the_sit_and_go_as_a_cancel(
    store: Database, clock: FakeClock
) -> None:
    """RULES §7.5a: when no entrant still in has acted by themselves for the server's idle
    time, the sit & go ends as a cancel after the start: the pool is shared by chip counts,
    and the results say why. An entrant's own action keeps it going."""
    dealer = Dealer(store, clock=clock, entropy=Entropy.seeded(5), hand_pause=2)
    terms = {"buy_in": 100, "starting_chips": 10_000, "level_hands": 100}
    table = await new_tournament(dealer, "seven_card_stud", max_players=2, terms=terms)
    await register(dealer, HOST, 101)
    idle = table.options.idle_minutes * 60
    async with dealer.locked(CHANNEL) as locked:
        locked.heard(101, 1)  # 101 clicked: the time counts from now
    await run_until(dealer, table, clock, clock() + timedelta(seconds=idle - 60))
    assert not table.closed and table.hands_dealt > 2
    async with dealer.locked(CHANNEL) as locked:
        locked.heard(HOST, 2)  # the host is still here a minute before the end
    await run_until(dealer, table, clock, clock() + timedelta(seconds=120))
    assert not table.closed
    found: list[Any] = []
    await run_by_the_clock(dealer, table, clock, most=2000, notices=found)
    assert table.closed
    [cancelled] = [notice for notice in found if notice.key == "tournament_cancelled"]
    assert cancelled.values["started"] and cancelled.values["idle"] == table.options.idle_minutes
    paid = dict(cancelled.values["paid"])
    assert sum(paid.values()) == 200
    [result] = await audit(store)
    assert result.ok and result.pools == 0, result.line()


async def run_until(dealer: Dealer, table: Table, clock: FakeClock, until: Any) -> None:
    while not table.closed and (due := table.due()) is not None and due <= until:
        clock.now = max(clock.now, due)
        async with dealer.locked(CHANNEL) as locked:
            await locked.on_deadline(clock())
    clock.now = max(clock.now, until)
