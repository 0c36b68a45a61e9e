"""The examples written in the engine's docstrings are true.

The docstrings are read from the source files, so the examples run whether the module was
compiled by mypyc (compiled functions hide their docstrings from ``doctest.testmod``) or not.
"""

from __future__ import annotations

import ast
import doctest
from pathlib import Path
from types import ModuleType

import pytest

from bot.poker import cards, pots

SOURCES = Path(cards.__file__).parent


def docstrings(source: Path) -> list[tuple[str, str, int]]:
    """(name, docstring, line) of the module and of every class and function in it."""
    tree = ast.parse(source.read_text(encoding="utf-8"))
    found = []
    for node in [tree, *ast.walk(tree)]:
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            text = ast.get_docstring(node, clean=False)
            if text:
                found.append((getattr(node, "name", source.stem), text, getattr(node, "lineno", 0)))
    return found


@pytest.mark.parametrize("module", [cards, pots], ids=lambda module: module.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    source = SOURCES / (module.__name__.rsplit(".", 1)[1] + ".py")
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner()
    for name, text, line in docstrings(source):
        test = parser.get_doctest(text, dict(vars(module)), name, str(source), line)
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0
    assert result.failed == 0
