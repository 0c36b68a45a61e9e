"""Refuse to test a compiled engine that is older than its source (edited since the build)."""

from __future__ import annotations

import pytest

from bot.poker import build_info


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
