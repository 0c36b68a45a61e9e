"""Issue 11: no player-facing words outside the catalogues. The presentation code (the cogs,
the dealer's words, the pictures) is scanned for string literals that read as prose; each must
be a key, an id, markup, or one of the few literals listed here with the reason it is not
player-facing."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ["cogs", "bot/dealer", "bot/pictures", "bot/text"]
PROSE = re.compile(r"[A-Za-zÀ-ÿ]{2,}[^\n]*\s[A-Za-zÀ-ÿ]{2,}")  # two words at least
LOGGING = {"debug", "info", "warning", "error", "exception", "critical"}
# Literals that are not player-facing, by file and text, and why.
ALLOWED = {
    ("cogs/poker/_admin.py", "Poker admin"): "a cog's name, for discord.py",
    ("cogs/poker/_clicks.py", "Table buttons"): "a cog's name, for discord.py",
    ("bot/dealer/deadline.py", "time bank"): "an enum value, stored",
    ("bot/dealer/deadline.py", "next hand"): "an enum value, stored",
    ("bot/text/catalogue.py", "int | float | str | Name | Msg | Items"): "a type",
}
# Files whose prose literals are for logs only: what keeps a table from being restored.
LOG_ONLY = {"bot/dealer/persistence.py"}
NOT_FOR_PLAYERS = LOGGING | {"cast", "_fail", "ValueError", "TypeError", "LookupError"}


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _not_for_players(tree: ast.AST) -> set[int]:
    """Constants inside log calls, exceptions that are not refusals, and assertions."""
    found: set[int] = set()
    for node in ast.walk(tree):
        inside: ast.AST | None = None
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in NOT_FOR_PLAYERS:
                inside = node
        elif isinstance(node, ast.Assert):
            inside = node
        if inside is not None:
            found.update(id(n) for n in ast.walk(inside) if isinstance(n, ast.Constant))
    return found


def prose_in(source: str) -> list[tuple[int, str]]:
    """The prose literals of one module: line and text."""
    tree = ast.parse(source)
    skip = _docstrings(tree) | _not_for_players(tree)
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in skip
        and PROSE.search(node.value)
    ]


def prose_literals() -> list[tuple[str, int, str]]:
    found = []
    for folder in SCANNED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            relative = str(path.relative_to(ROOT))
            if relative in LOG_ONLY:
                continue
            for line, text in prose_in(path.read_text("utf-8")):
                if (relative, text) not in ALLOWED:
                    found.append((relative, line, text))
    return found


def test_no_player_facing_literal_outside_the_catalogues() -> None:
    assert prose_literals() == []


def test_the_finder_finds_a_sentence() -> None:
    """The scan catches a reply written in code, and skips docstrings and log lines (it cannot
    pass by seeing nothing)."""
    source = (
        '"""A module."""\n'
        'reply = f"You have {chips} chips left."\n'
        'log.info("not for players: %s", reply)\n'
    )
    assert prose_in(source) == [(2, "You have "), (2, " chips left.")]
