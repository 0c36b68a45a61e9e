"""Seasons and their leaderboards (RULES §12): a season is a span of dates a server's admin
sets; its boards are computed from what happened inside the span, so a season that ended (by
an admin, or by itself at its date: no job has to run, a restart changes nothing) keeps a
frozen board. The tournament points board reads finishes of sit & gos and tournament nights;
the cash board reads the net of each person's hands at cash tables (RULES §12.3): practice
chips and computer players left out (§8.3, §8.4)."""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime

from bot.store import tournaments
from bot.store.backend import Session
from bot.store.base import StoreRefusal, marks
from bot.store.house import is_computer
from bot.store.nights import ENDED as NIGHT_ENDED
from bot.store.wallets import WalletStore

SEASON_RESET = "season_reset"  # a wallet set back to the starting balance (RULES §12.4)


@dataclass(frozen=True, slots=True)
class Season:
    id: int
    guild_id: int
    name: str
    starts_at: datetime
    ends_at: datetime | None  # the end the admin set (it ends by itself then); None: none
    ended_at: datetime | None  # ended earlier by an admin

    @property
    def end(self) -> datetime | None:
        """When it ended or ends; ``None``: never, until an admin ends it."""
        ends = [moment for moment in (self.ends_at, self.ended_at) if moment is not None]
        return min(ends) if ends else None

    def running(self, now: datetime) -> bool:
        return self.starts_at <= now and (self.end is None or now < self.end)


@dataclass(frozen=True, slots=True)
class Finish:
    """A person's place in a tournament of the span (sit & go or night), with how many
    people entered it."""

    tournament: str  # "sng:<id>" or "night:<id>"
    user_id: int
    name: str
    place: int
    people: int


@dataclass(frozen=True, slots=True)
class CashResult:
    user_id: int
    name: str
    net: int
    hands: int


class SeasonStore(WalletStore):
    async def seasons(self, guild: int) -> list[Season]:
        """The server's seasons, oldest first."""
        async with self.backend.reader() as db:
            return await self._seasons(db, guild)

    async def start_season(
        self, guild: int, name: str, *, ends_at: datetime | None, reset_to: int | None, by: int
    ) -> Season:
        """A new season from now (RULES §12.1); refused while one runs or if the name was
        used. ``reset_to``: every wallet of the server set to that balance, one ledger row a
        wallet (RULES §12.4)."""
        now = self.clock()
        async with self.transaction() as db:
            for season in await self._seasons(db, guild):
                if season.running(now):
                    raise StoreRefusal("error-season-running", name=season.name)
                if season.name.casefold() == name.casefold():
                    raise StoreRefusal("error-season-name", name=name)
            if ends_at is not None and ends_at <= now:
                raise StoreRefusal("error-season-ends")
            await db.execute(
                "INSERT INTO seasons (guild_id, name, starts_at, ends_at, reset_wallets, by_user)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (
                    guild,
                    name,
                    now.isoformat(),
                    None if ends_at is None else ends_at.isoformat(),
                    int(reset_to is not None),
                    by,
                ),
            )
            if reset_to is not None:
                await self._reset_wallets(db, guild, reset_to, by=by)
            [season] = [s for s in await self._seasons(db, guild) if s.name == name]
        return season

    async def _reset_wallets(self, db: Session, guild: int, balance: int, *, by: int) -> None:
        rows = await db.fetch(
            "SELECT user_id, balance FROM wallets WHERE guild_id = ? ORDER BY user_id"
            + db.for_update,
            (guild,),
        )
        for user, held in rows:
            delta = balance - int(held)
            if delta:
                await self._change_wallet(
                    db, guild=guild, user=int(user), delta=delta, reason=SEASON_RESET, by=by
                )

    async def end_season(self, guild: int) -> Season | None:
        """The running season ends now (its boards freeze); ``None``: none runs."""
        now = self.clock()
        async with self.transaction() as db:
            running = [s for s in await self._seasons(db, guild) if s.running(now)]
            if not running:
                return None
            await db.execute(
                "UPDATE seasons SET ended_at = ? WHERE id = ?", (now.isoformat(), running[0].id)
            )
            [season] = [s for s in await self._seasons(db, guild) if s.id == running[0].id]
        return season

    async def _seasons(self, db: Session, guild: int) -> list[Season]:
        rows = await db.fetch(
            "SELECT id, guild_id, name, starts_at, ends_at, ended_at FROM seasons"
            " WHERE guild_id = ? ORDER BY starts_at, id",
            (guild,),
        )
        return [_season(row) for row in rows]

    # ------------------------------------------------------------------ the boards

    async def finishes(
        self, guild: int, since: datetime | None, until: datetime | None
    ) -> list[Finish]:
        """Every finish in the sit & gos and nights that ended in the span, with real chips (a
        practice one's buy-in is 0: RULES §8.4); computers' too (a person may share a place
        with one), each with the number of people entered."""
        span, values = _span("t.ended_at", since, until)
        queries = (
            (
                "sng",
                "SELECT t.id, e.user_id, e.name, e.place FROM tournament_entrants e"
                " JOIN tournaments t ON t.id = e.tournament_id",
                tournaments.ENDED,
            ),
            (
                "night",
                "SELECT t.id, e.user_id, e.name, e.place FROM multi_entrants e"
                " JOIN multi_tournaments t ON t.id = e.tournament_id",
                NIGHT_ENDED,
            ),
        )
        found: list[Finish] = []
        async with self.backend.reader() as db:
            for kind, select, ended in queries:
                rows = await db.fetch(
                    select + " WHERE t.guild_id = ? AND t.status = ? AND t.buy_in > 0"
                    " AND e.place IS NOT NULL" + span + " ORDER BY t.ended_at",
                    (guild, ended, *values),
                )
                people: dict[int, int] = defaultdict(int)  # computers share places, not points
                for row in rows:
                    people[int(row[0])] += int(not is_computer(int(row[1])))
                found += [
                    Finish(
                        f"{kind}:{row[0]}",
                        int(row[1]),
                        str(row[2]),
                        int(row[3]),
                        people[int(row[0])],
                    )
                    for row in rows
                ]
        return found

    async def cash_results(
        self, guild: int, since: datetime | None, until: datetime | None
    ) -> list[CashResult]:
        """Each person's net at cash tables over the hands that ended in the span (practice
        hands and computers left out), less what went back to the house past a daily cap
        (RULES §8.4); named as in their last hand."""
        span, values = _span("h.ended_at", since, until)
        async with self.backend.reader() as db:
            rows = await db.fetch(
                "SELECT p.user_id, SUM(p.net), COUNT(*), MAX(p.hand_id) FROM hand_players p"
                " JOIN hands h ON h.id = p.hand_id WHERE p.guild_id = ? AND p.tournament = 0"
                " AND p.practice = 0 AND p.user_id >= 0" + span + " GROUP BY p.user_id",
                (guild, *values),
            )
            capped_span, capped_values = _span("created_at", since, until)
            capped = await db.fetch(
                "SELECT user_id, SUM(delta) FROM ledger WHERE guild_id = ? AND reason = ?"
                " AND (table_id IS NULL OR table_id NOT IN (SELECT id FROM tournaments))"
                + capped_span
                + " GROUP BY user_id",
                (guild, "house_cap", *capped_values),
            )
            last = [int(row[3]) for row in rows]
            names: dict[int, str] = {}
            if last:
                for hand in await db.fetch(
                    f"SELECT names FROM hands WHERE id IN ({marks(last)})", last
                ):
                    names.update({int(u): str(n) for u, n in json.loads(hand[0] or "{}").items()})
        back = {int(row[0]): int(row[1] or 0) for row in capped}
        return [
            CashResult(
                user_id=int(row[0]),
                name=names.get(int(row[0]), str(row[0])),
                net=int(row[1] or 0) + back.get(int(row[0]), 0),
                hands=int(row[2]),
            )
            for row in rows
        ]

    async def nets_by_hand(
        self, guild: int, user: int, since: datetime | None, until: datetime | None
    ) -> list[int]:
        """A person's net of each cash hand in the span, in order (their season's chart)."""
        span, values = _span("h.ended_at", since, until)
        rows = await self._rows(
            "SELECT p.net FROM hand_players p JOIN hands h ON h.id = p.hand_id"
            " WHERE p.guild_id = ? AND p.user_id = ? AND p.tournament = 0 AND p.practice = 0"
            + span
            + " ORDER BY h.ended_at, h.id",
            (guild, user, *values),
        )
        return [int(row[0]) for row in rows]


def _span(column: str, since: datetime | None, until: datetime | None) -> tuple[str, list[str]]:
    sql, values = f" AND {column} IS NOT NULL", []
    if since is not None:
        sql += f" AND {column} >= ?"
        values.append(since.isoformat())
    if until is not None:
        sql += f" AND {column} < ?"
        values.append(until.isoformat())
    return sql, values


def _season(row: tuple[object, ...]) -> Season:
    def moment(value: object) -> datetime | None:
        return None if value is None else datetime.fromisoformat(str(value))

    starts = moment(row[3])
    assert starts is not None
    return Season(
        id=int(str(row[0])),
        guild_id=int(str(row[1])),
        name=str(row[2]),
        starts_at=starts,
        ends_at=moment(row[4]),
        ended_at=moment(row[5]),
    )
