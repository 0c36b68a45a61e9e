"""Properties of every hand, whatever the game, players, stacks and decisions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.poker.errors import PokerError
from bot.poker.events import Action, ActionKind, LegalAction
from bot.poker.random_play import random_action
from bot.poker.record import from_json, replay, snapshot, to_json
from bot.poker.state import Hand
from bot.poker.variants import VARIANTS
from tests.poker.helpers import random_hand

hands = st.tuples(st.sampled_from(sorted(VARIANTS)), st.integers(0, 2**32 - 1))


def candidate_actions(hand: Hand) -> list[Action]:
    """Legal and illegal attempts: every kind with amounts around the legal ones."""
    amounts: set[int | None] = {None, 0, 1, -5, 10**9}
    for option in hand.legal_actions():
        if option.amount is not None:
            amounts.update({option.amount - 1, option.amount, option.amount + 1})
    index = hand.actor_index
    assert index is not None
    own = tuple(hand.cards[index][:2])
    foreign = tuple(card for card in hand.deck.cards if card not in hand.cards[index])[:1]
    attempts = [Action(kind, amount) for kind in ActionKind for amount in amounts]
    attempts += [Action(ActionKind.DRAW, discards=own), Action(ActionKind.DRAW, discards=foreign)]
    attempts.append(Action(ActionKind.DRAW, discards=own[:1] * 2))
    return attempts


def is_legal(action: Action, legal: list[LegalAction], hand: Hand) -> bool:
    if action.kind is ActionKind.DRAW and legal == (LegalAction(ActionKind.DRAW),):
        index = hand.actor_index
        assert index is not None
        held = set(hand.cards[index])
        return len(set(action.discards)) == len(action.discards) and held.issuperset(
            action.discards
        )
    return any(
        option.kind is action.kind and action.amount in (None, option.amount) for option in legal
    )


@settings(max_examples=120, deadline=None)
@given(hands)
def test_chips_are_conserved_and_no_stack_goes_below_zero(case: tuple[str, int]) -> None:
    # RULES §1.2 (integer chips), §1.6 (every chip ends in some pot and goes to a winner)
    hand, rng = random_hand(*case)
    total = sum(hand.config.stacks)
    while (player := hand.actor) is not None:
        assert sum(hand.stacks) + sum(hand.bets) + sum(hand.committed) == total
        assert min(hand.stacks) >= 0
        hand.act(player, random_action(hand, rng))
    assert sum(hand.stacks) == total
    assert min(hand.stacks) >= 0
    assert sum(hand.winnings) == sum(hand.committed)


@settings(max_examples=60, deadline=None)
@given(hands)
def test_every_legal_action_is_accepted_and_every_other_refused(case: tuple[str, int]) -> None:
    hand, rng = random_hand(*case)
    while (player := hand.actor) is not None:
        legal = hand.legal_actions()
        assert legal
        before = snapshot(hand)
        for attempt in candidate_actions(hand):
            allowed = is_legal(attempt, legal, hand)
            assert hand.can(player, attempt) == allowed, (attempt, legal)
            if not allowed:
                with pytest.raises(PokerError, match=r"\w"):  # refused, saying why
                    hand.act(player, attempt)
        for other in hand.players:
            if other != player:
                assert not hand.can(other, Action(legal[0].kind, legal[0].amount))
        assert snapshot(hand) == before  # refusals changed nothing
        hand.act(player, random_action(hand, rng))
    assert hand.legal_actions() == ()


@settings(max_examples=80, deadline=None)
@given(hands, st.floats(0, 1))
def test_replaying_the_log_rebuilds_an_identical_state(case: tuple[str, int], cut: float) -> None:
    hand, rng = random_hand(*case)
    pictures = [snapshot(hand)]
    while (player := hand.actor) is not None:
        hand.act(player, random_action(hand, rng))
        pictures.append(snapshot(hand))
    log = [(event.player, event.action) for event in hand.actions]
    step = int(cut * len(log))
    assert snapshot(replay(hand.config, hand.deck, log[:step])) == pictures[step]
    assert snapshot(from_json(to_json(hand))) == pictures[-1]
