"""The bot token's request budget (issue 43.2): Discord allows a bot 50 requests a second, for
all its processes together, and answers the 51st with a global 429 that counts toward the ban
of its IP (10,000 invalid requests in 10 minutes). discord.py only reacts to a 429 once it
came, each process on its own: 80 tables asked for 132 a second. Here every request a
process sends with the bot's token first waits for the budget, so that none goes past it.

Each process takes its share of the token's requests: the shards it runs among all of them
(``SHARD_IDS`` of ``SHARD_COUNT``), or all of it alone; behind a rate-limit proxy that keeps
the token's budget for every process (nirn-proxy), the operator turns it off
(``GLOBAL_REQUESTS_PER_SECOND=0``). Interaction endpoints (an answer, the edits and follow-ups
of an interaction's token) are not bound by the global limit and go at once.

When the budget is short, what players wait for goes first: the cards of a new hand and the
table message (:attr:`Urgency.NOW`), then notices and summaries (``SOON``), then what can wait,
pictures and the restart's catch-up (``LATER``). The presenter says how urgent each job is
(:data:`URGENCY`); this room decides when each request leaves."""

from __future__ import annotations

import asyncio
import functools
import heapq
import itertools
import time
from collections import deque
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from enum import IntEnum
from typing import Any

DISCORD_PER_SECOND = 50  # a bot token's global limit (Discord: Rate Limits)
DEFAULT_PER_SECOND = 40  # what the bot uses of it, alone: a margin for the network's jitter
WINDOW = 1.0  # seconds: the budget holds for every window this long
SPACING_SLACK = 2.0  # two requests at most twice as close as an even share of the window
GUARDED = "_poker_budget_guard"


class Urgency(IntEnum):
    NOW = 0  # a new hand's cards, the table message's latest state
    SOON = 1  # summaries, notices, turn notices
    LATER = 2  # pictures, a restart's catch-up, what no player waits for


URGENCY: ContextVar[Urgency] = ContextVar("urgency", default=Urgency.SOON)


def share(per_second: float, shards: tuple[int, ...] | None, shard_count: int | None) -> float:
    """This process's part of the token's budget: its shards' share of all of them."""
    if shards is None or not shard_count:
        return float(per_second)
    return per_second * len(shards) / shard_count


class RequestBudget:
    """At most ``per_second`` requests in any second; the most urgent waiting goes first, in
    the order they came among the equally urgent."""

    def __init__(self, per_second: float, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = max(int(per_second * WINDOW), 1)
        self.spacing = WINDOW / self.limit / SPACING_SLACK
        self.clock = clock
        self._sent: deque[float] = deque()  # when the requests of the last window went
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self._releasing: asyncio.Task[None] | None = None
        self.waited = 0  # requests that had to wait (for the benchmarks)

    def _room(self, now: float) -> float:
        """0 if a request may go now, else the seconds until one may: never more than the
        limit in a window, and never two closer than an even share of it (a burst let go at
        once reaches Discord bunched with the next second's, past its limit there)."""
        while self._sent and self._sent[0] <= now - WINDOW:
            self._sent.popleft()
        spaced = self._sent[-1] + self.spacing - now if self._sent else 0.0
        if len(self._sent) < self.limit:
            return max(spaced, 0.0)
        return max(self._sent[0] + WINDOW - now, spaced, 0.0)

    async def take(self, urgency: Urgency = Urgency.SOON) -> None:
        """Wait until a request of this urgency may go (counted as gone)."""
        now = self.clock()
        if not self._waiting and self._room(now) == 0.0:
            self._sent.append(now)
            return
        self.waited += 1
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (int(urgency), next(self._order), turn))
        if self._releasing is None or self._releasing.done():
            self._releasing = asyncio.create_task(self._release(), name="request-budget")
        await turn

    async def _release(self) -> None:
        """Let the waiting go, the most urgent first, as the window makes room."""
        while self._waiting:
            wait = self._room(self.clock())
            if wait > 0:
                await asyncio.sleep(wait)
                continue
            _, _, turn = heapq.heappop(self._waiting)
            if turn.done():  # its request was cancelled meanwhile
                continue
            self._sent.append(self.clock())
            turn.set_result(None)


def limit_requests(
    request: Callable[..., Awaitable[Any]], budget: RequestBudget
) -> Callable[..., Awaitable[Any]]:
    """``request`` (discord.py's ``HTTPClient.request``), each call first taking its place in
    ``budget`` at the urgency its sender set."""
    if getattr(request, GUARDED, False):
        return request

    @functools.wraps(request)  # what it is (a lease guard's mark, bot.sending) shows through
    async def limited(*args: Any, **kwargs: Any) -> Any:
        await budget.take(URGENCY.get())
        return await request(*args, **kwargs)

    setattr(limited, GUARDED, True)
    return limited


def urgent(urgency: Urgency, job: Callable[[], Awaitable[Any]]) -> Callable[[], Awaitable[Any]]:
    """``job``, its requests sent at ``urgency``."""

    async def run() -> Any:
        token = URGENCY.set(urgency)
        try:
            return await job()
        finally:
            URGENCY.reset(token)

    return run
