"""METRICS_PORT: `/healthz` says whether the process is connected and its database answers;
`/metrics` counts what an operator watches (tables, hands, clicks and their latency, Discord's
429s, commit times), as a real game moves them."""

from __future__ import annotations

import gc

import aiohttp
from prometheus_client.parser import text_string_to_metric_families

from tests.e2e.conftest import start_harness, stop_bot
from tests.e2e.players import SHOWDOWN
from tests.e2e.test_games import seat_players
from tests.postgres_server import free_port


async def scrape(port: int) -> dict[str, float]:
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{port}/metrics") as response,
    ):
        assert response.status == 200
        text = await response.text()
    found: dict[str, float] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            labels = ",".join(f"{k}={v}" for k, v in sorted(sample.labels.items()))
            found[sample.name + (f"{{{labels}}}" if labels else "")] = sample.value
    return found


async def health(port: int) -> tuple[int, dict[str, object]]:
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{port}/healthz") as response,
    ):
        return response.status, await response.json()


async def test_healthz_and_metrics_follow_a_game(tmp_path: object) -> None:
    port = free_port()
    harness, task = await start_harness(tmp_path, metrics_port=port)  # type: ignore[arg-type]
    try:
        status, body = await health(port)
        assert (status, body["status"], body["shards"], body["tables"]) == (200, "ok", [0], 0)
        before = await scrape(port)

        since = len(harness.fake.requests)
        table = await seat_players(harness, "seven_card_stud", 3)
        harness.fake.rate_limits["POST /channels/"] = 1  # Discord says 429 once
        await table.play_hand(SHOWDOWN)
        await table.settle()
        after = await scrape(port)
        assert after["poker_open_tables"] == 1
        assert after["poker_hands_dealt_total"] - before["poker_hands_dealt_total"] >= 1
        clicks = after["poker_clicks_total"] - before.get("poker_clicks_total", 0)
        assert clicks >= 3  # Join, Start and the actions
        assert after["poker_click_seconds_count"] - before["poker_click_seconds_count"] == clicks
        # every interaction's first answer, timed from its creation (its id): the commands and
        # clicks the fake received, each one callback, all well within Discord's 3 seconds
        callbacks = [r for r in harness.fake.requests[since:] if r.path.endswith("/callback")]
        answers = after["poker_answer_seconds_count"] - before.get("poker_answer_seconds_count", 0)
        assert answers == len(callbacks) > clicks  # /poker new too
        within = "poker_answer_seconds_bucket{le=3.0}"
        assert after[within] - before.get(within, 0) == answers
        assert harness.fake.rate_limits["POST /channels/"] == 0  # it was answered
        limited = "poker_discord_rate_limited_total{method=POST}"
        assert after[limited] - before.get(limited, 0) == 1
        commits = "poker_database_commit_seconds_count{engine=sqlite}"
        assert after[commits] - before.get(commits, 0) >= clicks

        # a full garbage collection's pause: the process answers nothing meanwhile
        gc.collect()
        collected = await scrape(port)
        full = "poker_full_collection_seconds_count"
        assert collected[full] - after.get(full, 0) >= 1

        await harness.bot.store.close()  # the database goes away
        status, body = await health(port)
        assert status == 503
        assert body["problems"] == ["database: ValueError"]
    finally:
        await stop_bot(harness, task)
        await harness.fake.stop()
