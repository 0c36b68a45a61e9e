"""When a computer player is to act (RULES §8.1): it waits a moment, as a person would, then its
decision is computed off the event loop, in a worker process, and applied as a click is.

The dealer plans a turn after every committed change (and after a restart), and its clock
starts it when the pause is over; :meth:`~bot.dealer.dealer.Dealer.computer_acts` reads the
seat's view under the table's lock, lets the lock go while the decision is computed, and then
makes the change through the same entry point as a click (the same refusals: a prompt the
clock answered first is stale)."""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from bot.dealer import computers, workers
from bot.players.decision import Decision, choose
from bot.players.view import SeatView

if TYPE_CHECKING:
    from bot.dealer.table import Table

log = logging.getLogger(__name__)

RETRIES = 3
BROKEN_POOLS = 3  # worker pools dying in a row before decisions stay in the bot's process
COOL_DOWN = timedelta(minutes=5)  # ... for this long, then the worker pool is tried again


@dataclass(frozen=True, slots=True)
class Plan:
    user: int
    seq: int  # the prompt it answers
    at: datetime | None  # when it acts; None: started
    tries: int = 0  # started so far (a change not saved is tried again, a few times)


class ComputerTurns:
    def __init__(
        self,
        clock: Callable[[], datetime],
        *,
        pause: tuple[float, float] = (0.0, 0.0),
        workers: int = 0,
        seeds: Callable[[], int] = lambda: secrets.randbits(64),
        choose: Callable[[SeatView, str, int], Decision] = choose,
    ) -> None:
        """``pause``: seconds before a decision, drawn between the two; ``workers``: processes
        that compute decisions (0: a thread of this process, as in tests)."""
        self.clock = clock
        self.pause = pause
        self.workers = workers
        self.seeds = seeds
        self._plans: dict[int, Plan] = {}  # channel -> its computer player's turn
        self.choose = choose  # a module's function: the worker processes import it
        self._pool: Executor | None = None
        self._generation = 0  # pools started so far
        self._retired: set[int] = set()  # those reset() stopped: their failures are not theirs
        self._deaths = 0  # pools that died by themselves in a row
        self._cooling = datetime.min.replace(tzinfo=UTC)  # decide in a thread until then
        self._pauses = random.Random(secrets.randbits(64))  # how long: nothing secret

    def plan(self, table: Table) -> None:
        """After a committed change of ``table`` (under its lock): if a computer player is to
        act on a prompt not planned yet, it acts after its pause."""
        channel = table.channel_id
        found = None if table.closed else computers.turn(table)
        if found is None:
            self._plans.pop(channel, None)
            return
        user, seq = found
        planned = self._plans.get(channel)
        if planned is not None and planned.seq == seq:
            return
        seconds = self._pauses.uniform(*self.pause)
        self._plans[channel] = Plan(user, seq, self.clock() + timedelta(seconds=seconds))

    def due(self, channel: int) -> datetime | None:
        """When the planned turn starts; ``None``: none planned, or started already."""
        planned = self._plans.get(channel)
        return None if planned is None else planned.at

    def take(self, channel: int) -> Plan | None:
        """The plan to carry out now, marked as started."""
        planned = self._plans.get(channel)
        if planned is None or planned.at is None:
            return None
        self._plans[channel] = Plan(planned.user, planned.seq, None, planned.tries + 1)
        return planned

    def again(self, channel: int, seconds: float) -> bool:
        """The turn just tried could not be made (its change not saved, the table not to be
        trusted yet): try it again in ``seconds``, up to RETRIES times in all."""
        planned = self._plans.get(channel)
        if planned is None or planned.tries >= RETRIES:
            return False
        when = self.clock() + timedelta(seconds=seconds)
        self._plans[channel] = Plan(planned.user, planned.seq, when, planned.tries)
        return True

    def forget(self, channel: int) -> None:
        self._plans.pop(channel, None)

    async def decide(self, view: SeatView, level: str) -> Decision:
        """The decision, computed off the event loop (a slow decision at one table never slows
        the clicks at another). A decision whose pool was stopped for another table's stuck
        decision (:meth:`reset`) is computed again on the new pool: one table's failure is its
        own. A pool that dies by itself is started again at the next decision; after
        BROKEN_POOLS such deaths in a row, decisions are computed in a thread of this process
        for COOL_DOWN, then the pool is tried again."""
        seed = self.seeds()
        loop = asyncio.get_running_loop()
        for _ in range(BROKEN_POOLS):
            pool = self._worker_pool()
            if pool is None:
                break
            generation = self._generation
            try:
                decision = await loop.run_in_executor(pool, self.choose, view, level, seed)
            except (BrokenProcessPool, asyncio.CancelledError) as error:
                task = asyncio.current_task()
                ours = isinstance(error, asyncio.CancelledError) and (
                    generation not in self._retired or (task is not None and task.cancelling())
                )
                if ours:  # this decision itself was cancelled (its own timeout, a stop)
                    raise
                if generation in self._retired:
                    continue  # stopped for another table's stuck decision: on the new pool
                self._died(generation)
                break
            self._deaths = 0
            return decision
        return await asyncio.to_thread(self.choose, view, level, seed)

    def _worker_pool(self) -> Executor | None:
        """The worker processes' pool (started on demand), or ``None``: decide in a thread."""
        if self.workers <= 0 or self.clock() < self._cooling:
            return None
        if self._pool is None:
            self._pool = workers.pool(self.workers)
            self._generation += 1
        return self._pool

    def _died(self, generation: int) -> None:
        """The pool of ``generation`` died by itself (not stopped by :meth:`reset`)."""
        if generation == self._generation:
            self._pool = None
            self._deaths += 1
        if self._deaths >= BROKEN_POOLS:
            self._deaths = 0
            self._cooling = self.clock() + COOL_DOWN
            log.error(
                "the computer players' worker processes keep dying; their decisions are"
                " computed in the bot's own process for %d s (BOT_WORKERS)",
                COOL_DOWN.total_seconds(),
            )
        else:
            log.warning("the computer players' worker process died; a new one is started")

    def reset(self) -> None:
        """Stop the worker processes, even one stuck in a decision (a timeout); a new pool
        starts at the next decision, and the decisions the old one held are made again."""
        pool, self._pool = self._pool, None
        self._retired.add(self._generation)
        if isinstance(pool, ProcessPoolExecutor):
            for process in list(getattr(pool, "_processes", {}).values()):
                process.terminate()  # no public way to stop a busy worker
            pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        self.reset()
