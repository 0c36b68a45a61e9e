"""Seats a member may hold at once on a server (issue 20.13), counted in the step that takes
one (issue 35.2): the count and the reservation happen with no await between them, and the
reservation holds until the change that seats the member is committed or refused. Two Joins
sent at the same moment to two tables cannot both pass a limit of one."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING

from bot.dealer.errors import TableError

if TYPE_CHECKING:
    from bot.dealer.table import Table


class SeatLimit:
    def __init__(self, tables: Mapping[int, Table]) -> None:
        self._tables = tables
        self._taking: Counter[tuple[int, int, int]] = Counter()  # (guild, user, channel)

    def held(self, guild: int, user: int, *, besides: int) -> int:
        """Tables of ``guild`` where ``user`` sits or is taking a seat, ``besides`` that
        channel's."""
        seated = {
            table.channel_id
            for table in self._tables.values()
            if table.guild_id == guild and user in table.seats and not table.closed
        }
        taking = {channel for (g, u, channel) in self._taking if (g, u) == (guild, user)}
        return len((seated | taking) - {besides})

    @contextmanager
    def taking(self, guild: int, user: int, channel: int, limit: int) -> Iterator[None]:
        """Refused (``error-seat-limit``) if ``user`` holds ``limit`` seats elsewhere; else a
        seat at ``channel``'s table is theirs to take until the block ends."""
        if self.held(guild, user, besides=channel) >= limit:
            raise TableError("error-seat-limit", limit=limit)
        key = (guild, user, channel)
        self._taking[key] += 1
        try:
            yield
        finally:
            self._taking[key] -= 1
            if not self._taking[key]:
                del self._taking[key]
