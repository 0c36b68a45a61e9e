"""Sit & go tournaments (RULES §7): registration, the prize pool, places and prizes.

A tournament takes the id of the table it is dealt at. Its prize pool is an account of its
own: an entrant's buy-in is a ledger row ("entry") from their wallet (a computer player's from
the house, RULES §8.2) and adds to the pool; a refund ("refund") or a prize ("prize") takes from
it. The chips at its table are tournament chips (RULES §7.1): an entrant is seated with the
starting stack and no ledger row, and an entrant knocked out leaves the table with nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from bot.store.backend import Row, Session, StoreError
from bot.store.base import marks
from bot.store.house import account
from bot.store.wallets import WalletStore

REGISTERING, PLAYING, ENDED, CANCELLED = "registering", "playing", "ended", "cancelled"
OPEN = (REGISTERING, PLAYING)
TOURNAMENT_REASONS = ("entry", "refund", "prize")


async def add_to_pool(db: Session, pools: str, tournament: int, delta: int) -> None:
    """``delta`` chips into a tournament's prize pool (``pools``: the table of its record,
    ``tournaments`` or ``multi_tournaments``), or out of it: never below zero."""
    changed = await db.execute(
        f"UPDATE {pools} SET pool = pool + ? WHERE id = ? AND pool + ? >= 0",
        (delta, tournament, delta),
    )
    if not changed:
        raise StoreError(f"the prize pool of {pools} {tournament} cannot pay {-delta}")


@dataclass(frozen=True, slots=True)
class Entrant:
    user_id: int
    name: str
    seat: int
    place: int | None
    prize: int | None
    out_hand: int | None


@dataclass(frozen=True, slots=True)
class TournamentRecord:
    id: int
    guild_id: int
    channel_id: int
    host_id: int
    variant: str
    buy_in: int
    starting_chips: int
    pool: int
    status: str
    hands: int
    started_at: str | None
    ended_at: str | None
    entrants: tuple[Entrant, ...]


@dataclass(frozen=True, slots=True)
class TournamentStats:
    played: int
    wins: int
    in_the_money: int
    net: int  # prizes and refunds less buy-ins, over the tournaments it has ended


class TournamentStore(WalletStore):
    async def open_tournament(
        self,
        *,
        table: int,
        guild: int,
        channel: int,
        host: int,
        variant: str,
        buy_in: int,
        starting_chips: int,
    ) -> None:
        await self._write_one(
            "INSERT INTO tournaments (id, guild_id, channel_id, host_id, variant, buy_in,"
            " starting_chips, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                table,
                guild,
                channel,
                host,
                variant,
                buy_in,
                starting_chips,
                REGISTERING,
                self._now(),
            ),
        )

    async def register(
        self,
        *,
        table: int,
        guild: int,
        channel: int,
        user: int,
        seat: int,
        name: str,
    ) -> int:
        """RULES §7.1: the buy-in from the wallet (a computer player's from the house) to the
        prize pool, and a seat with the starting stack. Returns the wallet's new balance."""
        async with self.transaction() as db:
            row = _first(
                await db.fetch(
                    "SELECT buy_in, starting_chips, status FROM tournaments WHERE id = ?"
                    + db.for_update,
                    (table,),
                )
            )
            if row is None or row[2] != REGISTERING:
                raise StoreError("registration is closed")
            buy_in, starting = int(row[0]), int(row[1])
            balance = await self._change_wallet(
                db,
                guild=guild,
                user=account(user),
                delta=-buy_in,
                reason="entry",
                channel=channel,
                table=table,
            )
            await add_to_pool(db, "tournaments", table, buy_in)
            await db.execute(
                "INSERT INTO table_seats (table_id, user_id, seat, stack, name)"
                " VALUES (?, ?, ?, ?, ?)",
                (table, user, seat, starting, name),
            )
            await db.execute(
                "INSERT INTO tournament_entrants (tournament_id, user_id, name, seat)"
                " VALUES (?, ?, ?, ?)",
                (table, user, name, seat),
            )
            return balance

    async def unregister(self, *, table: int, guild: int, channel: int, user: int) -> int:
        """Before the start: the seat goes and the buy-in comes back. Returns the refund."""
        async with self.transaction() as db:
            buy_in = await db.fetchval(
                "SELECT buy_in FROM tournaments WHERE id = ? AND status = ?" + db.for_update,
                (table, REGISTERING),
            )
            if buy_in is None:
                raise StoreError("registration is closed")
            await self._wallet(db, guild, account(user), lock=True)
            gone = await db.execute(
                "DELETE FROM tournament_entrants WHERE tournament_id = ? AND user_id = ?",
                (table, user),
            )
            if not gone:
                return 0
            await db.execute(
                "DELETE FROM table_seats WHERE table_id = ? AND user_id = ?", (table, user)
            )
            await add_to_pool(db, "tournaments", table, -int(buy_in))
            await self._change_wallet(
                db,
                guild=guild,
                user=account(user),
                delta=int(buy_in),
                reason="refund",
                channel=channel,
                table=table,
            )
            return int(buy_in)

    async def start_tournament(self, table: int) -> None:
        await self._write_one(
            "UPDATE tournaments SET status = ?, started_at = ? WHERE id = ?",
            (PLAYING, self._now(), table),
        )

    async def knock_out(self, *, table: int, user: int, place: int, hand: int) -> None:
        """RULES §7.3: out of chips, placed; the empty seat goes."""
        async with self.transaction() as db:
            await db.execute(
                "DELETE FROM table_seats WHERE table_id = ? AND user_id = ? AND stack = 0",
                (table, user),
            )
            await db.execute(
                "UPDATE tournament_entrants SET place = ?, out_hand = ?"
                " WHERE tournament_id = ? AND user_id = ?",
                (place, hand, table, user),
            )

    async def pay_out(
        self,
        *,
        table: int,
        guild: int,
        channel: int,
        paid: Iterable[tuple[int, int, int | None]],
        status: str,
        reason: str,
        hands: int = 0,
        house_cap: int | None = None,
    ) -> None:
        """The end: every (user, chips, place) paid from the pool to their wallet (RULES §7.6)
        or refunded, the pool emptied, the table's remaining seats freed, in one transaction;
        ``hands``: how many were dealt. ``house_cap``: a sit & go of real stakes with computer
        players, where each member's prize (or share) less their buy-in counts to the day's cap
        (RULES §8.4)."""
        async with self.transaction() as db:
            buy_in = await db.fetchval("SELECT buy_in FROM tournaments WHERE id = ?", (table,))
            for user, chips, place in paid:
                if chips:
                    await add_to_pool(db, "tournaments", table, -chips)
                    await self._change_wallet(
                        db,
                        guild=guild,
                        user=account(user),
                        delta=chips,
                        reason=reason,
                        channel=channel,
                        table=table,
                    )
                if house_cap is not None:  # a refund before the start: result 0
                    await self._cap_house_winnings(
                        db,
                        guild=guild,
                        user=user,
                        result=chips - int(buy_in or 0),
                        cap=house_cap,
                        channel=channel,
                        table=table,
                    )
                await db.execute(
                    "UPDATE tournament_entrants SET prize = ?, place = COALESCE(?, place)"
                    " WHERE tournament_id = ? AND user_id = ?",
                    (chips, place, table, user),
                )
            left = await db.fetchval("SELECT pool FROM tournaments WHERE id = ?", (table,))
            if left:
                raise StoreError(f"tournament {table} would end with {left} chips unpaid")
            await db.execute("DELETE FROM table_seats WHERE table_id = ?", (table,))
            await db.execute(
                "UPDATE tournaments SET status = ?, ended_at = ?, hands = ? WHERE id = ?",
                (status, self._now(), hands, table),
            )

    async def tournament(self, table: int) -> TournamentRecord | None:
        async with self.transaction() as db:
            row = _first(
                await db.fetch(
                    "SELECT id, guild_id, channel_id, host_id, variant, buy_in, starting_chips,"
                    " pool, status, hands, started_at, ended_at FROM tournaments WHERE id = ?",
                    (table,),
                )
            )
            if row is None:
                return None
            entrants = await db.fetch(
                "SELECT user_id, name, seat, place, prize, out_hand FROM tournament_entrants"
                " WHERE tournament_id = ? ORDER BY seat",
                (table,),
            )
        return _record(row, entrants)

    async def tournament_stats(self, guild: int, user: int) -> TournamentStats:
        """Played, won and paid over the tournaments that ended (not cancelled); the net of
        the ledger's tournament rows (buy-ins, refunds, prizes) over every tournament that
        started, cancelled ones included."""
        async with self.backend.reader() as db:  # a read: no write transaction
            [row] = await db.fetch(
                "SELECT COUNT(*), SUM(CASE WHEN e.place = 1 THEN 1 ELSE 0 END),"
                " SUM(CASE WHEN e.prize > 0 THEN 1 ELSE 0 END) FROM tournament_entrants e"
                " JOIN tournaments t ON t.id = e.tournament_id"
                " WHERE t.guild_id = ? AND e.user_id = ? AND t.status = ?"
                " AND t.buy_in > 0",  # a practice sit & go's is 0: kept apart (RULES §8.4)
                (guild, user, ENDED),
            )
            net = await db.fetchval(
                "SELECT COALESCE(SUM(l.delta), 0) FROM ledger l JOIN tournaments t"
                " ON t.id = l.table_id WHERE l.guild_id = ? AND l.user_id = ? AND"
                f" l.reason IN ({marks(TOURNAMENT_REASONS)}) AND t.status <> ?",
                (guild, user, *TOURNAMENT_REASONS, REGISTERING),
            )
        return TournamentStats(int(row[0]), int(row[1] or 0), int(row[2] or 0), int(net or 0))


def _first(rows: list[Row]) -> Row | None:
    return rows[0] if rows else None


def _number(value: Any) -> int | None:
    return None if value is None else int(value)


def _record(row: Row, entrants: Iterable[Row]) -> TournamentRecord:
    return TournamentRecord(
        id=int(row[0]),
        guild_id=int(row[1]),
        channel_id=int(row[2]),
        host_id=int(row[3]),
        variant=str(row[4]),
        buy_in=int(row[5]),
        starting_chips=int(row[6]),
        pool=int(row[7]),
        status=str(row[8]),
        hands=int(row[9]),
        started_at=row[10],
        ended_at=row[11],
        entrants=tuple(
            Entrant(int(e[0]), str(e[1]), int(e[2]), _number(e[3]), _number(e[4]), _number(e[5]))
            for e in entrants
        ),
    )
