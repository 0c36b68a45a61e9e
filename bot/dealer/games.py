"""Which game a table's next hand deals (RULES §10): one game, or several in rotation.

Chosen from the table's options when it opens (:func:`game_choice`), so rebuilt the same after
a restart: a rotation's place is the number of hands the table has dealt, which its record
keeps. The table asks; this module does not reach back into it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from bot.dealer.options import TableOptions, game_name
from bot.text import Msg


class GameChoice(Protocol):
    """The game of each hand, by its number at the table (0: the first hand dealt)."""

    def game_of(self, number: int) -> str: ...

    def line(self, number: int, *, in_hand: bool) -> Msg | None:
        """What the table message says of the rotation (``None``: nothing, one game)."""
        ...


@dataclass(frozen=True, slots=True)
class OneGame:
    variant: str

    def game_of(self, number: int) -> str:
        return self.variant

    def line(self, number: int, *, in_hand: bool) -> Msg | None:
        return None


@dataclass(frozen=True, slots=True)
class Rotation:
    """RULES §10.1: each game for ``hands_per_game`` hands, in the list's order, then the
    first again. A game changes only between hands."""

    games: tuple[str, ...]
    hands_per_game: int

    def game_of(self, number: int) -> str:
        return self.games[(number // self.hands_per_game) % len(self.games)]

    def line(self, number: int, *, in_hand: bool) -> Msg:
        """``Razz · 2 more hands · next: Stud Hi-Lo``: during a hand, the hand's game and the
        hands of it still to come after this one; between hands, the next hand's game and
        the hands of it left, that one included."""
        current = number - 1 if in_hand else number
        left = self.hands_per_game - current % self.hands_per_game - (1 if in_hand else 0)
        following = self.game_of((current // self.hands_per_game + 1) * self.hands_per_game)
        return Msg(
            "rotation-line",
            game=game_name(self.game_of(current)),
            left=left,
            next=game_name(following),
            now="yes" if in_hand else "no",
        )


def game_choice(options: TableOptions) -> GameChoice:
    if options.games:
        return Rotation(tuple(options.games), options.hands_per_game)
    return OneGame(options.variant)
