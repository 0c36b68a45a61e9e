"""The figures the audit compares, read in one snapshot (a read transaction)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from bot.store.backend import Session
from bot.store.base import StoreBase, marks
from bot.store.house import HOUSE
from bot.store.nights import OPEN as NIGHTS_OPEN
from bot.store.nights import PLAYING as NIGHT_PLAYING
from bot.store.tournaments import OPEN, TOURNAMENT_REASONS
from bot.store.wallets import ISSUANCE


@dataclass
class ServerFacts:
    wallets: dict[int, int] = field(default_factory=dict)  # user -> balance
    ledger: dict[int, int] = field(default_factory=dict)  # user -> sum of their rows
    issued: int = 0
    stacks: dict[tuple[int, int], int] = field(default_factory=dict)  # (table, user) -> stack
    open_hands: list[tuple[int, int | None]] = field(default_factory=list)  # (hand, table)
    # tournaments not yet ended, sit & gos (RULES §7) and multi-table ones (RULES §11): their
    # pools are chips in play, their tables' stacks are tournament chips
    tournaments: list[OpenTournament] = field(default_factory=list)
    practice: set[int] = field(default_factory=set)  # tables of practice chips (RULES §8.4)

    @property
    def tournament_tables(self) -> set[int]:
        return {table for tournament in self.tournaments for table in tournament.tables}


@dataclass
class OpenTournament:
    """A tournament not yet ended: its pool, and its tournament chips, at its tables or with
    its entrants between a multi-table tournament's tables."""

    name: str  # as the audit names it
    pool: int
    buy_in: int
    starting_chips: int
    entrants: int
    ledger: int = 0  # the sum of its ledger rows: minus the pool
    tables: set[int] = field(default_factory=set)  # its tables' ids
    moving: int = 0  # chips of entrants between tables (or not yet seated)
    dealt: bool = True  # its entrants hold their starting stacks (a night: once it started)


class TotalsStore(StoreBase):
    async def audit_facts(self) -> dict[int, ServerFacts]:
        facts: dict[int, ServerFacts] = {}

        def server(guild: int) -> ServerFacts:
            return facts.setdefault(guild, ServerFacts())

        async with self.backend.snapshot() as db:  # one consistent picture
            for row in await db.fetch("SELECT guild_id, user_id, balance FROM wallets"):
                server(int(row[0])).wallets[int(row[1])] = int(row[2])
            for row in await db.fetch("SELECT guild_id, balance FROM house_accounts"):
                server(int(row[0])).wallets[HOUSE] = int(row[1])  # RULES §8.2
            for row in await db.fetch(
                "SELECT guild_id, user_id, SUM(delta) FROM ledger GROUP BY guild_id, user_id"
            ):
                server(int(row[0])).ledger[int(row[1])] = int(row[2])
            for row in await db.fetch(
                f"SELECT guild_id, SUM(delta) FROM ledger WHERE reason IN ({marks(ISSUANCE)})"
                " GROUP BY guild_id",
                tuple(sorted(ISSUANCE)),
            ):
                server(int(row[0])).issued = int(row[1])
            for row in await db.fetch(
                "SELECT t.guild_id, s.table_id, s.user_id, s.stack, t.practice FROM table_seats s"
                " JOIN card_tables t ON t.id = s.table_id"
            ):
                server(int(row[0])).stacks[(int(row[1]), int(row[2]))] = int(row[3])
                if row[4]:
                    server(int(row[0])).practice.add(int(row[1]))
            for row in await db.fetch(
                "SELECT t.guild_id, t.id, t.pool, t.buy_in, t.starting_chips,"
                " (SELECT COUNT(*) FROM tournament_entrants e WHERE e.tournament_id = t.id),"
                " (SELECT COALESCE(SUM(l.delta), 0) FROM ledger l WHERE l.table_id = t.id"
                f" AND l.reason IN ({marks(TOURNAMENT_REASONS)}))"
                f" FROM tournaments t WHERE t.status IN ({marks(OPEN)}) ORDER BY t.id",
                (*TOURNAMENT_REASONS, *OPEN),
            ):
                pool, buy_in, starting_chips, entrants, ledger = (int(v) for v in row[2:7])
                server(int(row[0])).tournaments.append(
                    OpenTournament(
                        f"tournament {row[1]}",
                        pool,
                        buy_in,
                        starting_chips,
                        entrants,
                        ledger,
                        tables={int(row[1])},  # a sit & go's id is its table's
                    )
                )
            await self._night_facts(db, server)
            for row in await db.fetch(
                "SELECT guild_id, id, table_id FROM hands WHERE ended_at IS NULL ORDER BY id"
            ):
                table = None if row[2] is None else int(row[2])
                server(int(row[0])).open_hands.append((int(row[1]), table))
        return facts

    @staticmethod
    async def _night_facts(db: Session, server: Callable[[int], ServerFacts]) -> None:
        """The multi-table tournaments not yet ended (RULES §11), and their tables."""
        nights: dict[int, OpenTournament] = {}
        for row in await db.fetch(
            "SELECT t.guild_id, t.id, t.pool, t.buy_in, t.starting_chips, t.status,"
            " (SELECT COUNT(*) FROM multi_entrants e WHERE e.tournament_id = t.id),"
            " (SELECT COALESCE(SUM(l.delta), 0) FROM ledger l WHERE l.multi_id = t.id),"
            " (SELECT COALESCE(SUM(e.stack), 0) FROM multi_entrants e"
            " WHERE e.tournament_id = t.id)"
            f" FROM multi_tournaments t WHERE t.status IN ({marks(NIGHTS_OPEN)}) ORDER BY t.id",
            NIGHTS_OPEN,
        ):
            nights[int(row[1])] = OpenTournament(
                f"tournament night {row[1]}",
                pool=int(row[2]),
                buy_in=int(row[3]),
                starting_chips=int(row[4]),
                entrants=int(row[6]),
                ledger=int(row[7]),
                moving=int(row[8]),
                dealt=row[5] == NIGHT_PLAYING,
            )
            server(int(row[0])).tournaments.append(nights[int(row[1])])
        for row in await db.fetch(
            "SELECT tournament_id, table_id FROM multi_tables WHERE table_id IS NOT NULL"
        ):
            if int(row[0]) in nights:
                nights[int(row[0])].tables.add(int(row[1]))
