"""Pictures benchmark (not a test: it prints figures): the showdown picture of a 6-player
Seven Card Stud hand (six rows of seven cards), the first time (every card face drawn) and
then with the faces kept; and the PNG's size. Target: under 20 ms. Then the picture of one
player's own seven cards (DMs, My cards), in four colours.

Run from the project root: ``.venv/bin/python -m scripts.benchmark_pictures [--runs 200]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bot.dealer.views import HandSummary, PotResult, ShownHand
from bot.pictures.hand import hand_png
from bot.pictures.showdown import showdown_png
from bot.poker.cards import Deck
from bot.text import Msg, Speaker

SAY = Speaker("en")


def six_players(seed: int) -> HandSummary:
    cards = list(Deck.shuffled(random.Random(seed)).cards)
    shown = tuple(
        ShownHand(f"Player {n}", tuple(cards[7 * n : 7 * n + 7]), Msg("hand-royal-flush"))
        for n in range(6)
    )
    return HandSummary(
        1,
        seed,
        Msg("game-seven-card-stud"),
        shown,
        (
            PotResult(
                Msg("pot-label", which="single", number=0, half="all"), 300, (("Player 0", 300),)
            ),
        ),
        (),
        False,
    )


def main(runs: int) -> None:
    began = time.perf_counter()
    data = showdown_png(six_players(0), SAY)
    first = (time.perf_counter() - began) * 1000
    print(f"first picture (fonts loaded, its 42 faces drawn): {first:.1f} ms")
    times = []
    for run in range(runs):
        summary = six_players(run)
        began = time.perf_counter()
        data = showdown_png(summary, SAY)
        times.append((time.perf_counter() - began) * 1000)
    times.sort()
    print(
        f"6-player showdown picture: median {statistics.median(times):.1f} ms,"
        f" p95 {times[int(len(times) * 0.95)]:.1f} ms over {runs} hands;"
        f" PNG {len(data) / 1024:.1f} KB"
    )
    times = []
    face_up = (False, False, True, True, True, True, False)
    for run in range(runs):
        cards = Deck.shuffled(random.Random(run)).cards[:7]
        began = time.perf_counter()
        data = hand_png(cards, face_up, SAY, four_colour=True)
        times.append((time.perf_counter() - began) * 1000)
    times.sort()
    print(
        f"one player's 7 cards: median {statistics.median(times):.1f} ms,"
        f" p95 {times[int(len(times) * 0.95)]:.1f} ms; PNG {len(data) / 1024:.1f} KB"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=200)
    main(parser.parse_args().runs)
