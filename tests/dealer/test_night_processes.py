"""Issue 44.4, shards: a tournament night is directed by the process that holds its tables.
Two processes on one PostgreSQL database (a rolling restart: the new one starts while the old
still deals): the new one leaves the night alone while the old holds its tables, and takes it
whole (tables and director) once the old one dies, the night then played to its prizes."""

from __future__ import annotations

import random
from functools import partial

from bot.tournament.night_runner import NightRunner
from tests.dealer.conftest import FakeClock
from tests.dealer.test_leases import Start, start  # noqa: F401 (the processes' fixture)
from tests.dealer.test_night_kills import SEATS, Threads, night_tables, play_on, settled
from tests.dealer.test_night_runner import scheduled


async def test_a_night_passes_whole_to_the_process_that_takes_its_tables(
    start: Start,  # noqa: F811 (the fixture imported above)
    clock: FakeClock,
) -> None:
    old = await start("old", None)
    night = await scheduled(old.store, clock, seats=SEATS, entrants=10)
    await NightRunner(old.dealer, Threads(), random.Random(2)).start(night)
    threads = sorted(t.channel_id for t in night_tables(old.dealer, night))
    assert len(threads) == 3
    new = await start("new", None)
    runner = NightRunner(new.dealer, Threads(), random.Random(2))
    before = await new.store.night(night)
    assert await runner.resume(night) == []  # at its start-up, and after any hand
    assert await runner.after_hand(night) == []
    assert await new.store.night(night) == before
    assert not night_tables(new.dealer, night)
    await old.store.close()  # killed: its connections gone, its leases pass at once
    assert sorted(await new.dealer.keep_leases()) == threads
    await runner.resume(night)
    await settled(new.store, new.dealer, night)
    state = {"store": new.store, "dealer": new.dealer}
    await play_on(state, clock, night, partial(runner.after_hand, night))
