"""The ``games`` option of ``/poker new`` and ``/poker tournament new``: the games of a mixed
table (RULES §10.1), as a member types them. A game is named by its key (``stud_hi_lo``), its
name in English or French (``Stud Hi-Lo``, ``Stud à sept cartes``) or a usual short name
(``hilo``, ``2-7``); names are separated by commas (or ``/``, ``+``, ``;``), or by spaces where
each word names a game."""

from __future__ import annotations

import re
from functools import cache
from typing import Any, get_args

from bot.dealer.options import InvalidOption, VariantKey, game_name
from bot.text import Name
from bot.text.catalogue import LANGUAGES, catalogue

ALL_GAMES: tuple[str, ...] = get_args(VariantKey)  # RULES §10.1: the default rotation
SHORT = {
    "stud": "seven_card_stud",
    "7stud": "seven_card_stud",
    "7cs": "seven_card_stud",
    "hilo": "stud_hi_lo",
    "hi-lo": "stud_hi_lo",
    "stud8": "stud_hi_lo",
    "eight": "stud_hi_lo",
    "5stud": "five_card_stud",
    "5cs": "five_card_stud",
    "2-7": "triple_draw",
    "27": "triple_draw",
    "td": "triple_draw",
    "triple": "triple_draw",
}
SEPARATORS = re.compile(r"\s*[,/+;]\s*")


def _plain(text: str) -> str:
    return " ".join(text.lower().replace("_", " ").split())


@cache
def names() -> dict[str, str]:
    """A plain name (key, English or French name, short name) -> the game's key."""
    found = {_plain(key): key for key in ALL_GAMES} | SHORT
    words = catalogue()
    for key in ALL_GAMES:
        for language in LANGUAGES:
            found[_plain(words.text(language, game_name(key).key))] = key
    return found


def parse_games(text: str) -> tuple[str, ...]:
    """The games named, in order; refused (a catalogue message) if a name is not a game."""
    known = names()
    parts = [part for part in SEPARATORS.split(text.strip()) if part]
    if len(parts) == 1 and _plain(parts[0]) not in known:
        parts = parts[0].split()  # "razz hilo 2-7"
    games = []
    for part in parts:
        key = known.get(_plain(part))
        if key is None:
            raise InvalidOption(
                "option-games-unknown",
                name=Name(part, 40),
                games=", ".join(ALL_GAMES),
            )
        games.append(key)
    return tuple(games)


MIXED = "mixed"  # the `variant` choice of a mixed table
DEALERS_CHOICE = "dealers_choice"  # the button chooses each round's game (RULES §10.5)


def mixed_games(variant: str | None, games: str | None) -> tuple[str, ...]:
    """The games of a mixed table, or ``()`` for a table of one game: ``variant:mixed``
    alone deals every game (RULES §10.1's default order); ``games`` names them, and makes
    the table mixed whatever ``variant`` says."""
    if games is not None:
        return parse_games(games)
    return ALL_GAMES if variant in (MIXED, DEALERS_CHOICE) else ()


def mix_options(
    variant: str | None, games: str | None, hands_per_game: int | None
) -> dict[str, Any]:
    """What ``variant``, ``games`` and ``hands_per_game`` give a table's options: its first
    game (``None``: not named), and for a mixed table its games, in rotation or at the
    dealer's choice (RULES §10); refused as :func:`parse_games` refuses."""
    mix = mixed_games(variant, games)
    return {
        "variant": mix[0] if mix else variant,
        "games": mix or None,
        "dealers_choice": (variant == DEALERS_CHOICE) or None,
        "hands_per_game": hands_per_game,
    }
