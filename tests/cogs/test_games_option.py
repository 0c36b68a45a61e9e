"""The `games` option of a mixed table (RULES §10.1), as members type it."""

from __future__ import annotations

import pytest

from bot.dealer.options import InvalidOption
from bot.text import Name
from cogs.poker._games_option import ALL_GAMES, mixed_games, parse_games


@pytest.mark.parametrize(
    ("typed", "games"),
    [
        ("razz, stud_hi_lo, triple_draw", ("razz", "stud_hi_lo", "triple_draw")),
        ("Seven Card Stud / Razz", ("seven_card_stud", "razz")),  # English names
        ("Stud à sept cartes, Stud à cinq cartes", ("seven_card_stud", "five_card_stud")),
        ("razz hi-lo 2-7", ("razz", "stud_hi_lo", "triple_draw")),  # short names, spaced
        ("  RAZZ ;  hilo ", ("razz", "stud_hi_lo")),
    ],
)
def test_games_are_named_by_key_name_or_short_name(typed: str, games: tuple[str, ...]) -> None:
    assert parse_games(typed) == games


def test_a_name_that_is_no_game_is_refused_with_the_games() -> None:
    with pytest.raises(InvalidOption) as refused:
        parse_games("razz, chess")
    assert refused.value.message.key == "option-games-unknown"
    assert dict(refused.value.message.args)["name"] == Name("chess", 40)  # escaped when shown


def test_mixed_alone_deals_every_game_in_the_rule_books_order() -> None:
    assert mixed_games("mixed", None) == ALL_GAMES
    assert ALL_GAMES == ("seven_card_stud", "razz", "stud_hi_lo", "five_card_stud", "triple_draw")
    assert mixed_games("dealers_choice", None) == ALL_GAMES
    assert mixed_games("razz", None) == ()  # one game
    assert mixed_games("razz", "razz, 2-7") == ("razz", "triple_draw")  # games make it mixed
