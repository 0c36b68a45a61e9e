"""A sit & go's numbers (RULES §7): its levels and their stakes, its prizes, its places.

Pure: no store, no Discord. Each function takes what it needs and says which rule it follows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from bot.poker.stakes import Stakes
from bot.poker.variants import Variant

LEVEL_GROWTH = 1.5  # RULES §7.2: "each next level multiplies the small bet by about 1.5"
_TIDY_MANTISSAS = (10, 12, 15, 20, 25, 30, 40, 50, 60, 80)


def tidy_numbers(up_to: int) -> list[int]:
    """RULES §7.2's tidy numbers: 1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, ... to ``up_to``."""
    numbers = [1, 2, 3, 4, 5, 6, 8]
    power = 1
    while numbers[-1] < up_to:
        numbers.extend(mantissa * power for mantissa in _TIDY_MANTISSAS)
        power *= 10
    return numbers


def _next_tidy(value: int) -> int:
    """The tidy number nearest ``value`` times 1.5 (by ratio), always above ``value``."""
    target = value * LEVEL_GROWTH
    candidates = [n for n in tidy_numbers(int(target) * 2 + 10) if n > value]
    return min(candidates, key=lambda n: (max(n / target, target / n), n))


def level_of(hand_number: int, level_hands: int) -> int:
    """RULES §7.2: the level of the tournament's ``hand_number``-th hand (from 1)."""
    return (hand_number - 1) // level_hands + 1


def hands_left(hand_number: int, level_hands: int) -> int:
    """Hands of the current level still to deal after the ``hand_number``-th."""
    return level_hands - 1 - (hand_number - 1) % level_hands


TOURNAMENT_ANTE_DIVISOR = 10  # RULES §7.2: every stud tournament has an ante of a tenth
UNCAPPED = 10**15  # no table limit: the progression still ends (it grows by half a level)


def _first_value(variant: Variant, starting_chips: int) -> int:
    return max(
        2 if variant.is_stud else 1, round(starting_chips / (50 if variant.is_stud else 100))
    )


@cache
def level_values(variant: Variant, starting_chips: int, largest: int = UNCAPPED) -> tuple[int, ...]:
    """RULES §7.2: the value of each level (stud: its small bet; Triple Draw: its small
    blind), from level 1 to the last whose small bet a table may have (``largest``), computed
    once. Later levels stay at the last one."""
    small_bet = 1 if variant.is_stud else 2
    values = [_first_value(variant, starting_chips)]
    while small_bet * (following := _next_tidy(values[-1])) <= largest:
        values.append(following)
    return tuple(values)


def last_level(variant: Variant, starting_chips: int, largest: int = UNCAPPED) -> int:
    """The level past which the stakes rise no more (RULES §7.2)."""
    return len(level_values(variant, starting_chips, largest))


def stakes_at(variant: Variant, starting_chips: int, level: int, largest: int = UNCAPPED) -> Stakes:
    """RULES §7.2. Stud: level 1's small bet is 1/50 of the starting stack, the ante a tenth
    (Five Card Stud too: a tournament always has an ante) and the bring-in a quarter (Five Card
    Stud: half), at least 1 chip each. Triple Draw: the small blind follows the same
    progression, the big blind (the small bet) is twice it. Each next level multiplies by
    about 1.5, to a tidy number, up to the last level whose small bet is at most ``largest``."""
    values = level_values(variant, starting_chips, largest)
    value = values[min(max(level, 1), len(values)) - 1]
    if not variant.is_stud:
        return Stakes(2 * value)
    small_bet = value

    def share(divisor: int) -> int:
        return max(1, (small_bet + divisor // 2) // divisor) if divisor else 0

    bring_in = min(share(variant.bring_in_divisor), small_bet - 1)
    return Stakes(small_bet, ante=share(TOURNAMENT_ANTE_DIVISOR), bring_in=bring_in)


def prize_shares(entrants: int) -> tuple[int, ...]:
    """RULES §7.6: percentages by place."""
    if entrants <= 4:
        return (100,)
    if entrants <= 6:
        return (65, 35)
    return (50, 30, 20)


def prizes(pool: int, entrants: int) -> list[int]:
    """RULES §7.6: the prize of each paid place, rounded down, the rest to the winner."""
    paid = [pool * share // 100 for share in prize_shares(entrants)]
    paid[0] += pool - sum(paid)
    return paid


@dataclass(frozen=True, slots=True)
class Finish:
    user: int
    place: int  # shared places repeat the number (RULES §7.3)
    prize: int


def places_of_the_out(
    out: Sequence[tuple[int, int, int]], first_free_place: int
) -> list[tuple[int, int]]:
    """RULES §7.3: players knocked out in one hand, as (user, stack at the hand's start, seat
    order), placed from ``first_free_place`` (the worst place not yet given) upwards: more chips
    at the start, better place; equal stacks share the better place. Returns (user, place), best
    first."""
    ranked = sorted(out, key=lambda entry: (-entry[1], entry[2]))
    best = first_free_place - len(ranked) + 1
    placed: list[tuple[int, int]] = []
    for position, (user, stack, _) in enumerate(ranked):
        if position and stack == ranked[position - 1][1]:
            placed.append((user, placed[-1][1]))
        else:
            placed.append((user, best + position))
    return placed


def pay(places: Sequence[tuple[int, int, int]], pool: int, entrants: int) -> list[Finish]:
    """RULES §7.6 with §7.3: each entrant's prize from their place, as (user, place, seat
    order). Entrants sharing a place share the prizes of the places they cover equally, odd
    chips one each to the better seats (§1.7)."""
    table = prizes(pool, entrants)
    finishes: list[Finish] = []
    by_place: dict[int, list[tuple[int, int]]] = {}
    for user, place, order in places:
        by_place.setdefault(place, []).append((order, user))
    for place, sharers in sorted(by_place.items()):
        covered = table[place - 1 : place - 1 + len(sharers)]
        total = sum(covered)
        each, odd = divmod(total, len(sharers))
        for rank, (_, user) in enumerate(sorted(sharers)):
            finishes.append(Finish(user, place, each + (1 if rank < odd else 0)))
    return finishes


def split_by_chips(pool: int, chips: dict[int, int]) -> dict[int, int]:
    """Issue 23: a running tournament cancelled pays the pool by chip counts, rounded down,
    the rest to the chip leader (the first of equal leaders in ``chips``' order)."""
    total = sum(chips.values())
    paid = {user: pool * stack // total for user, stack in chips.items()}
    leader = max(chips, key=lambda user: chips[user])
    paid[leader] += pool - sum(paid.values())
    return paid
