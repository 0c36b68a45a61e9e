"""The bot token's request budget (issue 43.2): never more requests in a second than its
share; what players wait for first."""

from __future__ import annotations

import asyncio
import itertools
import time

from bot.budget import RequestBudget, Urgency, share


def test_each_process_takes_its_shards_share() -> None:
    assert share(45, None, None) == 45  # alone
    assert share(45, (0, 1), 4) == 22.5  # two of four shards
    assert share(45, (3,), 4) == 11.25
    assert share(1, (0, 1), 4) == 0.5  # a part of what the token may do


async def test_never_past_the_limit_in_any_second_and_urgent_first() -> None:
    budget = RequestBudget(20)
    went: list[tuple[float, Urgency]] = []

    async def request(urgency: Urgency) -> None:
        await budget.take(urgency)
        went.append((time.monotonic(), urgency))

    later = [asyncio.create_task(request(Urgency.LATER)) for _ in range(30)]
    soon = [asyncio.create_task(request(Urgency.NOW)) for _ in range(15)]
    await asyncio.wait_for(asyncio.gather(*later, *soon), 10)
    times = sorted(at for at, _ in went)
    for first in times:  # in any window of a second, at most 20
        assert sum(1 for at in times if first <= at < first + 1.0) <= 20
    gaps = [later - earlier for earlier, later in itertools.pairwise(times)]
    # spread, not let go in a burst (a task may wake a little late, the next one on time)
    assert min(gaps) >= budget.spacing * 0.5
    waiting = [urgency for _, urgency in went[1:]]  # all but the first waited: urgent first
    assert waiting == [Urgency.NOW] * 15 + [Urgency.LATER] * 29, waiting
    assert budget.waited == 44


async def test_a_cancelled_wait_gives_its_place_away() -> None:
    budget = RequestBudget(2)
    await budget.take()
    await budget.take()
    cancelled = asyncio.create_task(budget.take(Urgency.NOW))
    waiting = asyncio.create_task(budget.take(Urgency.LATER))
    await asyncio.sleep(0.01)
    cancelled.cancel()
    await asyncio.wait_for(waiting, 3)  # went, in the place the cancelled one left
