"""A tournament night killed at any statement of the director's work (issue 44.4, RULES §11):
the start (the draw, the tables opened and dealt), a table broken (its players moved one by
one), the final table drawn, the places given together at hand for hand. Each time the bot
restarts on the database as the kill left it, the tables resume and ``NightRunner.resume``
finishes what was interrupted: nobody at two tables or at none, no chip created (the audit),
and a night played on from there pays its prizes once."""

from __future__ import annotations

import itertools
import random
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

import pytest

from bot.dealer.dealer import Dealer
from bot.store import Database
from bot.store.nights import ENDED, PLAYING, SCHEDULED, Night
from bot.tournament import director
from bot.tournament.night_runner import NightRunner
from tests.conftest import BACKENDS
from tests.dealer.conftest import CHANNEL, FakeClock
from tests.dealer.crash import Killed, KillSwitch, Places, audited, start
from tests.dealer.test_night_runner import _step, scheduled

SEED = 2
FIELD, SEATS = 10, 4  # a night where every moment below happens (three tables of 4, 3, 3)
TABLES = 3 + 1  # the draw's and one final table, whatever the kills (no late entrants here)
THREAD_IDS = itertools.count(CHANNEL * 1000)  # Discord never gives a thread's id twice


class Threads:
    async def __call__(self, night: Night, number: int) -> int:
        return next(THREAD_IDS)


@pytest.fixture(params=BACKENDS)
def places(request: pytest.FixtureRequest, tmp_path: Any) -> Places:
    if request.param == "postgresql":
        return Places(tmp_path, request.getfixturevalue("postgres_server"))
    return Places(tmp_path)


def night_tables(dealer: Dealer, night: int) -> list[Any]:
    return [
        table
        for table in dealer.tables.values()
        if table.options.tournament is not None and table.options.tournament.night == night
    ]


async def settled(store: Database, dealer: Dealer, night: int) -> None:
    """After a resume: every entrant still in sits at exactly one of the night's tables (the
    one their row names), nobody else sits there, nobody's chips are left moving, and the
    audit holds."""
    await audited(store)
    record = await store.night(night)
    assert record is not None
    assert len(record.tables) <= TABLES, "a second final table"
    if record.status != PLAYING:
        assert not night_tables(dealer, night)
        return
    seated = [
        (user, table.channel_id) for table in night_tables(dealer, night) for user in table.seats
    ]
    users = [user for user, _ in seated]
    assert len(users) == len(set(users)), "someone at two tables"
    assert sorted(users) == sorted(e.user_id for e in record.still_in), "someone at none"
    assert all(e.stack is None for e in record.still_in), "chips left moving"
    threads = {entry.number: entry.thread_id for entry in record.tables if not entry.broken}
    for entrant in record.still_in:
        assert (entrant.user_id, threads[entrant.table_no or 0]) in seated


Director = Callable[[], Awaitable[object]]


async def play_on(state: dict[str, Any], clock: FakeClock, night: int, director: Director) -> None:
    """Every table plays until the night ends, ``director`` doing the director's work after
    each hand (it may restart the bot: ``state`` holds the store and dealer of the moment);
    then the prizes add up to the pool, paid once, and the audit holds."""
    for _ in range(20_000):
        store, dealer = state["store"], state["dealer"]
        record = await store.night(night)
        assert record is not None
        if record.status == ENDED:
            assert sum(entrant.prize or 0 for entrant in record.entrants) == FIELD * 100
            assert sorted(entrant.place or 0 for entrant in record.entrants)[0] == 1
            await audited(store)
            return
        tables = night_tables(dealer, night)
        active = [t for t in tables if t.live_hand is not None or t.deadline is not None]
        assert active, "every table waits for the director"
        table = min(active, key=lambda t: (t.live_hand is None, t.channel_id))
        effects = await _step(dealer, table, clock)
        if effects.director_due:
            await director()
    raise AssertionError("the night never ended")


Change = Callable[[Dealer, NightRunner], Awaitable[object]]


async def killed_at_each_statement(
    places: Places, clock: FakeClock, night: int, change: Change, *, played_on: int = 2
) -> int:
    """``change`` run on copies of the database "before", killed at each statement until it
    runs whole; each time restarted and resumed, :func:`settled` holds, and the night is
    played to its end from ``played_on`` of the kill points (the first and the middle one).
    Returns the number of statements the change took."""
    at = 0
    while True:
        copy = await places.copy("before", "killed")
        store, dealer = await start(copy, clock)
        switch = KillSwitch(store)
        switch.arm(at)
        try:
            await change(dealer, NightRunner(dealer, Threads(), random.Random(SEED)))
            killed = False
        except Killed:
            killed = True
        finally:
            await store.close()
        if not killed:
            return at
        store, dealer = await start(copy, clock)
        try:
            runner = NightRunner(dealer, Threads(), random.Random(SEED))
            record = await store.night(night)
            assert record is not None
            if record.status == SCHEDULED:  # killed before the start was written: again
                await runner.start(night)
            else:
                await runner.resume(night)
            await settled(store, dealer, night)
            if at in (0, 7)[:played_on]:
                state = {"store": store, "dealer": dealer}
                await play_on(state, clock, night, partial(runner.after_hand, night))
        finally:
            await store.close()
        at += 1


async def test_killed_while_the_night_starts(places: Places, clock: FakeClock) -> None:
    """RULES §11.2: killed during the draw and the opening of the tables."""
    url = await places.fresh("before")
    store = await Database.open(url, clock=clock)
    night = await scheduled(store, clock, seats=SEATS, entrants=FIELD)
    await store.close()

    async def start_night(dealer: Dealer, runner: NightRunner) -> object:
        return await runner.start(night)

    statements = await killed_at_each_statement(places, clock, night, start_night)
    assert statements > 20  # the draw, three tables opened, seated and dealt


async def test_killed_while_the_director_moves_breaks_and_draws_the_final_table(
    places: Places, clock: FakeClock
) -> None:
    """RULES §11.5-§11.7: the night played once; before each of the director's steps the bot
    stops (as a kill between a hand and its director would) and resumes; the first step of
    each kind (a table broken, the final table, places given together at hand for hand) is
    also killed at each of its statements. Every restart but the first comes while the other
    tables are in the middle of a hand."""
    url = await places.fresh("main")
    store = await Database.open(url, clock=clock)
    night = await scheduled(store, clock, seats=SEATS, entrants=FIELD)
    await store.close()
    store, dealer = await start(url, clock)
    lots = random.Random(SEED)  # the director's draws, one sequence across the restarts
    runner = NightRunner(dealer, Threads(), lots)
    await runner.start(night)
    seen: dict[str, int] = {}
    state: dict[str, Any] = {"store": store, "dealer": dealer}

    async def resume(dealer: Dealer, runner: NightRunner) -> object:
        return await runner.resume(night)

    async def direct() -> None:
        """Stop, keep the database as it is ("before"), restart, and resume: the director's
        step after this hand; then, if it was a new kind of step, kill it at each statement."""
        await state["store"].close()
        await places.copy("main", "before")
        store, dealer = await start(url, clock)
        before = await store.night(night)
        assert before is not None
        runner = NightRunner(dealer, Threads(), lots)
        await runner.resume(night)
        after = await store.night(night)
        assert after is not None
        await settled(store, dealer, night)
        state.update(store=store, dealer=dealer)
        kind = _kind(before, after)
        if kind is not None and kind not in seen:
            await store.close()
            seen[kind] = await killed_at_each_statement(places, clock, night, resume)
            store, dealer = await start(url, clock)
            state.update(store=store, dealer=dealer)
            await NightRunner(dealer, Threads(), lots).resume(night)

    try:
        await play_on(state, clock, night, direct)
    finally:
        await state["store"].close()
    # a table broken is players moved one by one (each off one table, then seated at the
    # other): killing each of its statements kills every moment of a move
    assert set(seen) == {"break", "final", "placed together"}, seen
    assert all(statements > 2 for statements in seen.values()), seen


def _kind(before: Night, after: Night) -> str | None:
    """What the director's step did, from the night's record before and after it."""
    if {e.number for e in after.tables} - {e.number for e in before.tables}:
        return "final"  # the only table opened after the start
    if sum(e.broken for e in after.tables) > sum(e.broken for e in before.tables):
        return "break"
    players = len(before.still_in) + len(before.awaiting_place)
    at_hand_for_hand = director.hand_for_hand(players, len(before.entrants))
    if at_hand_for_hand and len(after.awaiting_place) < len(before.awaiting_place):
        return "placed together"
    return None
