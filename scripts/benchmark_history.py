"""History benchmark (not a test: it prints figures): `/poker history` for one player on a
server with 10,000 finished random hands of six players, stored as the dealer stores them
(record, one row per action, players' facts): one hand with its replay text, and
``last:50`` as one .phhs.

Run from the project root: ``.venv/bin/python -m scripts.benchmark_history [--hands 10000]``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from bot.dealer.hand_history import hand_history, last_hands
from bot.poker.random_play import play_random_hand, random_config
from bot.poker.record import to_record
from bot.poker.variants import VARIANTS
from bot.store import Database
from bot.text import Speaker
from cogs.poker._history import replay_content

GUILD, CHANNEL, PLAYERS = 1, 1, (1, 2, 3, 4, 5, 6)


async def build(store: Database, hands: int) -> None:
    rng = random.Random(1)
    games = sorted(VARIANTS)
    async with store.transaction() as db:
        for hand_id in range(1, hands + 1):
            variant = VARIANTS[games[hand_id % len(games)]]
            config = random_config(variant, min(6, variant.max_players), rng)
            hand = play_random_hand(config, rng)
            record = to_record(hand)
            names = {str(player): f"Player {player}" for player in hand.players}
            await db.execute(
                "INSERT INTO hands (id, channel_id, guild_id, table_id, record_version, config,"
                " deck, reshuffle_seed, names, started_at, ended_at, result)"
                " VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, '{}')",
                (
                    hand_id,
                    CHANNEL,
                    GUILD,
                    record["version"],
                    json.dumps(record["config"]),
                    record["deck"],
                    str(record["reshuffle_seed"]),
                    json.dumps(names),
                    "2026-11-23T20:00:00+00:00",
                    "2026-11-23T20:01:00+00:00",
                ),
            )
            await db.executemany(
                "INSERT INTO hand_actions (hand_id, number, action, created_at)"
                " VALUES (?, ?, ?, '')",
                [
                    (hand_id, number, json.dumps(action))
                    for number, action in enumerate(record["actions"], start=1)
                ],
            )
            await db.executemany(
                "INSERT INTO hand_players VALUES (?, ?, ?, ?, 20, 0, 0, 0, 0)",
                [(hand_id, GUILD, player, variant.key) for player in hand.players],
            )


async def timed(label: str, run: Callable[[], Awaitable[str]]) -> None:
    times = []
    for _ in range(30):
        began = time.perf_counter()
        size = await run()
        times.append((time.perf_counter() - began) * 1000)
    print(f"{label}: median {statistics.median(times):.1f} ms, max {max(times):.1f} ms, {size}")


async def main(hands: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await Database.open(f"sqlite:///{Path(folder) / 'history.sqlite3'}")
        try:
            began = time.perf_counter()
            await build(store, hands)
            print(f"{hands} hands stored in {time.perf_counter() - began:.1f} s")

            async def one() -> str:
                found = await hand_history(
                    store, guild=GUILD, channel=CHANNEL, viewer=1, hand_id=None
                )
                assert found.replay is not None
                text = replay_content(Speaker("en"), found.replay)
                return f"{len(found.text)} B of PHH, {len(text)} characters of replay"

            async def fifty() -> str:
                found = await last_hands(store, guild=GUILD, channel=CHANNEL, viewer=1, count=50)
                return f"{len(found.hand_ids)} hands, {len(found.text)} B of .phhs"

            await timed("/poker history (your last hand)", one)
            await timed("/poker history last:50", fifty)
        finally:
            await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10_000)
    asyncio.run(main(parser.parse_args().hands))
