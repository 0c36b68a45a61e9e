"""What players do (actions) and what happens (events). All frozen records.

A hand's event list holds everything in order: forced bets, cards dealt (down cards included:
events are private to the engine and its persistence; presentation must filter them), player
actions, pots won. The *action log* is the sub-list of :class:`PlayerActed` events; with the
hand config and the deck it rebuilds the hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.poker.cards import Card


class ActionKind(StrEnum):
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    COMPLETE = "complete"
    BRING_IN = "bring_in"
    DRAW = "draw"  # discard 0-5 cards and draw as many; 0 is standing pat


WAGERS = frozenset({ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE})


@dataclass(frozen=True, slots=True)
class Action:
    """A player's decision.

    ``amount``: for BET, RAISE and COMPLETE the total the player's wager this round goes *to*;
    for CALL the chips added; for BRING_IN the chips posted. It may be left out where only one
    amount is legal (fixed limit). ``discards``: the cards thrown away by a DRAW.
    """

    kind: ActionKind
    amount: int | None = None
    discards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class LegalAction:
    """One thing the actor may do now, with its exact amount (``None`` for fold, check, draw)."""

    kind: ActionKind
    amount: int | None = None

    @property
    def label(self) -> str:
        """Button text: ``Call 20``, ``Raise to 40``, ``Complete to 20``, ``Bring-in 5``."""
        match self.kind:
            case ActionKind.RAISE | ActionKind.COMPLETE:
                return f"{self.kind.value.capitalize()} to {self.amount}"
            case ActionKind.BRING_IN:
                return f"Bring-in {self.amount}"
            case ActionKind.CALL | ActionKind.BET:
                return f"{self.kind.value.capitalize()} {self.amount}"
            case _:
                return self.kind.value.capitalize()


@dataclass(frozen=True, slots=True)
class ForcedBet:
    player: int
    kind: str  # "ante", "small blind", "big blind"
    amount: int


@dataclass(frozen=True, slots=True)
class StreetStarted:
    index: int
    name: str


@dataclass(frozen=True, slots=True)
class CardsDealt:
    player: int
    cards: tuple[Card, ...]
    face_up: tuple[bool, ...]


@dataclass(frozen=True, slots=True)
class BoardDealt:
    """A community card, face up, when the stub cannot give everyone a card (RULES §2.7)."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Reshuffled:
    """The discards were shuffled into a new stub mid-draw (RULES §5.6)."""

    player: int
    card_count: int


@dataclass(frozen=True, slots=True)
class PlayerActed:
    player: int
    kind: ActionKind
    amount: int | None = None
    discards: tuple[Card, ...] = ()
    all_in: bool = False

    @property
    def action(self) -> Action:
        return Action(self.kind, self.amount, self.discards)


@dataclass(frozen=True, slots=True)
class UncalledReturned:
    """Chips no one matched go back to their owner (RULES §1.5)."""

    player: int
    amount: int


@dataclass(frozen=True, slots=True)
class HandShown:
    player: int
    cards: tuple[Card, ...]
    high: int | None
    low: int | None
    description: str


@dataclass(frozen=True, slots=True)
class PotAwarded:
    """One pot, or one half of a split pot, and who won how much of it."""

    pot_index: int  # 0 = main pot, then side pots in the order they formed
    amount: int
    eligible: tuple[int, ...]
    shares: tuple[tuple[int, int], ...]  # (player, chips)
    side: str  # "all", "high" or "low"


@dataclass(frozen=True, slots=True)
class HandEnded:
    stacks: tuple[int, ...]


Event = (
    ForcedBet
    | StreetStarted
    | CardsDealt
    | BoardDealt
    | Reshuffled
    | PlayerActed
    | UncalledReturned
    | HandShown
    | PotAwarded
    | HandEnded
)
