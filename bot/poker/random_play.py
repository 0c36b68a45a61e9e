"""Random legal play, for the simulator, the benchmark and the tests.

The policy folds rarely and raises often, so hands reach every street, and stacks vary (some
just above the forced bets) so all-ins and side pots are common. Decks come from the seeded
generator given, never from ``secrets``, so the same seed gives the same hands.
"""

from __future__ import annotations

import random

from bot.poker.cards import Deck
from bot.poker.events import Action, ActionKind
from bot.poker.stakes import HandConfig, Stakes
from bot.poker.state import Hand
from bot.poker.variants import Variant

SMALL_BET = 10


def random_config(variant: Variant, players: int, rng: random.Random) -> HandConfig:
    """Stakes at a small bet of 10 and stacks from just-enough to 60 big bets: about a third
    short (exactly the forced bets, a few chips more, or 20 to 119), the rest 100 to 1,199."""
    stakes = Stakes.default(variant, SMALL_BET)
    floor = stakes.forced_minimum(variant)
    stacks = []
    for _ in range(players):
        if rng.random() < 0.35:
            kind = int(rng.random() * 3)
            if kind == 0:
                stack = floor
            elif kind == 1:
                stack = floor + 1 + int(rng.random() * (SMALL_BET - 1))
            else:
                stack = 20 + int(rng.random() * 100)
        else:
            stack = 100 + int(rng.random() * 1100)
        stacks.append(stack)
    return HandConfig(variant.key, tuple(range(1, players + 1)), tuple(stacks), stakes)


FOLD_WEIGHT, PASSIVE_WEIGHT, AGGRESSIVE_WEIGHT = 0.08, 0.6, 0.35


def weight(kind: ActionKind) -> float:
    """How often the policy picks an action of this kind, relative to the others legal."""
    if kind is ActionKind.FOLD:
        return FOLD_WEIGHT
    if kind is ActionKind.CHECK or kind is ActionKind.CALL or kind is ActionKind.BRING_IN:
        return PASSIVE_WEIGHT
    return AGGRESSIVE_WEIGHT


def random_action(hand: Hand, rng: random.Random) -> Action:
    """A random legal action, weighted towards calling and raising."""
    legal = hand.legal_actions()
    if legal[0].kind is ActionKind.DRAW:
        index = hand.actor_index
        assert index is not None
        keep = rng.random()
        discards = tuple(card for card in hand.cards[index] if rng.random() > keep)
        return Action(ActionKind.DRAW, discards=discards)
    total = 0.0
    for option in legal:
        total += weight(option.kind)
    pick = rng.random() * total
    for option in legal:
        pick -= weight(option.kind)
        if pick < 0:
            return Action(option.kind, option.amount)
    return Action(legal[-1].kind, legal[-1].amount)


def play_random_hand(config: HandConfig, rng: random.Random) -> Hand:
    hand = Hand(config, Deck.shuffled(rng))
    while (player := hand.actor) is not None:
        hand.act(player, random_action(hand, rng))
    return hand
