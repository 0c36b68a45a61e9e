"""Cards, decks and the validation of stakes and seats."""

from __future__ import annotations

import random
import secrets

import pytest

from bot.poker.cards import DECK, Deck, format_cards, parse_card, parse_cards
from bot.poker.errors import InvalidCard, InvalidConfig, InvalidDeck
from bot.poker.shuffling import shuffle
from bot.poker.stakes import HandConfig, Stakes
from bot.poker.variants import VARIANTS


def test_card_text_forms() -> None:
    assert str(parse_card("As")) == "As"
    assert parse_card("10h") == parse_card("Th") == parse_card("T♥")
    assert parse_card("td").symbol == "10♦"
    assert format_cards(parse_cards("As Kd 7c 2h"), symbols=True) == "A♠ K♦ 7♣ 2♥"
    assert len({str(card) for card in DECK}) == 52
    for bad in ("1s", "Ax", "AsK", "Z"):
        with pytest.raises(InvalidCard):
            parse_cards(bad)


def test_decks_are_permutations_shuffled_by_system_random(monkeypatch: pytest.MonkeyPatch) -> None:
    # RULES §1.1: a cryptographically secure generator, injectable for tests
    used: list[str] = []

    class Spy(random.Random):
        def getrandbits(self, k: int, /) -> int:
            used.append(k)
            return super().getrandbits(k)

    monkeypatch.setattr(secrets, "SystemRandom", Spy)
    deck = Deck.shuffled()
    assert len(used) >= 52  # 51 swaps (some redrawn) and the reshuffle seed
    assert sorted(deck.cards) == list(DECK)
    assert Deck.shuffled(random.Random(1)) == Deck.shuffled(random.Random(1))
    with pytest.raises(InvalidDeck):
        Deck(DECK[:51])
    with pytest.raises(InvalidDeck):
        Deck.stacked("As As")
    assert Deck.stacked("2c 3c").cards[:3] == parse_cards("2c 3c 2d")


def test_default_stakes_from_the_rule_book() -> None:
    # RULES §2.3 (ante a tenth, bring-in a quarter), §4.1 (no ante), §4.3 (bring-in half)
    assert Stakes.default(VARIANTS["seven_card_stud"], 20) == Stakes(20, ante=2, bring_in=5)
    assert Stakes.default(VARIANTS["seven_card_stud"], 10) == Stakes(10, ante=1, bring_in=3)
    assert Stakes.default(VARIANTS["five_card_stud"], 10) == Stakes(10, ante=0, bring_in=5)
    td = Stakes.default(VARIANTS["triple_draw"], 10)
    assert (td.small_blind, td.big_blind, td.big_bet) == (5, 10, 20)  # RULES §5.2, §5.3


@pytest.mark.parametrize(
    ("variant", "most"),
    [("seven_card_stud", 8), ("stud_hi_lo", 6), ("five_card_stud", 10), ("triple_draw", 6)],
)
def test_player_counts(variant: str, most: int) -> None:
    # RULES §2.1, §3.1, §4.1, §5.1
    stakes = Stakes.default(VARIANTS[variant], 10)
    for count in (1, most + 1):
        with pytest.raises(InvalidConfig, match=f"2 to {most} players"):
            HandConfig(variant, tuple(range(count)), (500,) * count, stakes)
    HandConfig(variant, tuple(range(most)), (500,) * most, stakes)


def test_a_stack_short_of_the_forced_bets_is_not_dealt_in() -> None:
    # RULES §1.9: ante + bring-in in stud, the big blind in Triple Draw
    stud = Stakes.default(VARIANTS["seven_card_stud"], 10)
    with pytest.raises(InvalidConfig, match="needs 4"):
        HandConfig("seven_card_stud", (1, 2), (3, 500), stud)
    draw = Stakes.default(VARIANTS["triple_draw"], 10)
    with pytest.raises(InvalidConfig, match="needs 10"):
        HandConfig("triple_draw", (1, 2), (9, 500), draw)


def test_invalid_stakes_say_the_allowed_range() -> None:
    with pytest.raises(InvalidConfig, match="from 1 to 9"):
        HandConfig("seven_card_stud", (1, 2), (500, 500), Stakes(10, ante=1, bring_in=10))
    with pytest.raises(InvalidConfig, match="even"):
        HandConfig("triple_draw", (1, 2), (500, 500), Stakes(9))
    with pytest.raises(InvalidConfig, match="seated twice"):
        HandConfig("triple_draw", (1, 1), (500, 500), Stakes(10))
    with pytest.raises(InvalidConfig, match="unknown game"):
        HandConfig("holdem", (1, 2), (500, 500), Stakes(10))


def test_the_deck_shuffle_is_the_standard_library_fisher_yates() -> None:
    # RULES §1.1: every order equally likely. Same draws as random.Random.shuffle, so the same
    # order for the same generator state, also for lists shorter or longer than a deck.
    for seed in range(200):
        for size in (0, 1, 2, 7, 52, 100):
            ours, theirs = list(range(size)), list(range(size))
            shuffle(ours, random.Random(seed))
            random.Random(seed).shuffle(theirs)
            assert ours == theirs
