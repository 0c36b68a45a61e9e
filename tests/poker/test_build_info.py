"""The engine says which build runs, and spots a compiled module older than its source."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from bot.poker import build_info

ROOT = Path(__file__).parents[2]


def test_compiled_modules_run_wherever_they_were_built() -> None:
    state = Path(build_info.__file__).with_name("state.py")
    built = any(state.with_name("state" + suffix).exists() for suffix in EXTENSION_SUFFIXES)
    pure = os.environ.get("POKER_PURE_PYTHON") == "1"
    assert build_info.is_compiled() == (built and not pure)
    assert not build_info.is_compiled("bot.poker.cards")  # never compiled (Card subclasses int)


def test_a_compiled_module_older_than_its_source_is_stale(tmp_path: Path) -> None:
    source = tmp_path / "state.py"
    source.write_text("")
    stub = tmp_path / ("state" + EXTENSION_SUFFIXES[0])
    stub.write_bytes(b"")
    shared = tmp_path / ("0123__mypyc" + EXTENSION_SUFFIXES[0])
    shared.write_bytes(b"")
    assert build_info.find_stale(tmp_path, [shared]) == []
    os.utime(stub, (1_000_000, 1_000_000))
    assert build_info.find_stale(tmp_path, [shared]) == []  # the code lives in the shared one
    os.utime(shared, (1_000_000, 1_000_000))
    assert build_info.find_stale(tmp_path, [shared]) == ["bot.poker.state"]


def test_pure_python_switch_runs_the_sources() -> None:
    # POKER_PURE_PYTHON=1 runs the interpreted engine even where compiled modules exist
    script = (
        "import bot.poker.state as state; from bot.poker import build_info; "
        "print(build_info.is_compiled(), state.__file__.endswith('state.py'), "
        "build_info.describe() == 'interpreted (pure Python)')"
    )
    env = os.environ | {"POKER_PURE_PYTHON": "1", "PYTHONPATH": str(ROOT)}
    result = subprocess.run(  # noqa: S603 (our own interpreter and script)
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
    )
    assert result.stdout.split() == ["False", "True", "True"]
