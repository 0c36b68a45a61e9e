"""Domain exceptions. Each says, in words a player understands, why something was refused."""

from __future__ import annotations


class PokerError(ValueError):
    """Base class of every refusal by the engine. The text is for logs; ``code`` and
    ``values`` (when given) let the presentation layer say it in the player's language."""

    def __init__(self, text: str = "", code: str = "", **values: int | str) -> None:
        super().__init__(text)
        self.code = code
        self.values = values


class InvalidCard(PokerError):
    """Text that does not name a card."""


class InvalidDeck(PokerError):
    """A deck that is not a permutation of the 52 cards."""


class InvalidConfig(PokerError):
    """Table or hand settings that break the rules (stakes, players, stacks)."""


class HandOver(PokerError):
    """The hand is finished: nobody may act."""


class NotYourTurn(PokerError):
    """Someone other than the player to act tried to act."""


class ActionNotAllowed(PokerError):
    """The action is not one of the actor's legal actions now."""


class CapReached(ActionNotAllowed):
    """One bet and three raises have been made this round (RULES §1.3)."""


class WrongAmount(ActionNotAllowed):
    """A fixed-limit wager to an amount the limit does not allow."""


class InvalidDraw(ActionNotAllowed):
    """A discard of cards the player does not hold, or of a card twice."""


class InvalidRecord(PokerError):
    """A serialized hand that does not replay."""
