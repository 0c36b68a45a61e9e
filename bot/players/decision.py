"""A computer player's decision as plain data, for the dealer to ask of a worker process: the
seat's view goes in, a :class:`Decision` comes out (the engine's own actions are not picklable)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.players.policy import Level, decide
from bot.players.view import SeatView
from bot.poker.cards import Card
from bot.poker.events import Action, ActionKind


@dataclass(frozen=True, slots=True)
class Decision:
    kind: ActionKind
    amount: int | None = None
    discards: tuple[Card, ...] = ()

    def action(self) -> Action:
        return Action(self.kind, self.amount, self.discards)


def choose(view: SeatView, level: str, seed: int) -> Decision:
    """What a computer player of ``level`` (``easy``, ``standard``, ``strong``) does from
    ``view``; ``seed`` makes its little randomness repeatable."""
    action = decide(view, Level(level), random.Random(seed))
    return Decision(action.kind, action.amount, tuple(action.discards))
