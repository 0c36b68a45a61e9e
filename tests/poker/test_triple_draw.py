"""Scenario tests for 2-7 Triple Draw: each cites the rule it checks."""

from __future__ import annotations

import pytest

from bot.poker.cards import Card
from bot.poker.errors import CapReached, InvalidDraw
from bot.poker.events import (
    Action,
    ActionKind,
    CardsDealt,
    ForcedBet,
    HandShown,
    PlayerActed,
    PotAwarded,
    Reshuffled,
)
from bot.poker.state import Hand
from tests.poker.helpers import act, check_down, check_round, legal, make_hand, play


def test_blinds_left_of_the_button_and_the_first_actor_left_of_the_big_blind() -> None:
    # RULES §5.2 (small blind left of the button, big blind twice it), §5.4 (who opens)
    hand = make_hand("triple_draw", players=4)
    forced = [(e.player, e.kind, e.amount) for e in hand.events if isinstance(e, ForcedBet)]
    assert forced == [(1, "small blind", 5), (2, "big blind", 10)]
    assert hand.actor == 3
    assert legal(hand) == [("fold", None), ("call", 10), ("raise", 20)]


def test_heads_up_the_button_posts_the_small_blind_acts_first_then_last() -> None:
    # RULES §5.2: heads-up the button (seat 2 here) posts the small blind and acts first
    # before the first draw, last after it
    hand = make_hand("triple_draw", players=2)
    forced = [(e.player, e.kind) for e in hand.events if isinstance(e, ForcedBet)]
    assert forced == [(2, "small blind"), (1, "big blind")]
    assert hand.actor == 2
    play(hand, "call", "check")
    assert hand.actor == 1  # draws start left of the button
    play(hand, "draw", "draw")
    assert hand.actor == 1  # and so does the betting after the draw: the button is last


def test_pre_draw_cap_is_the_big_blind_and_three_raises() -> None:
    # RULES §1.3, §5.4: the big blind counts as the bet, then raise, re-raise, final raise
    hand = make_hand("triple_draw", players=4)
    for target in (20, 30, 40):
        act(hand, "raise", target)
    assert legal(hand) == [("fold", None), ("call", 30)]
    with pytest.raises(CapReached, match="big blind and three raises"):
        act(hand, "raise")


def test_after_the_draw_one_bet_and_three_raises() -> None:
    # RULES §5.4 (rounds 2-4), §5.3 (small bet in round 2)
    hand = make_hand("triple_draw", players=3)
    play(hand, "call", "call", "check")
    play(hand, "draw", "draw", "draw")
    assert hand.actor == 1
    for target in (10, 20, 30, 40):
        assert ("bet" if target == 10 else "raise", target) in legal(hand)
        act(hand, "bet" if target == 10 else "raise")
    assert legal(hand) == [("fold", None), ("call", 20)]


def test_big_bet_after_the_second_draw() -> None:
    # RULES §5.3: rounds 3 and 4 use the big bet, twice the small bet (= the big blind)
    hand = make_hand("triple_draw", players=2)
    play(hand, "call", "check", "draw", "draw", "check", "check", "draw", "draw")
    assert legal(hand) == [("check", None), ("bet", 20)]


def test_stand_pat_keeps_the_right_to_draw_later() -> None:
    # RULES §5.5
    hand = make_hand("triple_draw", players=2)
    play(hand, "call", "check")
    act(hand, "draw")  # stands pat
    player = hand.actor
    assert player is not None
    cards = hand.cards[hand.index_of(player)]
    event = act(hand, "draw", discards=" ".join(str(card) for card in cards[:2]))
    assert event.discards == tuple(cards[:2])
    play(hand, "check", "check")
    assert legal(hand) == [("draw", None)]  # both may draw again


def test_discarding_a_card_not_held_is_refused() -> None:
    # RULES §5.5: a player discards from their own five cards
    hand = make_hand("triple_draw", players=2)
    play(hand, "call", "check")
    player = hand.actor
    assert player is not None
    foreign = next(card for card in hand.cards[1] if card not in hand.cards[0])
    with pytest.raises(InvalidDraw, match="only discard cards you hold"):
        hand.act(player, Action(ActionKind.DRAW, discards=(foreign,)))
    own = hand.cards[0][0]
    with pytest.raises(InvalidDraw, match="twice"):
        hand.act(player, Action(ActionKind.DRAW, discards=(own, own)))


def _draw_everything(hand: Hand) -> None:
    index = hand.actor_index
    assert index is not None
    act(hand, "draw", discards=" ".join(str(card) for card in hand.cards[index]))


def test_deck_exhaustion_never_returns_a_card_discarded_in_the_same_draw() -> None:
    # RULES §5.6: 6 players draw five cards each: the stub (22) runs out at the fifth player,
    # who gets the last 2, then 3 from the earlier discards reshuffled (never their own five)
    hand = make_hand("triple_draw", players=6, reshuffle_seed=7)
    play(hand, "call", "call", "call", "call", "call", "check")
    for _ in range(6):
        _draw_everything(hand)
    reshuffles = [event for event in hand.events if isinstance(event, Reshuffled)]
    assert [(event.player, event.card_count) for event in reshuffles] == [(5, 20)]
    draws = draws_with_cards(hand)
    assert len(draws) == 6
    for _, discards, received in draws:
        assert len(received) == 5
        assert not received & discards
    in_hands = [card for cards in hand.cards for card in cards]
    assert len(in_hands) == len(set(in_hands)) == 30


def test_second_exhaustion_may_return_a_card_the_player_threw_earlier() -> None:
    # RULES §5.6: earlier discards, the player's own included, go into the new stub
    hand = make_hand("triple_draw", players=6, reshuffle_seed=3)
    play(hand, "call", "call", "call", "call", "call", "check")
    for _ in range(6):
        _draw_everything(hand)
    check_round(hand)
    for _ in range(6):
        _draw_everything(hand)
    first, second = draws_with_cards(hand)[:6], draws_with_cards(hand)[6:]
    thrown_first = {player: discards for player, discards, _ in first}
    got_back = [player for player, _, received in second if received & thrown_first[player]]
    for _, discards, received in second:
        assert not received & discards  # never a card of the same draw
    assert len({card for cards in hand.cards for card in cards}) == 30
    assert got_back  # with this seed someone draws back a card of their own first draw


def draws_with_cards(hand: Hand) -> list[tuple[int, set[Card], set[Card]]]:
    """Each draw in order: (player, cards thrown, cards received)."""
    draws: list[tuple[int, set[Card], set[Card]]] = []
    pending: PlayerActed | None = None
    for event in hand.events:
        if isinstance(event, PlayerActed) and event.kind is ActionKind.DRAW:
            pending = event
            draws.append((event.player, set(event.discards), set()))
        elif isinstance(event, CardsDealt) and pending is not None:
            assert event.player == pending.player
            draws[-1][2].update(event.cards)
            pending = None
    return draws


def test_seven_five_beats_seven_six_and_a_wheel_is_ace_high() -> None:
    # RULES §5.7 (values), §5.8 and §1.8 (no bet: showdown starts left of the button)
    seven_five = "7h 5d 4c 3h 2s"
    seven_six = "7c 6d 4d 3c 2c"
    wheel = "Ah 5c 4h 3d 2d"
    deck = " ".join(
        card
        for trio in zip(*(s.split() for s in (seven_five, seven_six, wheel)), strict=True)
        for card in trio
    )
    hand = make_hand("triple_draw", deck, players=3)
    check_down(hand)
    shown = [(e.player, e.description) for e in hand.events if isinstance(e, HandShown)]
    assert shown == [
        (1, "Seven-five low (7-5-4-3-2)"),
        (2, "Seven-six low (7-6-4-3-2)"),
        (3, "Ace-five low (A-5-4-3-2)"),
    ]
    awards = [e.shares for e in hand.events if isinstance(e, PotAwarded)]
    assert awards == [((1, 30),)]


def test_timeout_checks_when_free_folds_when_facing_a_bet_and_stands_pat_in_a_draw() -> None:
    # RULES §6.1
    hand = make_hand("triple_draw", players=3)
    assert hand.timeout_action() == Action(ActionKind.FOLD)
    play(hand, "call", "call")
    assert hand.timeout_action() == Action(ActionKind.CHECK)
    act(hand, "check")
    assert hand.timeout_action() == Action(ActionKind.DRAW)


def test_cards_are_unique_and_only_dealt_from_the_deck() -> None:
    # RULES §1.1: one 52-card deck
    hand = make_hand("triple_draw", players=6)
    dealt: list[Card] = [card for cards in hand.cards for card in cards]
    assert sorted(dealt) == sorted(hand.deck.cards[:30])
    assert hand.cards[0] == list(hand.deck.cards[0:30:6])  # one card to each player per pass
