"""RULES §12.2: tournament points for a season's leaderboard."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from bot.tournament.points import finish_points, place_points


@given(st.integers(1, 10_000), st.integers(1, 10_000))
def test_points_are_ten_root_entrants_over_root_place_rounded_down(people: int, place: int) -> None:
    """RULES §12.2: floor(10 × √entrants / √place), exactly (no float rounding at squares)."""
    points = place_points(people, place)
    assert points * points * place <= 100 * people < (points + 1) ** 2 * place
    assert abs(points - math.floor(10 * math.sqrt(people) / math.sqrt(place))) <= 1


def test_a_field_of_nine_and_a_shared_place() -> None:
    """RULES §12.2 and §7.3: nine people; two out in one hand with equal stacks share 4th,
    covering 4th and 5th: (15 + 13) / 2 = 14 each; 6th is the next place."""
    places = {1: 1, 2: 2, 3: 3, 4: 4, 5: 4, 6: 6, 7: 7, 8: 8, 9: 9}
    points = finish_points(places, 9)
    assert [place_points(9, p) for p in range(1, 10)] == [30, 21, 17, 15, 13, 12, 11, 10, 10]
    assert points == {1: 30, 2: 21, 3: 17, 4: 14, 5: 14, 6: 12, 7: 11, 8: 10, 9: 10}


def test_three_sharing_round_down_and_fewer_than_three_people_earn_nothing() -> None:
    """RULES §12.2: shares rounded down; a field of fewer than three people earns no points."""
    points = finish_points({1: 1, 2: 2, 3: 2, 4: 2}, 4)
    assert points[2] == (place_points(4, 2) + place_points(4, 3) + place_points(4, 4)) // 3
    assert points[1] == 20
    assert finish_points({1: 1, 2: 2}, 2) == {}


def test_a_person_sharing_a_place_with_a_computer_shares_its_points() -> None:
    """RULES §12.2 and §8.3: a computer shares a place (3rd and 4th covered) but earns
    nothing; the person gets half of 3rd's and 4th's points."""
    points = finish_points({1: 1, 2: 2, 3: 3, -4: 3}, 3)
    assert points == {1: 17, 2: 12, 3: (10 + 8) // 2}
