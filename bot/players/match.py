"""Matches between policies, played by the engine directly (no Discord): the strength
benchmark's runner (``scripts/benchmark_bots.py``).

A duplicate pair deals one deck twice with the seats swapped, so that the cards even out and
what remains is the difference in play. Results are in small bets won per 100 hands, with a
standard error over the pairs."""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.players.equity import keep_for_low
from bot.players.policy import Level, decide
from bot.players.view import SeatView, seat_view
from bot.poker.cards import Deck
from bot.poker.events import Action, ActionKind
from bot.poker.stakes import HandConfig, Stakes
from bot.poker.state import Hand
from bot.poker.variants import VARIANTS

Policy = Callable[[SeatView, random.Random], Action]
STACK = 1000  # in small bets of 10: deep enough that stacks rarely run out in a hand
SMALL_BET = 10


def level_policy(level: Level) -> Policy:
    def play(view: SeatView, rng: random.Random) -> Action:
        return decide(view, level, rng)

    return play


def calling_station(view: SeatView, rng: random.Random) -> Action:
    """Always checks or calls (posts the bring-in); draws as a low player would."""
    if view.drawing:
        keep = keep_for_low(view.cards)
        return Action(ActionKind.DRAW, discards=tuple(c for c in view.cards if c not in keep))
    for kind in (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN):
        option = view.can(kind)
        if option is not None:
            return Action(kind, option.amount)
    return Action(ActionKind.FOLD)


def random_player(view: SeatView, rng: random.Random) -> Action:
    """Any legal action, at random (a draw throws a random number of random cards)."""
    if view.drawing:
        count = rng.randint(0, len(view.cards))
        return Action(ActionKind.DRAW, discards=tuple(rng.sample(view.cards, count)))
    option = rng.choice(view.legal)
    return Action(option.kind, option.amount)


def play_hand(
    variant: str, deck: Deck, policies: Sequence[Policy], rng: random.Random
) -> list[int]:
    """One hand between ``policies`` (seat order); each seat's net chips."""
    spec = VARIANTS[variant]
    players = tuple(range(1, len(policies) + 1))
    config = HandConfig(
        variant_key=variant,
        players=players,
        stacks=(STACK * SMALL_BET,) * len(players),
        stakes=Stakes.default(spec, SMALL_BET),
    )
    hand = Hand(config, deck)
    while not hand.is_complete:
        actor = hand.actor
        assert actor is not None
        hand.act(actor, policies[actor - 1](seat_view(hand, actor), rng))
    return [stack - STACK * SMALL_BET for stack in hand.stacks]


@dataclass(frozen=True, slots=True)
class Result:
    pairs: int
    per_100: float  # small bets won by the first policy per 100 hands
    error: float  # its standard error


def duplicate(variant: str, first: Policy, second: Policy, pairs: int, seed: int) -> Result:
    """``pairs`` decks, each dealt twice heads-up with the seats swapped."""
    decks = random.Random(seed)
    rng = random.Random(seed + 1)
    outcomes: list[float] = []
    for _ in range(pairs):
        deck = Deck.shuffled(random.Random(decks.getrandbits(64)))
        won = play_hand(variant, deck, (first, second), rng)[0]
        won -= play_hand(variant, deck, (second, first), rng)[0]
        outcomes.append(won / SMALL_BET / 2)  # small bets a hand, over the pair
    return Result(pairs, *per_100(outcomes))


def per_100(outcomes: Sequence[float]) -> tuple[float, float]:
    """Small bets a hand, each outcome a sample: their mean per 100 hands, and its standard
    error."""
    spread = statistics.stdev(outcomes) if len(outcomes) > 1 else 0.0
    return statistics.fmean(outcomes) * 100, spread / math.sqrt(len(outcomes)) * 100


@dataclass(frozen=True, slots=True)
class RingResult:
    name: str
    hands: int
    per_100: float  # small bets won per 100 hands, a seat's average
    error: float


def ring(
    variant: str, seated: Sequence[tuple[str, Policy]], decks: int, seed: int
) -> list[RingResult]:
    """A full table of ``seated`` policies (by name; a name may sit several times): each deck
    is dealt once per rotation of the seats, so that every seat gets each deck's cards. The
    results are per name, over its seats."""
    shuffles = random.Random(seed)
    rng = random.Random(seed + 1)
    names = sorted({name for name, _ in seated})
    won: dict[str, list[float]] = {name: [] for name in names}
    count = len(seated)
    for _ in range(decks):
        deck = Deck.shuffled(random.Random(shuffles.getrandbits(64)))
        totals = dict.fromkeys(names, 0.0)
        for turn in range(count):
            order = [seated[(seat + turn) % count] for seat in range(count)]
            result = play_hand(variant, deck, [policy for _, policy in order], rng)
            for (name, _), chips in zip(order, result, strict=True):
                totals[name] += chips / SMALL_BET
        for name in names:
            seats = sum(1 for seated_name, _ in seated if seated_name == name)
            won[name].append(totals[name] / (seats * count))  # small bets a hand, a seat
    return [RingResult(name, decks * count, *per_100(won[name])) for name in names]
