"""Cards and decks (RULES §1.1).

A :class:`Card` is an ``int`` from 0 to 51: ``rank_index * 4 + suit_index``, ranks from deuce (0)
to ace (12), suits in bring-in order clubs < diamonds < hearts < spades. Comparing two cards as
integers therefore compares them by rank, then by suit, which is exactly the order RULES §2.3
uses to find the bring-in. Being an ``int`` also lets the evaluators index lookup tables directly.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final, Protocol

from bot.poker.errors import InvalidCard, InvalidDeck
from bot.poker.shuffling import RandomBits, shuffle

RANK_CHARS: Final = "23456789TJQKA"
SUIT_CHARS: Final = "cdhs"
SUIT_SYMBOLS: Final = "♣♦♥♠"
RANK_NAMES: Final = (
    "Two",
    "Three",
    "Four",
    "Five",
    "Six",
    "Seven",
    "Eight",
    "Nine",
    "Ten",
    "Jack",
    "Queen",
    "King",
    "Ace",
)
RANK_PLURALS: Final = tuple("Sixes" if name == "Six" else name + "s" for name in RANK_NAMES)
CARD_BACK: Final = "🂠"


class Card(int):
    """One playing card; ``str(card)`` is the short form ``As``, :attr:`symbol` is ``A♠``."""

    __slots__ = ()

    @property
    def rank(self) -> int:
        """Rank index: 0 for a deuce up to 12 for an ace."""
        return self >> 2

    @property
    def suit(self) -> int:
        """Suit index: 0 clubs, 1 diamonds, 2 hearts, 3 spades."""
        return self & 3

    @property
    def rank_char(self) -> str:
        return RANK_CHARS[self >> 2]

    @property
    def suit_char(self) -> str:
        return SUIT_CHARS[self & 3]

    @property
    def symbol(self) -> str:
        """Display form: rank then suit symbol, ``10`` for tens (``10♥``)."""
        rank = "10" if self >> 2 == 8 else RANK_CHARS[self >> 2]
        return rank + SUIT_SYMBOLS[self & 3]

    def __str__(self) -> str:
        return RANK_CHARS[self >> 2] + SUIT_CHARS[self & 3]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


DECK: Final[tuple[Card, ...]] = tuple(Card(i) for i in range(52))
_BY_TEXT: Final[dict[str, Card]] = {str(card): card for card in DECK}


def parse_card(text: str) -> Card:
    """Parse ``As``, ``td``, ``10h`` or ``A♠`` into a card.

    >>> parse_card("Td"), parse_card("10♥").symbol
    (Card('Td'), '10♥')
    """
    cleaned = text.strip()
    if len(cleaned) == 3 and cleaned.startswith("10"):
        cleaned = "T" + cleaned[2:]
    if len(cleaned) != 2:
        raise InvalidCard(f"{text!r} is not a card: write rank then suit, like As or Td")
    rank, suit = cleaned[0].upper(), cleaned[1]
    if suit in SUIT_SYMBOLS:
        suit = SUIT_CHARS[SUIT_SYMBOLS.index(suit)]
    card = _BY_TEXT.get(rank + suit.lower())
    if card is None:
        raise InvalidCard(f"{text!r} is not a card: write rank then suit, like As or Td")
    return card


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse ``"As Kd"``, ``"AsKd"`` or an iterable of card strings.

    >>> parse_cards("AsKd 10h")
    (Card('As'), Card('Kd'), Card('Th'))
    """
    if not isinstance(text, str):
        return tuple(parse_card(item) for item in text)
    squeezed = text.replace(" ", "").replace(",", "").replace("10", "T")
    if len(squeezed) % 2:
        raise InvalidCard(f"{text!r} is not a list of cards")
    return tuple(parse_card(squeezed[i : i + 2]) for i in range(0, len(squeezed), 2))


def format_cards(cards: Iterable[Card], *, symbols: bool = False) -> str:
    """Join cards with spaces, in short form or with suit symbols.

    >>> format_cards(parse_cards("As Td"), symbols=True)
    'A♠ 10♦'
    """
    return " ".join(card.symbol if symbols else str(card) for card in cards)


class ReshuffleSource(Protocol):
    """Where a provably fair hand's reshuffles draw from (``fairness.FairSource``)."""

    def reshuffler(self) -> RandomBits: ...

    def to_dict(self) -> dict[str, object]: ...


@dataclass(frozen=True, slots=True)
class Deck:
    """The deck order of one hand, plus the seed of any mid-hand reshuffle (RULES §5.6).

    The hand deals from the front of :attr:`cards`. Both fields come from a cryptographically
    secure generator in production (RULES §1.1); tests script them. Together with the table
    config and the action log they rebuild a hand exactly.
    """

    cards: tuple[Card, ...]
    reshuffle_seed: int = 0
    # a fair deck's seeds: its reshuffles continue its stream (fairness.py)
    source: ReshuffleSource | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if len(self.cards) != 52 or len(set(self.cards)) != 52:
            raise InvalidDeck("a deck holds each of the 52 cards exactly once")

    @classmethod
    def shuffled(cls, rng: random.Random | None = None) -> Deck:
        """A freshly shuffled deck; ``secrets.SystemRandom`` unless an RNG is injected."""
        generator = rng if rng is not None else secrets.SystemRandom()
        cards = list(DECK)
        shuffle(cards, generator)
        return cls(tuple(cards), generator.getrandbits(64))

    @classmethod
    def stacked(cls, top: Sequence[Card] | str, *, reshuffle_seed: int = 0) -> Deck:
        """A scripted deck: ``top`` first, then every other card in a fixed order."""
        head = parse_cards(top) if isinstance(top, str) else tuple(top)
        if len(set(head)) != len(head):
            raise InvalidDeck("a scripted deck names a card twice")
        chosen = set(head)
        return cls(head + tuple(card for card in DECK if card not in chosen), reshuffle_seed)

    def reshuffler(self) -> RandomBits:
        """A fresh generator for the mid-hand reshuffle, the same every time it is asked for
        (a replay reshuffles exactly as the hand did)."""
        if self.source is not None:
            return self.source.reshuffler()
        return random.Random(self.reshuffle_seed)

    def to_text(self) -> str:
        return format_cards(self.cards)

    @classmethod
    def from_text(cls, text: str, reshuffle_seed: int = 0) -> Deck:
        return cls(parse_cards(text), reshuffle_seed)
