"""One place that builds hands for tests, so scenario tests read as stories.

Player ids are the seat numbers 1..n; in Triple Draw seat 1 is the first seat left of the
button (the small blind with three or more players, the big blind heads-up).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.poker.cards import Deck, parse_cards
from bot.poker.events import Action, ActionKind, PlayerActed
from bot.poker.random_play import random_config
from bot.poker.stakes import HandConfig, Stakes
from bot.poker.state import Hand
from bot.poker.variants import VARIANTS


def round_robin(hands: Sequence[str]) -> str:
    """Deck order that deals each player the given cards, one card to each player per pass:
    ``round_robin(["2c 3c 4c", "5d 6d 7d"])`` deals 2c, 5d, 3c, 6d, 4c, 7d."""
    parsed = [parse_cards(text) for text in hands]
    width = len(parsed[0])
    return " ".join(str(cards[k]) for k in range(width) for cards in parsed)


def make_hand(
    variant: str,
    deck: str = "",
    *,
    stacks: Sequence[int] | None = None,
    players: int | None = None,
    small_bet: int = 10,
    ante: int | None = None,
    bring_in: int | None = None,
    reshuffle_seed: int = 0,
    tournament: bool = False,
) -> Hand:
    spec = VARIANTS[variant]
    if stacks is None and players is None:
        raise TypeError("say how many players: players=N or stacks=[...]")
    count = len(stacks) if stacks is not None else (players or 0)
    stakes = Stakes.default(spec, small_bet)
    if ante is not None or bring_in is not None:
        stakes = Stakes(
            small_bet,
            ante=stakes.ante if ante is None else ante,
            bring_in=stakes.bring_in if bring_in is None else bring_in,
        )
    config = HandConfig(
        variant_key=variant,
        players=tuple(range(1, count + 1)),
        stacks=tuple(stacks) if stacks is not None else (1000,) * count,
        stakes=stakes,
        tournament=tournament,
    )
    return Hand(config, Deck.stacked(deck, reshuffle_seed=reshuffle_seed))


def act(hand: Hand, kind: str, amount: int | None = None, discards: str = "") -> PlayerActed:
    """The actor does ``kind`` (``"call"``, ``"raise"``, ...)."""
    player = hand.actor
    assert player is not None, "nobody is to act"
    return hand.act(player, Action(ActionKind(kind), amount, parse_cards(discards)))


def play(hand: Hand, *moves: str) -> None:
    """Several actions by whoever is to act: ``play(hand, "bring_in", "call", "fold")``."""
    for move in moves:
        act(hand, move)


def legal(hand: Hand) -> list[tuple[str, int | None]]:
    return [(option.kind.value, option.amount) for option in hand.legal_actions()]


def passive_move(hand: Hand) -> str:
    """The most passive legal move: stand pat, post the bring-in, check, or call."""
    kinds = {option.kind for option in hand.legal_actions()}
    for kind in (ActionKind.DRAW, ActionKind.BRING_IN, ActionKind.CHECK):
        if kind in kinds:
            return kind.value
    return "call"


def check_down(hand: Hand) -> None:
    """Everyone checks or calls (and stands pat) until the hand ends."""
    while hand.actor is not None:
        act(hand, passive_move(hand))


def check_round(hand: Hand) -> None:
    """Everyone checks or calls until this street's betting is over."""
    street = hand.street_index
    while hand.street_index == street and hand.actor is not None:
        act(hand, passive_move(hand))


def random_hand(variant_key: str, seed: int) -> tuple[Hand, random.Random]:
    """A fresh hand of random size and stacks, and the generator to play it with."""
    rng = random.Random(seed)
    variant = VARIANTS[variant_key]
    config = random_config(variant, rng.randint(variant.min_players, variant.max_players), rng)
    return Hand(config, Deck.shuffled(rng)), rng
