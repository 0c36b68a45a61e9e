"""Evaluators: agreement with PokerKit's, descriptions, and the rule book's examples."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Sequence

import pytest
from pokerkit import EightOrBetterLowHand, RegularLowHand, StandardHighHand, StandardLowHand

from bot.poker.cards import DECK, Card, parse_cards
from bot.poker.hands import (
    bring_in_card,
    describe_a5_low,
    describe_board,
    describe_deuce_seven,
    describe_high,
    describe_low8,
    evaluate_a5_low,
    evaluate_board,
    evaluate_deuce_seven,
    evaluate_high,
    evaluate_low8,
    razz_bring_in_key,
)

SAMPLE = 100_000
Evaluator = Callable[[Sequence[Card]], int | None]

ORACLES: dict[str, tuple[Evaluator, type]] = {
    "high": (evaluate_high, StandardHighHand),
    "low8": (evaluate_low8, EightOrBetterLowHand),
    "deuce_seven": (evaluate_deuce_seven, StandardLowHand),
    "razz": (evaluate_a5_low, RegularLowHand),  # RULES §9.4
}


def pokerkit_strength(kind: type, cards: Sequence[Card]) -> int | None:
    hand = kind.from_game_or_none("".join(map(str, cards)))
    if hand is None:
        return None
    return -hand.entry.index if hand.low else hand.entry.index


def assert_same_order(evaluator: Evaluator, kind: type, hands: Iterable[Sequence[Card]]) -> int:
    """Our values and PokerKit's must order every pair of hands the same way (ties included)
    and agree on which hands have no value (no qualifying low). Returns distinct values seen."""
    pairs: set[tuple[int, int]] = set()
    for cards in hands:
        ours, theirs = evaluator(cards), pokerkit_strength(kind, cards)
        assert (ours is None) == (theirs is None), cards
        if ours is not None and theirs is not None:
            pairs.add((ours, theirs))
    ordered = sorted(pairs)
    for (ours_a, theirs_a), (ours_b, theirs_b) in itertools.pairwise(ordered):
        assert ours_a < ours_b and theirs_a < theirs_b, (ours_a, theirs_a, ours_b, theirs_b)
    return len(ordered)


@pytest.mark.parametrize(
    ("name", "size"),
    [(name, size) for name in ("high", "low8", "razz") for size in (5, 7)] + [("deuce_seven", 5)],
)
def test_evaluator_agrees_with_pokerkit_on_a_large_random_sample(name: str, size: int) -> None:
    evaluator, kind = ORACLES[name]
    rng = random.Random(f"{name}-{size}")
    distinct = assert_same_order(evaluator, kind, (rng.sample(DECK, size) for _ in range(SAMPLE)))
    assert distinct > 50  # the sample spans many distinct values


@pytest.mark.exhaustive
@pytest.mark.parametrize("name", sorted(ORACLES))
def test_evaluator_agrees_with_pokerkit_on_every_five_card_hand(name: str) -> None:
    evaluator, kind = ORACLES[name]
    assert_same_order(evaluator, kind, itertools.combinations(DECK, 5))


def high(text: str) -> int:
    return evaluate_high(parse_cards(text))


def test_high_descriptions() -> None:
    # RULES §2.8
    assert describe_high(high("Kh Kd Ks 3c 3d 2h 9s")) == "Full house, Kings over Threes"
    assert describe_high(high("Kh Kd 7s 7c 3d 2h 9s")) == "Two pair, Kings and Sevens"
    assert describe_high(high("Ah Kh Qh Jh Th 2c 2d")) == "Royal flush"
    assert describe_high(high("As 2d 3c 4h 5s")) == "Straight, Five high"
    assert describe_high(high("6s 6d 6c 6h 5s 9c")) == "Four of a kind, Sixes"
    assert describe_high(high("As Jd 9c 4h 2s")) == "Ace high"


def test_eight_card_hands_find_a_full_house_beside_a_flush() -> None:
    # RULES §2.7, §2.8: six own cards and a community card can hold both
    cards = parse_cards("9h 9d 9c 2h 2d 5h Jh Kh")
    assert describe_high(evaluate_high(cards)) == "Full house, Nines over Twos"


def test_low8_examples_from_the_rule_book() -> None:
    # RULES §3.3: A-2-3-4-5 best, then A-2-3-4-6, then A-2-3-5-6; straights and flushes
    # do not spoil a low; lows compare from the highest card down
    wheel = evaluate_low8(parse_cards("Ah 2h 3h 4h 5h Kc"))
    six_four = evaluate_low8(parse_cards("As 2d 3c 4h 6s"))
    six_five = evaluate_low8(parse_cards("As 2d 3c 5h 6s"))
    assert wheel is not None and six_four is not None and six_five is not None
    assert wheel > six_four > six_five
    assert describe_low8(wheel) == "5-4-3-2-A low"
    assert describe_low8(six_five) == "6-5-3-2-A low"
    assert evaluate_low8(parse_cards("As 2d 3c 4h 9s Ks 4d")) is None  # no five ranks <= 8
    assert evaluate_low8(parse_cards("8s 7d 6c 5h 4s")) is not None


def test_deuce_seven_examples_from_the_rule_book() -> None:
    # RULES §5.7: 7-5-4-3-2 > 7-6-4-3-2 > 7-6-5-3-2; A-2-3-4-5 is ace-high, beaten by K-5-4-3-2;
    # a flush or a straight counts against the hand; any no-pair beats any pair
    values = [
        evaluate_deuce_seven(parse_cards(text))
        for text in (
            "7h 5d 4c 3h 2s",
            "7h 6d 4c 3h 2s",
            "7h 6d 5c 3h 2s",
            "Kh 5d 4c 3h 2s",
            "Ah 5d 4c 3h 2s",
            "2h 2d 4c 3h 5s",
            "7h 6h 4h 3h 2h",
            "6h 5d 4c 3h 2s",
        )
    ]
    assert values[0] > values[1] > values[2] > values[3] > values[4] > values[5]
    assert values[5] > values[6]  # a pair beats a flush
    assert values[5] > values[7]  # and a straight
    assert describe_deuce_seven(values[0]) == "Seven-five low (7-5-4-3-2)"
    assert describe_deuce_seven(values[5]) == "Pair of Twos"


def test_board_ranking_ignores_straights_and_flushes() -> None:
    # RULES §2.5: quads > trips > two pair > pair > high cards; no straights or flushes
    def board(text: str) -> int:
        return evaluate_board(parse_cards(text))

    assert board("9s 9d 9c 9h") > board("As As Ad 2c".replace("As As", "As Ac"))
    assert board("Ks Kd 2c 2d") > board("As Ad Kc Qd")
    assert board("2s 2d") > board("Ah Kh")
    assert board("Ah Kh Qh Jh") < board("2s 2d 3c 4h")
    assert board("Kh 7d") == board("Ks 7c")
    assert describe_board(board("Kh 7d")) == "King high"
    assert describe_board(board("7h 7d")) == "Pair of Sevens"


def test_bring_in_card_is_the_lowest_rank_then_suit() -> None:
    # RULES §2.3
    assert bring_in_card(parse_cards("2s 2h 2d")) == parse_cards("2d")[0]
    assert bring_in_card(parse_cards("Ac 3d Kh")) == parse_cards("3d")[0]


def test_razz_lows_from_the_rule_book() -> None:
    # RULES §9.4: aces low, no straights or flushes, pairs only where five ranks cannot be made
    def razz(text: str) -> int:
        return evaluate_a5_low(parse_cards(text))

    assert razz("As 2s 3s 4s 5s") > razz("As 2c 3d 4h 6s") > razz("8c 7d 5h 3s 2c")
    assert describe_a5_low(razz("As 2s 3s 4s 5s")) == "5-4-3-2-A low"  # the best, a "wheel"
    assert razz("Kc Kd 7s 5h 4c 3d 2h") == razz("7s 5h 4c 3d 2h")  # the pair left out
    assert razz("Kc 9d 8s 7h 6c") > razz("2c 2d 3s 4h 5c")  # any five ranks beat a pair
    assert razz("3c 3d 4s 5h 6c") > razz("4c 4d 2s 3h 5c")  # the lower pair
    assert razz("2c 2d 3s 3h 4c") < razz("Kc Kd Qs Jh Tc")  # one pair beats two pair
    assert describe_a5_low(razz("Kc Kd Qs Qh Js Jd Tc")) == "Pair of Jacks"
    assert razz("6c 4d 3s 2h As") == razz("6h 4s 3c 2d Ad")  # suits never break a tie


def test_razz_boards_and_bring_in() -> None:
    # RULES §9.3: the best low board opens, an unpaired board beats a paired one
    def board(text: str) -> int:
        return evaluate_a5_low(parse_cards(text))

    assert board("As 2d") > board("3c 2h") > board("Ks Qd") > board("2c 2d")
    assert board("Kc Qd Jh Ts") > board("2c 2d 3h 4s")
    # RULES §9.2: the highest up card brings in, aces low, the highest suit of equal ranks
    keys = {text: razz_bring_in_key(parse_cards(text)) for text in ("Ks", "Kd", "Qs", "As")}
    assert max(keys, key=keys.__getitem__) == "Ks"
    assert keys["Kd"] > keys["Qs"] > keys["As"]
