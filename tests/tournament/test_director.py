"""The multi-table tournament's director (RULES §11): its decisions from the standings."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.tournament import director
from bot.tournament.director import Move


def _tables(*sizes: int, seats: int = 8) -> dict[int, dict[int, int]]:
    """Tables numbered from 1 with players 1, 2, ... in their first seats."""
    tables: dict[int, dict[int, int]] = {}
    user = 0
    for number, size in enumerate(sizes, start=1):
        tables[number] = {}
        for seat in range(1, size + 1):
            user += 1
            tables[number][seat] = user
    return tables


@given(entrants=st.integers(2, 300), seats=st.integers(2, 8), seed=st.integers(0, 10**6))
def test_the_draw_uses_the_fewest_tables_and_spreads_them(
    entrants: int, seats: int, seed: int
) -> None:
    """RULES §11.2: the fewest tables that seat everyone, no two differing by more than one,
    every entrant at one seat of one table."""
    drawn = director.seat_draw(range(1, entrants + 1), seats, random.Random(seed))
    assert len(drawn) == -(-entrants // seats)
    sizes = [len(table) for table in drawn.values()]
    assert max(sizes) - min(sizes) <= 1 and max(sizes) <= seats
    seated = sorted(user for table in drawn.values() for user in table.values())
    assert seated == list(range(1, entrants + 1))
    assert all(1 <= seat <= seats for table in drawn.values() for seat in table)


def test_the_draw_is_by_lot() -> None:
    """RULES §11.2: different lots, different tables (not the registration order)."""
    draws = {
        tuple(sorted(director.seat_draw(range(1, 17), 8, random.Random(seed))[1].values()))
        for seed in range(20)
    }
    assert len(draws) > 10


def test_a_late_entrant_sits_at_the_table_with_the_fewest() -> None:
    """RULES §11.4: the table with the fewest players, ties by lot; a new one when all are full."""
    tables = _tables(7, 5, 6)
    assert [director.seat_late(tables, 8, random.Random(s))[0] for s in range(10)] == [2] * 10
    table, seat = director.seat_late(tables, 8, random.Random(1))
    assert seat not in tables[table] and 1 <= seat <= 8
    ties = {director.seat_late(_tables(7, 5, 5), 8, random.Random(s))[0] for s in range(30)}
    assert ties == {2, 3}
    full = _tables(8, 8)
    assert director.seat_late(full, 8, random.Random(0))[0] == 3  # a new table opens


def test_balancing_moves_one_player_to_the_shortest_table() -> None:
    """RULES §11.5: two more than the fewest: one player moves, to a free seat there."""
    tables = _tables(8, 6, 7)
    move = director.balance(tables, 1, 8, {}, random.Random(0))
    assert move is not None and move.from_table == 1 and move.to_table == 2
    assert move.user in tables[1].values() and move.to_seat not in tables[2]
    assert director.balance(_tables(7, 6, 7), 1, 8, {}, random.Random(0)) is None  # one more
    assert director.balance(tables, 3, 8, {}, random.Random(0)) is None  # 7 vs 6
    assert director.balance(_tables(6), 1, 8, {}, random.Random(0)) is None  # one table


def test_balancing_moves_the_player_moved_the_fewest_times_or_the_big_blind() -> None:
    """RULES §11.5: in a stud game the player moved the fewest times (ties by lot); in a draw
    game the player due to post the big blind next."""
    tables = _tables(5, 3)
    moved_before = {1: 2, 2: 1, 3: 1, 4: 1, 5: 0}
    for seed in range(10):
        move = director.balance(tables, 1, 8, moved_before, random.Random(seed))
        assert move is not None and move.user == 5
    users = {
        move.user
        for seed in range(40)
        if (move := director.balance(tables, 1, 8, {}, random.Random(seed))) is not None
    }
    assert users == {1, 2, 3, 4, 5}  # a tie, by lot
    move = director.balance(tables, 1, 8, moved_before, random.Random(0), big_blind_next=3)
    assert move == Move(3, 1, 2, move.to_seat)


def test_the_shortest_table_breaks_when_the_players_fit_one_table_fewer() -> None:
    """RULES §11.6: the fewest players breaks (ties: the last opened); not before they fit."""
    assert director.table_to_break(_tables(8, 8, 7), 8) is None  # 23 do not fit at two
    assert director.table_to_break(_tables(8, 4, 4), 8) == 3  # 16 fit at two: the last opened
    assert director.table_to_break(_tables(5, 3, 6), 8) == 2
    assert director.table_to_break(_tables(4, 4), 8) is None  # the final table's draw instead
    assert director.final_table_due(_tables(4, 4), 8) and not director.final_table_due(
        _tables(8), 8
    )


def test_a_broken_tables_players_take_free_seats_by_lot() -> None:
    """RULES §11.6: every player of the broken table to a free seat of another, by lot."""
    tables = _tables(6, 6, 4)
    seen: Counter[int] = Counter()
    for seed in range(30):
        moves = director.break_table(tables, 3, 8, random.Random(seed))
        assert sorted(move.user for move in moves) == sorted(tables[3].values())
        places = [(move.to_table, move.to_seat) for move in moves]
        assert len(set(places)) == 4 and all(seat not in tables[t] for t, seat in places)
        seen.update(move.to_table for move in moves)
    assert set(seen) == {1, 2}


def test_the_final_table_is_drawn_by_lot() -> None:
    """RULES §11.6: every player left drawn to a seat of the final table."""
    tables = _tables(3, 4)
    final = director.final_table(tables, 8, random.Random(2))
    assert sorted(final.values()) == list(range(1, 8))
    draws = {tuple(director.final_table(tables, 8, random.Random(s)).items()) for s in range(10)}
    assert len(draws) > 5


@pytest.mark.parametrize(
    ("entrants", "paid"),
    [(2, 1), (4, 1), (6, 2), (10, 3), (11, 3), (17, 3), (18, 4), (20, 4), (22, 4), (23, 5),
     (60, 12), (200, 40)],
)  # fmt: skip
def test_places_paid(entrants: int, paid: int) -> None:
    """RULES §11.8: §7.6 up to 10; beyond, a fifth rounded to the nearest, at least three."""
    assert director.places_paid(entrants) == paid


def test_prizes_are_in_proportion_to_one_over_the_place() -> None:
    """RULES §11.8: four places: 48 %, 24 %, 16 %, 12 %; rounded down, the rest to the winner;
    up to three places, §7.6's."""
    assert director.prizes(10_000, 20) == [4800, 2400, 1600, 1200]
    assert director.prizes(1000, 8) == [500, 300, 200]
    assert director.prizes(1000, 15) == [500, 300, 200]
    assert director.prizes(1000, 6) == [650, 350]
    forty = director.prizes(200 * 1500, 200)
    assert len(forty) == 40 and sum(forty) == 300_000
    for place in range(2, 41):  # place k: the second's times 2 / k, within the rounding
        assert abs(forty[place - 1] * place - forty[1] * 2) <= place


def test_hand_for_hand_at_the_bubble() -> None:
    """RULES §11.7: when the next one out puts every player left in the prizes."""
    assert director.hand_for_hand(41, 200) and not director.hand_for_hand(42, 200)
    assert not director.hand_for_hand(40, 200)
    assert director.hand_for_hand(5, 20)


def test_players_out_in_one_round_at_several_tables_are_placed_together() -> None:
    """RULES §11.7 with §7.3: by their stacks at the hand's start; equal stacks share."""
    out = [(7, 300, (2, 4)), (3, 500, (1, 6)), (9, 300, (3, 1))]
    assert director.place_the_out(out, 41) == [(3, 39), (7, 40), (9, 40)]
    finishes = director.pay([(3, 39, 0), (7, 40, 1), (9, 40, 2)], 300_000, 200)
    prizes = director.prizes(300_000, 200)
    shared = prizes[39]  # places 40 and 41 shared: the 41st is paid nothing
    assert {f.user: f.prize for f in finishes} == {
        3: prizes[38],
        7: shared - shared // 2,
        9: shared // 2,
    }


def test_at_hand_for_hand_the_out_wait_for_every_table_then_are_placed_together() -> None:
    """RULES §11.7: at hand for hand (20 entrants, 4 places paid, 5 left), those out wait for
    every table's hand; then placed as if at one table (§7.3), equal stacks sharing."""
    out = [(7, 300, (2, 4), 31), (9, 300, (1, 1), 30)]
    assert director.places_due(out, 5, 20, every_hand_ended=False) is None
    assert director.places_due(out, 5, 20, every_hand_ended=True) == [(9, 4), (7, 4)]
    # before the bubble, a table's knock-outs are placed at once
    assert director.places_due(out[:1], 9, 20, every_hand_ended=False) == [(7, 9)]
    assert director.places_due([], 5, 20, every_hand_ended=False) == []
    # and those out in an earlier hand below those of a later one, whatever their chips
    early, late = (3, 900, (1, 2), 40), (4, 100, (2, 1), 41)
    assert director.places_due([late, early], 12, 20, every_hand_ended=False) == [
        (3, 12),
        (4, 11),
    ]


def test_nobody_is_balanced_to_a_table_about_to_break() -> None:
    """RULES §11.5 with §11.6: 7, 7 and 2 players at 8 seats fit at two tables: the third
    breaks when its hand ends. Balancing after the first table's hand moves nobody there (nor
    counts its two players as the shortest)."""
    tables = _tables(7, 7, 2)
    assert director.table_to_break(tables, 8) == 3
    assert director.balance(tables, 1, 8, {}, random.Random(0)) is not None  # to table 3
    assert director.balance_tables(tables, [1, 2], 8, {}, random.Random(0), big_blinds={}) == []
    # at 9, 6 and 4 of 9 seats (19 > 18: nobody breaks), the first gives one to the shortest,
    # then the second has one more than the shortest and gives none
    tables = _tables(9, 6, 4)
    moves = director.balance_tables(tables, [1, 2], 9, {}, random.Random(0), big_blinds={})
    assert [(m.from_table, m.to_table) for m in moves] == [(1, 3)]
    # the big blind due next moves, in a draw game's hand next
    big = tables[1][3]
    [move] = director.balance_tables(tables, [1], 9, {}, random.Random(0), big_blinds={1: big})
    assert move.user == big
