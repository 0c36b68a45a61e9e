"""Decisions for the worker-pool tests (tests/dealer/test_thinking.py): module functions, as a
worker process imports what it runs."""

from __future__ import annotations

import time
from typing import Any


def slow_or_quick(view: Any, level: str, seed: int) -> str:
    """``level`` "stuck" never answers in time; any other answers at once."""
    if level == "stuck":
        time.sleep(60)
    return f"{level} decided"
