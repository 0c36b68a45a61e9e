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
import hashlib
import logging
import os
import secrets
import socket
from collections.abc import Awaitable, Callable, Iterable
from datetime import datetime, timedelta

from bot.store import Database

log = logging.getLogger(__name__)

LEASE_SECONDS = 30.0
MARGIN = timedelta(seconds=2)  # a lease this close to its end may be another's by the time
# a request reaches Discord
# this process, for as long as it runs (a restart is a new owner: the old one's leases pass at
# once when its life lock shows it dead, else when they expire)
PROCESS_OWNER = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"

Owns = Callable[[int], bool]  # server id -> this process drives its tables


def every_server(guild: int) -> bool:
    return True


def life_key(owner: str) -> int:
    """The key of an owner's life lock (``Backend.hold_life_lock``): 31 bits of its hash."""
    return int.from_bytes(hashlib.sha256(owner.encode()).digest()[:4], "big") & 0x7FFFFFFF


class LeaseLost(Exception):
    """Another process took this table's lease: this one must not change the table."""


class LeaseKeeper:
    """Depends on the store and a clock only: the dealer asks it, and acts on its answers."""

    def __init__(
        self,
        store: Database,
        clock: Callable[[], datetime],
        *,
        owner: str,
        owns: Owns,
        seconds: float,
    ) -> None:
        self.store = store
        self.clock = clock
        self.owner = owner
        self.owns = owns
        self.length = timedelta(seconds=seconds)
        self._task: asyncio.Task[None] | None = None
        self._until: dict[int, datetime] = {}  # table -> when its lease ends, as last written

    def holds(self, table_id: int) -> bool:
        """Whether this process surely still holds the table's lease, by the expiry it last
        wrote (no query: asked before every request to Discord). A process frozen past that
        time may have lost it to another: it says nothing more of the table (issue 35.3)."""
        if not self.shared:
            return True
        until = self._until.get(table_id)
        # a short lease (LEASE_SECONDS=3, renewed every second) keeps a sixth of itself: with
        # the whole margin, it would be sure for only its first second, and every send made
        # while a late renewal was on its way was dropped
        margin = min(MARGIN, self.length / 6)
        return until is not None and self.clock() < until - margin

    def forget(self, table_id: int) -> None:
        self._until.pop(table_id, None)

    @property
    def shared(self) -> bool:
        """Other processes may use the database (PostgreSQL). A SQLite file is held by this
        process alone: its leases are taken at start-up and need no renewal and no fence."""
        return not self.store.backend.exclusive

    async def hold_life(self) -> None:
        """Before any lease: the lock that tells the other processes this one is alive."""
        if self.shared:
            await self.store.backend.hold_life_lock(life_key(self.owner))

    async def dead(self, owners: Iterable[str]) -> set[str]:
        """Of these lease owners, those whose process is dead (its life lock is free)."""
        owners = set(owners) - {self.owner}
        if not owners or not self.shared:
            return set()
        keys = {owner: life_key(owner) for owner in owners}
        living = await self.store.backend.living(set(keys.values()))
        return {owner for owner, key in keys.items() if key not in living}

    async def take(self, ids: list[int], dead: set[str] | None = None) -> set[int]:
        """Of these tables, those this process now holds: free ones, expired ones, and those
        of a dead process at once (a SIGKILL and a restart: no wait for the expiry)."""
        if dead is None:
            owners = [owner for table, _, owner in await self.store.lease_owners(self.owner)
                      if table in ids]  # fmt: skip
            dead = await self.dead(owners)
        now = self.clock()
        taken: set[int] = await self.store.take_leases(
            self.owner,
            ids,
            until=now + self.length,
            now=now,
            force=not self.shared,
            dead=sorted(dead),
        )
        self._until.update(dict.fromkeys(taken, now + self.length))
        return taken

    async def fence(self, table_id: int) -> datetime | None:
        """Inside a change's transaction: raises :class:`LeaseLost` if the lease is gone;
        returns the new end it wrote (for :meth:`held_until` once the change is committed)."""
        if not self.shared:
            return None
        until = self.clock() + self.length
        if not await self.store.fence(table_id, self.owner, until=until):
            self.forget(table_id)
            raise LeaseLost(table_id)
        return until

    def held_until(self, table_id: int, until: datetime | None) -> None:
        """A lease's end, written by a change now committed (or by the table's creation)."""
        if until is not None:
            self._until[table_id] = until

    def start(self, beat: Callable[[], Awaitable[object]]) -> None:
        """Call ``beat`` (the dealer's) every third of a lease."""
        if self.shared and (self._task is None or self._task.done()):
            self._task = asyncio.create_task(self._run(beat), name="dealer-leases")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            await asyncio.wait([task])

    async def release(self) -> None:
        self._until.clear()
        await self.store.release_leases(self.owner)

    async def _run(self, beat: Callable[[], Awaitable[object]]) -> None:
        while True:
            await asyncio.sleep(self.length.total_seconds() / 3)
            try:
                await beat()
            except Exception as error:  # the database is away: try again at the next beat
                log.warning("leases not renewed (%s: %s)", type(error).__name__, error)

    async def renew(self) -> tuple[set[int], set[int]]:
        """One beat: renew what this process holds; take the tables of its servers that
        nobody drives (no lease, an expired one, a dead process's). Returns (the ids lost to
        another process, the ids just taken): the dealer drops what it lost and resumes what
        it took."""
        await self.hold_life()  # still held (taken again if its connection was lost)
        known = dict(self._until)  # before the renewal: a table created (or fenced) after it
        # is not among the ids it returns, yet it is this process's
        now = self.clock()
        held = await self.store.renew_leases(self.owner, until=now + self.length)
        lost = {table for table, until in known.items()
                if table not in held and self._until.get(table) == until}  # fmt: skip
        # merged, not replaced: a table closed meanwhile (its row gone) keeps its end, so its
        # outbox sends its last messages; one lost to another process is forgotten by the
        # dealer (``forget``), and any other end passes by itself
        self._until.update(dict.fromkeys(held, now + self.length))
        free = [table for table, guild in await self.store.unleased_tables(self.owner, now=now)
                if self.owns(guild)]  # fmt: skip
        others = [(table, owner) for table, guild, owner in
                  await self.store.lease_owners(self.owner) if self.owns(guild)]  # fmt: skip
        dead = await self.dead(owner for _, owner in others)
        free += [table for table, owner in others if owner in dead and table not in free]
        taken = await self.take(free, dead) if free else set()
        return lost, taken
