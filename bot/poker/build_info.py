"""Which build of the engine is running: compiled by mypyc, or interpreted.

``pip install`` compiles the engine's modules with mypyc where it can (see ``setup.py``); the
sources stay the reference. An editable install compiles them in place, beside the sources, and
Python then prefers the compiled file: after editing a source, rebuild (``pip install -e .``)
or the old code keeps running. :func:`stale_modules` names the modules in that state.

``POKER_PURE_PYTHON=1`` in the environment also runs the sources of a compiled install (the
package calls :func:`prefer_sources`): tracebacks then show the engine's lines, and the tests
check the interpreted engine with it.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec
from importlib.util import spec_from_file_location
from pathlib import Path
from types import ModuleType

PACKAGE = "bot.poker"
HOT_MODULE = "bot.poker.state"  # the hand state machine: compiled whenever anything is


class _SourcesFirst(MetaPathFinder):
    """Finds the engine's modules from their ``.py`` sources, ahead of compiled ones."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        package, _, name = fullname.rpartition(".")
        source = Path(__file__).with_name(name + ".py")
        if package != PACKAGE or not source.exists():
            return None
        return spec_from_file_location(fullname, source)


def prefer_sources() -> None:
    """Import the engine from its sources from now on, even where compiled modules exist."""
    if not any(isinstance(finder, _SourcesFirst) for finder in sys.meta_path):
        sys.meta_path.insert(0, _SourcesFirst())


def is_compiled(module_name: str = HOT_MODULE) -> bool:
    """Whether the module runs from a compiled extension rather than its Python source."""
    path = importlib.import_module(module_name).__file__ or ""
    return any(path.endswith(suffix) for suffix in EXTENSION_SUFFIXES)


def describe() -> str:
    """``compiled with mypyc`` or ``interpreted``, for benchmark output and start-up logs."""
    return "compiled with mypyc" if is_compiled() else "interpreted (pure Python)"


def stale_modules() -> list[str]:
    """Compiled modules older than their source: the source was edited after the build."""
    if not is_compiled():  # also loads mypyc's shared library, when compiled
        return []
    files = [
        module.__file__ for name, module in list(sys.modules.items()) if name.endswith("__mypyc")
    ]
    shared = [Path(file) for file in files if file]
    return find_stale(Path(__file__).parent, shared)


def find_stale(folder: Path, shared: list[Path]) -> list[str]:
    """Sources in ``folder`` edited after their compiled module was built. Each module is a
    small stub that mypyc leaves untouched when only code changes; the code itself is in the
    ``shared`` libraries, rebuilt on every change, so the newest of both dates the build."""
    shared_built = max((path.stat().st_mtime for path in shared), default=0.0)
    stale = []
    for source in sorted(folder.glob("*.py")):
        for suffix in EXTENSION_SUFFIXES:
            built = source.with_name(source.stem + suffix)
            if not built.exists():
                continue
            if max(built.stat().st_mtime, shared_built) < source.stat().st_mtime:
                stale.append(f"{PACKAGE}.{source.stem}")
    return stale
