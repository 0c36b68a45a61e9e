"""How long a sit & go lasts (issue 23; not a test: it prints figures).

Six computer players play a sit & go with the defaults of ``/poker tournament new`` (1,500
tournament chips, 8 hands a level) to its winner, many times per game, through the engine
directly with the tournament's stakes (``bot.tournament.structure``) and short forced bets
(RULES §7.4). It prints the hands played (median and 10th to 90th percentiles) and the minutes
a table would take at the pace people see: each decision after the computer players' default
pause (1 to 3 s, 2 s on average), each hand followed by the default pause between hands (5 s).

Run from the project root: ``.venv/bin/python -m scripts.benchmark_tournament [--runs 40]
[--players 6] [--level standard] [--games seven_card_stud ...]``
"""

from __future__ import annotations

import argparse
import random
import statistics
from concurrent.futures import ProcessPoolExecutor

from bot.players.policy import Level, decide
from bot.players.view import seat_view
from bot.poker.cards import Deck
from bot.poker.stakes import HandConfig
from bot.poker.state import Hand
from bot.poker.variants import VARIANTS
from bot.tournament.structure import level_of, stakes_at

GAMES = ("seven_card_stud", "stud_hi_lo", "five_card_stud", "triple_draw")
STARTING_CHIPS = 1500
LEVEL_HANDS = 8
DECISION_PAUSE = 2.0  # seconds: the mean of BOT_PAUSE_SECONDS' default 1-3
HAND_PAUSE = 5.0  # seconds: HAND_PAUSE_SECONDS' default


def sit_and_go(variant: str, players: int, level: Level, seed: int) -> tuple[int, int]:
    """One sit & go to its winner: (hands, decisions)."""
    rng = random.Random(seed)
    game = VARIANTS[variant]
    stacks = dict.fromkeys(range(1, players + 1), STARTING_CHIPS)
    hands = decisions = 0
    button = 0
    while len(stacks) > 1:
        hands += 1
        seated = sorted(stacks)
        if not game.is_stud:  # the button moves a seat a hand (RULES §5.2)
            button = (button + 1) % len(seated)
            seated = seated[button + 1 :] + seated[: button + 1]
        config = HandConfig(
            variant_key=variant,
            players=tuple(seated),
            stacks=tuple(stacks[player] for player in seated),
            stakes=stakes_at(game, STARTING_CHIPS, level_of(hands, LEVEL_HANDS)),
            tournament=True,
        )
        hand = Hand(config, Deck.shuffled(rng))
        while not hand.is_complete:
            actor = hand.actor
            assert actor is not None
            hand.act(actor, decide(seat_view(hand, actor), level, rng))
            decisions += 1
        for player, stack in zip(hand.players, hand.stacks, strict=True):
            if stack:
                stacks[player] = stack
            else:
                del stacks[player]
    return hands, decisions


def _run(job: tuple[str, int, str, int]) -> tuple[int, int]:
    variant, players, level, seed = job
    return sit_and_go(variant, players, Level(level), seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--level", default="standard", choices=[level.value for level in Level])
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    parser.add_argument("--jobs", type=int, default=2)
    arguments = parser.parse_args()
    print(
        f"{arguments.players} {arguments.level} computer players, {STARTING_CHIPS} chips,"
        f" {LEVEL_HANDS} hands a level; {arguments.runs} sit & gos per game"
    )
    with ProcessPoolExecutor(arguments.jobs) as pool:
        for variant in arguments.games:
            jobs = [
                (variant, arguments.players, arguments.level, seed)
                for seed in range(arguments.runs)
            ]
            results = list(pool.map(_run, jobs))
            hands = sorted(result[0] for result in results)
            minutes = sorted(
                (decided * DECISION_PAUSE + played * HAND_PAUSE) / 60 for played, decided in results
            )
            low, high = len(results) // 10, (len(results) * 9) // 10
            print(
                f"{variant:16} hands: median {statistics.median(hands):.0f}"
                f" (10-90 %: {hands[low]}-{hands[high]}, longest to level"
                f" {level_of(hands[-1], LEVEL_HANDS)}) · minutes: median"
                f" {statistics.median(minutes):.0f}"
                f" (10-90 %: {minutes[low]:.0f}-{minutes[high]:.0f})"
            )


if __name__ == "__main__":
    main()
