"""Refuse to test a compiled engine that is older than its source (edited since the build);
databases of both backends for the tests that take ``database_url``."""

from __future__ import annotations

import itertools
import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.poker import build_info
from tests.postgres_server import PostgresServer, skip_reason, without_postgresql


def pytest_sessionstart(session: pytest.Session) -> None:
    stale = build_info.stale_modules()
    if stale:
        pytest.exit(
            "the compiled engine is older than its source; rebuild it with "
            f"`.venv/bin/pip install -e .` (or set POKER_PURE_PYTHON=1): {', '.join(stale)}",
            returncode=4,
        )


@pytest.fixture(autouse=True)
def strict_catalogue() -> None:
    """A missing catalogue key or value fails the test instead of being logged."""
    from bot.text import catalogue

    catalogue().strict = True


@pytest.fixture(autouse=True)
def discord_accepts_every_request() -> Iterator[None]:
    """Discord's published specification judges every request any fake Discord of the test
    received (``tests/fakediscord/conformance.py``): one it refuses fails the test."""
    from tests.fakediscord.server import LIVE

    LIVE.clear()
    yield
    broken = [violation.line() for fake in LIVE for violation in fake.spec_violations]
    LIVE.clear()
    assert not broken, "Discord would refuse:\n" + "\n".join(broken)


# ---------------------------------------------------------------------- databases

BACKENDS = ("sqlite", "postgresql")
_databases = itertools.count()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One PostgreSQL server for the session; where the machine has none, skipped saying how
    to install it, or on CI (CI=true) a failure: the PostgreSQL promises must be checked."""
    reason = skip_reason()
    if reason is not None:
        without_postgresql(reason)
    server = PostgresServer().start()
    try:
        yield server
    finally:
        server.stop()


async def new_database(server: PostgresServer) -> str:
    """A new, empty database on ``server``; :func:`drop_database` removes it."""
    import asyncpg

    name = f"test_{os.getpid()}_{next(_databases)}"
    admin = await asyncpg.connect(server.url())
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    return server.url(name)


async def drop_database(server: PostgresServer, url: str) -> None:
    import asyncpg

    admin = await asyncpg.connect(server.url())
    try:
        await admin.execute(f'DROP DATABASE "{url.rsplit("/", 1)[1]}" WITH (FORCE)')
    finally:
        await admin.close()


@pytest.fixture
async def postgres_url(postgres_server: PostgresServer) -> AsyncIterator[str]:
    """A new, empty database on the session's server, dropped after the test."""
    url = await new_database(postgres_server)
    yield url
    await drop_database(postgres_server, url)


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database of each backend: a SQLite file, or a PostgreSQL database."""
    if request.param == "postgresql":
        return str(request.getfixturevalue("postgres_url"))
    return f"sqlite:///{tmp_path / 'poker.sqlite3'}"
