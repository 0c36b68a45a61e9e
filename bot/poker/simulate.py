"""Play random legal hands: ``python -m bot.poker.simulate --variant stud_hi_lo --players 6
--hands 1000 --seed 7 [--phh-dir DIR]``.

The policy folds rarely and raises often, so hands reach every street, and stacks vary (some
just above the forced bets) so all-ins and side pots are common. The same seed gives the same
hands: the decks come from a seeded generator here, never from ``secrets``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from bot.poker.cards import Deck
from bot.poker.events import Action, ActionKind
from bot.poker.history import to_phh
from bot.poker.stakes import HandConfig, Stakes
from bot.poker.state import Hand
from bot.poker.variants import VARIANTS, Variant

SMALL_BET = 10


def random_config(variant: Variant, players: int, rng: random.Random) -> HandConfig:
    """Stakes at a small bet of 10 and stacks from just-enough to 60 big bets."""
    stakes = Stakes.default(variant, SMALL_BET)
    floor = stakes.forced_minimum(variant)
    stacks = tuple(
        rng.choice((floor, floor + rng.randrange(1, SMALL_BET), rng.randrange(20, 120)))
        if rng.random() < 0.35
        else rng.randrange(100, 1200)
        for _ in range(players)
    )
    return HandConfig(variant.key, tuple(range(1, players + 1)), stacks, stakes)


_WEIGHTS = dict.fromkeys(ActionKind, 0.35) | {
    ActionKind.FOLD: 0.08,
    ActionKind.CHECK: 0.6,
    ActionKind.CALL: 0.6,
    ActionKind.BRING_IN: 0.6,
}


def random_action(hand: Hand, rng: random.Random) -> Action:
    """A random legal action, weighted towards calling and raising."""
    legal = hand.legal_actions()
    if legal[0].kind is ActionKind.DRAW:
        index = hand.actor_index
        assert index is not None
        keep = rng.random()
        discards = tuple(card for card in hand.cards[index] if rng.random() > keep)
        return Action(ActionKind.DRAW, discards=discards)
    weights = [_WEIGHTS[option.kind] for option in legal]
    pick = rng.random() * sum(weights)
    for option, weight in zip(legal, weights, strict=True):
        pick -= weight
        if pick < 0:
            return Action(option.kind, option.amount)
    return Action(legal[-1].kind, legal[-1].amount)


def play_random_hand(config: HandConfig, rng: random.Random) -> Hand:
    hand = Hand(config, Deck.shuffled(rng))
    while (player := hand.actor) is not None:
        hand.act(player, random_action(hand, rng))
    return hand


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.poker.simulate", description=__doc__)
    parser.add_argument("--variant", choices=sorted(VARIANTS), required=True)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--phh-dir", type=Path, default=None)
    args = parser.parse_args(argv)
    variant = VARIANTS[args.variant]
    if not variant.min_players <= args.players <= variant.max_players:
        parser.error(
            f"{variant.name} is for {variant.min_players} to {variant.max_players} players"
        )
    if args.phh_dir is not None:
        args.phh_dir.mkdir(parents=True, exist_ok=True)
    rng = random.Random(args.seed)
    started = time.perf_counter()
    for number in range(1, args.hands + 1):
        hand = play_random_hand(random_config(variant, args.players, rng), rng)
        if args.phh_dir is not None:
            path = args.phh_dir / f"{args.variant}-{args.seed}-{number:06d}.phh"
            path.write_text(to_phh(hand, hand_id=number), encoding="utf-8")
    elapsed = time.perf_counter() - started
    sys.stdout.write(
        f"{args.hands} hands of {variant.name}, {args.players} players, seed {args.seed}: "
        f"{elapsed:.2f} s, {args.hands / elapsed:,.0f} hands/s\n"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
