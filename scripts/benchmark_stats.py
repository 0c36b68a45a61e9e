"""Stats benchmark (not a test: it prints figures): `/poker stats` over a server with 10,000
finished hands of four players each (40,000 rows of facts), for one player, all games and
one game. Target: under 50 ms.

Run from the project root: ``.venv/bin/python -m scripts.benchmark_stats [--hands 10000]``
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from bot.store import Database
from bot.text import Speaker
from cogs.poker._economy import stats_content

GAMES = ("seven_card_stud", "stud_hi_lo", "five_card_stud", "triple_draw")
GUILD, PLAYERS = 1, (1, 2, 3, 4, 5, 6, 7, 8)


async def build(store: Database, hands: int) -> None:
    rng = random.Random(1)
    async with store.transaction() as db:
        for hand_id in range(1, hands + 1):
            await db.execute(
                "INSERT INTO hands (id, channel_id, guild_id, config, deck, reshuffle_seed,"
                " started_at, ended_at) VALUES (?, 1, ?, '{}', '', '0', '', '')",
                (hand_id, GUILD),
            )
            players = rng.sample(PLAYERS, 4)
            nets = [rng.randint(-60, 60) for _ in range(3)]
            nets.append(-sum(nets))
            game = GAMES[hand_id % 4]
            await db.executemany(
                "INSERT INTO hand_players VALUES (?, ?, ?, ?, 20, ?, ?, ?, ?)",
                [
                    (
                        hand_id,
                        GUILD,
                        user,
                        game,
                        net,
                        rng.random() < 0.4,
                        max(net, 0) * 2,
                        rng.random() < 0.3,
                    )
                    for user, net in zip(players, nets, strict=True)
                ],
            )


async def main(hands: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await Database.open(f"sqlite:///{Path(folder) / 'stats.sqlite3'}")
        try:
            await build(store, hands)
            for variant in (None, "triple_draw"):
                times = []
                for _ in range(30):
                    began = time.perf_counter()
                    games = await store.stats(GUILD, 1, variant)
                    stats_content(Speaker("en"), 1, games)
                    times.append((time.perf_counter() - began) * 1000)
                print(
                    f"{hands} hands, player 1, {variant or 'all games'}: {games[-1].hands} of"
                    f" their hands, median {statistics.median(times):.1f} ms,"
                    f" max {max(times):.1f} ms"
                )
        finally:
            await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10_000)
    asyncio.run(main(parser.parse_args().hands))
