"""What an operator watches (issue 12), as Prometheus metrics, with ``/healthz`` beside them on
METRICS_PORT. The figures are process-wide: each process of a sharded bot serves its own, and
Prometheus adds them up.

- ``poker_open_tables``: tables this process drives now;
- ``poker_hands_dealt_total``: hands dealt (counted once their deal is stored);
- ``poker_clicks_total`` and ``poker_click_seconds``: button clicks, from their arrival to
  the end of their handling (the answer, and the table message's edit or post it waits for);
- ``poker_answer_seconds``: every interaction, from its creation (the time in its id, Discord's
  clock: the 3 seconds Discord allows count from there) to its first answer leaving;
- ``poker_discord_rate_limited_total``: 429 answers from Discord, by method;
- ``poker_database_commit_seconds``: the time a change's transaction takes to commit (where
  its durability is paid), by engine;
- ``poker_full_collection_seconds``: the pauses of Python's full garbage collections (the
  oldest generation's), during which the process answers nothing.

Nothing here names a player, a card or a token.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import re
import time
from collections.abc import Awaitable, Callable
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, Counter, Gauge, Histogram, generate_latest

log = logging.getLogger(__name__)

OPEN_TABLES = Gauge("poker_open_tables", "Tables this process drives")
HANDS_DEALT = Counter("poker_hands_dealt", "Hands dealt and stored")
CLICKS = Counter("poker_clicks", "Button clicks answered")
CLICK_SECONDS = Histogram(
    "poker_click_seconds",
    "From a click's arrival to the end of its handling",
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0),
)
ANSWER_SECONDS = Histogram(
    "poker_answer_seconds",
    "From an interaction's creation (its id's time) to its first answer leaving",
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0),
)
FULL_COLLECTION_SECONDS = Histogram(
    "poker_full_collection_seconds",
    "A full garbage collection's pause (the oldest generation)",
    buckets=(0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0),
)
RATE_LIMITED = Counter("poker_discord_rate_limited", "429 answers from Discord", ["method"])
COMMIT_SECONDS = Histogram(
    "poker_database_commit_seconds",
    "Time to commit a change's transaction",
    ["engine"],
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0),
)


OLDEST = len(gc.get_threshold()) - 1  # the generation a full collection collects
CALLBACK = re.compile(r"/interactions/(\d+)/[^/]+/callback$")  # an interaction's first answer


class _Collections:
    """Times the full collections (``gc.callbacks``). A callback never runs inside another
    collection, so observing the histogram there takes no lock a collection interrupted."""

    def __init__(self) -> None:
        self.started = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if info.get("generation") != OLDEST:
            return
        if phase == "start":
            self.started = time.perf_counter()
        elif self.started:
            FULL_COLLECTION_SECONDS.observe(time.perf_counter() - self.started)


_COLLECTIONS = _Collections()


def time_collections() -> None:
    """Time this process's full garbage collections (once; served with the metrics)."""
    if _COLLECTIONS not in gc.callbacks:
        gc.callbacks.append(_COLLECTIONS)


def request_trace() -> aiohttp.TraceConfig:
    """An aiohttp trace for discord.py's HTTP client (interactions' answers go through it too):
    counts Discord's 429 answers, and times each interaction's first answer."""

    async def on_request_start(
        session: aiohttp.ClientSession, context: SimpleNamespace, params: Any
    ) -> None:
        answering = CALLBACK.search(params.url.path)
        if answering:  # one callback an interaction: its first answer
            created = discord.utils.snowflake_time(int(answering[1]))
            ANSWER_SECONDS.observe(max((discord.utils.utcnow() - created).total_seconds(), 0))

    async def on_request_end(
        session: aiohttp.ClientSession, context: SimpleNamespace, params: Any
    ) -> None:
        if params.response.status == 429:
            RATE_LIMITED.labels(params.method).inc()

    trace = aiohttp.TraceConfig()
    trace.on_request_start.append(on_request_start)
    trace.on_request_end.append(on_request_end)
    return trace


class Timer:
    """``with Timer(CLICK_SECONDS):`` observes the block's duration."""

    def __init__(self, histogram: Histogram) -> None:
        self.histogram = histogram
        self.started = 0.0

    def __enter__(self) -> None:
        self.started = time.perf_counter()

    def __exit__(self, *_: object) -> None:
        self.histogram.observe(time.perf_counter() - self.started)


Health = Callable[[], Awaitable[tuple[bool, dict[str, Any]]]]


class MetricsServer:
    """``/metrics`` (Prometheus text) and ``/healthz`` (200 when healthy, else 503, with the
    reasons as JSON) on ``host:port``."""

    def __init__(self, host: str, port: int, health: Health) -> None:
        self.host, self.port, self.health = host, port, health
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/metrics", self._metrics)
        app.router.add_get("/healthz", self._healthz)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        log.info("metrics and /healthz on http://%s:%d", self.host, self.port)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _metrics(self, request: web.Request) -> web.Response:
        body = generate_latest()
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def _healthz(self, request: web.Request) -> web.Response:
        try:
            async with asyncio.timeout(3):
                healthy, facts = await self.health()
        except TimeoutError:
            healthy, facts = False, {"problem": "the health check took over 3 seconds"}
        return web.json_response(
            {"status": "ok" if healthy else "unhealthy", **facts}, status=200 if healthy else 503
        )
