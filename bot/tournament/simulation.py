"""A multi-table tournament played through the engine and the director, no Discord (issue 44.5):
hundreds of computer entrants, the tables' hands interleaved on one simulated clock, every rule
of RULES §11 checked after each hand (:meth:`Simulation.check`).

Each table plays whole hands: a hand's result is computed when it is dealt (the engine, the
computer players' policy), and takes effect when it ends, at its start plus a decision's pause
per action and the pause between hands. In between, the table's seats may change (a player
moved in is dealt in from its next hand), as at a real table whose hand is running.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from bot.players.policy import Level, decide
from bot.players.view import seat_view
from bot.poker.cards import Deck
from bot.poker.stakes import HandConfig
from bot.poker.state import Hand
from bot.poker.variants import VARIANTS
from bot.tournament import director
from bot.tournament.structure import Finish, stakes_at

DECISION_SECONDS = 2.0  # the computer players' default pause (1 to 3 s)
HAND_PAUSE_SECONDS = 5.0


class RuleBroken(AssertionError):
    """A check of RULES §11 failed: the simulation stops there."""


@dataclass(slots=True)
class Running:
    """A table's hand in progress: its players' stacks at the start, and when it ends."""

    ends_at: float
    players: tuple[int, ...]
    start_stacks: tuple[int, ...]
    end_stacks: tuple[int, ...]
    level: int


@dataclass
class Simulation:
    entrants: int
    variant: str = "seven_card_stud"
    seats: int = 8
    starting_chips: int = 1500
    level_minutes: float = 12.0
    late_levels: int = 2
    late_entrants: int = 0
    seed: int = 0
    skill: Level = Level.EASY
    rng: random.Random = field(init=False)
    stacks: dict[int, int] = field(init=False, default_factory=dict)
    tables: dict[int, dict[int, int]] = field(init=False, default_factory=dict)
    running: dict[int, Running] = field(init=False, default_factory=dict)
    buttons: dict[int, int] = field(init=False, default_factory=dict)
    moves: dict[int, int] = field(init=False, default_factory=dict)
    outs: list[list[tuple[int, int, tuple[int, int]]]] = field(init=False, default_factory=list)
    breaking: int | None = field(init=False, default=None)
    final_due: bool = field(init=False, default=False)
    hand_for_hand: bool = field(init=False, default=False)
    now: float = field(init=False, default=0.0)
    hands: int = field(init=False, default=0)
    moved: int = field(init=False, default=0)
    broken: int = field(init=False, default=0)
    hand_for_hand_rounds: int = field(init=False, default=0)
    final_table_at: int | None = field(init=False, default=None)
    _late: list[tuple[float, int]] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.seats = min(self.seats, VARIANTS[self.variant].max_players)
        first = list(range(1, self.entrants + 1))
        self.stacks = dict.fromkeys(first, self.starting_chips)
        self.tables = director.seat_draw(first, self.seats, self.rng)  # §11.2
        closes = self.late_levels * self.level_seconds
        self._late = sorted(
            (self.rng.uniform(0, closes), self.entrants + number)
            for number in range(1, self.late_entrants + 1)
        )

    @property
    def level_seconds(self) -> float:
        return self.level_minutes * 60

    @property
    def field_size(self) -> int:
        """Every entrant seated so far: those with chips and those out."""
        return len(self.stacks) + sum(len(out) for out in self.outs)

    def level_at(self, moment: float) -> int:
        """RULES §11.3: one clock for every table."""
        return int(moment // self.level_seconds) + 1

    # the hands

    def _order(self, table: int) -> list[int]:
        """The next hand's players in the engine's order: stud by seat; a draw game from the
        seat left of the button, which moves a seat a hand (RULES §5.2)."""
        seated = sorted(self.tables[table].items())
        if VARIANTS[self.variant].is_stud:
            return [user for _, user in seated]
        numbers = [seat for seat, _ in seated]
        button = self.buttons.get(table, numbers[-1])
        after = [seat for seat in numbers if seat > button] or numbers
        self.buttons[table] = after[0]  # the button moves to the next seated player
        start = numbers.index(after[0]) + 1
        ring = numbers[start:] + numbers[:start]
        return [self.tables[table][seat] for seat in ring]

    def _big_blind_next(self, table: int) -> int | None:
        """A draw game's player due to post the big blind at the table's next hand."""
        if VARIANTS[self.variant].is_stud or len(self.tables[table]) < 2:
            return None
        button = self.buttons.get(table)
        numbers = sorted(self.tables[table])
        following = [seat for seat in numbers if button is None or seat > button] or numbers
        start = numbers.index(following[0]) + 1  # the next hand's button is following[0]
        ring = numbers[start:] + numbers[:start]
        big = ring[1] if len(ring) >= 3 else ring[0]
        return self.tables[table][big]

    def _deal(self, table: int, at: float) -> None:
        players = tuple(self._order(table))
        level = self.level_at(at)
        config = HandConfig(
            variant_key=self.variant,
            players=players,
            stacks=tuple(self.stacks[user] for user in players),
            stakes=stakes_at(VARIANTS[self.variant], self.starting_chips, level),
            tournament=True,
        )
        hand = Hand(config, Deck.shuffled(self.rng))
        decisions = 0
        while not hand.is_complete:
            actor = hand.actor
            assert actor is not None
            hand.act(actor, decide(seat_view(hand, actor), self.skill, self.rng))
            decisions += 1
        ends = at + decisions * DECISION_SECONDS + HAND_PAUSE_SECONDS
        self.running[table] = Running(ends, players, config.stacks, tuple(hand.stacks), level)
        self.hands += 1

    def _end(self, table: int) -> list[tuple[int, int, tuple[int, int]]]:
        """The table's hand takes effect: its stacks, and who is out of chips."""
        hand = self.running.pop(table)
        if sum(hand.end_stacks) != sum(hand.start_stacks):
            raise RuleBroken(f"table {table}: a hand created or lost chips")
        seat_of = {user: seat for seat, user in self.tables[table].items()}
        out = []
        for user, start, end in zip(hand.players, hand.start_stacks, hand.end_stacks, strict=True):
            self.stacks[user] = end
            if end == 0:
                out.append((user, start, (table, seat_of[user])))
                del self.tables[table][seat_of[user]]
                del self.stacks[user]
        return out

    def _place(self, out: list[tuple[int, int, tuple[int, int]]]) -> None:
        """The players out in one hand (or one round of hand for hand), placed together at the
        end: late entrants may still come after the first are out (RULES §11.4)."""
        if out:
            self.outs.append(out)

    def places(self) -> list[tuple[int, int, int]]:
        """RULES §7.3 and §11.7: (user, place, order) of every entrant, the first out last;
        those out in one hand, or one round of hand for hand, by their stacks at its start."""
        placed: list[tuple[int, int, int]] = []
        worst = self.field_size
        for out in self.outs:
            placed += [
                (user, place, -len(placed)) for user, place in director.place_the_out(out, worst)
            ]
            worst -= len(out)
        placed += [(user, 1, -len(placed)) for user in self.stacks]
        return placed

    # the director's decisions, after a hand ends at ``table``

    def _apply(self, move: director.Move) -> None:
        seated = self.tables[move.from_table]
        seat = next(number for number, user in seated.items() if user == move.user)
        if move.to_seat in self.tables[move.to_table]:
            raise RuleBroken(f"seat {move.to_seat} of table {move.to_table} is taken")
        del seated[seat]
        self.tables[move.to_table][move.to_seat] = move.user
        self.moves[move.user] = self.moves.get(move.user, 0) + 1

    def _break(self, table: int) -> None:
        for move in director.break_table(self.tables, table, self.seats, self.rng):
            self._apply(move)
        del self.tables[table]
        self.buttons.pop(table, None)
        self.breaking = None
        self.broken += 1

    def _after_hand(self, table: int) -> None:
        if table == self.breaking:  # §11.6: it breaks when its current hand ends
            self._break(table)
            return
        if self.final_due or len(self.tables) < 2:
            return
        before = len(self.tables[table])
        move = director.balance(
            self.tables, table, self.seats, self.moves, self.rng,
            big_blind_next=self._big_blind_next(table),
        )  # fmt: skip
        others = [len(seated) for number, seated in self.tables.items() if number != table]
        if (move is None) != (before < min(others) + 2):
            raise RuleBroken(f"§11.5: table {table} of {before}, the fewest {min(others)}")
        if move is not None:
            self._apply(move)
            self.moved += 1

    def _review(self) -> None:
        """What the players left call for: a table to break, the final table, hand for hand."""
        if self.breaking is None and not self.final_due:
            self.breaking = director.table_to_break(self.tables, self.seats)
        if director.final_table_due(self.tables, self.seats):
            self.final_due, self.breaking = True, None
        if self.breaking is not None and self.breaking not in self.running:
            self._break(self.breaking)  # no hand to finish there (one player, or none)
            self._review()
            return
        self.hand_for_hand = director.hand_for_hand(len(self.stacks), self.field_size)

    def _register_late(self, until: float) -> None:
        """RULES §11.4: the entrants registered before ``until`` sit down."""
        while self._late and self._late[0][0] <= until:
            _, user = self._late.pop(0)
            table, seat = director.seat_late(self.tables, self.seats, self.rng)
            self.tables.setdefault(table, {})[seat] = user
            self.stacks[user] = self.starting_chips

    def _idle(self) -> list[int]:
        """Tables that may deal: no hand running, two players, no reason to wait."""
        if self.final_due or self.hand_for_hand:
            return []
        return [n for n, seated in self.tables.items() if n not in self.running and len(seated) > 1]

    def run(self) -> list[Finish]:
        """To the last player with chips: each entrant's place and prize."""
        for table in sorted(self.tables):
            self._deal(table, 0.0)
        while len(self.stacks) > 1:
            if self.running:
                ending = min(self.running, key=lambda n: (self.running[n].ends_at, n))
                self.now = self.running[ending].ends_at
                self._register_late(self.now)
                self._place(self._end(ending))
                self._after_hand(ending)
                self._review()
                self.check()
            elif self.hand_for_hand or self.final_due:
                self._between_rounds()
                continue
            elif self._late:  # nobody can deal until someone registers
                self.now = max(self.now, self._late[0][0])
                self._register_late(self.now)
            for table in self._idle():
                self._deal(table, self.now)
            waiting = self.hand_for_hand or self.final_due or self._late
            if len(self.stacks) > 1 and not self.running and not waiting:
                raise RuleBroken("no table can deal, and nobody has won")
        pool = self.field_size * self.starting_chips
        return director.pay(self.places(), pool, self.field_size)

    def _between_rounds(self) -> None:
        """Every table's hand has ended: the final table's draw, or a round of hand for hand
        (RULES §11.6, §11.7)."""
        if self.final_due:
            seated = director.final_table(self.tables, self.seats, self.rng)
            self.tables, self.buttons = {0: seated}, {}
            self.final_due, self.final_table_at = False, self.hands
            self._review()
            if not self.hand_for_hand:
                self._deal(0, self.now)
            else:
                self._round()
            return
        self._round()

    def _round(self) -> None:
        """RULES §11.7: every table deals one hand; the next waits for all of them to end;
        those out in the round are placed together."""
        self.hand_for_hand_rounds += 1
        for table in sorted(self.tables):
            if len(self.tables[table]) > 1:
                self._deal(table, self.now)
        out: list[tuple[int, int, tuple[int, int]]] = []
        for table in sorted(self.running):
            self.now = max(self.now, self.running[table].ends_at)
            out += self._end(table)
        self._place(out)
        for table in sorted(self.tables):
            if table in self.tables:
                self._after_hand(table)
        self._review()
        self.check()
        for table in self._idle():
            self._deal(table, self.now)

    def check(self) -> None:
        """RULES §11, after each hand: every player with chips seated once and nobody else,
        no table over its seats, no chip made or lost, and the tables no more than needed once
        a break or the final table is due."""
        seated = [user for table in self.tables.values() for user in table.values()]
        if sorted(seated) != sorted(self.stacks):
            raise RuleBroken("a player with chips is not seated exactly once, or one without is")
        if any(len(table) > self.seats for table in self.tables.values()):
            raise RuleBroken("a table has more players than seats")
        stacks = sum(self.stacks.values())
        if stacks != self.field_size * self.starting_chips:
            raise RuleBroken(f"{stacks} chips in play for {self.field_size} entrants")
        dealt = [user for hand in self.running.values() for user in hand.players]
        if len(dealt) != len(set(dealt)):
            raise RuleBroken("a player is dealt in at two tables")
        for table, hand in self.running.items():
            if not set(hand.players) <= set(self.tables[table].values()):
                raise RuleBroken(f"a player of table {table}'s hand has left its seats")
        needed = director.tables_needed(len(self.stacks), self.seats)
        if len(self.tables) > needed and self.breaking is None and not self.final_due:
            raise RuleBroken(f"{len(self.tables)} tables for {len(self.stacks)} players")
