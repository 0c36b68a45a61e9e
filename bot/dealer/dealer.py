"""All tables of a process: one per channel, each under its own lock, and the one clock task
that fires their deadlines (the action clock of RULES §6.1 and the pause between hands)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import datetime
from typing import Protocol

from bot.dealer.options import TableOptions
from bot.dealer.table import Table, TableError
from bot.dealer.views import Effects
from bot.poker.cards import Deck
from bot.store import Database
from bot.store.database import utc_now

log = logging.getLogger(__name__)


class Presenter(Protocol):
    """Shows a table's effects when no interaction is at hand (the clock, a new hand)."""

    async def present(self, table: Table, effects: Effects) -> None: ...


class Dealer:
    def __init__(
        self,
        store: Database,
        *,
        clock: Callable[[], datetime] = utc_now,
        deck_factory: Callable[[], Deck] = Deck.shuffled,
        hand_pause: float = 5.0,
    ) -> None:
        self.store = store
        self.clock = clock
        self.deck_factory = deck_factory
        self.hand_pause = hand_pause
        self.presenter: Presenter | None = None
        self.tables: dict[int, Table] = {}
        self._wake = asyncio.Event()
        self._clock_task: asyncio.Task[None] | None = None
        self._firing: set[int] = set()
        self._fire_tasks: set[asyncio.Task[None]] = set()

    # ------------------------------------------------------------------ tables

    async def create(self, *, channel: int, guild: int, host: int, options: TableOptions) -> Table:
        if channel in self.tables:
            raise TableError("This channel already has a table: use it, or /poker end it first.")
        await self.store.create_table(
            channel=channel, guild=guild, host=host, options=options.model_dump_json()
        )
        table = Table(
            channel_id=channel,
            guild_id=guild,
            host_id=host,
            options=options,
            store=self.store,
            clock=self.clock,
            deck_factory=self.deck_factory,
            hand_pause=self.hand_pause,
        )
        self.tables[channel] = table
        return table

    @asynccontextmanager
    async def locked(self, channel: int) -> AsyncIterator[Table]:
        """The channel's table with its lock held; every change of a table happens in here."""
        table = self.tables.get(channel)
        if table is None:
            raise TableError("There is no table in this channel: start one with /poker new.")
        async with table.lock:
            if table.closed:
                raise TableError("This table is closed: start a new one with /poker new.")
            try:
                yield table
            finally:
                if table.closed:
                    self.tables.pop(channel, None)
                self._wake.set()  # its deadline may have moved

    # ------------------------------------------------------------------ the clock

    def start_clock(self) -> None:
        if self._clock_task is None or self._clock_task.done():
            self._clock_task = asyncio.create_task(self._run_clock(), name="dealer-clock")

    async def stop_clock(self) -> None:
        task, self._clock_task = self._clock_task, None
        if task is not None:
            task.cancel()
            await asyncio.wait([task])  # raises only if the caller itself is cancelled
        if self._fire_tasks:  # let a deadline being handled finish its writes
            await asyncio.wait(set(self._fire_tasks), timeout=5)

    def wake(self) -> None:
        """Re-read the deadlines now (tests move an injected clock, then call this)."""
        self._wake.set()

    async def _run_clock(self) -> None:
        while True:
            self._wake.clear()
            now = self.clock()
            upcoming: list[datetime] = []
            for table in list(self.tables.values()):
                deadline = table.deadline
                if deadline is None:
                    continue
                if deadline <= now and table.channel_id not in self._firing:
                    self._firing.add(table.channel_id)
                    fire = asyncio.create_task(self._fire(table))
                    self._fire_tasks.add(fire)
                    fire.add_done_callback(self._fire_tasks.discard)
                elif deadline > now:
                    upcoming.append(deadline)
            timeout = (min(upcoming) - now).total_seconds() if upcoming else None
            # asyncio.timeout, not wait_for: Python 3.11's wait_for swallows a cancellation
            # that arrives as the event is set, and the clock would never stop
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(timeout):
                    await self._wake.wait()

    async def _fire(self, table: Table) -> None:
        try:
            async with self.locked(table.channel_id) as locked:
                effects = await locked.on_deadline(self.clock())
                if self.presenter is not None and (effects.table_changed or effects.notices):
                    await self.presenter.present(locked, effects)
        except TableError:
            pass
        except Exception:
            log.exception("the clock of table %d failed", table.channel_id)
        finally:
            self._firing.discard(table.channel_id)
            self._wake.set()
