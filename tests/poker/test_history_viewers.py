"""Histories written for one player's eyes (RULES §1.8): their own down cards, every card dealt
face up and every hand shown at showdown, nothing else; PokerKit still replays them."""

from __future__ import annotations

import random
import tomllib

import pytest
from pokerkit import HandHistory

from bot.poker.events import HandShown
from bot.poker.history import to_phh, to_phhs
from bot.poker.random_play import play_random_hand, random_config
from bot.poker.state import Phase
from bot.poker.variants import VARIANTS
from tests.poker.helpers import act, check_down, check_round, make_hand, play, round_robin
from tests.poker.oracle import divergence, replay_in_pokerkit
from tests.poker.readers import may_see, written_cards


def test_a_folded_players_down_cards_are_hidden_from_others_but_not_from_them() -> None:
    # RULES §1.8: shown hands are for all who played; cards never shown stay private.
    deck = round_robin(["Ah Kh 9c", "2d 3d 4c", "Qs Js 8c"])  # 4♣ brings in
    hand = make_hand("seven_card_stud", deck, players=3)
    play(hand, "bring_in", "call")  # player 3 calls, player 1 is next
    act(hand, "fold")  # player 1 folds A♥ K♥ 9♣
    check_down(hand)
    for_two = to_phh(hand, viewer=2)
    assert "d dh p1 ????9c" in for_two  # up card public, down cards hidden
    assert "Ah" not in for_two and "Kh" not in for_two
    assert "d dh p1 AhKh9c" in to_phh(hand, viewer=1)
    shown_two = next(e.cards for e in hand.events if isinstance(e, HandShown) and e.player == 2)
    known, _ = written_cards(to_phh(hand, viewer=1))
    assert set(shown_two) <= known  # the showdown is public: player 3 and 2's whole hands
    assert to_phh(hand, viewer=None).count("??") == 0


def test_triple_draw_discards_of_a_hand_never_shown_are_hidden() -> None:
    hand = make_hand("triple_draw", players=3)
    check_round(hand)  # round 1: everyone in for the big blind
    drawer = hand.actor
    assert drawer is not None
    thrown = hand.cards[hand.index_of(drawer)][:2]
    act(hand, "draw", discards=" ".join(map(str, thrown)))
    while hand.actor is not None and hand.actor != drawer and hand.phase is Phase.DRAWING:
        act(hand, "draw")  # the others stand pat
    while not hand.is_complete:  # the drawer bets when first to act, everyone else folds
        act(hand, "fold" if hand.actor != drawer else "bet")
    assert not any(isinstance(event, HandShown) for event in hand.events)
    label = f"p{hand.players.index(drawer) + 1}"
    other = next(player for player in hand.players if player != drawer)
    assert f"{label} sd ????" in to_phh(hand, viewer=other)
    assert f"{label} sd {thrown[0]}{thrown[1]}" in to_phh(hand, viewer=drawer)
    assert written_cards(to_phh(hand, viewer=other))[0] == set(hand.cards[hand.index_of(other)])


@pytest.mark.parametrize("variant_key", sorted(VARIANTS))
def test_each_viewer_sees_exactly_what_they_may_and_pokerkit_replays_it(variant_key: str) -> None:
    variant = VARIANTS[variant_key]
    rng = random.Random(f"viewers-{variant_key}")
    hidden_total = 0
    for _ in range(60):
        hand = play_random_hand(random_config(variant, rng.randint(2, 5), rng), rng)
        if divergence(hand) is not None:
            continue
        for viewer in hand.players:
            text = to_phh(hand, viewer=viewer)
            known, hidden = written_cards(text)
            assert known <= may_see(hand, viewer), text
            hidden_total += hidden
            assert replay_in_pokerkit(text) == hand.stacks, text
    assert hidden_total > 0


@pytest.mark.parametrize("variant_key", ["seven_card_stud", "stud_hi_lo", "triple_draw"])
def test_a_phhs_of_several_viewer_histories_loads_in_pokerkit(variant_key: str) -> None:
    rng = random.Random(variant_key)
    hands = [play_random_hand(random_config(VARIANTS[variant_key], 3, rng), rng) for _ in range(5)]
    text = to_phhs(
        to_phh(hand, viewer=hand.players[0], hand_id=number, players=["Ann", "Bo", "Cy"])
        for number, hand in enumerate(hands, start=1)
    )
    loaded = list(HandHistory.loads_all(text))
    assert [history.hand for history in loaded] == [1, 2, 3, 4, 5]
    assert [history.finishing_stacks for history in loaded] == [hand.stacks for hand in hands]
    assert loaded[0].players == ["Ann", "Bo", "Cy"]


def test_any_display_name_survives_the_toml() -> None:
    hand = make_hand("seven_card_stud", players=3)
    check_down(hand)
    names = ['quo"te\\back', "line\nbreak\ttab\x7fdel\x00nul", "émoji 🂡 \u2028"]
    assert tomllib.loads(to_phh(hand, players=names))["players"] == names
