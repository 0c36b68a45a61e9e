"""A multi-table tournament's director (RULES §11): who sits where, who moves, which table
breaks, when hand for hand begins, and what each place is paid.

Pure: each decision is a function of the standings (the tables and who sits at each seat) and
a random source for what the rules draw by lot. Nothing here deals a hand, writes to the store
or knows Discord: the caller applies a decision to its tables through the same entry points as
a click, and the 200-entrant simulation (``bot.tournament.simulation``) applies them to the
engine's hands directly.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from bot.tournament.structure import Finish, places_of_the_out, prize_shares

# a table's number -> its seats: seat number (from 1) -> the player sitting there
Tables = Mapping[int, Mapping[int, int]]

SHARE_PLACES_FROM = 10  # RULES §11.8: past 10 entrants, a fifth of the field is paid
FEWEST_PAID = 3


@dataclass(frozen=True, slots=True)
class Move:
    """A player taken from a seat at one table to a free seat at another (§11.5, §11.6)."""

    user: int
    from_table: int
    to_table: int
    to_seat: int


def tables_needed(players: int, seats: int) -> int:
    """RULES §11.2: the fewest tables that seat every player."""
    return max(1, -(-players // seats))


def _deal_seats(users: Sequence[int], seats: int, rng: random.Random) -> dict[int, int]:
    """Seat numbers drawn by lot for ``users`` at an empty table of ``seats`` seats."""
    numbers = rng.sample(range(1, seats + 1), len(users))
    return dict(zip(numbers, users, strict=True))


def seat_draw(entrants: Sequence[int], seats: int, rng: random.Random) -> dict[int, dict[int, int]]:
    """RULES §11.2: the fewest tables, the entrants spread by lot so that no two tables differ
    by more than one player; each player's seat drawn by lot. Tables are numbered from 1."""
    order = list(entrants)
    rng.shuffle(order)
    count = tables_needed(len(order), seats)
    groups = [order[number::count] for number in range(count)]
    return {number + 1: _deal_seats(group, seats, rng) for number, group in enumerate(groups)}


def _free_seats(seated: Mapping[int, int], seats: int) -> list[int]:
    return [number for number in range(1, seats + 1) if number not in seated]


def seat_late(tables: Tables, seats: int, rng: random.Random) -> tuple[int, int]:
    """RULES §11.4: a late entrant's (table, seat): the table with the fewest players (ties by
    lot), a free seat by lot; a new table (the next number) when every seat is taken."""
    open_tables = [number for number, seated in tables.items() if len(seated) < seats]
    if not open_tables:
        return max(tables, default=0) + 1, rng.randint(1, seats)
    fewest = min(len(tables[number]) for number in open_tables)
    table = rng.choice(sorted(n for n in open_tables if len(tables[n]) == fewest))
    return table, rng.choice(_free_seats(tables[table], seats))


def balance(
    tables: Tables,
    ended: int,
    seats: int,
    moves_so_far: Mapping[int, int],
    rng: random.Random,
    *,
    big_blind_next: int | None = None,
) -> Move | None:
    """RULES §11.5, after a hand ends at table ``ended``: when it has two or more players more
    than the table with the fewest, one of them moves there, to a free seat by lot. In a draw
    game's hand next, the player due to post the big blind next (``big_blind_next``);
    otherwise the player moved the fewest times so far, ties by lot."""
    here = tables[ended]
    others = [number for number in tables if number != ended]
    if not others:
        return None
    fewest = min(len(tables[number]) for number in others)
    if len(here) < fewest + 2:
        return None
    target = rng.choice(sorted(n for n in others if len(tables[n]) == fewest))
    if big_blind_next is not None and big_blind_next in here.values():
        user = big_blind_next
    else:
        least = min(moves_so_far.get(user, 0) for user in here.values())
        user = rng.choice(sorted(u for u in here.values() if moves_so_far.get(u, 0) == least))
    return Move(user, ended, target, rng.choice(_free_seats(tables[target], seats)))


def balance_tables(
    tables: Tables,
    ended: Iterable[int],
    seats: int,
    moves_so_far: Mapping[int, int],
    rng: random.Random,
    *,
    big_blinds: Mapping[int, int | None],
) -> list[Move]:
    """RULES §11.5 after hands ended at the tables ``ended``: each in turn (by number) may
    give a player to the table with the fewest, the moves before it counted. A table about to
    break (§11.6: its hand still going on) is left out: nobody joins it, and its few players
    do not make the others look long. ``big_blinds``: each table's big blind due next in a
    draw game's hand (None in a stud hand)."""
    breaking = table_to_break(tables, seats)
    now = {n: dict(seated) for n, seated in tables.items() if n != breaking}
    moves: list[Move] = []
    for number in sorted(set(ended) - {breaking}):
        move = balance(now, number, seats, moves_so_far, rng, big_blind_next=big_blinds.get(number))
        if move is not None:
            moves.append(move)
            del now[number][next(s for s, u in now[number].items() if u == move.user)]
            now[move.to_table][move.to_seat] = move.user
    return moves


def players_left(tables: Tables) -> int:
    return sum(len(seated) for seated in tables.values())


def table_to_break(tables: Tables, seats: int) -> int | None:
    """RULES §11.6: when the players left fit at one table fewer (and more than one table is
    left), the table with the fewest players breaks (ties: the last opened, the highest
    number); None when none is to break, or when the players fit at one table (the final
    table's draw, :func:`final_table`, follows instead)."""
    count = players_left(tables)
    if len(tables) < 2 or count <= seats or count > (len(tables) - 1) * seats:
        return None
    return max(tables, key=lambda number: (-len(tables[number]), number))


def break_table(tables: Tables, broken: int, seats: int, rng: random.Random) -> list[Move]:
    """RULES §11.6: the broken table's players take the free seats of the other tables by lot
    (in a drawn order, each a free seat drawn among all that are left)."""
    free = [
        (number, seat)
        for number, seated in sorted(tables.items())
        if number != broken
        for seat in _free_seats(seated, seats)
    ]
    users = sorted(tables[broken].values())
    rng.shuffle(users)
    taken = rng.sample(free, len(users))
    return [
        Move(user, broken, table, seat) for user, (table, seat) in zip(users, taken, strict=True)
    ]


def final_table_due(tables: Tables, seats: int) -> bool:
    """RULES §11.6: the players left fit at one table, and are at more than one."""
    return len(tables) > 1 and players_left(tables) <= seats


def final_table(
    tables: Tables, seats: int, rng: random.Random, *, taken: Collection[int] = ()
) -> dict[int, int]:
    """RULES §11.6: once every table finished its hand, every player left drawn by lot to a
    seat of the final table (but those ``taken``: a draw a kill interrupted, finished)."""
    users = sorted(user for seated in tables.values() for user in seated.values())
    free = [number for number in range(1, seats + 1) if number not in taken]
    return dict(zip(rng.sample(free, len(users)), users, strict=True))


def places_paid(entrants: int) -> int:
    """RULES §11.8: §7.6's up to 10 entrants; beyond, a fifth of the field rounded to the
    nearest whole number, and at least three."""
    if entrants <= SHARE_PLACES_FROM:
        return len(prize_shares(entrants))
    return max(FEWEST_PAID, (entrants * 2 + 5) // 10)  # entrants / 5, halves rounded up


def hand_for_hand(players: int, entrants: int) -> bool:
    """RULES §11.7: the next elimination would put every player left in the prizes."""
    return players == places_paid(entrants) + 1


def prizes(pool: int, entrants: int) -> list[int]:
    """RULES §11.8: the prize of each paid place. Up to three places as §7.6; with P >= 4,
    place k's share proportional to 1/k. Rounded down, the remainder to the winner."""
    paid_places = places_paid(entrants)
    if paid_places <= FEWEST_PAID and entrants <= SHARE_PLACES_FROM:
        shares = [Fraction(share, 100) for share in prize_shares(entrants)]
    elif paid_places == FEWEST_PAID:
        shares = [Fraction(share, 100) for share in prize_shares(SHARE_PLACES_FROM)]
    else:
        weights = [Fraction(1, place) for place in range(1, paid_places + 1)]
        shares = [weight / sum(weights) for weight in weights]
    paid = [int(pool * share) for share in shares]  # rounded down
    paid[0] += pool - sum(paid)
    return paid


def place_the_out(
    out: Iterable[tuple[int, int, tuple[int, int]]], first_free_place: int
) -> list[tuple[int, int]]:
    """RULES §11.7 with §7.3: players knocked out in one hand (one round of hand for hand, at
    any table), as (user, stack at the hand's start, (table, seat)), placed as if at one
    table: more chips, better place; equal stacks share. Returns (user, place), best first."""
    ordered = sorted(out, key=lambda entry: entry[2])
    by_order = [(user, stack, order) for order, (user, stack, _) in enumerate(ordered)]
    return places_of_the_out(by_order, first_free_place)


def places_due(
    out: Sequence[tuple[int, int, tuple[int, int], int]],
    players: int,
    entrants: int,
    *,
    every_hand_ended: bool,
) -> list[tuple[int, int]] | None:
    """RULES §11.7 (§7.3): the places of the players knocked out and not placed yet, as
    (user, stack at the hand's start, (table, seat), the hand), when ``players`` were still in
    before them; None while they must wait: at hand for hand, until every table's hand has
    ended, so that those out in the same round, at any table, are placed together. Before,
    those out in an earlier hand are placed below those out in a later one."""
    if not out:
        return []
    if hand_for_hand(players, entrants):
        if not every_hand_ended:
            return None
        rounds = [list(out)]
    else:
        by_hand: dict[int, list[tuple[int, int, tuple[int, int], int]]] = {}
        for entry in out:
            by_hand.setdefault(entry[3], []).append(entry)
        rounds = [by_hand[hand] for hand in sorted(by_hand)]
    placed: list[tuple[int, int]] = []
    for group in rounds:
        given = place_the_out([(u, c, at) for u, c, at, _ in group], first_free_place=players)
        placed.extend(given)
        players -= len(group)
    return placed


def pay(places: Sequence[tuple[int, int, int]], pool: int, entrants: int) -> list[Finish]:
    """RULES §11.8 with §7.3: each entrant's prize from their place, as (user, place, seat
    order); shared places share the prizes they cover, odd chips to the better seats."""
    table = prizes(pool, entrants)
    table += [0] * (entrants - len(table))
    by_place: dict[int, list[tuple[int, int]]] = {}
    for user, place, order in places:
        by_place.setdefault(place, []).append((order, user))
    finishes: list[Finish] = []
    for place, sharers in sorted(by_place.items()):
        total = sum(table[place - 1 : place - 1 + len(sharers)])
        each, odd = divmod(total, len(sharers))
        for rank, (_, user) in enumerate(sorted(sharers)):
            finishes.append(Finish(user, place, each + (1 if rank < odd else 0)))
    return finishes
