"""Hands: the deal (config, deck, seeds), one row per action, the result; players' seeds."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any

from bot.poker.record import RECORD_VERSION
from bot.store.backend import StoreError
from bot.store.economy import StatsStore
from bot.store.house import is_computer
from bot.store.records import PlayedHand, VerifiedHand, engine_record, stored_names

Deal = Callable[[int], Mapping[str, Any]]  # hand id -> the engine's record of the new hand


class HandStore(StatsStore):
    async def start_hand(
        self,
        *,
        table: int,
        channel: int,
        guild: int,
        names: Mapping[int, str],
        deal: Deal,
        tournament_level: int | None = None,
    ) -> tuple[int, Mapping[str, Any]]:
        """Store a new hand. Its id (the public Hand #) is known first, because the deck of a
        provably fair hand depends on it: ``deal(hand_id)`` returns the hand's record. A sit &
        go's hand says its level (its table's id is the tournament's)."""
        async with self.transaction() as db:
            hand_id = await db.insert(
                "INSERT INTO hands (channel_id, guild_id, table_id, record_version, config, deck,"
                " reshuffle_seed, names, started_at, tournament_level)"
                " VALUES (?, ?, ?, ?, '', '', '0', ?, ?, ?)",
                (
                    channel,
                    guild,
                    table,
                    RECORD_VERSION,
                    json.dumps({str(user): name for user, name in names.items()}),
                    self._now(),
                    tournament_level,
                ),
            )
            record = deal(hand_id)
            shuffle = record.get("shuffle")
            await db.execute(
                "UPDATE hands SET config = ?, deck = ?, reshuffle_seed = ?, shuffle = ?"
                " WHERE id = ?",
                (
                    json.dumps(record["config"]),
                    record["deck"],
                    str(record["reshuffle_seed"]),
                    json.dumps(shuffle) if shuffle is not None else None,
                    hand_id,
                ),
            )
            return hand_id, record

    async def log_action(
        self, hand_id: int, number: int, action: Mapping[str, Any], *, by_clock: bool
    ) -> None:
        await self._write_one(
            "INSERT INTO hand_actions (hand_id, number, action, by_clock, created_at)"
            " VALUES (?, ?, ?, ?, ?)",
            (hand_id, number, json.dumps(action), int(by_clock), self._now()),
        )

    async def finish_hand(
        self,
        *,
        hand_id: int,
        table: int,
        stacks: Mapping[int, int],
        result: Mapping[str, Any],
        facts: Sequence[Mapping[str, Any]] = (),
    ) -> None:
        """Every dealt player's new stack and the hand's result, in one transaction. A stack
        is written to the seat of *this* table, or the whole hand's end is refused. ``facts``:
        one row per player for the statistics (``hand_players``)."""
        async with self.transaction() as db:
            await db.executemany(
                "INSERT INTO hand_players (hand_id, guild_id, user_id, variant, big_bet, net,"
                " voluntary, won, showdown, practice, mixed, tournament)"
                " SELECT ?, guild_id, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
                " CASE WHEN tournament_level IS NULL THEN 0 ELSE 1 END FROM hands WHERE id = ?",
                [
                    (
                        hand_id,
                        row["user_id"],
                        row["variant"],
                        row["big_bet"],
                        row["net"],
                        int(row["voluntary"]),
                        row["won"],
                        int(row["showdown"]),
                        int(row.get("practice", False)),
                        int(row.get("mixed", False)),
                        hand_id,
                    )
                    for row in facts
                ],
            )
            for user, stack in stacks.items():
                changed = await db.execute(
                    "UPDATE table_seats SET stack = ? WHERE table_id = ? AND user_id = ?",
                    (stack, table, user),
                )
                if changed != 1:
                    raise StoreError(f"table {table} has no seat for player {user}")
            changed = await db.execute(
                "UPDATE hands SET ended_at = ?, result = ? WHERE id = ? AND table_id = ?"
                " AND ended_at IS NULL",
                (self._now(), json.dumps(result), hand_id, table),
            )
            if changed != 1:
                raise StoreError(f"hand #{hand_id} is not in progress at table {table}")

    async def void_hand(
        self, *, hand_id: int, table: int, guild: int, channel: int, players: list[int], why: str
    ) -> None:
        """A hand that cannot be resumed is void, as card rooms do after a crash: the seats
        keep their stacks from before it (stacks are written only when a hand ends), and each
        player's ledger gets a row of 0 chips saying so (a computer player has no wallet: its
        seat keeps its stack as the others do)."""
        async with self.transaction() as db:
            await db.execute(
                "UPDATE hands SET ended_at = ?, result = ? WHERE id = ?",
                (self._now(), json.dumps({"voided": why}), hand_id),
            )
            for user in players:
                if is_computer(user):
                    continue
                balance = await self._wallet(db, guild, user, lock=True)
                await self._ledger(
                    db,
                    guild=guild,
                    user=user,
                    delta=0,
                    balance_after=balance,
                    reason="hand_voided",
                    channel=channel,
                    table=table,
                    hand=hand_id,
                )

    async def hand_record(self, hand_id: int) -> dict[str, Any]:
        """The stored facts of a hand, in the engine's record format (``bot.poker.record``)."""
        rows = await self._rows(
            "SELECT record_version, config, deck, reshuffle_seed, shuffle FROM hands WHERE id = ?",
            (hand_id,),
        )
        if not rows:
            raise StoreError(f"no hand #{hand_id}")
        row = rows[0]
        actions = await self._rows(
            "SELECT action FROM hand_actions WHERE hand_id = ? ORDER BY number", (hand_id,)
        )
        return engine_record(
            version=row[0],
            config=row[1],
            deck=row[2],
            reshuffle_seed=row[3],
            shuffle=row[4],
            actions=[action[0] for action in actions],
        )

    async def played_hands(self, hand_ids: Sequence[int]) -> list[PlayedHand]:
        """The hands with these ids that exist, in the order asked, in two queries."""
        if not hand_ids:
            return []
        marks = ", ".join("?" * len(hand_ids))
        rows = await self._rows(
            "SELECT id, guild_id, channel_id, table_id, started_at, ended_at, result, names,"
            " record_version, config, deck, reshuffle_seed, shuffle, tournament_level"
            f" FROM hands WHERE id IN ({marks})",
            tuple(hand_ids),
        )
        actions: dict[int, list[str]] = {int(row[0]): [] for row in rows}
        for hand_id, action in await self._rows(
            f"SELECT hand_id, action FROM hand_actions WHERE hand_id IN ({marks})"
            " ORDER BY hand_id, number",
            tuple(hand_ids),
        ):
            actions[int(hand_id)].append(action)
        found: dict[int, PlayedHand] = {}
        for row in rows:
            hand_id = int(row[0])
            record = engine_record(
                version=row[8],
                config=row[9],
                deck=row[10],
                reshuffle_seed=row[11],
                shuffle=row[12],
                actions=actions[hand_id],
            )
            result = json.loads(row[6]) if row[6] else {}
            found[hand_id] = PlayedHand(
                id=hand_id,
                guild_id=int(row[1]),
                channel_id=int(row[2]),
                table_id=None if row[3] is None else int(row[3]),
                started_at=datetime.fromisoformat(row[4]),
                ended=row[5] is not None,
                voided="voided" in result,
                names=stored_names(row[7]),
                record=record,
                tournament_level=None if row[13] is None else int(row[13]),
            )
        return [found[hand_id] for hand_id in hand_ids if hand_id in found]

    async def last_hand_ids(self, *, guild: int, channel: int, user: int, limit: int) -> list[int]:
        """The ids of the last ``limit`` finished hands ``user`` was dealt in ``channel``,
        newest first (from the players' facts each finished hand stores)."""
        rows = await self._rows(
            "SELECT p.hand_id FROM hand_players AS p JOIN hands AS h ON h.id = p.hand_id"
            " WHERE p.guild_id = ? AND p.user_id = ? AND h.channel_id = ?"
            " ORDER BY p.hand_id DESC LIMIT ?",
            (guild, user, channel, limit),
        )
        return [int(row[0]) for row in rows]

    async def verified_hand(self, hand_id: int) -> VerifiedHand | None:
        rows = await self._rows(
            "SELECT id, guild_id, ended_at, deck, shuffle, config FROM hands WHERE id = ?",
            (hand_id,),
        )
        if not rows:
            return None
        row = rows[0]
        return VerifiedHand(
            id=int(row[0]),
            guild_id=int(row[1]),
            ended=row[2] is not None,
            deck=str(row[3]),
            shuffle=json.loads(row[4]) if row[4] else None,
            players=tuple(int(player) for player in json.loads(row[5])["players"]),
        )

    async def player_seeds(self, users: list[int]) -> dict[int, str]:
        marks = ", ".join("?" * len(users))
        rows = await self._rows(
            f"SELECT user_id, seed FROM player_seeds WHERE user_id IN ({marks})",
            tuple(users),
        )
        return {int(row[0]): str(row[1]) for row in rows}

    async def set_player_seed(self, user: int, seed: str | None) -> None:
        if seed is None:
            await self._write_one("DELETE FROM player_seeds WHERE user_id = ?", (user,))
        else:
            await self._write_one(
                "INSERT INTO player_seeds (user_id, seed) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET seed = excluded.seed",
                (user, seed),
            )

    async def player_preferences(self, user: int) -> tuple[str | None, bool]:
        """A player's language (of their last interaction) and four-colour choice."""
        rows = await self._rows(
            "SELECT language, four_colour FROM player_preferences WHERE user_id = ?", (user,)
        )
        if not rows:
            return None, False
        return (None if rows[0][0] is None else str(rows[0][0])), bool(rows[0][1])

    async def set_player_language(self, user: int, language: str) -> None:
        await self._write_one(
            "INSERT INTO player_preferences (user_id, language) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET language = excluded.language",
            (user, language),
        )

    async def set_four_colour(self, user: int, four_colour: bool) -> None:
        await self._write_one(
            "INSERT INTO player_preferences (user_id, four_colour) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET four_colour = excluded.four_colour",
            (user, int(four_colour)),
        )

    async def member_notified(self, guild: int, user: int) -> bool:
        """Whether a member is pinged when it is their turn on this server (default yes)."""
        rows = await self._rows(
            "SELECT notify FROM member_preferences WHERE guild_id = ? AND user_id = ?",
            (guild, user),
        )
        return bool(rows[0][0]) if rows else True

    async def set_member_notified(self, guild: int, user: int, notify: bool) -> None:
        await self._write_one(
            "INSERT INTO member_preferences (guild_id, user_id, notify) VALUES (?, ?, ?)"
            " ON CONFLICT (guild_id, user_id) DO UPDATE SET notify = excluded.notify",
            (guild, user, int(notify)),
        )
