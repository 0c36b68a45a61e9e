"""How strong the computer players are (issue 22; not a test: it prints figures).

Heads-up duplicate matches (each deck dealt twice with the seats swapped) in each game, played
by the engine directly: ``strong`` against a random legal policy, against a calling station
(always check or call) and against ``standard``; ``standard`` against ``easy``; and a six-handed
ring of two of each level, as a check that the order holds at a full table. Each pairing
plays at least ``--pairs`` duplicate pairs (2,000 by default), and more, up to ``--most``, while
its standard error is above a fifth of its edge. Small bets won per 100 hands by the first
named, with a standard error. Then the time a ``strong`` decision takes (p50, p99).

Run from the project root: ``.venv/bin/python -m scripts.benchmark_bots [--quick]
[--pairs 2000] [--most 6000] [--decks 300] [--jobs 2] [--games seven_card_stud ...]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from bot.players.match import (
    Policy,
    Result,
    calling_station,
    duplicate,
    level_policy,
    random_player,
    ring,
)
from bot.players.policy import Level, decide
from bot.players.view import seat_view
from bot.poker.cards import Deck
from bot.poker.stakes import HandConfig, Stakes
from bot.poker.state import Hand
from bot.poker.variants import VARIANTS

GAMES = ("seven_card_stud", "razz", "stud_hi_lo", "five_card_stud", "triple_draw")
POLICIES: dict[str, Policy] = {
    "strong": level_policy(Level.STRONG),
    "standard": level_policy(Level.STANDARD),
    "easy": level_policy(Level.EASY),
    "random": random_player,
    "calling station": calling_station,
}
PAIRINGS = (
    ("strong", "random"),
    ("strong", "calling station"),
    ("strong", "standard"),
    ("standard", "easy"),
)
RING = ("easy", "easy", "standard", "standard", "strong", "strong")


def until_clear(game: str, first: Policy, second: Policy, pairs: int, most: int) -> Result:
    """At least ``pairs`` pairs; more while the error is above a fifth of the edge."""
    result = duplicate(game, first, second, pairs, seed=1)
    played, total, squares = result.pairs, result.per_100 * result.pairs, 0.0
    outcomes = [result]
    while result.error > abs(result.per_100) / 5 and played < most:
        more = duplicate(game, first, second, pairs, seed=1 + played)
        outcomes.append(more)
        played += more.pairs
        total += more.per_100 * more.pairs
        squares = sum((r.error**2) * r.pairs**2 for r in outcomes)
        result = Result(played, total / played, (squares**0.5) / played)
    return result


def pairing(game: str, first: str, second: str, pairs: int, most: int) -> str:
    """One pairing in one game, as a line of the report (run in a worker process)."""
    began = time.perf_counter()
    result = until_clear(game, POLICIES[first], POLICIES[second], pairs, most)
    return (
        f"{game:16} {first:>8} vs {second:<16} {result.per_100:+7.1f} ± {result.error:5.1f}"
        f"  ({result.pairs} pairs, {time.perf_counter() - began:.0f} s)"
    )


def six_handed(game: str, decks: int) -> str:
    """Two of each level at a full table, every deck dealt once per rotation of the seats."""
    began = time.perf_counter()
    results = ring(game, [(name, POLICIES[name]) for name in RING], decks, seed=3)
    figures = ", ".join(f"{r.name} {r.per_100:+.1f} ± {r.error:.1f}" for r in results)
    return (
        f"{game:16} six-handed ring: {figures}  ({results[0].hands} hands a seat,"
        f" {time.perf_counter() - began:.0f} s)"
    )


def decision_times(game: str, hands: int) -> list[float]:
    """Milliseconds per ``strong`` decision at a 6-player table of ``strong`` players."""
    times: list[float] = []
    rng = random.Random(5)
    spec = VARIANTS[game]
    for number in range(hands):
        players = tuple(range(1, min(6, spec.max_players) + 1))
        config = HandConfig(
            variant_key=game,
            players=players,
            stacks=(10_000,) * len(players),
            stakes=Stakes.default(spec, 10),
        )
        hand = Hand(config, Deck.shuffled(random.Random(number)))
        while not hand.is_complete:
            actor = hand.actor
            assert actor is not None
            began = time.perf_counter()
            action = decide(seat_view(hand, actor), Level.STRONG, rng)
            times.append((time.perf_counter() - began) * 1000)
            hand.act(actor, action)
    return times


def main(arguments: argparse.Namespace) -> None:
    pairs = 100 if arguments.quick else arguments.pairs
    most = pairs if arguments.quick else arguments.most
    decks = 20 if arguments.quick else arguments.decks
    print(
        f"Heads-up duplicate matches, at least {pairs} pairs each (small bets won per 100"
        " hands by the first named, ± a standard error); then six-handed rings",
        flush=True,
    )
    with ProcessPoolExecutor(max_workers=arguments.jobs) as pool:
        # the rings are the longest (Triple Draw's most): they start first, and print last
        rings = [pool.submit(six_handed, game, decks) for game in reversed(arguments.games)]
        jobs = [
            pool.submit(pairing, game, first, second, pairs, most)
            for game in arguments.games
            for first, second in PAIRINGS
        ]
        for job in jobs + rings[::-1]:  # in order, as each is done
            print(job.result(), flush=True)
    for game in arguments.games:
        times = sorted(decision_times(game, 10 if arguments.quick else 60))
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        print(
            f"{game:16} strong decision, 6 players: p50 {statistics.median(times):.1f} ms, "
            f"p99 {p99:.1f} ms over {len(times)}"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="100 pairs each: rough figures")
    parser.add_argument("--pairs", type=int, default=2000)
    parser.add_argument("--most", type=int, default=6000)
    parser.add_argument("--decks", type=int, default=2400, help="decks of each six-handed ring")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (cores)")
    parser.add_argument("--games", nargs="+", choices=GAMES, default=list(GAMES))
    main(parser.parse_args())
