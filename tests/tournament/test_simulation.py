"""Multi-table tournaments simulated to their end through the engine and the director, every
rule of RULES §11 checked after each hand (issue 44.5)."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.tournament import director
from bot.tournament.simulation import RuleBroken, Simulation
from bot.tournament.structure import Finish


def _results_hold(finishes: list[Finish], simulation: Simulation) -> None:
    """RULES §11.8 and §7.3: every entrant placed once, the places from 1 with shared ones
    repeated, the whole pool paid to the places paid."""
    entrants = simulation.field_size
    assert sorted(f.user for f in finishes) == sorted({f.user for f in finishes})
    assert len(finishes) == entrants
    places = Counter(f.place for f in finishes)
    place = 1
    while place <= entrants:  # a place shared by n players covers n places
        assert places[place] >= 1, place
        place += places[place]
    assert sum(f.prize for f in finishes) == entrants * simulation.starting_chips
    paid = director.places_paid(entrants)
    assert all(f.prize == 0 for f in finishes if f.place > paid)
    assert [f.place for f in finishes if f.prize].count(1) == 1


def test_two_hundred_entrants_to_the_end() -> None:
    """RULES §11: 200 entrants and 10 late ones at eight-seat Seven Card Stud tables: the draw,
    late registration, balancing, tables broken, the final table, prizes for 42 places; every
    check of §11 after each of about a thousand hands."""
    simulation = Simulation(200, late_entrants=10, seed=1)
    finishes = simulation.run()
    _results_hold(finishes, simulation)
    assert simulation.field_size == 210 and director.places_paid(210) == 42
    assert simulation.moved > 0 and simulation.broken >= 20
    assert simulation.final_table_at is not None
    assert simulation.hands > 500


@pytest.mark.parametrize(("variant", "seed"), [("triple_draw", 2), ("razz", 4)])
def test_sixty_entrants_of_other_games(variant: str, seed: int) -> None:
    """RULES §11.5 in a draw game (the big blind moves) and Razz, 60 entrants and 6 late."""
    simulation = Simulation(60, variant=variant, late_entrants=6, seed=seed)
    _results_hold(simulation.run(), simulation)
    assert simulation.moved > 0 and simulation.broken > 0


def test_hand_for_hand_at_the_bubble_until_someone_is_out() -> None:
    """RULES §11.7: with one player more than the places paid, the tables deal one hand at a
    time until one is out; those out in the same round are placed together."""
    rounds = []
    for seed in range(6):
        simulation = Simulation(20, seats=6, seed=seed)
        _results_hold(simulation.run(), simulation)
        rounds.append(simulation.hand_for_hand_rounds)
    assert any(rounds)


def test_the_checks_catch_a_player_at_two_tables() -> None:
    """The simulation's checks can fail: a player seated twice is found."""
    simulation = Simulation(20, seed=0)
    first, second = sorted(simulation.tables)[:2]
    user = next(iter(simulation.tables[first].values()))
    free = next(seat for seat in range(1, 9) if seat not in simulation.tables[second])
    simulation.tables[second][free] = user
    with pytest.raises(RuleBroken, match="seated exactly once"):
        simulation.check()
