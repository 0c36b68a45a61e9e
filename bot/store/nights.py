"""Multi-table tournaments (RULES §11, issue 44): scheduled, registered, played at several tables.

A tournament night has an id of its own (not a table's). Its prize pool is an account of its
own, as a sit & go's: a buy-in is a ledger row ("entry", ``multi_id`` naming the tournament)
from the entrant's wallet (a computer player's from the house) to the pool; a refund or a prize
takes from it. Its tables are ordinary tables (``card_tables``) of tournament chips, listed in
``multi_tables``; an entrant's chips are at their table, or, while the director moves them,
in their entrant row (``stack``): the audit counts both.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from bot.store.backend import Session, StoreError
from bot.store.house import account
from bot.store.tournaments import add_to_pool
from bot.store.wallets import WalletStore

SCHEDULED, PLAYING, ENDED, CANCELLED = "scheduled", "playing", "ended", "cancelled"


class EntrantsChanged(StoreError):
    """The entrants changed between the draw and its writing: draw again."""


OPEN = (SCHEDULED, PLAYING)


@dataclass(frozen=True, slots=True)
class NightEntrant:
    user_id: int
    name: str
    table_no: int | None
    seat: int | None
    stack: int | None  # chips held while moving between tables
    moves: int
    place: int | None
    prize: int | None
    out_hand: int | None = None  # the hand that knocked them out (placed, or waiting for it)
    out_chips: int | None = None  # what they brought to that hand (RULES §7.3's order)


@dataclass(frozen=True, slots=True)
class NightTable:
    number: int
    thread_id: int | None
    table_id: int | None
    broken: bool


@dataclass(frozen=True, slots=True)
class Night:
    id: int
    guild_id: int
    channel_id: int
    host_id: int
    name: str
    terms: str  # JSON of bot.tournament.night.NightTerms
    buy_in: int
    starting_chips: int
    pool: int
    status: str
    starts_at: datetime
    started_at: datetime | None
    entrants: tuple[NightEntrant, ...]
    tables: tuple[NightTable, ...]
    lobby_message_id: int | None = None
    event_id: int | None = None
    reminded: bool = False
    final_table: int | None = None  # its number, once the final table's draw began

    @property
    def still_in(self) -> list[NightEntrant]:
        """Entrants with chips (at a table, or moving between tables)."""
        return [e for e in self.entrants if e.place is None and e.out_hand is None]

    @property
    def awaiting_place(self) -> list[NightEntrant]:
        """Knocked out, their place not given yet (RULES §11.7)."""
        return [e for e in self.entrants if e.place is None and e.out_hand is not None]


_NIGHT = (
    "SELECT id, guild_id, channel_id, host_id, name, terms, buy_in, starting_chips, pool,"
    " status, starts_at, started_at, lobby_message_id, event_id, reminded, final_table"
    " FROM multi_tournaments"
)


class NightStore(WalletStore):
    async def schedule_night(
        self,
        *,
        guild: int,
        channel: int,
        host: int,
        name: str,
        terms: str,
        buy_in: int,
        starting_chips: int,
        starts_at: datetime,
    ) -> int:
        async with self.transaction() as db:
            return await db.insert(
                "INSERT INTO multi_tournaments (guild_id, channel_id, host_id, name, terms,"
                " buy_in, starting_chips, status, starts_at, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    guild,
                    channel,
                    host,
                    name,
                    terms,
                    buy_in,
                    starting_chips,
                    SCHEDULED,
                    starts_at.astimezone(UTC).isoformat(),
                    self._now(),
                ),
            )

    async def enter_night(self, *, night: int, user: int, name: str) -> int:
        """RULES §11.1 (§7.1): before the start, the buy-in from the wallet (a computer
        player's from the house) to the pool. Returns the wallet's balance."""
        async with self.transaction() as db:
            guild, channel, buy_in, _ = await _registering(db, night)
            return await self._buy_in(db, night, (guild, channel, buy_in), user, name)

    async def enter_night_late(
        self, *, night: int, user: int, name: str, table_no: int, seat: int
    ) -> int:
        """RULES §11.4: after the start, the buy-in into the pool and the starting stack with
        the entrant until the table drawn for them seats them. Returns the wallet's balance."""
        async with self.transaction() as db:
            guild, channel, buy_in, chips = await _registering(db, night, PLAYING)
            seated = (table_no, seat, chips)
            return await self._buy_in(
                db, night, (guild, channel, buy_in), user, name, seated=seated
            )

    async def _buy_in(
        self,
        db: Session,
        night: int,
        where: tuple[int, int, int],
        user: int,
        name: str,
        *,
        seated: tuple[int, int, int] | None = None,
    ) -> int:
        """An entrant's buy-in from their wallet (a computer's from the house) into the pool,
        and their row; ``seated``: (table, seat, stack) of a late entrant. The balance left."""
        guild, channel, buy_in = where
        balance = await self._change_wallet(
            db,
            guild=guild,
            user=account(user),
            delta=-buy_in,
            reason="entry",
            channel=channel,
            multi=night,
        )
        await add_to_pool(db, "multi_tournaments", night, buy_in)
        table_no, seat, stack = seated or (None, None, None)
        await db.execute(
            "INSERT INTO multi_entrants"
            " (tournament_id, user_id, name, registered_at, table_no, seat, stack)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (night, user, name, self._now(), table_no, seat, stack),
        )
        return balance

    async def leave_night(self, *, night: int, user: int) -> int:
        """Before the start: the entry goes and the buy-in comes back. Returns the refund."""
        async with self.transaction() as db:
            guild, channel, buy_in, _ = await _registering(db, night)
            gone = await db.execute(
                "DELETE FROM multi_entrants WHERE tournament_id = ? AND user_id = ?",
                (night, user),
            )
            if not gone:
                return 0
            await add_to_pool(db, "multi_tournaments", night, -buy_in)
            await self._change_wallet(
                db,
                guild=guild,
                user=account(user),
                delta=buy_in,
                reason="refund",
                channel=channel,
                multi=night,
            )
            return buy_in

    async def pay_night(
        self, *, night: int, paid: Iterable[tuple[int, int, int | None]], status: str
    ) -> None:
        """The end (or a cancel): every (user, chips, place) paid from the pool to a wallet,
        the pool emptied, its tables' seats freed (tournament chips), in one transaction."""
        async with self.transaction() as db:
            rows = await db.fetch(
                "SELECT guild_id, channel_id, status FROM multi_tournaments WHERE id = ?"
                + db.for_update,
                (night,),
            )
            if not rows or rows[0][2] not in OPEN:
                raise StoreError(f"tournament night {night} has ended")
            guild, channel = int(rows[0][0]), int(rows[0][1])
            reason = "prize" if status == ENDED else "refund"
            for user, chips, place in paid:
                if chips:
                    await add_to_pool(db, "multi_tournaments", night, -chips)
                    await self._change_wallet(
                        db,
                        guild=guild,
                        user=account(user),
                        delta=chips,
                        reason=reason,
                        channel=channel,
                        multi=night,
                    )
                await db.execute(
                    "UPDATE multi_entrants SET prize = ?, place = COALESCE(?, place), stack = NULL"
                    " WHERE tournament_id = ? AND user_id = ?",
                    (chips, place, night, user),
                )
            await db.execute(
                "DELETE FROM table_seats WHERE table_id IN"
                " (SELECT table_id FROM multi_tables WHERE tournament_id = ?)",
                (night,),
            )
            left = await db.fetchval("SELECT pool FROM multi_tournaments WHERE id = ?", (night,))
            if left:
                raise StoreError(f"tournament night {night} would end with {left} chips unpaid")
            await db.execute(
                "UPDATE multi_tournaments SET status = ?, ended_at = ? WHERE id = ?",
                (status, self._now(), night),
            )

    async def start_night(
        self, night: int, seats: dict[int, dict[int, int]], starting_chips: int
    ) -> None:
        """RULES §11.2: every entrant's table and seat drawn; their starting stacks with them
        until their table seats them. Registration closes here: the draw must seat exactly the
        entrants of that moment (else :class:`EntrantsChanged`, nothing written)."""
        async with self.transaction() as db:
            changed = await db.execute(
                "UPDATE multi_tournaments SET status = ?, started_at = ?"
                " WHERE id = ? AND status = ?",
                (PLAYING, self._now(), night, SCHEDULED),
            )
            if not changed:
                raise StoreError(f"tournament night {night} is not waiting to start")
            entered = {
                int(row[0])
                for row in await db.fetch(
                    "SELECT user_id FROM multi_entrants WHERE tournament_id = ?", (night,)
                )
            }
            if entered != {user for seated in seats.values() for user in seated.values()}:
                raise EntrantsChanged(f"tournament night {night}: someone (un)registered")
            for table_no, seated in seats.items():
                for seat, user in seated.items():
                    await db.execute(
                        "UPDATE multi_entrants SET table_no = ?, seat = ?, stack = ?"
                        " WHERE tournament_id = ? AND user_id = ?",
                        (table_no, seat, starting_chips, night, user),
                    )

    async def open_night_table(self, night: int, table_no: int, *, thread: int, table: int) -> None:
        """A table of the night, dealt in ``thread``."""
        await self._write_one(
            "INSERT INTO multi_tables (tournament_id, table_no, thread_id, table_id)"
            " VALUES (?, ?, ?, ?)",
            (night, table_no, thread, table),
        )

    async def night_table(self, thread: int) -> tuple[str, int] | None:
        """The night whose table was dealt in ``thread``, and its number there (``None``: not
        a night's). By thread: a closed table's id is no longer kept with the night."""
        rows = await self._rows(
            "SELECT t.name, m.table_no FROM multi_tables m"
            " JOIN multi_tournaments t ON t.id = m.tournament_id WHERE m.thread_id = ?",
            (thread,),
        )
        return (str(rows[0][0]), int(rows[0][1])) if rows else None

    async def draw_final_table(self, night: int, table_no: int) -> None:
        """RULES §11.6: the final table's draw begins, at table ``table_no``."""
        await self._write_one(
            "UPDATE multi_tournaments SET final_table = ? WHERE id = ? AND final_table IS NULL",
            (table_no, night),
        )

    async def break_night_table(self, night: int, table_no: int) -> None:
        await self._write_one(
            "UPDATE multi_tables SET broken = 1, table_id = NULL"
            " WHERE tournament_id = ? AND table_no = ?",
            (night, table_no),
        )

    async def seat_from_night(
        self, *, night: int, user: int, table: int, seat: int, name: str
    ) -> int:
        """A table of the night seats an entrant whose chips are with them (drawn, moved, or
        late): the chips go from their entrant row to the seat. Returns the stack."""
        async with self.transaction() as db:
            stack = await db.fetchval(
                "SELECT stack FROM multi_entrants WHERE tournament_id = ? AND user_id = ?"
                " AND stack IS NOT NULL" + db.for_update,
                (night, user),
            )
            if stack is None:
                raise StoreError(f"entrant {user} of night {night} has no chips to sit with")
            await db.execute(
                "UPDATE multi_entrants SET stack = NULL, seat = ?"
                " WHERE tournament_id = ? AND user_id = ?",
                (seat, night, user),
            )
            await db.execute(
                "INSERT INTO table_seats (table_id, user_id, seat, stack, name)"
                " VALUES (?, ?, ?, ?, ?)",
                (table, user, seat, int(stack), name),
            )
            return int(stack)

    async def move_from_table(
        self, *, night: int, user: int, table: int, to_table: int, to_seat: int
    ) -> int:
        """RULES §11.5, §11.6: an entrant leaves their table's seat for another table, their
        chips with them until it seats them. Returns the stack."""
        async with self.transaction() as db:
            stack = await db.fetchval(
                "SELECT stack FROM table_seats WHERE table_id = ? AND user_id = ?" + db.for_update,
                (table, user),
            )
            if stack is None:
                raise StoreError(f"entrant {user} is not seated at table {table}")
            await db.execute(
                "DELETE FROM table_seats WHERE table_id = ? AND user_id = ?", (table, user)
            )
            await db.execute(
                "UPDATE multi_entrants SET table_no = ?, seat = ?, stack = ?, moves = moves + 1"
                " WHERE tournament_id = ? AND user_id = ?",
                (to_table, to_seat, int(stack), night, user),
            )
            return int(stack)

    async def knock_out_of_night(
        self, *, night: int, user: int, table: int, hand: int, chips: int
    ) -> None:
        """RULES §11.1 (§7.3): out of chips in ``hand``, to which they brought ``chips``; the
        empty seat goes. Their place is the director's to give (:meth:`place_night_outs`)."""
        async with self.transaction() as db:
            await db.execute(
                "DELETE FROM table_seats WHERE table_id = ? AND user_id = ? AND stack = 0",
                (table, user),
            )
            await db.execute(
                "UPDATE multi_entrants SET out_hand = ?, out_chips = ?"
                " WHERE tournament_id = ? AND user_id = ? AND place IS NULL",
                (hand, chips, night, user),
            )

    async def place_night_outs(self, night: int, places: Iterable[tuple[int, int]]) -> None:
        """RULES §11.7: the places of knocked-out entrants, (user, place), given once."""
        async with self.transaction() as db:
            for user, place in places:
                await db.execute(
                    "UPDATE multi_entrants SET place = ? WHERE tournament_id = ? AND user_id = ?"
                    " AND place IS NULL AND out_hand IS NOT NULL",
                    (place, night, user),
                )

    async def set_night_terms(self, night: int, terms: str) -> None:
        """A private night's invitations changed (its terms' table options)."""
        await self._write_one("UPDATE multi_tournaments SET terms = ? WHERE id = ?", (terms, night))

    async def set_night_lobby(
        self, night: int, *, message: int | None = None, event: int | None = None
    ) -> None:
        """The lobby message posted in the channel, the Discord scheduled event made."""
        await self._write_one(
            "UPDATE multi_tournaments SET lobby_message_id = COALESCE(?, lobby_message_id),"
            " event_id = COALESCE(?, event_id) WHERE id = ?",
            (message, event, night),
        )

    async def night_reminded(self, night: int) -> bool:
        """Marks the night's reminder as sent; False if it was already (sent once)."""
        return bool(
            await self._write_one(
                "UPDATE multi_tournaments SET reminded = 1 WHERE id = ? AND reminded = 0",
                (night,),
            )
        )

    async def nights_to_announce(self) -> list[int]:
        """Nights ended (or abandoned under way, RULES §7.5a) whose results are not posted
        yet, oldest first."""
        rows = await self._rows(
            "SELECT id FROM multi_tournaments WHERE results_posted = 0"
            " AND (status = ? OR (status = ? AND started_at IS NOT NULL))"
            " ORDER BY starts_at, id",
            (ENDED, CANCELLED),
        )
        return [int(row[0]) for row in rows]

    async def nights_left_open(self) -> list[int]:
        """Nights over (ended or cancelled) with a table not yet marked broken: a kill came
        between the prizes and the tables' closing."""
        rows = await self._rows(
            "SELECT DISTINCT m.tournament_id FROM multi_tables m"
            " JOIN multi_tournaments t ON t.id = m.tournament_id"
            " WHERE m.broken = 0 AND t.status IN (?, ?) ORDER BY m.tournament_id",
            (ENDED, CANCELLED),
        )
        return [int(row[0]) for row in rows]

    async def night_announced(self, night: int) -> None:
        await self._write_one(
            "UPDATE multi_tournaments SET results_posted = 1 WHERE id = ?", (night,)
        )

    async def nights_of(self, *, status: Iterable[str], guild: int | None = None) -> list[int]:
        """The ids of the nights of ``status`` (of ``guild``, or every server), soonest first."""
        wanted = list(status)
        marks = ", ".join("?" for _ in wanted)
        where = f"status IN ({marks})" + (" AND guild_id = ?" if guild is not None else "")
        given = (*wanted, *(() if guild is None else (guild,)))
        rows = await self._rows(
            f"SELECT id FROM multi_tournaments WHERE {where} ORDER BY starts_at, id",
            given,
        )
        return [int(row[0]) for row in rows]

    async def night(self, night: int) -> Night | None:
        async with self.transaction() as db:
            rows = await db.fetch(_NIGHT + " WHERE id = ?", (night,))
            if not rows:
                return None
            row = rows[0]
            entrants = await db.fetch(
                "SELECT user_id, name, table_no, seat, stack, moves, place, prize, out_hand,"
                " out_chips FROM multi_entrants WHERE tournament_id = ?"
                " ORDER BY registered_at, user_id",
                (night,),
            )
            tables = await db.fetch(
                "SELECT table_no, thread_id, table_id, broken FROM multi_tables"
                " WHERE tournament_id = ? ORDER BY table_no",
                (night,),
            )
        return Night(
            id=int(row[0]),
            guild_id=int(row[1]),
            channel_id=int(row[2]),
            host_id=int(row[3]),
            name=str(row[4]),
            terms=str(row[5]),
            buy_in=int(row[6]),
            starting_chips=int(row[7]),
            pool=int(row[8]),
            status=str(row[9]),
            starts_at=datetime.fromisoformat(str(row[10])),
            started_at=None if row[11] is None else datetime.fromisoformat(str(row[11])),
            lobby_message_id=_int(row[12]),
            event_id=_int(row[13]),
            reminded=bool(row[14]),
            final_table=_int(row[15]),
            entrants=tuple(
                NightEntrant(
                    user_id=int(e[0]),
                    name=str(e[1]),
                    table_no=_int(e[2]),
                    seat=_int(e[3]),
                    stack=_int(e[4]),
                    moves=int(e[5]),
                    place=_int(e[6]),
                    prize=_int(e[7]),
                    out_hand=_int(e[8]),
                    out_chips=_int(e[9]),
                )
                for e in entrants
            ),
            tables=tuple(
                NightTable(
                    number=int(t[0]), thread_id=_int(t[1]), table_id=_int(t[2]), broken=bool(t[3])
                )
                for t in tables
            ),
        )


async def _registering(
    db: Session, night: int, status: str = SCHEDULED
) -> tuple[int, int, int, int]:
    """A night taking entries (before its start, or late ones once ``PLAYING``), its row
    locked: (its server, its channel, its buy-in, its starting stack)."""
    rows = await db.fetch(
        "SELECT guild_id, channel_id, buy_in, starting_chips FROM multi_tournaments"
        " WHERE id = ? AND status = ?" + db.for_update,
        (night, status),
    )
    if not rows:
        raise StoreError("registration is closed")
    guild, channel, buy_in, chips = (int(value) for value in rows[0])
    return guild, channel, buy_in, chips


def _int(value: Any) -> int | None:
    return None if value is None else int(value)
