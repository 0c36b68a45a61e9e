"""Builds the poker engine with mypyc, mypy's compiler for typed Python, when it can.

The engine's source stays plain typed Python (``mypy --strict`` clean); compiled, the same
modules run about four times as fast. Set ``POKER_PURE_PYTHON=1`` to install without compiling (no C
compiler needed); ``bot.poker.build_info`` says which one is running.
"""

from __future__ import annotations

import os
from pathlib import Path

from setuptools import setup

# Interpreted: cards.py (Card subclasses int, which mypyc cannot compile natively), build_info.py
# (it must load the same way whichever build runs: it installs the POKER_PURE_PYTHON finder) and
# the simulator, which runs as `python -m` (that needs a module with Python code).
INTERPRETED = {"__init__.py", "cards.py", "build_info.py", "simulate.py"}
COMPILED = sorted(
    str(path) for path in Path("bot/poker").glob("*.py") if path.name not in INTERPRETED
)


def extensions() -> list[object]:
    if os.environ.get("POKER_PURE_PYTHON") == "1":
        return []
    from mypyc.build import mypycify  # noqa: PLC0415 (not needed for a pure install)

    return list(mypycify(COMPILED, opt_level="3"))


setup(ext_modules=extensions())
