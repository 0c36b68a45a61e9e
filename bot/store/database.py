"""The repository: every chip movement and every hand fact goes through here.

One aiosqlite connection in WAL mode. Writes run in explicit transactions, one at a time (an
asyncio lock: coroutines interleave at every ``await``), and each wallet change writes its ledger
row in the same transaction as the balance change.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiosqlite

from bot.poker.record import RECORD_VERSION
from bot.store.migrations import MIGRATIONS

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


class StoreError(Exception):
    """A request the stored facts do not allow (the message is for the user)."""


class InsufficientChips(StoreError):
    pass


@dataclass(frozen=True)
class ClosedTable:
    """A table an earlier run of the bot left behind, closed at start-up."""

    channel: int
    guild: int
    returned: dict[int, int]  # user -> chips moved from the seat back to the wallet
    hand_called_off: int | None  # the hand that was in progress, if one was


def sqlite_path(url: str) -> str:
    """``sqlite:///poker.sqlite3`` -> ``poker.sqlite3``; ``sqlite:///:memory:`` -> ``:memory:``."""
    prefix = "sqlite:///"
    if not url.startswith(prefix):
        raise StoreError(f"DATABASE_URL must start with {prefix} (got {url!r})")
    return url[len(prefix) :] or ":memory:"


class Database:
    def __init__(self, connection: aiosqlite.Connection, *, starting_balance: int, clock: Clock):
        self._db = connection
        self.starting_balance = starting_balance
        self.clock = clock
        self._write_lock = asyncio.Lock()

    @classmethod
    async def open(
        cls, url: str, *, starting_balance: int = 1000, clock: Clock = utc_now
    ) -> Database:
        path = sqlite_path(url)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(path, isolation_level=None)
        connection.row_factory = aiosqlite.Row
        await connection.execute("PRAGMA journal_mode = WAL")
        await connection.execute("PRAGMA foreign_keys = ON")
        await connection.execute("PRAGMA synchronous = NORMAL")
        database = cls(connection, starting_balance=starting_balance, clock=clock)
        await database.migrate()
        return database

    async def close(self) -> None:
        await self._db.close()

    async def migrate(self) -> int:
        """Apply the migrations this database has not seen; return the schema version."""
        async with self._db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        version = int(row[0]) if row else 0
        for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
            async with self.transaction() as db:
                for statement in filter(str.strip, script.split(";")):
                    await db.execute(statement)
                await db.execute(f"PRAGMA user_version = {number}")
        return len(MIGRATIONS)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._write_lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            await self._db.execute("COMMIT")

    async def _write_one(self, sql: str, parameters: tuple[Any, ...]) -> None:
        """One statement, atomic by itself (autocommit): one round trip to the database thread
        instead of three. The write lock keeps it out of another coroutine's transaction."""
        async with self._write_lock:
            await self._db.execute(sql, parameters)

    def _now(self) -> str:
        return self.clock().isoformat()

    # ------------------------------------------------------------------ wallets

    async def _wallet(self, db: aiosqlite.Connection, guild: int, user: int) -> int:
        """The balance, opening the wallet (with its ledger row) on first use."""
        async with db.execute(
            "SELECT balance FROM wallets WHERE guild_id = ? AND user_id = ?", (guild, user)
        ) as cursor:
            row = await cursor.fetchone()
        if row is not None:
            return int(row[0])
        await db.execute(
            "INSERT INTO wallets (guild_id, user_id, balance, created_at) VALUES (?, ?, ?, ?)",
            (guild, user, self.starting_balance, self._now()),
        )
        await self._ledger(
            db,
            guild=guild,
            user=user,
            delta=self.starting_balance,
            balance_after=self.starting_balance,
            reason="open",
        )
        return self.starting_balance

    async def _ledger(
        self,
        db: aiosqlite.Connection,
        *,
        guild: int,
        user: int,
        delta: int,
        balance_after: int,
        reason: str,
        channel: int | None = None,
    ) -> None:
        await db.execute(
            "INSERT INTO ledger (guild_id, user_id, delta, balance_after, reason, channel_id,"
            " created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (guild, user, delta, balance_after, reason, channel, self._now()),
        )

    async def balance(self, guild: int, user: int) -> int:
        async with self.transaction() as db:
            return await self._wallet(db, guild, user)

    async def _change_wallet(
        self,
        db: aiosqlite.Connection,
        *,
        guild: int,
        user: int,
        balance: int,
        delta: int,
        reason: str,
        channel: int,
    ) -> int:
        """Add ``delta`` to a wallet holding ``balance``, with its ledger row. Returns the new
        balance. Call inside a transaction."""
        await db.execute(
            "UPDATE wallets SET balance = balance + ? WHERE guild_id = ? AND user_id = ?",
            (delta, guild, user),
        )
        await self._ledger(
            db,
            guild=guild,
            user=user,
            delta=delta,
            balance_after=balance + delta,
            reason=reason,
            channel=channel,
        )
        return balance + delta

    @staticmethod
    async def _stack(db: aiosqlite.Connection, channel: int, user: int) -> int | None:
        async with db.execute(
            "SELECT stack FROM seats WHERE channel_id = ? AND user_id = ?", (channel, user)
        ) as cursor:
            row = await cursor.fetchone()
        return None if row is None else int(row[0])

    async def buy_in(
        self, *, guild: int, channel: int, user: int, seat: int, name: str, amount: int
    ) -> tuple[int, int]:
        """Move ``amount`` from the wallet to the table stack (seating the player if new).
        Returns (new stack, new balance)."""
        if amount <= 0:
            raise StoreError("a buy-in must be a positive number of chips")
        async with self.transaction() as db:
            balance = await self._wallet(db, guild, user)
            if balance < amount:
                raise InsufficientChips(f"you have {balance} chips and asked for {amount}")
            balance = await self._change_wallet(
                db,
                guild=guild,
                user=user,
                balance=balance,
                delta=-amount,
                reason="buy_in",
                channel=channel,
            )
            await db.execute(
                "INSERT INTO seats (channel_id, user_id, seat, stack, name) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (channel_id, user_id) DO UPDATE SET stack = stack + excluded.stack",
                (channel, user, seat, amount, name),
            )
            stack = await self._stack(db, channel, user)
            assert stack is not None
            return stack, balance

    async def cash_out(self, *, guild: int, channel: int, user: int) -> int:
        """Move the whole table stack back to the wallet and free the seat. Returns the chips."""
        async with self.transaction() as db:
            stack = await self._stack(db, channel, user)
            if stack is None:
                return 0
            await self._unseat(db, guild=guild, channel=channel, user=user, stack=stack)
            return stack

    async def _unseat(
        self,
        db: aiosqlite.Connection,
        *,
        guild: int,
        channel: int,
        user: int,
        stack: int,
        reason: str = "cash_out",
    ) -> None:
        """Free the seat and put its ``stack`` back in the wallet. Call inside a transaction."""
        balance = await self._wallet(db, guild, user)
        await db.execute("DELETE FROM seats WHERE channel_id = ? AND user_id = ?", (channel, user))
        await self._change_wallet(
            db, guild=guild, user=user, balance=balance, delta=stack, reason=reason, channel=channel
        )

    async def chips_in_play(self, guild: int) -> int:
        """Wallets plus table stacks of a server: constant between hands, whatever happens."""
        async with self._db.execute(
            "SELECT (SELECT COALESCE(SUM(balance), 0) FROM wallets WHERE guild_id = ?)"
            " + (SELECT COALESCE(SUM(s.stack), 0) FROM seats s JOIN poker_tables t"
            " USING (channel_id) WHERE t.guild_id = ?)",
            (guild, guild),
        ) as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    async def wallets_opened(self, guild: int) -> int:
        async with self._db.execute(
            "SELECT COUNT(*) FROM wallets WHERE guild_id = ?", (guild,)
        ) as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    # ------------------------------------------------------------------ tables

    async def create_table(self, *, channel: int, guild: int, host: int, options: str) -> None:
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO poker_tables (channel_id, guild_id, host_id, options, created_at)"
                " VALUES (?, ?, ?, ?, ?)",
                (channel, guild, host, options, self._now()),
            )

    async def delete_table(self, channel: int) -> None:
        async with self.transaction() as db:
            async with db.execute(
                "SELECT COUNT(*) FROM seats WHERE channel_id = ?", (channel,)
            ) as cursor:
                row = await cursor.fetchone()
            if row and row[0]:
                raise StoreError("a table with seated players cannot be removed")
            await db.execute("DELETE FROM poker_tables WHERE channel_id = ?", (channel,))

    async def set_message(self, channel: int, message_id: int | None) -> None:
        await self._write_one(
            "UPDATE poker_tables SET message_id = ? WHERE channel_id = ?", (message_id, channel)
        )

    async def set_deadline(self, channel: int, deadline: datetime | None) -> None:
        await self._write_one(
            "UPDATE poker_tables SET deadline = ? WHERE channel_id = ?",
            (deadline.isoformat() if deadline else None, channel),
        )

    async def deadline(self, channel: int) -> datetime | None:
        async with self._db.execute(
            "SELECT deadline FROM poker_tables WHERE channel_id = ?", (channel,)
        ) as cursor:
            row = await cursor.fetchone()
        return datetime.fromisoformat(row[0]) if row and row[0] else None

    async def close_leftover_tables(self) -> list[ClosedTable]:
        """Close the tables an earlier run left open (it was stopped or crashed), in one
        transaction: every stack back to its wallet with a ledger row, a hand in progress called
        off (stacks are written only when a hand ends, so the stored ones are from before it),
        the table removed. Until hands resume after a restart, this is what keeps their chips."""
        closed: list[ClosedTable] = []
        async with self.transaction() as db:
            async with db.execute("SELECT channel_id, guild_id FROM poker_tables") as cursor:
                tables = [(int(row[0]), int(row[1])) async for row in cursor]
            for channel, guild in tables:
                async with db.execute(
                    "SELECT user_id, stack FROM seats WHERE channel_id = ? ORDER BY seat",
                    (channel,),
                ) as cursor:
                    stacks = {int(row[0]): int(row[1]) async for row in cursor}
                for user, stack in stacks.items():
                    await self._unseat(
                        db,
                        guild=guild,
                        channel=channel,
                        user=user,
                        stack=stack,
                        reason="closed_at_restart",
                    )
                async with db.execute(
                    "SELECT MAX(id) FROM hands WHERE channel_id = ? AND ended_at IS NULL",
                    (channel,),
                ) as cursor:
                    row = await cursor.fetchone()
                called_off = int(row[0]) if row and row[0] is not None else None
                await db.execute(
                    "UPDATE hands SET ended_at = ?, result = ? WHERE channel_id = ?"
                    " AND ended_at IS NULL",
                    (self._now(), json.dumps({"called_off": "the dealer restarted"}), channel),
                )
                await db.execute("DELETE FROM poker_tables WHERE channel_id = ?", (channel,))
                closed.append(ClosedTable(channel, guild, stacks, called_off))
        return closed

    async def seats(self, channel: int) -> dict[int, int]:
        async with self._db.execute(
            "SELECT user_id, stack FROM seats WHERE channel_id = ?", (channel,)
        ) as cursor:
            return {int(row[0]): int(row[1]) async for row in cursor}

    # ------------------------------------------------------------------ hands

    async def start_hand(self, *, channel: int, guild: int, record: Mapping[str, Any]) -> int:
        """Store a new hand's config and deck order; return its id (the public Hand #)."""
        async with self.transaction() as db:
            cursor = await db.execute(
                "INSERT INTO hands (channel_id, guild_id, config, deck, reshuffle_seed,"
                " started_at) VALUES (?, ?, ?, ?, ?, ?)",
                (
                    channel,
                    guild,
                    json.dumps(record["config"]),
                    record["deck"],
                    str(record["reshuffle_seed"]),
                    self._now(),
                ),
            )
            hand_id = cursor.lastrowid
            assert hand_id is not None
            return hand_id

    async def log_action(
        self, hand_id: int, number: int, action: Mapping[str, Any], *, by_clock: bool
    ) -> None:
        await self._write_one(
            "INSERT INTO hand_actions (hand_id, number, action, by_clock, created_at)"
            " VALUES (?, ?, ?, ?, ?)",
            (hand_id, number, json.dumps(action), int(by_clock), self._now()),
        )

    async def finish_hand(
        self, *, hand_id: int, channel: int, stacks: Mapping[int, int], result: Mapping[str, Any]
    ) -> None:
        """Write every dealt player's new stack and the hand's result in one transaction."""
        async with self.transaction() as db:
            for user, stack in stacks.items():
                await db.execute(
                    "UPDATE seats SET stack = ? WHERE channel_id = ? AND user_id = ?",
                    (stack, channel, user),
                )
            await db.execute(
                "UPDATE hands SET ended_at = ?, result = ? WHERE id = ?",
                (self._now(), json.dumps(result), hand_id),
            )

    async def hand_record(self, hand_id: int) -> dict[str, Any]:
        """The stored facts of a hand, in the engine's record format (``bot.poker.record``)."""
        async with self._db.execute(
            "SELECT config, deck, reshuffle_seed FROM hands WHERE id = ?", (hand_id,)
        ) as cursor:
            row = await cursor.fetchone()
        if row is None:
            raise StoreError(f"no hand #{hand_id}")
        async with self._db.execute(
            "SELECT action FROM hand_actions WHERE hand_id = ? ORDER BY number", (hand_id,)
        ) as cursor:
            actions = [json.loads(action[0]) async for action in cursor]
        return {
            "version": RECORD_VERSION,
            "config": json.loads(row[0]),
            "deck": row[1],
            "reshuffle_seed": int(row[2]),
            "actions": actions,
        }
