"""A computer player's decision (RULES §8.1), from its seat's view only.

The first round follows published starting-hand guidance for each game (stud: rolled-up
trips, pairs by rank, live three-flushes and three-straights; Hi-Lo: three low cards, better
with an ace or suited or connected; 2-7: three or more different cards of 8 or lower, no ace).
Later rounds estimate the share of the pot by Monte Carlo (:mod:`bot.players.equity`) and
decide by pot odds: call when the share is at least what the call costs over the pot after
calling; bet or raise when it is well above a fair share. A draw keeps the cards of a low
(:func:`~bot.players.equity.keep_for_low`); ``strong`` weighs other keeps by rollouts
(:mod:`bot.players.rollouts`).

Levels differ in samples, looseness, whether they read the others' up cards and betting,
and (``easy``, in 2-7) how carefully they draw; a little randomness (seeded in tests)
keeps them from being read by rote.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from enum import Enum

from bot.players.equity import SEVEN, equity, keep_for_low, stands_pat
from bot.players.rollouts import rollout_discards
from bot.players.view import SeatView
from bot.poker.cards import Card
from bot.poker.events import Action, ActionKind
from bot.poker.variants import Evaluation


class Level(Enum):
    EASY = "easy"
    STANDARD = "standard"
    STRONG = "strong"


@dataclass(frozen=True, slots=True)
class Style:
    samples: int
    loose: float  # multiplies the share a call needs (below 1: calls more)
    aggression: float  # the share over a fair one that bets or raises
    reads: bool  # looks at the others' up cards (dead cards); every level counts their draws
    bluff: float  # how often it bets a weak hand when it may
    weigh: float = 0.0  # reads the others' betting: see equity()
    sloppy: float = 0.0  # 2-7: how often it draws rough (stands pat on a ten, keeps a nine)


STYLES = {
    # calls far too much, bets only big hands and bluffs often, and in 2-7 now and then draws
    # rough: a newcomer's game
    Level.EASY: Style(samples=30, loose=0.55, aggression=2.0, reads=False, bluff=0.1, sloppy=0.35),
    # sound starting cards and pot odds, but calls a little too often and ignores the others'
    # up cards and betting
    Level.STANDARD: Style(samples=100, loose=0.75, aggression=1.5, reads=False, bluff=0.04),
    # more samples, dead cards removed, and the others' betting read (see equity())
    Level.STRONG: Style(samples=200, loose=0.9, aggression=1.5, reads=True, bluff=0.04, weigh=0.5),
}
# by game, where the measured duplicate matches (scripts/benchmark_bots.py) found better play
# (Hi-Lo: a lighter read of the betting put strong ahead of standard at a full table too)
BY_GAME = {("stud_hi_lo", Level.STRONG): replace(STYLES[Level.STRONG], aggression=1.35, weigh=0.2)}


def style_of(view: SeatView, level: Level) -> Style:
    return BY_GAME.get((view.variant, level), STYLES[level])


def decide(view: SeatView, level: Level, rng: random.Random) -> Action:
    """The seat's action: always one of ``view.legal``."""
    style = style_of(view, level)
    if view.drawing:
        return Action(ActionKind.DRAW, discards=discards(view, level, rng))
    if view.street == 0:
        share = opening_share(view)
    else:
        share = equity(view, style.samples, rng, read=style.reads, weigh=style.weigh)
    return bet_by_share(view, share, style, rng)


def bet_by_share(view: SeatView, share: float, style: Style, rng: random.Random) -> Action:
    """Fixed-limit betting from the expected share of the pot."""
    fair = 1 / (len(view.opponents) + 1)
    strong = share >= fair * style.aggression or rng.random() < style.bluff * (share > fair / 2)
    for kind in (ActionKind.RAISE, ActionKind.BET, ActionKind.COMPLETE):
        option = view.can(kind)
        if option is not None and strong:
            return Action(kind, option.amount)
    bring_in = view.can(ActionKind.BRING_IN)
    if bring_in is not None:
        return Action(ActionKind.BRING_IN, bring_in.amount)
    if view.can(ActionKind.CHECK) is not None:
        return Action(ActionKind.CHECK)
    call = view.can(ActionKind.CALL)
    if call is not None:
        cost = call.amount or 0
        needed = cost / (view.pot + cost) if cost else 0.0
        if share >= needed * style.loose:
            return Action(ActionKind.CALL, call.amount)
    return Action(ActionKind.FOLD)


def opening_share(view: SeatView) -> float:
    """The first round: a share of the pot from the starting hand, as the guidance ranks it,
    scaled to the number of opponents."""
    fair = 1 / (len(view.opponents) + 1)
    match view.evaluation:
        case Evaluation.DEUCE_TO_SEVEN:
            return fair * _deuce_seven_start(view.cards)
        case Evaluation.HIGH_LOW8:
            return fair * max(_low_start(view.cards), _high_start(view) * 0.9)
        case Evaluation.ACE_TO_FIVE:  # Razz: three different low cards, the lower the better
            return fair * _razz_start(view.cards) * _razz_live(view)
        case _:
            return fair * _high_start(view)


def _high_start(view: SeatView) -> float:
    """Stud: rolled-up trips, a pair (by rank, and live), three to a flush or a straight."""
    cards = view.cards
    ranks = [card.rank for card in cards]
    dead = {card.rank for seat in view.seats for card in seat.up}
    if len(set(ranks)) == 1:
        return 3.0  # rolled up
    pairs = [rank for rank in set(ranks) if ranks.count(rank) == 2]
    if pairs:
        pair = pairs[0]
        live = 1.0 if pair not in dead else 0.7
        return (1.2 + pair / 12 * 1.2) * live  # aces 2.4, deuces 1.2
    suited = len({card.suit for card in cards}) == 1
    connected = max(ranks) - min(ranks) <= 4 and len(set(ranks)) == len(ranks)
    if suited or connected:
        return 1.05 if suited and connected else 0.9
    return 0.35 + max(ranks) / 12 * 0.45  # high cards only


def _low_start(cards: tuple[Card, ...]) -> float:
    """Hi-Lo: low cards (aces count low), better with an ace, suited or connected."""
    low = {card.rank for card in cards if card.rank <= SEVEN + 1 or card.rank == 12}
    if len(low) < len(cards):
        return 0.4
    bonus = 0.3 if any(card.rank == 12 for card in cards) else 0.0
    bonus += 0.15 if len({card.suit for card in cards}) == 1 else 0.0
    return 1.3 + bonus


def _razz_start(cards: tuple[Card, ...]) -> float:
    """Razz: three different cards, aces low; an eight or lower at the top is a good start, a
    ten or lower a fair one; a pair, or a face card, a poor one."""
    ranks = [0 if card.rank == 12 else card.rank + 1 for card in cards]  # ace 0, king 12
    if len(set(ranks)) < len(ranks):
        return 0.5
    top = max(ranks)
    if top <= 7:  # an eight or lower
        return 1.3 + (0.3 if 0 in ranks else 0.0) + (0.15 if top <= 5 else 0.0)
    return 0.95 if top <= 9 else 0.55


def _razz_live(view: SeatView) -> float:
    """Razz: a low start is worth less when its cards show on other boards (they are gone)."""
    mine = {card.rank for card in view.cards}
    gone = sum(card.rank in mine for seat in view.seats for card in seat.up)
    return max(0.6, 1.0 - 0.1 * gone)


def _deuce_seven_start(cards: tuple[Card, ...]) -> float:
    """2-7: different cards of 8 or lower, no ace; a made smooth hand best."""
    if len(cards) == 5 and stands_pat(cards):
        return 2.2 - max(card.rank for card in cards) / 12
    good = len(keep_for_low(cards))
    return {5: 2.0, 4: 1.6, 3: 1.05}.get(good, 0.5)


def discards(view: SeatView, level: Level, rng: random.Random) -> tuple[Card, ...]:
    """The cards to throw in a 2-7 draw. ``strong`` chooses among sound keeps by rollouts
    (:mod:`bot.players.rollouts`). The others follow the guidance: a made nine-low or better
    stands pat; else all but a low's cards (one of each rank to an eight) are thrown. A sloppy
    draw (``Style.sloppy`` of them) stands pat on a ten-low and keeps a nine to draw to, as a
    newcomer does."""
    cards = view.cards
    style = style_of(view, level)
    if level is Level.STRONG:
        return rollout_discards(view, style.samples, rng, style.weigh)
    rough = style.sloppy > 0 and rng.random() < style.sloppy
    if stands_pat(cards, top=SEVEN + 3 if rough else SEVEN + 2):
        return ()
    keep = keep_for_low(cards, top=SEVEN + 2 if rough else SEVEN + 1)
    return tuple(card for card in cards if card not in keep)
