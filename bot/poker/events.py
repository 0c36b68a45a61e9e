"""What players do (actions) and what happens (events). All immutable records.

A hand's event list holds everything in order: forced bets, cards dealt (down cards included:
events are private to the engine and its persistence; presentation must filter them), player
actions, pots won. The *action log* is the sub-list of :class:`PlayerActed` events; with the
hand config and the deck it rebuilds the hand.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from bot.poker.cards import Card
from bot.poker.immutable import Record


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


class Action(Record):
    """A player's decision.

    ``amount``: for BET, RAISE and COMPLETE the total the player's wager this round goes *to*;
    for CALL the chips added; for BRING_IN the chips posted. It may be left out where only one
    amount is legal (fixed limit). ``discards``: the cards thrown away by a DRAW.
    """

    __slots__ = ("amount", "discards", "kind")
    __match_args__ = ("kind", "amount", "discards")

    def __init__(
        self, kind: ActionKind, amount: int | None = None, discards: tuple[Card, ...] = ()
    ) -> None:
        self.kind: Final = kind
        self.amount: Final = amount
        self.discards: Final = discards


class LegalAction(Record):
    """One thing the actor may do now, with its exact amount (``None`` for fold, check, draw)."""

    __slots__ = ("amount", "kind")
    __match_args__ = ("kind", "amount")

    def __init__(self, kind: ActionKind, amount: int | None = None) -> None:
        self.kind: Final = kind
        self.amount: Final = amount


class ForcedBet(Record):
    __slots__ = ("amount", "kind", "player")
    __match_args__ = ("player", "kind", "amount")

    def __init__(self, player: int, kind: str, amount: int) -> None:
        self.player: Final = player
        self.kind: Final = kind  # "ante", "small blind", "big blind"
        self.amount: Final = amount


class StreetStarted(Record):
    __slots__ = ("index", "name")
    __match_args__ = ("index", "name")

    def __init__(self, index: int, name: str) -> None:
        self.index: Final = index
        self.name: Final = name


class CardsDealt(Record):
    __slots__ = ("cards", "face_up", "player")
    __match_args__ = ("player", "cards", "face_up")

    def __init__(self, player: int, cards: tuple[Card, ...], face_up: tuple[bool, ...]) -> None:
        self.player: Final = player
        self.cards: Final = cards
        self.face_up: Final = face_up


class BoardDealt(Record):
    """A community card, face up, when the stub cannot give everyone a card (RULES §2.7)."""

    __slots__ = ("cards",)
    __match_args__ = ("cards",)

    def __init__(self, cards: tuple[Card, ...]) -> None:
        self.cards: Final = cards


class Reshuffled(Record):
    """The discards were shuffled into a new stub mid-draw (RULES §5.6)."""

    __slots__ = ("card_count", "player")
    __match_args__ = ("player", "card_count")

    def __init__(self, player: int, card_count: int) -> None:
        self.player: Final = player
        self.card_count: Final = card_count


class PlayerActed(Record):
    __slots__ = ("all_in", "amount", "discards", "kind", "player")
    __match_args__ = ("player", "kind", "amount", "discards", "all_in")

    def __init__(
        self,
        player: int,
        kind: ActionKind,
        amount: int | None = None,
        discards: tuple[Card, ...] = (),
        all_in: bool = False,
    ) -> None:
        self.player: Final = player
        self.kind: Final = kind
        self.amount: Final = amount
        self.discards: Final = discards
        self.all_in: Final = all_in

    @property
    def action(self) -> Action:
        return Action(self.kind, self.amount, self.discards)


class UncalledReturned(Record):
    """Chips no one matched go back to their owner (RULES §1.5)."""

    __slots__ = ("amount", "player")
    __match_args__ = ("player", "amount")

    def __init__(self, player: int, amount: int) -> None:
        self.player: Final = player
        self.amount: Final = amount


class HandShown(Record):
    __slots__ = ("cards", "description", "high", "low", "player")
    __match_args__ = ("player", "cards", "high", "low", "description")

    def __init__(
        self,
        player: int,
        cards: tuple[Card, ...],
        high: int | None,
        low: int | None,
        description: str,
    ) -> None:
        self.player: Final = player
        self.cards: Final = cards
        self.high: Final = high
        self.low: Final = low
        self.description: Final = description


class PotAwarded(Record):
    """One pot, or one half of a split pot, and who won how much of it."""

    __slots__ = ("amount", "eligible", "pot_index", "shares", "side")
    __match_args__ = ("pot_index", "amount", "eligible", "shares", "side")

    def __init__(
        self,
        pot_index: int,
        amount: int,
        eligible: tuple[int, ...],
        shares: tuple[tuple[int, int], ...],
        side: str,
    ) -> None:
        self.pot_index: Final = pot_index  # 0 = main pot, then side pots in order they formed
        self.amount: Final = amount
        self.eligible: Final = eligible
        self.shares: Final = shares  # (player, chips)
        self.side: Final = side  # "all", "high" or "low"


class HandEnded(Record):
    __slots__ = ("stacks",)
    __match_args__ = ("stacks",)

    def __init__(self, stacks: tuple[int, ...]) -> None:
        self.stacks: Final = stacks


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
