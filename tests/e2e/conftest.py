"""The real bot (``bot.client.serve``, as `python -m bot` runs it) against the fake Discord."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from bot.audit import audit
from bot.client import PokerBot, Seams, serve
from bot.config import Settings
from bot.dealer.entropy import Entropy
from bot.store.base import utc_now
from tests.conftest import drop_database, new_database
from tests.dealer.conftest import FakeClock
from tests.fakediscord.server import GUILD_ID, FakeDiscord
from tests.postgres_server import PostgresServer


class Harness:
    def __init__(self, fake: FakeDiscord, bot: PokerBot) -> None:
        self.fake = fake
        self.bot = bot


async def start_harness(
    tmp_path: Path,
    *,
    seed: int = 1,
    fake: FakeDiscord | None = None,
    clock: Callable[[], datetime] | None = None,
    database_url: str | None = None,
    **overrides: Any,
) -> tuple[Harness, asyncio.Task[None]]:
    """The bot on ``database_url`` (default: a SQLite file in ``tmp_path``); a given ``fake``
    Discord is reused (a restart); ``overrides``: more settings."""
    if fake is None:
        fake = FakeDiscord()
        await fake.start()
    overrides.setdefault("bot_pause_seconds", "0")
    overrides.setdefault("dev_guild_id", GUILD_ID)
    # the fake's buckets run ten times as fast as Discord's (route_pace): so may the bot
    overrides.setdefault("dm_opens_per_second", 8.0)
    # pictures drawn in a thread: the tests record what they draw (the workers are tested apart)
    overrides.setdefault("picture_workers", 0)
    settings = Settings(
        discord_token="fake-token",
        database_url=database_url or f"sqlite:///{tmp_path / 'poker.sqlite3'}",
        discord_api_base=fake.api_base,
        discord_gateway_url=fake.gateway_url,
        starting_balance=1000,
        hand_pause_seconds=0.05,
        guild_ready_timeout=0.05,  # the fake sends every server at once
        **overrides,
    )
    started: asyncio.Future[PokerBot] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(
        serve(
            settings,
            seams=Seams(entropy=Entropy.seeded(seed), clock=clock or utc_now, own_process=False),
            started=started.set_result,
        )
    )
    bot = await asyncio.wait_for(started, 5)
    await asyncio.wait_for(fake.guild_sent.wait(), 10)
    await asyncio.wait_for(bot.wait_until_ready(), 10)
    for _ in range(100):  # the commands are synced in setup_hook
        if fake.commands:
            break
        await asyncio.sleep(0.01)
    return Harness(fake, bot), task


async def stop_bot(harness: Harness, task: asyncio.Task[None]) -> None:
    """Close the bot and wait for ``serve`` to return (the fake Discord keeps running). A bot
    that crashes or hangs on the way out fails the test that stopped it (issue 27.6)."""
    await asyncio.wait_for(harness.bot.close(), 5)
    await asyncio.wait_for(task, 5)


@pytest.fixture
async def harness(tmp_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[Harness]:
    """The bot and the fake Discord; after the test, the audit must hold. On SQLite, unless
    the test asks for a backend (``parametrize("harness", BACKENDS, indirect=True)``)."""
    server: PostgresServer | None = None
    url = None
    if getattr(request, "param", "sqlite") == "postgresql":
        server = request.getfixturevalue("postgres_server")
        url = await new_database(server)
    harness, task = await start_harness(tmp_path, database_url=url)
    yield harness
    try:
        results = await audit(harness.bot.store)
    finally:
        await stop_bot(harness, task)
        await asyncio.wait_for(harness.fake.stop(), 5)
        if server is not None and url is not None:
            await drop_database(server, url)
    assert all(result.ok for result in results), [result.line() for result in results]
    assert harness.fake.late == [], "answered after Discord's 3 seconds"  # issue 27.14
    # Discord's global limit (50 requests a second for the token) never reached: the bot's
    # budget keeps its requests under it (issue 43.2)
    assert harness.fake.limits.global_429s == 0, harness.fake.limits.peak
    # a request Discord would refuse (a custom id twice, content too long...) fails the test
    # in tests/conftest.py's verdict, for every fake Discord


@pytest.fixture
async def clocked(tmp_path: Path) -> AsyncIterator[tuple[Harness, FakeClock]]:
    """The bot on a clock the test moves (``clock.advance``, then ``bot.dealer.wake()``)."""
    clock = FakeClock()
    harness, task = await start_harness(tmp_path, clock=clock)
    try:
        yield harness, clock
    finally:
        await stop_bot(harness, task)
        await asyncio.wait_for(harness.fake.stop(), 5)


@pytest.fixture(autouse=True)
def public_pictures(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Record the cards every public picture draws (showdowns, tables), for the privacy
    checks (``players.PICTURES``): the drawing inputs, as the pictures cannot be read back."""
    from cogs.poker import _pictures
    from tests.e2e import players

    showdown, table = _pictures.showdown_png, _pictures.table_png

    def drawn_showdown(summary: Any, say: Any) -> bytes:
        cards = tuple(
            card
            for shown in summary.shown
            for card in (*shown.cards, *shown.best, *shown.low_five)  # all it may draw
        )
        players.PICTURES.append((summary.hand_id, cards + tuple(summary.board)))
        return showdown(summary, say)

    def drawn_table(view: Any, say: Any) -> bytes:
        cards = tuple(card for seat in view.seats for card in seat.up_cards)
        players.PICTURES.append((view.hand_id, cards + tuple(view.board)))
        return table(view, say)

    monkeypatch.setattr(_pictures, "showdown_png", drawn_showdown)
    monkeypatch.setattr(_pictures, "table_png", drawn_table)
    yield
    players.PICTURES.clear()
