"""Dealer benchmark on the fake Discord (not a test: it prints figures).

1. Rate-limited REST requests per 6-player hand of each game (channel posts and edits, DM
   channel opens and DMs), next to the number of streets: the target is at most one channel
   request per street plus the DMs the rules need.
2. The time from a click's INTERACTION_CREATE to its callback, p50 and p99, with 50 tables
   playing at once (measured by the fake Discord, so it includes the local websocket and HTTP
   round trip). Target: p99 under 50 ms.

Run from the project root: ``.venv/bin/python -m scripts.benchmark_dealer [--tables 50]``
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import statistics
import tempfile
import time
from pathlib import Path

from bot.poker.events import CardsDealt, StreetStarted
from tests.e2e.conftest import Harness, start_harness
from tests.e2e.players import SHOWDOWN, Table
from tests.e2e.test_games import seat_players

GAMES = ("seven_card_stud", "stud_hi_lo", "five_card_stud", "triple_draw")


async def requests_per_hand(harness: Harness, variant: str) -> None:
    table = await seat_players(harness, variant, 6)
    await table.play_hand(SHOWDOWN, check_view=False)  # the first hand opens the DM channels
    await table.settle()
    fake = harness.fake
    since = len(fake.requests)  # from the first hand's summary to the second's
    hand_id = await table.play_hand(SHOWDOWN, check_view=False)
    await table.settle()
    hand = await table.hand(hand_id)
    requests = fake.rate_limited_requests(since)
    dm_channels = set(fake.dm_channels.values())
    dms = [
        r for r in requests if r.path.split("/")[2:3] and int(r.path.split("/")[2]) in dm_channels
    ]
    opens = [r for r in requests if r.path == "/users/@me/channels"]
    channel = [r for r in requests if r not in dms and r not in opens]
    streets = sum(isinstance(event, StreetStarted) for event in hand.events)
    private_changes = sum(
        1 for event in hand.events if isinstance(event, CardsDealt) and not all(event.face_up)
    )
    print(
        f"{variant:16} streets {streets}  channel requests {len(channel)} "
        f"(posts {sum(r.method == 'POST' for r in channel)}, "
        f"edits {sum(r.method == 'PATCH' for r in channel)})  DMs {len(dms)} "
        f"(cards changed {private_changes} times)  DM opens {len(opens)}"
    )


async def play_many(harness: Harness, tables: int, hands: int, think: float) -> list[float]:
    seated = []
    for index in range(tables):
        seated.append(await seat_players(harness, GAMES[index % 4], 3))
    fake = harness.fake
    first = max(fake.interactions) if fake.interactions else 0

    async def play(table: Table) -> None:
        for _ in range(hands):
            await table.play_hand(SHOWDOWN, check_view=False, think=think)

    await asyncio.gather(*(play(table) for table in seated))
    return [
        (i.answered_at - i.sent_at) * 1000
        for key, i in fake.interactions.items()
        if key > first and i.answered_at is not None and i.message_id is not None
    ]


async def main(tables: int, hands: int, think: float) -> None:
    with tempfile.TemporaryDirectory() as folder:
        harness, task = await start_harness(Path(folder))
        try:
            print("Rate-limited requests in one 6-player hand (the second at its table):")
            for variant in GAMES:
                await requests_per_hand(harness, variant)
            began = time.perf_counter()
            times = await play_many(harness, tables, hands, think)
            elapsed = time.perf_counter() - began
            times.sort()
            p50 = statistics.median(times)
            p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
            print(
                f"\n{tables} tables x {hands} hands at once, think time 0-{think} s: "
                f"{len(times)} clicks in {elapsed:.1f} s ({len(times) / elapsed:.0f}/s), "
                f"INTERACTION_CREATE -> callback p50 {p50:.1f} ms, p99 {p99:.1f} ms, "
                f"max {times[-1]:.1f} ms"
            )
        finally:
            await harness.bot.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(task, 5)
            await harness.fake.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--hands", type=int, default=2)
    parser.add_argument(
        "--think", type=float, default=1.0, help="each click waits 0 to THINK seconds"
    )
    arguments = parser.parse_args()
    asyncio.run(main(arguments.tables, arguments.hands, arguments.think))
