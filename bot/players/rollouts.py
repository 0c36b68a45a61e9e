"""2-7 Triple Draw discards chosen by rollouts, for ``strong`` computer players (issue 22).

The candidates are the keeps a sound lowball player weighs: the guidance's keep
(:func:`~bot.players.equity.keep_for_low`: one of each rank to an eight, a made nine-low or
better standing pat), a made hand broken to draw one, and the cards to a seven or to a six only.
Each sample deals the live opponents' hands to the end once (as their draws and betting so far
make them likely, :func:`~bot.players.equity.opponent_hands`), then plays every candidate out
against that same deal, from the same cards, drawing to a low at the draws after this one. A
candidate replaces the guidance's keep only when it wins clearly more of the pot: by
``MARGIN`` at least, and by ``SURE`` standard errors of the paired difference.

Standing pat on a rough hand, and keeping a nine to draw to, are left out: each won more
showdowns in the rollouts and lost chips in play (duplicate matches against ``standard``,
``scripts/benchmark_bots.py``), as such a hand pays off the bets of the better ones."""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence

from bot.players.equity import (
    SEVEN,
    Stub,
    aggressors_of,
    draw_to_end,
    game_draws,
    keep_for_low,
    low_value,
    opponent_hands,
)
from bot.players.view import SeatView
from bot.poker.cards import Card

TOPS = (SEVEN - 1, SEVEN)  # keep to a six, to a seven
MARGIN = 0.015  # the share of the pot a candidate must win over the guidance's keep, at least
SURE = 2.0  # and by this many standard errors of the paired difference


def rollout_discards(
    view: SeatView, samples: int, rng: random.Random, weigh: float = 0.0
) -> tuple[Card, ...]:
    """The cards to throw: the candidate keep that wins the most of the pot, if clearly."""
    cards = view.cards
    candidates = keeps(cards)
    chosen = 0
    if len(candidates) > 1 and view.opponents:
        best = 0.0
        for number, gain in enumerate(gains(view, candidates, samples, rng, weigh), start=1):
            mean = statistics.fmean(gain)
            error = statistics.stdev(gain) / math.sqrt(samples)
            if mean > max(best, MARGIN, SURE * error):
                chosen, best = number, mean
    return tuple(card for card in cards if card not in candidates[chosen])


def gains(
    view: SeatView, candidates: list[list[Card]], samples: int, rng: random.Random, weigh: float
) -> list[list[float]]:
    """For each candidate after the first, what it wins over the first in each sample."""
    unseen = list(view.unseen())
    aggressors = aggressors_of(view) if weigh else frozenset()
    draws = game_draws(view)
    found: list[list[float]] = [[] for _ in candidates[1:]]
    for _ in range(samples):
        rng.shuffle(unseen)
        stub = Stub(list(unseen), rng)
        hands = opponent_hands(view, stub, draws=draws, aggressors=aggressors, weigh=weigh, rng=rng)
        values = [low_value(hand) for hand in hands]
        best = max(values)
        ties = values.count(best)
        rest = stub.rest()
        shares = []
        for kept in candidates:
            mine = Stub(list(rest), rng)  # the same cards for every candidate
            hand = draw_to_end(kept + mine.deal(5 - len(kept)), mine, view.draws_left - 1)
            value = low_value(hand)
            shares.append(1.0 if value > best else 1 / (ties + 1) if value == best else 0.0)
        for number, share in enumerate(shares[1:]):
            found[number].append(share - shares[0])
    return found


def keeps(cards: Sequence[Card]) -> list[list[Card]]:
    """The candidate keeps, the guidance's first, each once."""
    ordered = sorted(cards, key=lambda card: card.rank)
    found = [keep_for_low(cards)]
    if len(found[0]) == 5:
        found.append(ordered[:4])  # a made hand, broken: its top card goes
    for top in TOPS:
        kept: list[Card] = []
        for card in ordered:
            if card.rank <= top and card.rank not in {other.rank for other in kept}:
                kept.append(card)
        found.append(kept[:4])
    unique: list[list[Card]] = []
    for kept in found:
        if set(kept) not in [set(other) for other in unique]:
            unique.append(kept)
    return unique
