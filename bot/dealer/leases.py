"""Which tables this process drives, when several processes share one database.

A table belongs to the process whose Discord shards hold its server (``owns``). Holding it
takes the table's lease in the database (``bot.store.leases``): taken at start-up or when the
table is created, renewed every third of its length, let go at a clean stop. A process that
died leaves its leases to expire; then the process that owns those servers (the same one
started again, or another that took its shards) takes the tables and resumes them where they
were. A table whose lease another process took is dropped from memory at once, and every
change checks the lease in its own transaction, so two processes never drive one table.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
from collections.abc import Callable
from datetime import timedelta
from typing import TYPE_CHECKING

from bot.dealer.views import Effects

if TYPE_CHECKING:
    from bot.dealer.dealer import Dealer

log = logging.getLogger(__name__)

LEASE_SECONDS = 30.0
# this process, for as long as it runs (a restart is a new owner: it waits for the old
# leases to expire, unless the database is one only this process can open)
PROCESS_OWNER = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"

Owns = Callable[[int], bool]  # server id -> this process drives its tables


def every_server(guild: int) -> bool:
    return True


class LeaseLost(Exception):
    """Another process took this table's lease: this one must not change the table."""


class LeaseKeeper:
    def __init__(self, dealer: Dealer, *, owner: str, owns: Owns, seconds: float) -> None:
        self.dealer = dealer
        self.owner = owner
        self.owns = owns
        self.length = timedelta(seconds=seconds)
        self._task: asyncio.Task[None] | None = None

    async def take(self, ids: list[int]) -> set[int]:
        """Of these tables, those this process now holds."""
        now = self.dealer.clock()
        return await self.dealer.store.take_leases(
            self.owner, ids, until=now + self.length, now=now, force=not self.shared
        )

    @property
    def shared(self) -> bool:
        """Other processes may use the database (PostgreSQL). A SQLite file is held by this
        process alone: its leases are taken at start-up and need no renewal and no fence."""
        return not self.dealer.store.backend.exclusive

    async def fence(self, table_id: int) -> None:
        """Inside a change's transaction: raises :class:`LeaseLost` if the lease is gone."""
        if not self.shared:
            return
        until = self.dealer.clock() + self.length
        if not await self.dealer.store.fence(table_id, self.owner, until=until):
            raise LeaseLost(table_id)

    def start(self) -> None:
        if self.shared and (self._task is None or self._task.done()):
            self._task = asyncio.create_task(self._run(), name="dealer-leases")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            await asyncio.wait([task])

    async def release(self) -> None:
        await self.dealer.store.release_leases(self.owner)

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.length.total_seconds() / 3)
            try:
                await self.keep()
            except Exception as error:  # the database is away: try again at the next beat
                log.warning("leases not renewed (%s: %s)", type(error).__name__, error)

    async def keep(self) -> list[int]:
        """One beat: renew what this process holds, drop what it lost, take and resume the
        tables of its servers that nobody drives. Returns the channels resumed."""
        dealer, store = self.dealer, self.dealer.store
        now = dealer.clock()
        held = await store.renew_leases(self.owner, until=now + self.length)
        for table in list(dealer.tables.values()):
            if table.id not in held:
                await dealer.drop(table)
        free = [table for table, guild in await store.unleased_tables(self.owner, now=now)
                if self.owns(guild)]  # fmt: skip
        resumed: list[int] = []
        if free:
            for table in await dealer.bring_back(await self.take(free)):
                resumed.append(table.channel_id)
                if dealer.presenter is not None:
                    dealer.presenter.present(table, Effects(table_changed=True))
        return resumed
