"""A sit & go's numbers (RULES §7.2, §7.3, §7.6): levels, prizes, places."""

from __future__ import annotations

import itertools

import pytest

from bot.poker.stakes import Stakes
from bot.poker.variants import VARIANTS
from bot.tournament import structure
from bot.tournament.structure import (
    Finish,
    hands_left,
    last_level,
    level_of,
    pay,
    places_of_the_out,
    prizes,
    split_by_chips,
    stakes_at,
    tidy_numbers,
)


def test_levels_last_a_number_of_hands_counted_from_their_first() -> None:
    # RULES §7.2: 8 hands a level by default
    assert [level_of(n, 8) for n in (1, 8, 9, 16, 17)] == [1, 1, 2, 2, 3]
    assert [hands_left(n, 8) for n in (1, 7, 8, 9)] == [7, 1, 0, 7]
    assert [level_of(n, 1) for n in (1, 2, 3)] == [1, 2, 3]


def test_tidy_numbers_are_the_rule_books() -> None:
    # RULES §7.2: 1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100, ...
    tidy = [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100]
    assert tidy_numbers(100)[:18] == tidy


def test_seven_card_stud_levels_from_a_1500_stack() -> None:
    # RULES §7.2: small bet 1/50 of the stack (30), ante a tenth, bring-in a quarter, big bet
    # twice; each level about 1.5 times the last, tidy
    stud = VARIANTS["seven_card_stud"]
    assert stakes_at(stud, 1500, 1) == Stakes(30, ante=3, bring_in=8)
    smalls = [stakes_at(stud, 1500, level).small_bet for level in range(1, 9)]
    assert smalls == [30, 50, 80, 120, 200, 300, 500, 800]
    for level in range(1, 12):
        stakes = stakes_at(stud, 1500, level)
        stakes.validate(stud)
        assert stakes.big_bet == 2 * stakes.small_bet


def test_growth_stays_near_one_and_a_half() -> None:
    # RULES §7.2: "multiplies the small bet by about 1.5", always up
    for variant in VARIANTS.values():
        for start in (100, 1000, 1500, 10_000):
            smalls = [stakes_at(variant, start, level).small_bet for level in range(1, 15)]
            ratios = [b / a for a, b in itertools.pairwise(smalls)]
            assert all(1.2 <= ratio <= 2.0 for ratio in ratios), (variant.key, start, smalls)


def test_five_card_stud_has_an_ante_and_a_half_bring_in() -> None:
    # RULES §7.2 (Five Card Stud: bring-in half, "and the same ante of a tenth: unlike its
    # cash tables, a Five Card Stud tournament always has an ante"), at least 1 chip each
    five = VARIANTS["five_card_stud"]
    assert stakes_at(five, 1500, 1) == Stakes(30, ante=3, bring_in=15)
    assert stakes_at(five, 100, 1) == Stakes(2, ante=1, bring_in=1)
    assert all(stakes_at(five, 1500, level).ante > 0 for level in range(1, 40))
    assert stakes_at(VARIANTS["stud_hi_lo"], 100, 1) == Stakes(2, ante=1, bring_in=1)


def test_triple_draw_blinds_are_half_and_all_of_the_small_bet() -> None:
    # RULES §7.2: small blind half, big blind all of the small bet, same progression
    draw = VARIANTS["triple_draw"]
    first = stakes_at(draw, 1500, 1)
    assert (first.small_blind, first.big_blind, first.small_bet) == (15, 30, 30)
    for level in range(1, 12):
        stakes = stakes_at(draw, 1500, level)
        stakes.validate(draw)
        assert stakes.small_blind * 2 == stakes.big_blind


@pytest.mark.parametrize(
    ("entrants", "paid"),
    [(2, [1000]), (4, [2000]), (5, [1625, 875]), (6, [1950, 1050]), (7, [1750, 1050, 700])],
)
def test_prizes_by_the_number_of_entrants(entrants: int, paid: list[int]) -> None:
    # RULES §7.6: 2-4 winner takes all; 5-6 65/35; 7-10 50/30/20
    assert prizes(entrants * 500, entrants) == paid


def test_prizes_round_down_and_the_rest_goes_to_the_winner() -> None:
    # RULES §7.6: 50/30/20 of 1001 is 500/300/200, the 1 left to the winner
    assert prizes(1001, 8) == [501, 300, 200]


def test_players_out_in_one_hand_are_placed_by_their_starting_stacks() -> None:
    # RULES §7.3: more chips at the hand's start, better place; equal stacks share a place
    assert places_of_the_out([(7, 100, 1), (8, 300, 2)], 5) == [(8, 4), (7, 5)]
    assert places_of_the_out([(7, 200, 1), (8, 200, 2), (9, 50, 3)], 4) == [
        (7, 2),
        (8, 2),
        (9, 4),
    ]


def test_a_shared_place_shares_the_prizes_it_covers() -> None:
    # RULES §7.3 and §1.7: two share 2nd of 7 entrants (30 % + 20 % of 1001 = 300 + 200),
    # 250 each; an odd chip goes to the better seat
    paid = pay([(1, 1, 3), (2, 2, 1), (3, 2, 2)] + [(u, u, u) for u in range(4, 8)], 1001, 7)
    assert Finish(1, 1, 501) in paid
    assert {f.user: f.prize for f in paid if f.place == 2} == {2: 250, 3: 250}
    assert sum(f.prize for f in paid) == 1001
    # 30 % + 20 % of 1010 is 303 + 202 = 505: 253 to the better seat, 252
    odd = pay([(1, 1, 1), (2, 2, 2), (3, 2, 3)] + [(u, u, u) for u in range(4, 8)], 1010, 7)
    assert {f.user: f.prize for f in odd if f.place == 2} == {2: 253, 3: 252}


def test_a_cancelled_tournament_is_split_by_chips() -> None:
    # issue 23: rounded down, the rest to the chip leader
    assert split_by_chips(1000, {1: 1, 2: 1, 3: 1}) == {1: 334, 2: 333, 3: 333}
    assert split_by_chips(300, {1: 100, 2: 55, 3: 145}) == {1: 100, 2: 55, 3: 145}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_stakes_stop_at_the_last_level_a_table_can_hold(variant: str) -> None:
    """RULES §7.2: "where the progression passes the largest stakes a table may have, the
    stakes stay at the last level below it"; each level's stakes are computed once."""
    game, largest = VARIANTS[variant], 1_000_000
    last = last_level(game, 1500, largest=largest)
    top = stakes_at(game, 1500, last, largest=largest)
    assert top.small_bet <= largest < stakes_at(game, 1500, last + 1).small_bet
    for level in (last + 1, 400, 10**6):
        assert stakes_at(game, 1500, level, largest=largest) == top
    assert last_level(game, 1500) > last  # uncapped, the progression goes on


def test_a_level_far_out_costs_no_more_than_level_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """The stakes of a level are looked up, not rebuilt from level 1 at every deal: that was
    O(level²) on the event loop, 5 s a deal at level 400 (issue 35.2)."""
    calls = []
    real = structure._next_tidy
    monkeypatch.setattr(structure, "_next_tidy", lambda v: calls.append(v) or real(v))
    game = VARIANTS["seven_card_stud"]
    for level in range(1, 2000):
        stakes_at(game, 777, level, largest=1_000_000)
    assert len(calls) <= 40  # the levels up to the cap, once
