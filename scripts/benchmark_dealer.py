"""Dealer benchmark on the fake Discord (not a test: it prints figures).

1. Rate-limited REST requests per 6-player hand of each game (channel posts and edits, DM
   channel opens and DMs), next to the number of streets: the target is at most one channel
   request per street plus the DMs the rules need (stud tables' pictures are counted). The
   turn notices (issue 21) are counted apart: those made and deleted through a click's token
   (exempt from the global limit) and those through the channel (counted above too).
2. The time from a click's INTERACTION_CREATE to its callback, p50 and p99, with 50 tables
   playing at once. The bot runs as ``python -m bot`` in its own process, as in production,
   while the fake Discord and its 150 players run here; the fake takes both timestamps, so the
   figure is the bot's time plus the local websocket and HTTP round trip. Target: p99 < 50 ms.
   ``--database postgresql`` runs it on a PostgreSQL server started for the run (from the
   machine's binaries, as the tests do); ``--processes 2`` runs two bot processes on it, one
   Discord shard each, with the tables spread over servers of both shards. ``--bots 3`` seats
   three ``strong`` computer players beside the three people of each table (issue 22: their
   decisions must not slow the people's clicks).

Run from the project root: ``.venv/bin/python -m scripts.benchmark_dealer [--tables 50]
[--database sqlite|postgresql] [--processes 1] [--bots 0] [--latency-only | --requests-only]``
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import contextlib
import math
import os
import random
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path

import aiohttp
from prometheus_client.parser import text_string_to_metric_families

from bot.dealer.settings import ServerSettings
from bot.poker.events import CardsDealt, StreetStarted
from tests.conftest import new_database
from tests.e2e.conftest import Harness, start_harness
from tests.e2e.players import SHOWDOWN, table_message
from tests.e2e.remote import open_table, play_table, start_bot_process, stop_bot_process
from tests.e2e.test_computers import alone_with_computers
from tests.e2e.test_games import seat_players
from tests.fakediscord.server import GUILD_ID, FakeDiscord, Request
from tests.postgres_server import PostgresServer, free_port

GAMES = ("seven_card_stud", "razz", "stud_hi_lo", "five_card_stud", "triple_draw")
PEOPLES_PACE = {"DM_OPENS_PER_SECOND": "0.8"}  # as in production: the fake's buckets are Discord's
HAND_SECONDS = 60  # a hand's longest at a second's thought a click (scaled by --think)


async def bot_histograms(ports: list[int]) -> dict[str, Counter[float]]:
    """The bot processes' own histograms (``/metrics``), added up: name -> {bound: count}."""
    found: dict[str, Counter[float]] = {}
    async with aiohttp.ClientSession() as session:
        for port in ports:
            async with session.get(f"http://127.0.0.1:{port}/metrics") as response:
                text = await response.text()
            for family in text_string_to_metric_families(text):
                for sample in family.samples:
                    if sample.name.endswith("_bucket"):
                        bound = float(sample.labels["le"])  # "+Inf" reads as inf
                        found.setdefault(family.name, Counter())[bound] += int(sample.value)
    return found


def quantile(buckets: Counter[float], q: float) -> str:
    """The bound of the histogram bucket that holds the ``q`` quantile ("<= 25 ms")."""
    total = buckets[math.inf]
    if not total:
        return "none"
    for bound in sorted(buckets):
        if buckets[bound] >= q * total:
            return "over the last bound" if bound == math.inf else f"<= {bound * 1000:g} ms"
    return "none"


def _content(request: Request) -> str:
    return str(request.body.get("content") or "") if isinstance(request.body, dict) else ""


async def requests_per_hand(harness: Harness, variant: str) -> None:
    table = await seat_players(harness, variant, 6)
    await table.play_hand(SHOWDOWN, check_view=False)  # the first hand opens the DM channels
    await table.settle()
    fake = harness.fake
    since = len(fake.requests)  # from the first hand's summary to the second's
    hand_id = await table.play_hand(SHOWDOWN, check_view=False)
    await table.settle()
    hand = await table.hand(hand_id)
    # other tables' clocks run meanwhile, and this table's next hand may begin: count only
    # this hand's requests (each names the hand in its first line)
    tag = f"Hand #{hand_id}"
    replaced = {  # the previous hand's table message loses its buttons when this one is posted
        f"/channels/{table.channel}/messages/{m.id}" for m in table.table_messages(table.hands[-2])
    }
    shown = {  # this hand's table messages: their edits that carry only a picture count too
        f"/channels/{table.channel}/messages/{m.id}" for m in table.table_messages(hand_id)
    }
    requests = [
        r
        for r in fake.rate_limited_requests(since)
        if r.path == "/users/@me/channels"
        or tag in _content(r).split("\n")[0]
        or r.path in replaced  # its buttons taken away (and its lasting text: one edit)
        or (r.path in shown and not _content(r))
    ]
    dm_channels = set(fake.dm_channels.values())
    dms = [r for r in requests if int(r.path.split("/")[2] or 0) in dm_channels]
    opens = [r for r in requests if r.path == "/users/@me/channels"]
    channel = [r for r in requests if r.path.startswith(f"/channels/{table.channel}/")]
    streets = sum(isinstance(event, StreetStarted) for event in hand.events)
    private_changes = sum(
        1 for event in hand.events if isinstance(event, CardsDealt) and not all(event.face_up)
    )
    pictures = [r for r in channel if r.path in shown and isinstance(r.body, dict)]
    pictures = [r for r in pictures if r.method == "PATCH" and r.body.get("_files")]
    notices = {  # this hand's turn notices, however they were sent
        m.id for m in fake.messages.values() if f"({tag}):" in (m.versions or [""])[0]
    }
    made = [r for r in fake.requests[since:] if r.method == "POST" and f"({tag}):" in _content(r)]
    limited = [r for r in made if r.path.startswith("/channels/")]
    deleted = [
        r
        for r in fake.requests[since:]
        if r.method == "DELETE" and int(r.path.rsplit("/", 1)[1]) in notices
    ]
    deleted_limited = [r for r in deleted if r.path.startswith("/channels/")]
    print(
        f"{variant:16} streets {streets}  channel requests {len(channel)} "
        f"(posts {sum(r.method == 'POST' for r in channel)}, "
        f"edits {sum(r.method == 'PATCH' for r in channel)}, of which table pictures "
        f"{len(pictures)})  DMs {len(dms)} "
        f"(cards changed {private_changes} times)  DM opens {len(opens)}  "
        f"turn notices {len(made)} made, {len(deleted)} deleted "
        f"({len(limited) + len(deleted_limited)} of them rate-limited)"
    )


async def requests_with_computers(harness: Harness, variant: str) -> None:
    """One person and three computer players: the rate-limited requests of the second hand."""
    table = await alone_with_computers(harness, variant)
    await table.play_hand(SHOWDOWN, check_view=False)
    await table.settle()
    since = len(harness.fake.requests)
    await table.play_hand(SHOWDOWN, check_view=False)
    await table.settle()
    limited = harness.fake.rate_limited_requests(since)
    public = [r for r in limited if f"/{table.channel}/" in r.path]
    posts = sum(1 for r in public if r.method == "POST")
    edits = sum(1 for r in public if r.method == "PATCH")
    deletes = sum(1 for r in public if r.method == "DELETE")
    print(
        f"{variant:16} channel requests {len(public)} ({posts} posts, {edits} edits,"
        f" {deletes} deletes)  DMs {len(limited) - len(public)}"
    )


async def latency(  # noqa: PLR0917
    tables: int,
    hands: int,
    think: float,
    database: str = "sqlite",
    processes: int = 1,
    computers: int = 0,
    judged: bool = False,
    players: int = 3,
    gateway: float = 0.0,
    pin: bool = False,
) -> None:
    # --pin: the bot alone on core 0, the fake Discord and its players on the others
    bot_cpus = {0} if pin else None
    if pin:
        os.sched_setaffinity(0, os.sched_getaffinity(0) - {0})
    server = PostgresServer().start() if database == "postgresql" else None
    bots: list[asyncio.subprocess.Process] = []
    ports: list[int] = []

    def metrics() -> dict[str, str]:  # each process's own figures, read at the end
        ports.append(free_port())
        return {"METRICS_PORT": str(ports[-1])}

    with tempfile.TemporaryDirectory() as folder:
        # Discord's rate limits kept (issue 43.1), the per-route ones at people's pace
        fake = FakeDiscord(judged=judged, route_pace=1.0)
        fake.gateway_latency = gateway
        await fake.start()
        guilds = [GUILD_ID]
        if server is not None:
            url = await new_database(server)
            guilds = [fake.add_guild(shard, processes) for shard in range(processes)]
            for shard in range(processes):
                place = Path(folder) / f"shard{shard}"
                place.mkdir()
                sharding = {"SHARD_COUNT": str(processes), "SHARD_IDS": str(shard)}
                more = {"DATABASE_URL": url} | sharding | PEOPLES_PACE | metrics()
                bots.append(await start_bot_process(fake, place, settings=more, cpus=bot_cpus))
        else:
            # computer players pause as in production (the tests' bots do not)
            pause = {"BOT_PAUSE_SECONDS": "1-3"} if computers else {}
            more = pause | PEOPLES_PACE | metrics()
            bots.append(
                await start_bot_process(fake, Path(folder), settings=more, cpus=bot_cpus)
            )
        try:
            seated = [
                await open_table(
                    fake, GAMES[i % len(GAMES)], players, guilds[i % len(guilds)], computers
                )
                for i in range(tables)
            ]
            first = max(fake.interactions)
            opening = await bot_histograms(ports)  # the opening's commands and clicks, apart
            rng = random.Random(5)
            since = len(fake.requests)
            began = time.perf_counter()
            played = await asyncio.gather(
                *(
                    asyncio.wait_for(
                        play_table(fake, channel, hands, think, rng),
                        HAND_SECONDS * hands * max(1.0, think),
                    )
                    for channel, _ in seated
                ),
                return_exceptions=True,
            )
            elapsed = time.perf_counter() - began
            limited = len(fake.rate_limited_requests(since))  # against the token's 50 a second
            own = await bot_histograms(ports)  # the bots' own clocks
            for name, counts in opening.items():
                own[name].subtract(counts)
        finally:
            for bot in bots:
                await stop_bot_process(bot)
            await fake.stop()
            if server is not None:
                server.stop()
    clicks = [  # (sent, answered after) of each click once the tables were open
        (i.sent_at, i.answered_at - i.sent_at)
        for key, i in fake.interactions.items()
        if key > first and i.answered_at is not None and i.message_id is not None
    ]
    times = sorted(took * 1000 for _, took in clicks)
    # how the clicks arrived (the largest burst is the run's start: every table's first click)
    sent = sorted(i.sent_at for key, i in fake.interactions.items() if key > first)
    burst = max((bisect.bisect_left(sent, at + 0.1) - n for n, at in enumerate(sent)), default=0)
    # the slow clicks: scattered (a slow path), or together (a moment the bot or the fake stalled)
    slow = sorted(at for at, took in clicks if took > 0.1)
    moments = sum(1 for n, at in enumerate(slow) if n == 0 or at - slow[n - 1] > 0.2)
    p50 = statistics.median(times)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    where = f"{database}, {processes} bot process{'es' if processes > 1 else ''}"
    if computers:
        where += f", {computers} strong computer players a table"
    if judged:
        where += ", every request judged by Discord's spec"
    if gateway:
        where += f", {gateway:.1f} s of gateway latency"
    limits = fake.limits
    done = sum(1 for result in played if result is None)
    for (channel, _), result in zip(seated, played, strict=True):
        if result is not None:
            shown = table_message(fake, channel)
            print(f"a table did not deal every hand ({result!r}); its message:")
            print(shown.content if shown else "(none)")

    print(
        f"\n{tables} tables of {players} x {hands} hands at once, think time 0-{think} s,"
        f" {where}: {len(times)} clicks in {elapsed:.1f} s ({len(times) / elapsed:.0f}/s),"
        f" INTERACTION_CREATE -> callback p50 {p50:.1f} ms, p99 {p99:.1f} ms,"
        f" max {times[-1]:.1f} ms; {limited / elapsed:.0f} rate-limited requests a second"
        f" on average, at most {max(limits.peak.values(), default=0)} in a second (Discord"
        f" allows a token 50); 429s: {limits.global_429s} global, {limits.route_429s} per"
        f" route; invalid requests (401, 403, 429): {len(limits.invalid)};"
        f" answered late: {len(fake.late)}; tables that dealt every hand: {done} of {tables}"
    )
    print(
        f"  arrivals: at most {burst} clicks within 0.1 s"
        f" ({len(times) / elapsed / 10:.1f} on average); answered after more than 0.1 s:"
        f" {len(slow)} clicks, at {moments} moments (0.2 s or more apart)"
    )
    for route, count in limits.limited_routes.most_common(3):
        print(f"  {count} 429s on {route}")
    answers, commits = own.get("poker_answer_seconds"), own.get("poker_database_commit_seconds")
    if answers:  # where the time goes: in the bot, or on the way (and in the fake's own loop)
        print(
            f"  by the bot's clock, an interaction's creation (its id) to its answer leaving:"
            f" p50 {quantile(answers, 0.5)}, p99 {quantile(answers, 0.99)},"
            f" the slowest {quantile(answers, 1.0)}"
        )
    collections = own.get("poker_full_collection_seconds")
    if collections:
        over = collections[math.inf] - collections[0.05]
        print(
            f"  the bot's full garbage collections: {collections[math.inf]}, of which {over}"
            f" paused it over 50 ms; the longest {quantile(collections, 1.0)}"
        )
    if commits:
        print(
            f"  a change's commit: p50 {quantile(commits, 0.5)}, p99 {quantile(commits, 0.99)},"
            f" the slowest {quantile(commits, 1.0)}"
        )


async def main(arguments: argparse.Namespace) -> None:
    if not arguments.latency_only:
        await requests(arguments)
    if arguments.requests_only:
        return
    await latency(
        arguments.tables,
        arguments.hands,
        arguments.think,
        arguments.database,
        arguments.processes,
        arguments.bots,
        arguments.judged,
        arguments.players,
        arguments.latency,
        arguments.pin,
    )


async def requests(arguments: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as folder:
        harness, task = await start_harness(Path(folder))
        try:
            print("Rate-limited requests in one 6-player hand (the second at its table):")
            for variant in GAMES:
                await requests_per_hand(harness, variant)
            print("The same with table pictures on (/poker-admin config table_pictures):")
            pictures = ServerSettings(table_pictures=True).model_dump_json()
            await harness.bot.store.save_server_settings(GUILD_ID, pictures)
            harness.bot.presenter.readers.server_changed(GUILD_ID)
            for variant in GAMES:
                await requests_per_hand(harness, variant)
            print("One person and three computer players (pictures on):")
            for variant in GAMES:
                await requests_with_computers(harness, variant)
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
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--processes", type=int, default=1, help="PostgreSQL only: shards")
    parser.add_argument(
        "--bots", type=int, default=0, help="computer players at each table, beside 3 people"
    )
    parser.add_argument(
        "--judged",
        action="store_true",
        help="the fake Discord judges each request by Discord's spec, as in the tests (its cost"
        " then shares the machine's two cores with the bot)",
    )
    parser.add_argument("--players", type=int, default=3, help="people at each table")
    parser.add_argument(
        "--latency", type=float, default=0.0, help="seconds an event takes to reach the bot"
    )
    parser.add_argument(
        "--pin",
        action="store_true",
        help="the bot alone on the first core, the fake Discord and its players on the others"
        " (as in production, where they are not on the bot's machine)",
    )
    parser.add_argument("--latency-only", action="store_true")
    parser.add_argument("--requests-only", action="store_true")
    arguments = parser.parse_args()
    if arguments.processes > 1 and arguments.database != "postgresql":
        parser.error("several processes need --database postgresql")
    asyncio.run(main(arguments))
