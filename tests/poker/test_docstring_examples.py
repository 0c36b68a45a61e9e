"""The examples written in the engine's docstrings are true."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from bot.poker import cards, pots


@pytest.mark.parametrize("module", [cards, pots], ids=lambda module: module.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0
