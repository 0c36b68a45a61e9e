"""A multi-table tournament played through the director at the table runtime (RULES §11), no
Discord: the draw (§11.2), stakes by the one clock (§11.3), balancing (§11.5), a table broken
and the final table (§11.6), hand for hand (§11.7) and prizes (§11.8), with the audit holding
after every change (tournament chips and the night's pool counted)."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

import pytest

from bot.audit import audit
from bot.dealer.dealer import Dealer
from bot.dealer.options import LIMITS, TableOptions
from bot.dealer.table import Table
from bot.dealer.views import Effects, Notice
from bot.poker.variants import SEVEN_CARD_STUD
from bot.store import Database
from bot.store.nights import CANCELLED, ENDED, PLAYING, Night
from bot.tournament import director
from bot.tournament.night import NightTerms, level_at
from bot.tournament.night_runner import LateEntryRefused, NightRunner, results_of
from bot.tournament.play import attended
from bot.tournament.structure import stakes_at
from tests.dealer.conftest import CHANNEL, GUILD, HOST, FakeClock
from tests.dealer.test_tournaments import pushing

ENTRANTS = 7
LEVEL_MINUTES = 2
DECISION_SECONDS = 3


async def scheduled(
    store: Database, clock: FakeClock, seats: int, entrants: int = ENTRANTS, **options: Any
) -> int:
    terms = NightTerms(
        name="Friday",
        options=TableOptions(
            variant="seven_card_stud",
            max_players=seats,
            tournament={"buy_in": 100, "starting_chips": 100},
            **options,
        ),
        level_minutes=LEVEL_MINUTES,
    )
    night = await store.schedule_night(
        guild=GUILD,
        channel=CHANNEL,
        host=HOST,
        name=terms.name,
        terms=terms.model_dump_json(),
        buy_in=100,
        starting_chips=100,
        starts_at=clock() + timedelta(minutes=5),
    )
    for user in range(1, entrants + 1):
        await store.enter_night(night=night, user=user, name=f"P{user}")
    return night


class Threads:
    def __init__(self) -> None:
        self.opened: list[tuple[int, int]] = []

    async def __call__(self, night: Night, number: int) -> int:
        self.opened.append((night.id, number))
        return CHANNEL * 100 + len(self.opened)


async def test_a_night_plays_from_the_draw_to_its_prizes(
    dealer: Dealer, store: Database, clock: FakeClock
) -> None:
    night = await scheduled(store, clock, seats=3)
    threads = Threads()
    runner = NightRunner(dealer, threads, random.Random(3))
    await runner.start(night)
    record = await store.night(night)
    assert record is not None
    # RULES §11.2: the fewest tables, no two differing by more than one player
    seated = [len(t.seats) for t in dealer.tables.values()]
    assert sorted(seated) == [2, 2, 3]
    started_at = record.started_at
    assert started_at is not None
    levels: set[int] = set()  # the clock's levels the hands were dealt at (RULES §11.3)
    dealt: set[int | None] = set()
    counts: list[int] = []  # how many tables deal, each time it changes
    # RULES §11.7: at hand for hand, the hands each table dealt since it began (no table is
    # two hands ahead of another); and whether a table whose hand ended waited for another's
    round_start: dict[int, int] = {}
    waited_for_the_others = False
    told: list[Notice] = []  # the director's words of who is out, in what place
    waited_for_a_place = False

    def new_hands_at_the_clocks_stakes() -> None:
        """Each hand dealt since the last look has the stakes of the clock's level now."""
        for table in dealer.tables.values():
            hand = table.live_hand
            if hand is None or table.hand_id in dealt:
                continue
            dealt.add(table.hand_id)
            level = level_at(started_at, clock(), LEVEL_MINUTES)
            levels.add(level)
            expected = stakes_at(SEVEN_CARD_STUD, 100, level, largest=LIMITS.small_bet)
            assert hand.config.stakes.small_bet == expected.small_bet

    new_hands_at_the_clocks_stakes()
    for _ in range(20_000):
        record = await store.night(night)
        assert record is not None
        if record.status == ENDED:
            break
        tables = [t for t in dealer.tables.values() if t.options.tournament is not None]
        if not counts or counts[-1] != len(tables):
            counts.append(len(tables))
        # nobody at two tables (RULES §11.5, §11.6)
        everyone = [user for table in tables for user in table.seats]
        assert len(everyone) == len(set(everyone))
        active = [t for t in tables if t.live_hand is not None or t.deadline is not None]
        assert active, f"every table waits: {[(t.channel_id, len(t.seats)) for t in tables]}"
        in_this_round = len(record.still_in) + len(record.awaiting_place)
        if director.hand_for_hand(in_this_round, ENTRANTS) and len(tables) > 1:
            for t in tables:
                round_start.setdefault(t.channel_id, t.hands_dealt - (t.live_hand is not None))
            ahead = [t.hands_dealt - round_start[t.channel_id] for t in tables]
            assert max(ahead) - min(ahead) <= 1, ahead
            if len(active) < len(tables) and any(t.live_hand is not None for t in tables):
                waited_for_the_others = True
        table = min(active, key=lambda t: (t.live_hand is None, t.channel_id))
        effects = await _step(dealer, table, clock)
        new_hands_at_the_clocks_stakes()
        if effects.director_due:
            shown = await runner.after_hand(night)
            told.extend(n for _, e in shown for n in e.notices if n.key == "night_out")
            new_hands_at_the_clocks_stakes()
            after = await store.night(night)
            assert after is not None
            # RULES §11.7: the out wait for their places only at hand for hand, while a
            # table's hand goes on
            if after.awaiting_place:
                players = len(after.still_in) + len(after.awaiting_place)
                assert director.hand_for_hand(players, ENTRANTS), after.awaiting_place
                assert any(
                    t.live_hand is not None or t.deadline is not None
                    for t in dealer.tables.values()
                )
                # and the table that knocked them out deals no more until then
                thread_of = {e.number: e.thread_id for e in after.tables}
                for entrant in after.awaiting_place:
                    there = dealer.tables.get(thread_of[entrant.table_no or 0] or 0)
                    assert there is None or (there.live_hand is None and there.deadline is None)
                waited_for_a_place = True
        [result] = await audit(store)
        assert result.ok, result.line()
    else:
        raise AssertionError("the night never ended")
    assert max(counts) == 3
    assert counts[:3] == [3, 2, 1]  # a table broken (§11.6), then the final table
    assert any(entrant.moves for entrant in record.entrants)
    assert len(threads.opened) == 4  # three drawn, and the final table (RULES §11.6)
    assert waited_for_the_others
    assert len(levels) > 1
    places = sorted(entrant.place or 0 for entrant in record.entrants)
    # every place from 1 to the field's size, shared places repeating their number (§7.3)
    assert all(
        place == rank or (rank > 1 and place == places[rank - 2])
        for rank, place in enumerate(places, start=1)
    ), places
    # RULES §11.8 (§7.3): the places paid get their prizes; players sharing a place share the
    # prizes of the places they cover
    prizes = director.prizes(ENTRANTS * 100, ENTRANTS) + [0] * ENTRANTS
    for place in set(places):
        sharers = [entrant.prize or 0 for entrant in record.entrants if entrant.place == place]
        assert sum(sharers) == sum(prizes[place - 1 : place - 1 + len(sharers)]), place
        assert max(sharers) - min(sharers) <= 1
    assert sum(entrant.prize or 0 for entrant in record.entrants) == ENTRANTS * 100
    assert runner.results == [night]  # for the desk to post, from what is stored:
    results = results_of(record)
    assert [line[0] for line in results["lines"]] == sorted(places)
    assert sum(line[2] for line in results["lines"]) == results["pool"] == ENTRANTS * 100
    # everyone but the winner told their place once, at the table that knocked them out
    named = sorted(name for notice in told for name, _ in notice.values["lines"])
    assert named == sorted(e.name for e in record.entrants if e.place != 1)
    assert waited_for_a_place  # someone out at hand for hand waited for another table's hand
    assert not [t for t in dealer.tables.values() if t.options.tournament is not None]


async def _step(dealer: Dealer, table: Table, clock: FakeClock, *, clicked: bool = True) -> Effects:
    """The next thing at ``table``: its actor acts (``clicked``: by themselves, a click), or
    the next hand is dealt at its time."""
    hand = table.live_hand
    if hand is None:
        if table.deadline is not None and table.deadline > clock.now:
            clock.now = table.deadline
        _, effects = await dealer.change(table.channel_id, lambda t: t.on_deadline(clock()))
        return effects
    assert hand.actor is not None
    actor = hand.actor

    async def act(locked: Table) -> Effects:
        if clicked:  # what a click does besides its id (RULES §7.5a)
            attended(locked, actor)
        return await locked.act(actor, locked.seq, pushing(locked))

    clock.advance(DECISION_SECONDS)  # the actor thought

    _, effects = await dealer.change(table.channel_id, act)
    return effects


async def test_late_entrants_sit_at_the_shortest_table_until_registration_closes(
    dealer: Dealer, store: Database, clock: FakeClock
) -> None:
    """RULES §11.4: after the start, until the end of the late-registration level (2 here),
    a newcomer pays the buy-in and sits with the starting stack at the table with the fewest
    players; a new table opens when every seat is taken; then registration is closed."""
    night = await scheduled(store, clock, seats=3, entrants=6)  # two full tables of 3
    runner = NightRunner(dealer, Threads(), random.Random(1))
    await runner.start(night)
    await runner.late_entry(night, 50, "Late")
    record = await store.night(night)
    assert record is not None
    late = next(entrant for entrant in record.entrants if entrant.user_id == 50)
    assert late.table_no == 3 and late.stack is None  # a new table, and seated there
    [third] = [t for t in dealer.tables.values() if 50 in t.seats]
    assert third.seats[50].stack == 100
    assert len(record.entrants) == 7 and record.pool == 700
    [result] = await audit(store)
    assert result.ok, result.line()
    await runner.late_entry(night, 51, "Later")  # the shortest now: the new table
    assert 51 in third.seats
    with pytest.raises(LateEntryRefused) as twice:
        await runner.late_entry(night, 51, "Again")
    assert twice.value.message.key == "night-already-registered"
    clock.advance(2 * LEVEL_MINUTES * 60 + 1)  # level 3: closed
    with pytest.raises(LateEntryRefused) as closed:
        await runner.late_entry(night, 52, "Too late")
    assert closed.value.message.key == "night-registration-closed"
    [result] = await audit(store)
    assert result.ok, result.line()


async def test_a_night_nobody_plays_ends_with_the_pool_shared_by_chips(
    dealer: Dealer, store: Database, clock: FakeClock
) -> None:
    """RULES §7.5a (§11.1): when no entrant still in, at any table, has acted by themselves for
    the server's idle time, no table deals again and the night ends as a cancel after the
    start: the pool shared by chip counts, every table closed saying why, the audit holding."""
    night = await scheduled(store, clock, seats=3, entrants=6, idle_minutes=5)
    runner = NightRunner(dealer, Threads(), random.Random(5))
    await runner.start(night)
    idle = timedelta(minutes=5)
    started = clock()
    said: list[Notice] = []
    for _ in range(20_000):
        record = await store.night(night)
        assert record is not None
        if record.status != PLAYING:
            break
        tables = [t for t in dealer.tables.values() if t.options.tournament is not None]
        active = [t for t in tables if t.live_hand is not None or t.deadline is not None]
        assert active, "every table waits, and the night goes on"
        table = min(active, key=lambda t: (t.live_hand is None, t.channel_id))
        if table.deadline is not None and table.deadline > clock.now:
            clock.now = table.deadline  # nobody acts: each turn's time runs out (RULES §6.1)
        _, effects = await dealer.change(table.channel_id, lambda t: t.on_deadline(clock()))
        if effects.director_due:
            chips = {user: seat.stack for t in tables for user, seat in t.seats.items()}
            shown = await runner.after_hand(night)
            said.extend(n for _, e in shown for n in e.notices)
    record = await store.night(night)
    assert record is not None and record.status == CANCELLED
    assert clock() >= started + idle  # not before the idle time
    abandoned = [n for n in said if n.key == "night_abandoned"]
    assert abandoned and all(notice.values["minutes"] == 5 for notice in abandoned)
    assert not [t for t in dealer.tables.values() if t.options.tournament is not None]
    # the pool (six buy-ins) paid out by chip counts to those still in, the out paid nothing
    assert sum(e.prize or 0 for e in record.entrants) == 600
    assert all(not e.prize for e in record.entrants if e.place is not None)
    # by chip counts: each share is the pool times their part of the chips, rounded down (the
    # remainder to the chip leader), the chips as they were when the last hand ended
    total = sum(chips.values())
    for entrant in record.entrants:
        if entrant.place is None:
            fair = 600 * chips[entrant.user_id] / total
            assert fair - 1 < (entrant.prize or 0) < fair + len(chips), (entrant, chips)
    assert runner.results == [night]
    results = results_of(record)
    assert results["abandoned"] == 5 and [line[0] for line in results["lines"]][:1] == [1]
    [audited] = await audit(store)
    assert audited.ok, audited.line()
