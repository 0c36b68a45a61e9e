"""Engine speed, ours beside PokerKit (and treys for evaluation), in one run.

    python -m scripts.benchmark_engine [--seconds 3]      (from the project root)

Prints 6-player random hands per second for each game (both engines play the same random
policy over their legal actions, with the same weights), then evaluations per second of 7-card
high, 7-card hi/lo and 5-card deuce-to-seven hands. Figures, not assertions: run it on a quiet
machine and read the ratios. It says whether our engine runs compiled (the default install) or
interpreted (``POKER_PURE_PYTHON=1``, which measures the sources even where compiled).
"""

from __future__ import annotations

import argparse
import random
import time
import warnings
from collections.abc import Callable, Sequence

from pokerkit import (
    Automation,
    EightOrBetterLowHand,
    StandardHighHand,
    StandardLowHand,
    State,
)

from bot.poker import build_info
from bot.poker.cards import DECK, Card
from bot.poker.hands import evaluate_deuce_seven, evaluate_high, evaluate_low8
from bot.poker.random_play import AGGRESSIVE_WEIGHT as AGGRESSIVE
from bot.poker.random_play import FOLD_WEIGHT as FOLD
from bot.poker.random_play import PASSIVE_WEIGHT as PASSIVE
from bot.poker.random_play import play_random_hand, random_config
from bot.poker.stakes import Stakes
from bot.poker.variants import VARIANTS, Variant
from tests.poker.oracle import pokerkit_game

PLAYERS = 6
AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def pokerkit_factory(variant_key: str, rng: random.Random) -> Callable[[], State]:
    """PokerKit's game for the variant, built as the differential tests build it."""
    variant = VARIANTS[variant_key]
    stakes = Stakes.default(variant, 10)
    forced = (stakes.small_blind, stakes.big_blind) if variant.is_draw else stakes.bring_in
    game = pokerkit_game(
        variant.phh_code,
        antes=stakes.ante,
        forced=forced,
        small=stakes.small_bet,
        big=stakes.big_bet,
        automations=AUTOMATIONS,
    )
    return lambda: game(list(random_config(variant, PLAYERS, rng).stacks), PLAYERS)


def play_pokerkit_hand(make: Callable[[], State], rng: random.Random) -> None:
    state = make()
    while state.status:
        if state.can_stand_pat_or_discard():
            index = state.stand_patter_or_discarder_index
            keep = rng.random()
            state.stand_pat_or_discard([c for c in state.hole_cards[index] if rng.random() > keep])
            continue
        options: list[tuple[float, Callable[[], object]]] = []
        if state.can_post_bring_in():
            options.append((PASSIVE, state.post_bring_in))
        else:
            if state.checking_or_calling_amount:  # fold only facing a bet, as ours does
                options.append((FOLD, state.fold))
            options.append((PASSIVE, state.check_or_call))
        if state.can_complete_bet_or_raise_to():
            options.append((AGGRESSIVE, state.complete_bet_or_raise_to))
        pick = rng.random() * sum(weight for weight, _ in options)
        chosen = options[-1][1]
        for weight, move in options:
            pick -= weight
            if pick < 0:
                chosen = move
                break
        chosen()


def rate(play: Callable[[], object], seconds: float) -> float:
    for _ in range(50):  # warm caches
        play()
    count, started = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - started) < seconds:
        for _ in range(20):
            play()
        count += 20
    return count / elapsed


def hands_per_second(seconds: float) -> None:
    print(f"{PLAYERS}-player random hands per second")
    print(f"{'game':24} {'ours':>10} {'PokerKit':>10} {'ratio':>8}")
    for key, variant in VARIANTS.items():
        ours = rate(_our_hands(variant, random.Random(key)), seconds)
        theirs = rate(_pokerkit_hands(key, random.Random(key)), seconds)
        print(f"{variant.name:24} {ours:10,.0f} {theirs:10,.0f} {ours / theirs:7.1f}x")


def _our_hands(variant: Variant, rng: random.Random) -> Callable[[], object]:
    return lambda: play_random_hand(random_config(variant, PLAYERS, rng), rng)


def _pokerkit_hands(key: str, rng: random.Random) -> Callable[[], object]:
    make = pokerkit_factory(key, rng)
    return lambda: play_pokerkit_hand(make, rng)


def evaluations_per_second(seconds: float) -> None:
    from treys import Card as TreysCard
    from treys import Evaluator as TreysEvaluator

    rng = random.Random(0)
    sevens = [rng.sample(DECK, 7) for _ in range(2000)]
    fives = [rng.sample(DECK, 5) for _ in range(2000)]
    texts7 = ["".join(map(str, cards)) for cards in sevens]
    texts5 = ["".join(map(str, cards)) for cards in fives]
    treys = TreysEvaluator()
    treys7 = [[TreysCard.new(str(c)) for c in cards] for cards in sevens]

    def per_second(fn: Callable[[object], object], items: Sequence[object]) -> float:
        def batch() -> None:
            for item in items:
                fn(item)

        return rate(batch, seconds) * len(items)

    def ours_hilo(cards: Sequence[Card]) -> object:
        return evaluate_high(cards), evaluate_low8(cards)

    def pokerkit_hilo(text: str) -> object:
        return StandardHighHand.from_game(text), EightOrBetterLowHand.from_game_or_none(text)

    rows = [
        (
            "7-card high",
            per_second(evaluate_high, sevens),  # type: ignore[arg-type]
            per_second(StandardHighHand.from_game, texts7),  # type: ignore[arg-type]
            per_second(lambda cards: treys.evaluate(cards[:2], cards[2:]), treys7),  # type: ignore[index]
        ),
        (
            "7-card hi/lo",
            per_second(ours_hilo, sevens),  # type: ignore[arg-type]
            per_second(pokerkit_hilo, texts7),  # type: ignore[arg-type]
            None,
        ),
        (
            "5-card 2-7",
            per_second(evaluate_deuce_seven, fives),  # type: ignore[arg-type]
            per_second(StandardLowHand.from_game, texts5),  # type: ignore[arg-type]
            None,
        ),
    ]
    print("\nevaluations per second")
    print(
        f"{'hand':14} {'ours':>12} {'PokerKit':>12} {'treys':>12}"
        f" {'vs PokerKit':>12} {'vs treys':>9}"
    )
    for name, ours, theirs, other in rows:
        treys_text = f"{other:12,.0f}" if other else f"{'n/a':>12}"
        versus = f"{ours / other:8.1f}x" if other else f"{'n/a':>9}"
        print(
            f"{name:14} {ours:12,.0f} {theirs:12,.0f} {treys_text} {ours / theirs:11.1f}x {versus}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    print(f"our engine: {build_info.describe()}\n")
    hands_per_second(args.seconds)
    evaluations_per_second(args.seconds)


if __name__ == "__main__":
    main()
