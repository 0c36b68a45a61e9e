"""Which game a table's next hand deals (RULES §10): one game, several in rotation, or the
dealer's choice.

Chosen from the table's options when it opens (:func:`game_choice`), so rebuilt the same after
a restart: a rotation's place is the number of hands the table has dealt, which its record
keeps; the dealer's choice is the options' ``game_round``. The table asks; this module does
not reach back into it (the choosing itself: :mod:`bot.dealer.choosing`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from bot.dealer.options import GameRound, TableOptions, game_name
from bot.text import Items, Msg, Name


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


@dataclass(frozen=True, slots=True)
class DealersChoice:
    """RULES §10.5: the game the button chose for this round of the table."""

    games: tuple[str, ...]
    round: GameRound

    def game_of(self, number: int) -> str:
        return self.round.game or self.games[0]

    def after_last(self) -> str:
        """The game after the last one dealt, in the list (the first, before any)."""
        if self.round.game is None:
            return self.games[0]
        return self.games[(self.games.index(self.round.game) + 1) % len(self.games)]

    def line(self, number: int, *, in_hand: bool) -> Msg | None:
        """``Razz, Ann's choice · 2 more hands`` (or the clock's pick, when Ann let it run
        out); nothing while the game is being chosen."""
        game = self.round.game
        if game is None and not self.round.choosing:  # before the first choice: the games
            names = Items(tuple(game_name(g) for g in self.games), "standard")
            return Msg("choice-games", games=names)
        if game is None or self.round.choosing or (self.round.left == 0 and not in_hand):
            return None
        return Msg(
            "choice-line",
            game=game_name(game),
            left=self.round.left,
            chooser=Name(self.round.chooser_name),
            clock="yes" if self.round.by_clock else "no",
            now="yes" if in_hand else "no",
        )


def game_choice(options: TableOptions) -> GameChoice:
    if options.dealers_choice:
        return DealersChoice(tuple(options.games), options.game_round)
    if options.games:
        return Rotation(tuple(options.games), options.hands_per_game)
    return OneGame(options.variant)
