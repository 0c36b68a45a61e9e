"""The figures the audit compares, read in one snapshot (a read transaction)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.store.base import StoreBase, marks
from bot.store.house import HOUSE
from bot.store.tournaments import OPEN, TOURNAMENT_REASONS
from bot.store.wallets import ISSUANCE


@dataclass
class ServerFacts:
    wallets: dict[int, int] = field(default_factory=dict)  # user -> balance
    ledger: dict[int, int] = field(default_factory=dict)  # user -> sum of their rows
    issued: int = 0
    stacks: dict[tuple[int, int], int] = field(default_factory=dict)  # (table, user) -> stack
    open_hands: list[tuple[int, int | None]] = field(default_factory=list)  # (hand, table)
    # sit & go tournaments not yet ended (RULES §7): their pools are chips in play, their
    # tables' stacks are tournament chips
    tournaments: dict[int, OpenTournament] = field(default_factory=dict)
    practice: set[int] = field(default_factory=set)  # tables of practice chips (RULES §8.4)


@dataclass
class OpenTournament:
    pool: int
    buy_in: int
    starting_chips: int
    entrants: int
    ledger: int = 0  # the sum of its ledger rows: minus the pool


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
                f" FROM tournaments t WHERE t.status IN ({marks(OPEN)})",
                (*TOURNAMENT_REASONS, *OPEN),
            ):
                server(int(row[0])).tournaments[int(row[1])] = OpenTournament(
                    *(int(value) for value in row[2:7])
                )
            for row in await db.fetch(
                "SELECT guild_id, id, table_id FROM hands WHERE ended_at IS NULL ORDER BY id"
            ):
                table = None if row[2] is None else int(row[2])
                server(int(row[0])).open_hands.append((int(row[1]), table))
        return facts
