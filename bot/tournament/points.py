"""Tournament points of a season's leaderboard (RULES §12.2): a finish in a sit & go or a
tournament night with at least three people entered earns ``floor(10 × √entrants / √place)``;
players sharing a place (RULES §7.3) share the points of the places they cover. Pure."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Mapping

from bot.store.house import is_computer

FEWEST_PEOPLE = 3  # fewer people entered: no points (RULES §12.2)


def place_points(people: int, place: int) -> int:
    """``floor(10 × √people / √place)``, exactly: ``floor(√(100·people / place))`` equals
    ``isqrt(floor(100·people / place))``."""
    if place < 1:
        raise ValueError("places count from 1")
    return math.isqrt(100 * people // place)


def finish_points(places: Mapping[int, int], people: int) -> dict[int, int]:
    """Each person's points for one tournament, from every entrant's place (``user ->
    place``) and the number of people entered; computers share places but earn nothing (RULES
    §8.3). ``n`` players sharing place ``p`` cover places ``p`` to ``p + n - 1`` and share
    their points, rounded down."""
    if people < FEWEST_PEOPLE:
        return {}
    sharing: dict[int, list[int]] = defaultdict(list)
    for user, place in places.items():
        sharing[place].append(user)
    points: dict[int, int] = {}
    for place, users in sharing.items():
        covered = sum(place_points(people, p) for p in range(place, place + len(users)))
        for user in users:
            if not is_computer(user):
                points[user] = covered // len(users)
    return points
