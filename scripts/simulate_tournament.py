"""A multi-table tournament simulated to its end (issue 44.5; not a test: it prints figures).

Computer entrants play through the engine and the director (``bot.tournament.simulation``),
every rule of RULES §11 checked after each hand. It prints, per run, the hands dealt, the moves,
the tables broken, the rounds of hand for hand, the places paid, the tournament's length at the
computers' pace and the time the simulation took.

Run from the project root: ``.venv/bin/python -m scripts.simulate_tournament [--entrants 200]
[--late 10] [--game seven_card_stud] [--seats 8] [--runs 3]``
"""

from __future__ import annotations

import argparse
import time

from bot.poker.variants import VARIANTS
from bot.tournament import director
from bot.tournament.simulation import Simulation


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entrants", type=int, default=200)
    parser.add_argument("--late", type=int, default=10, help="entrants during late registration")
    parser.add_argument("--game", default="seven_card_stud", choices=sorted(VARIANTS))
    parser.add_argument("--seats", type=int, default=8)
    parser.add_argument("--runs", type=int, default=3)
    arguments = parser.parse_args()
    for seed in range(arguments.runs):
        began = time.perf_counter()
        simulation = Simulation(
            arguments.entrants,
            variant=arguments.game,
            seats=arguments.seats,
            late_entrants=arguments.late,
            seed=seed,
        )
        finishes = simulation.run()
        took = time.perf_counter() - began
        paid = sum(1 for finish in finishes if finish.prize)
        print(
            f"seed {seed}: {simulation.field_size} entrants, {simulation.hands} hands,"
            f" {simulation.moved} moves, {simulation.broken} tables broken,"
            f" {simulation.hand_for_hand_rounds} rounds of hand for hand, final table after"
            f" hand {simulation.final_table_at}; {paid} paid"
            f" ({director.places_paid(simulation.field_size)} places);"
            f" {simulation.now / 3600:.1f} h at the computers' pace; simulated in {took:.1f} s"
        )


if __name__ == "__main__":
    main()
