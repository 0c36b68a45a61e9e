"""Tables, their seats and their changing state; notices waiting to be posted."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bot.store.backend import Conflict, StoreError
from bot.store.base import StoreBase
from bot.store.leases import stamp
from bot.store.records import (
    PendingNotice,
    SeatState,
    StoredHand,
    StoredSeat,
    StoredTable,
    TableState,
    engine_record,
    stored_names,
)

_TABLE_COLUMNS = (
    "id, channel_id, guild_id, host_id, options, message_id, deadline, deadline_kind, running,"
    " closing, seq, button_seat, hand_id, hands_dealt, next_seed"
)


def _when(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


class TableStore(StoreBase):
    async def create_table(
        self,
        *,
        channel: int,
        guild: int,
        host: int,
        options: str,
        lease: tuple[str, datetime] | None = None,
        next_seed: str | None = None,
        practice: bool = False,
    ) -> int:
        """A new table; its id is never used again, so its buttons never reach a later one.
        ``lease``: its process and until when (``bot.store.leases``); ``next_seed``: the server
        seed of its first hand, committed to on its first message."""
        owner, until = lease if lease is not None else (None, None)
        try:
            async with self.transaction() as db:
                return await db.insert(
                    "INSERT INTO card_tables (channel_id, guild_id, host_id, options, created_at,"
                    " lease_owner, lease_until, next_seed, practice)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        channel,
                        guild,
                        host,
                        options,
                        self._now(),
                        owner,
                        stamp(until) if until is not None else None,
                        next_seed,
                        int(practice),
                    ),
                )
        except Conflict:
            raise StoreError(
                "This channel already has a table: use it, or /poker end it first."
            ) from None

    async def delete_table(self, table: int) -> None:
        async with self.transaction() as db:
            if await db.fetchval("SELECT COUNT(*) FROM table_seats WHERE table_id = ?", (table,)):
                raise StoreError("a table with seated players cannot be removed")
            await db.execute("DELETE FROM card_tables WHERE id = ?", (table,))

    async def save_state(self, table: int, state: TableState) -> None:
        await self._write_one(
            "UPDATE card_tables SET message_id = ?, deadline = ?, deadline_kind = ?, running = ?,"
            " closing = ?, seq = ?, button_seat = ?, hand_id = ?, hands_dealt = ?, next_seed = ?"
            " WHERE id = ?",
            (
                state.message_id,
                state.deadline.isoformat() if state.deadline else None,
                state.deadline_kind,
                int(state.running),
                int(state.closing),
                state.seq,
                state.button_seat,
                state.hand_id,
                state.hands_dealt,
                state.next_seed,
                table,
            ),
        )

    async def save_options(self, table: int, options: str, *, practice: bool = False) -> None:
        """``practice``: the table plays for practice chips (RULES §8.4), which only /poker bots
        at a table nobody sits at turns on."""
        await self._write_one(
            "UPDATE card_tables SET options = ?, practice = ? WHERE id = ?",
            (options, int(practice), table),
        )

    async def save_seat(self, table: int, user: int, state: SeatState) -> None:
        await self._write_one(
            "UPDATE table_seats SET name = ?, sitting_out = ?, leaving = ?, timeouts = ?, bank = ?,"
            " sat_out_at = ? WHERE table_id = ? AND user_id = ?",
            (
                state.name,
                int(state.sitting_out),
                int(state.leaving),
                state.timeouts,
                state.bank,
                state.sat_out_at.isoformat() if state.sat_out_at else None,
                table,
                user,
            ),
        )

    async def set_message(self, table: int, message_id: int | None) -> None:
        await self._write_one(
            "UPDATE card_tables SET message_id = ? WHERE id = ?", (message_id, table)
        )

    async def seats(self, table: int) -> dict[int, int]:
        rows = await self._rows(
            "SELECT user_id, stack FROM table_seats WHERE table_id = ?", (table,)
        )
        return {int(row[0]): int(row[1]) for row in rows}

    async def load_tables(
        self, channel: int | None = None, *, ids: Sequence[int] | None = None
    ) -> list[StoredTable]:
        """Every open table (or the one of ``channel``, or those of ``ids``) with its seats and
        its latest hand, in four queries whatever their number."""
        where: str
        parameters: tuple[Any, ...]
        if channel is not None:
            where, parameters = "WHERE channel_id = ?", (channel,)
        elif ids is not None:
            if not ids:
                return []
            where, parameters = f"WHERE id IN ({', '.join('?' * len(ids))})", tuple(ids)
        else:
            where, parameters = "", ()
        tables = await self._rows(f"SELECT {_TABLE_COLUMNS} FROM card_tables {where}", parameters)
        if not tables:
            return []
        chosen = f"SELECT id FROM card_tables {where}"
        seats: dict[int, list[StoredSeat]] = defaultdict(list)
        for row in await self._rows(
            "SELECT table_id, user_id, seat, stack, name, sitting_out, leaving, timeouts, bank,"
            f" sat_out_at FROM table_seats WHERE table_id IN ({chosen}) ORDER BY seat",
            parameters,
        ):
            seats[int(row[0])].append(
                StoredSeat(
                    user_id=int(row[1]),
                    seat=int(row[2]),
                    stack=int(row[3]),
                    name=str(row[4]),
                    sitting_out=bool(row[5]),
                    leaving=bool(row[6]),
                    timeouts=int(row[7]),
                    bank=None if row[8] is None else int(row[8]),
                    sat_out_at=_when(row[9]),
                )
            )
        latest = f"SELECT hand_id FROM card_tables {where}"
        hands = await self._load_hands(latest, parameters)
        found: list[StoredTable] = []
        for row in tables:
            hand_id = None if row[12] is None else int(row[12])
            hand, problem = hands.get(hand_id, (None, None)) if hand_id else (None, None)
            found.append(
                StoredTable(
                    id=int(row[0]),
                    channel_id=int(row[1]),
                    guild_id=int(row[2]),
                    host_id=int(row[3]),
                    options=str(row[4]),
                    state=TableState(
                        message_id=None if row[5] is None else int(row[5]),
                        deadline=_when(row[6]),
                        deadline_kind=row[7],
                        running=bool(row[8]),
                        closing=bool(row[9]),
                        seq=int(row[10]),
                        button_seat=None if row[11] is None else int(row[11]),
                        hand_id=hand_id,
                        hands_dealt=int(row[13]),
                        next_seed=None if row[14] is None else str(row[14]),
                    ),
                    seats=tuple(seats[int(row[0])]),
                    hand=hand,
                    problems=[problem] if problem else [],
                )
            )
        return found

    async def _load_hands(
        self, ids: str, parameters: tuple[Any, ...]
    ) -> dict[int, tuple[StoredHand | None, str | None]]:
        actions: dict[int, list[tuple[str, bool]]] = defaultdict(list)
        for row in await self._rows(
            "SELECT hand_id, action, by_clock FROM hand_actions"
            f" WHERE hand_id IN ({ids}) ORDER BY hand_id, number",
            parameters,
        ):
            actions[int(row[0])].append((str(row[1]), bool(row[2])))
        found: dict[int, tuple[StoredHand | None, str | None]] = {}
        for row in await self._rows(
            "SELECT id, record_version, config, deck, reshuffle_seed, names, shuffle, ended_at"
            f" FROM hands WHERE id IN ({ids})",
            parameters,
        ):
            hand_id = int(row[0])
            try:
                logged = actions[hand_id]
                record = engine_record(
                    version=row[1],
                    config=row[2],
                    deck=row[3],
                    reshuffle_seed=row[4],
                    shuffle=row[6],
                    actions=[text for text, _ in logged],
                )
                names = stored_names(row[5])
                hand = StoredHand(
                    id=hand_id,
                    record_version=int(row[1]),
                    record=record,
                    by_clock=tuple(clock for _, clock in logged),
                    names=names,
                    ended=row[7] is not None,
                )
                found[hand_id] = (hand, None)
            except (ValueError, TypeError, AttributeError) as error:
                found[hand_id] = (None, f"hand #{hand_id} is unreadable ({type(error).__name__})")
        return found

    # ------------------------------------------------------------------ notices

    async def add_notice(self, *, channel: int, guild: int, notice: dict[str, Any]) -> int:
        """A notice that must reach a channel even if the bot stops before it is posted."""
        async with self.transaction() as db:
            return await db.insert(
                "INSERT INTO pending_notices (channel_id, guild_id, notice, created_at)"
                " VALUES (?, ?, ?, ?)",
                (channel, guild, json.dumps(notice), self._now()),
            )

    async def pending_notices(self, up_to: int | None = None) -> list[PendingNotice]:
        """Notices not posted yet (those stored up to the id ``up_to``), oldest first."""
        rows = await self._rows(
            "SELECT id, channel_id, guild_id, notice FROM pending_notices WHERE id <= ?"
            " ORDER BY id",
            (2**63 - 1 if up_to is None else up_to,),
        )
        return [
            PendingNotice(int(row[0]), int(row[1]), int(row[2]), json.loads(row[3])) for row in rows
        ]

    async def notices_posted(self, ids: list[int]) -> None:
        if ids:
            marks = ", ".join("?" * len(ids))
            await self._write_one(f"DELETE FROM pending_notices WHERE id IN ({marks})", tuple(ids))

    async def last_notice_id(self) -> int:
        return int(await self._one("SELECT COALESCE(MAX(id), 0) FROM pending_notices") or 0)
