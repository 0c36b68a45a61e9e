"""A table's refusals: each carries the catalogue message shown to the user (ephemerally)."""

from __future__ import annotations

from bot.text import Refused


class TableError(Refused):
    """A request refused; its catalogue message is shown to the user (ephemerally)."""


class StalePrompt(TableError):
    pass


class TableElsewhere(TableError):
    """Another process deals this table. ``silent``: this process had it and lost it, so the
    interaction reached both and the other answers; this one must not (Discord would show
    whichever answer came first)."""

    def __init__(self, key: str, /, *, silent: bool = False) -> None:
        super().__init__(key)
        self.silent = silent
