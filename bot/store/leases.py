"""Leases: which process drives which table. A process holds the lease of each table it
drives (``lease_owner``) until ``lease_until``, renews them all together while it lives, and
lets them go when it stops. Every change of a table checks, in its own transaction, that the
lease is still its process's (:meth:`LeaseStore.fence`): a process that lost a lease (it
stalled past the expiry and another took the table) can never write to that table again.

Times are the processes' clocks (ISO 8601 text in UTC): machines keep them in step with NTP,
far closer than a lease's length.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from bot.store.base import StoreBase


def stamp(moment: datetime) -> str:
    """One text form for every lease time, so that text order is time order."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


class LeaseStore(StoreBase):
    async def take_leases(
        self,
        owner: str,
        ids: Sequence[int],
        *,
        until: datetime,
        now: datetime,
        force: bool,
        dead: Sequence[str] = (),
    ) -> set[int]:
        """The tables of ``ids`` that are free, expired, already ``owner``'s or held by an
        owner of ``dead`` (a process known to be dead) become ``owner``'s (``force``:
        whoever holds them; only where no other process can be alive). Returns the ids
        taken."""
        if not ids:
            return set()
        marks = ", ".join("?" * len(ids))
        gone = f" OR lease_owner IN ({', '.join('?' * len(dead))})" if dead else ""
        async with self.transaction() as db:
            rows = await db.fetch(
                f"UPDATE card_tables SET lease_owner = ?, lease_until = ? WHERE id IN ({marks})"
                f" AND (? = 1 OR lease_owner IS NULL OR lease_owner = ? OR lease_until < ?{gone})"
                " RETURNING id",
                (owner, stamp(until), *ids, int(force), owner, stamp(now), *dead),
            )
        return {int(row[0]) for row in rows}

    async def lease_owners(self, owner: str) -> list[tuple[int, int, str]]:
        """(table id, server id, lease owner) of the tables another process holds."""
        rows = await self._rows(
            "SELECT id, guild_id, lease_owner FROM card_tables"
            " WHERE lease_owner IS NOT NULL AND lease_owner <> ? ORDER BY id",
            (owner,),
        )
        return [(int(row[0]), int(row[1]), str(row[2])) for row in rows]

    async def table_in(self, channel: int) -> bool:
        """Some process has a table in this channel (this one may not drive it)."""
        return bool(await self._one("SELECT 1 FROM card_tables WHERE channel_id = ?", (channel,)))

    async def renew_leases(self, owner: str, *, until: datetime) -> set[int]:
        """Every lease ``owner`` holds, renewed; returns the ids it still holds."""
        async with self.transaction() as db:
            rows = await db.fetch(
                "UPDATE card_tables SET lease_until = ? WHERE lease_owner = ? RETURNING id",
                (stamp(until), owner),
            )
        return {int(row[0]) for row in rows}

    async def release_leases(self, owner: str) -> None:
        await self._write_one(
            "UPDATE card_tables SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = ?",
            (owner,),
        )

    async def fence(self, table: int, owner: str, *, until: datetime) -> bool:
        """Inside a change's transaction: the lease is still ``owner``'s (and is renewed).
        On PostgreSQL the row stays locked until the change commits, so nobody takes the
        table in between."""
        changed = await self._write_one(
            "UPDATE card_tables SET lease_until = ? WHERE id = ? AND lease_owner = ?",
            (stamp(until), table, owner),
        )
        return changed == 1

    async def table_servers(self) -> list[tuple[int, int]]:
        """(table id, server id) of every table, to choose those of this process's servers."""
        rows = await self._rows("SELECT id, guild_id FROM card_tables ORDER BY id")
        return [(int(row[0]), int(row[1])) for row in rows]

    async def unleased_tables(self, owner: str, *, now: datetime) -> list[tuple[int, int]]:
        """(table id, server id) of the tables nobody drives: no lease, or an expired one."""
        rows = await self._rows(
            "SELECT id, guild_id FROM card_tables WHERE lease_owner IS NULL"
            " OR (lease_owner <> ? AND lease_until < ?) ORDER BY id",
            (owner, stamp(now)),
        )
        return [(int(row[0]), int(row[1])) for row in rows]
