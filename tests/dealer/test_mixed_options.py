"""A mixed table's options (RULES §10.2, §10.3): one small bet, each game's forced bets as at a
table of that game, the fewest seats of its games."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from bot.dealer.options import InvalidOption, TableOptions
from bot.poker.stakes import Stakes
from bot.poker.variants import VARIANTS


def mixed(*games: str, **more: object) -> TableOptions:
    return TableOptions.model_validate({"variant": games[0], "games": games} | more)


def test_each_game_has_its_own_forced_bets_from_one_small_bet() -> None:
    # RULES §10.2: the defaults of each game's own table (Five Card Stud: no ante)
    options = mixed("seven_card_stud", "five_card_stud", "triple_draw", small_bet=20)
    for game in options.games:
        assert options.stakes_for(game) == Stakes.default(VARIANTS[game], 20), game
    assert options.stakes_for("five_card_stud").ante == 0
    assert options.stakes_for("triple_draw").big_blind == 20
    # an ante the table sets is every stud game's, Five Card Stud's too
    anted = mixed("razz", "five_card_stud", small_bet=20, ante=2)
    assert [anted.stakes_for(game).ante for game in anted.games] == [2, 2]


def test_the_seats_are_the_fewest_of_the_games_and_the_buy_in_covers_them_all() -> None:
    # RULES §10.3: Stud Hi-Lo seats 6, Razz 8
    assert mixed("razz", "stud_hi_lo").seats == 6
    with pytest.raises(ValueError, match="max_players"):
        mixed("razz", "stud_hi_lo", max_players=8)
    options = mixed("razz", "triple_draw", small_bet=20)  # Razz: ante 2 + bring-in 5
    assert options.forced_minimum == 20  # Triple Draw's big blind, the most of the two


def test_a_game_twice_or_alone_is_refused() -> None:
    # RULES §10.1: a list of games, each once
    for games in (("razz",), ("razz", "razz")):
        with pytest.raises(ValidationError) as refused:
            mixed(*games)
        problem = refused.value.errors()[0]
        assert isinstance(problem["ctx"]["error"], InvalidOption)
        assert problem["ctx"]["error"].message.key == "option-games"
