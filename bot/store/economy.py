"""The economy beyond the tables: the daily refill, gifts between players, admin grants and
takes, and what members may look up (balances, the leaderboard, the ledger)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.store.backend import StoreError
from bot.store.base import StoreRefusal
from bot.store.house import HOUSE
from bot.store.wallets import WalletStore

MIX = "mixed"  # the statistics of a mixed table's hands together (RULES §10)

DAILY_EVERY = timedelta(hours=24)


class TooSoon(StoreError):
    """The daily refill was claimed less than 24 hours ago."""

    def __init__(self, due: datetime) -> None:
        super().__init__("Your next daily chips are not due yet.")
        self.due = due


@dataclass(frozen=True, slots=True)
class LedgerRow:
    at: datetime
    delta: int
    balance_after: int
    reason: str
    channel_id: int | None
    hand_id: int | None
    note: str | None
    table_id: int | None = None  # a sit & go's rows: its id (issue 23)


@dataclass(frozen=True, slots=True)
class Standing:
    user_id: int
    wallet: int
    on_tables: int

    @property
    def total(self) -> int:
        return self.wallet + self.on_tables


class EconomyStore(WalletStore):
    async def claim_daily(self, guild: int, user: int, amount: int) -> tuple[int, datetime]:
        """Add the daily refill; returns the new balance and when the next one is due. Raises
        :class:`TooSoon` (with the time it is due) within 24 hours of the last."""
        async with self.transaction() as db:
            await self._wallet(db, guild, user, lock=True)  # two claims at once: one waits
            last = await db.fetchval(
                "SELECT MAX(created_at) FROM ledger WHERE guild_id = ? AND user_id = ?"
                " AND reason = 'daily'",
                (guild, user),
            )
            now = self.clock()
            if last:
                due = datetime.fromisoformat(last) + DAILY_EVERY
                if now < due:
                    raise TooSoon(due)
            balance = await self._change_wallet(
                db, guild=guild, user=user, delta=amount, reason="daily"
            )
            return balance, now + DAILY_EVERY

    async def give(
        self, guild: int, giver: int, receiver: int, amount: int, *, offer: str | None = None
    ) -> int:
        """Move chips between two players' wallets; returns the giver's new balance. An
        ``offer`` token makes it happen at most once (a double click gives once)."""
        if giver == receiver:
            raise StoreRefusal("error-give-yourself")
        if amount <= 0:
            raise StoreRefusal("error-give-nothing")
        async with self.transaction() as db:
            for user in sorted((giver, receiver)):  # rows locked in one order: no deadlock
                await self._wallet(db, guild, user, lock=True)
            if offer is not None and await db.fetchval(
                "SELECT 1 FROM ledger WHERE guild_id = ? AND user_id = ? AND reason = 'give'"
                " AND note = ?",
                (guild, giver, offer),
            ):
                raise StoreRefusal("error-gift-made")
            balance = await self._change_wallet(
                db, guild=guild, user=giver, delta=-amount, reason="give", by=receiver, note=offer
            )
            await self._change_wallet(
                db, guild=guild, user=receiver, delta=amount, reason="gift", by=giver
            )
            return balance

    async def adjust(self, guild: int, user: int, delta: int, *, by: int, note: str | None) -> int:
        """An admin's grant (delta > 0) or take (delta < 0): issuance the audit counts."""
        reason = "grant" if delta > 0 else "take"
        async with self.transaction() as db:
            return await self._change_wallet(
                db, guild=guild, user=user, delta=delta, reason=reason, note=note, by=by
            )

    async def server_settings(self, guild: int) -> str | None:
        """The server's settings document (JSON), or ``None`` if it never set any."""
        found = await self._one("SELECT settings FROM server_settings WHERE guild_id = ?", (guild,))
        return None if found is None else str(found)

    async def save_server_settings(self, guild: int, settings: str) -> None:
        await self._write_one(
            "INSERT INTO server_settings (guild_id, settings) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings",
            (guild, settings),
        )

    async def standings(self, guild: int) -> list[Standing]:
        """Every member's wallet of the server with the chips they have on tables, richest
        first (the house and computer players are not members: RULES §8.3)."""
        rows = await self._rows(
            "SELECT w.user_id, w.balance, COALESCE(SUM(s.stack), 0) FROM wallets w"
            " LEFT JOIN card_tables t ON t.guild_id = w.guild_id"
            " LEFT JOIN table_seats s ON s.table_id = t.id AND s.user_id = w.user_id"
            " WHERE w.guild_id = ? AND w.user_id > ? GROUP BY w.user_id, w.balance",
            (guild, HOUSE),
        )
        found = [Standing(int(row[0]), int(row[1]), int(row[2])) for row in rows]
        return sorted(found, key=lambda s: (-s.total, s.user_id))

    async def on_tables(self, guild: int, user: int) -> int:
        return int(
            await self._one(
                "SELECT COALESCE(SUM(s.stack), 0) FROM table_seats s JOIN card_tables t"
                " ON t.id = s.table_id WHERE t.guild_id = ? AND s.user_id = ?",
                (guild, user),
            )
            or 0
        )

    async def ledger_rows(
        self, guild: int, user: int, *, offset: int = 0, limit: int = 10
    ) -> tuple[list[LedgerRow], int]:
        """A page of a member's movements, newest first, and how many there are in all."""
        total = int(
            await self._one(
                "SELECT COUNT(*) FROM ledger WHERE guild_id = ? AND user_id = ?", (guild, user)
            )
            or 0
        )
        rows = await self._rows(
            "SELECT created_at, delta, balance_after, reason, channel_id, hand_id, note, table_id"
            " FROM ledger WHERE guild_id = ? AND user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?",
            (guild, user, limit, offset),
        )
        return [
            LedgerRow(
                at=datetime.fromisoformat(row[0]),
                delta=int(row[1]),
                balance_after=int(row[2]),
                reason=str(row[3]),
                channel_id=None if row[4] is None else int(row[4]),
                hand_id=None if row[5] is None else int(row[5]),
                note=row[6],
                table_id=None if row[7] is None else int(row[7]),
            )
            for row in rows
        ], total


@dataclass(frozen=True, slots=True)
class GameStats:
    variant: str  # "" for all games together, "mixed" for a mixed table's hands together
    hands: int
    voluntary: int
    won: int
    showdowns: int
    showdowns_won: int
    net: int
    net_big_bets: float
    biggest: int

    @property
    def big_bets_per_100(self) -> float:
        return 100 * self.net_big_bets / self.hands if self.hands else 0.0


class StatsStore(EconomyStore):
    async def stats(
        self, guild: int, user: int, variant: str | None = None, *, practice: bool = False
    ) -> list[GameStats]:
        """Per game, then all games together (last): one aggregate over ``hand_players``, of
        wallet tables' hands or, with ``practice``, of practice tables' (RULES §8.4); never a
        sit & go's, played with tournament chips (their results: ``tournament_stats``)."""
        chosen, parameters = (
            (" AND tournament = 0 AND practice = ?", (guild, user, int(practice)))
            if variant is None
            else (
                " AND tournament = 0 AND practice = ? AND mixed = 1",
                (guild, user, int(practice)),
            )
            if variant == MIX
            else (
                " AND tournament = 0 AND practice = ? AND variant = ?",
                (guild, user, int(practice), variant),
            )
        )
        games = await self._game_stats(chosen, parameters)
        if variant == MIX:  # each game of the mix, then the mix
            return [*games, together(MIX, games)] if games else games
        total = together("", games) if len(games) > 1 else None
        if variant is None and games:  # a mixed table's hands, together too (RULES §10)
            mixed = await self._game_stats(chosen + " AND mixed = 1", parameters)
            if mixed:
                games.append(together(MIX, mixed))
        if total is not None:
            games.append(total)
        return games

    async def _game_stats(self, chosen: str, parameters: tuple[object, ...]) -> list[GameStats]:
        rows = await self._rows(
            "SELECT variant, COUNT(*), SUM(voluntary), SUM(CASE WHEN won > 0 THEN 1 ELSE 0 END),"
            " SUM(showdown), SUM(CASE WHEN showdown = 1 AND won > 0 THEN 1 ELSE 0 END),"
            " SUM(net), SUM(CAST(net AS DOUBLE PRECISION) / big_bet), MAX(won)"
            f" FROM hand_players WHERE guild_id = ? AND user_id = ?{chosen} GROUP BY variant",
            parameters,
        )
        rows.sort(key=lambda row: str(row[0]))  # in Python: collations differ between engines
        return [
            GameStats(
                str(r[0]),
                int(r[1]),
                int(r[2]),
                int(r[3]),
                int(r[4]),
                int(r[5]),
                int(r[6]),
                float(r[7]),
                int(r[8]),
            )
            for r in rows
        ]


def together(variant: str, games: list[GameStats]) -> GameStats:
    """Several games' statistics as one line (``""``: all games; ``mixed``: the mix)."""
    return GameStats(
        variant=variant,
        hands=sum(g.hands for g in games),
        voluntary=sum(g.voluntary for g in games),
        won=sum(g.won for g in games),
        showdowns=sum(g.showdowns for g in games),
        showdowns_won=sum(g.showdowns_won for g in games),
        net=sum(g.net for g in games),
        net_big_bets=sum(g.net_big_bets for g in games),
        biggest=max(g.biggest for g in games),
    )
