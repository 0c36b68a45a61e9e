"""Fixtures for the table runtime: a database of each backend (SQLite, PostgreSQL), a clock
the test moves, decks from a seeded generator (so every hand is reproducible)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest

from bot.audit import audit
from bot.dealer.dealer import Dealer
from bot.dealer.entropy import Entropy
from bot.store import Database

GUILD = 1
CHANNEL = 10
HOST = 100


class FakeClock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def store(
    clock: FakeClock, database_url: str, request: pytest.FixtureRequest
) -> AsyncIterator[Database]:
    """A fresh database of each backend; after the test, the audit must hold (every chip where
    the ledger says), unless the test marks itself ``tampered``."""
    database = await Database.open(database_url, starting_balance=1000, clock=clock)
    try:
        yield database
        if request.node.get_closest_marker("tampered") is None:
            results = await audit(database)
            assert all(result.ok for result in results), [r.line() for r in results]
    finally:
        await database.close()


@pytest.fixture
def dealer(store: Database, clock: FakeClock) -> Dealer:
    return Dealer(store, clock=clock, entropy=Entropy.seeded(7), hand_pause=2)
