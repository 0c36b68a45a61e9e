"""Pictures benchmark (not a test: it prints figures): the showdown picture of a 6-player
Seven Card Stud hand (six rows of seven cards), the first time (every card face drawn) and
then with the faces kept; and the PNG's size. Target: under 20 ms. Then the picture of one
player's own seven cards (DMs, My cards), in four colours, and the picture of a 6-seat stud
table at 6th street (two down and four up cards a seat).

Run from the project root: ``.venv/bin/python -m scripts.benchmark_pictures [--runs 200]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from bot.dealer.views import HandSummary, PotResult, SeatView, ShownHand, TableView
from bot.pictures.hand import hand_png
from bot.pictures.showdown import showdown_png
from bot.pictures.table import table_png
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
        (PotResult(300, (("Player 0", 300),)),),
        (),
        False,
    )


def stud_table(seed: int) -> TableView:
    """Six seats at 6th street: two down cards and four up cards each."""
    cards = Deck.shuffled(random.Random(seed)).cards
    seats = tuple(
        SeatView(n, n, f"Player {n}", 100, True, cards[4 * n : 4 * n + 4], 2) for n in range(1, 7)
    )
    return TableView(1, Msg("game-seven-card-stud"), 1, seats, None, hand_id=seed)


def timed(what: str, runs: int, draw: Callable[[int], bytes]) -> None:
    """Median and p95 of ``draw(run)`` over ``runs``, and the size of the last PNG."""
    times, data = [], b""
    for run in range(runs):
        began = time.perf_counter()
        data = draw(run)
        times.append((time.perf_counter() - began) * 1000)
    times.sort()
    print(
        f"{what}: median {statistics.median(times):.1f} ms,"
        f" p95 {times[int(len(times) * 0.95)]:.1f} ms over {runs}; PNG {len(data) / 1024:.1f} KB"
    )


def main(runs: int) -> None:
    SAY("picture-down")  # the catalogues load once per process (about 0.1 s), not per picture
    began = time.perf_counter()
    showdown_png(six_players(0), SAY)
    first = (time.perf_counter() - began) * 1000
    print(f"first picture (fonts loaded, its 42 faces drawn): {first:.1f} ms")
    summaries = [six_players(run) for run in range(runs)]
    timed("6-player showdown picture", runs, lambda run: showdown_png(summaries[run], SAY))
    hands = [Deck.shuffled(random.Random(run)).cards[:7] for run in range(runs)]
    face_up = (False, False, True, True, True, True, False)
    timed(
        "one player's 7 cards, four colours",
        runs,
        lambda run: hand_png(hands[run], face_up, SAY, four_colour=True),
    )
    tables = [stud_table(run) for run in range(runs)]
    timed("6-seat stud table at 6th street", runs, lambda run: table_png(tables[run], SAY))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=200)
    main(parser.parse_args().runs)
