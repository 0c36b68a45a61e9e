"""What a player may read of a finished hand (RULES §1.8), and what a PHH document shows: the
two sides the history tests compare, written independently of ``bot.poker.history``."""

from __future__ import annotations

import re
import tomllib

from bot.poker.cards import Card, parse_cards
from bot.poker.events import BoardDealt, CardsDealt, HandShown
from bot.poker.state import Hand

CARD = re.compile(r"(?:[2-9TJQKA][cdhs]|\?\?)")


def may_see(hand: Hand, viewer: int) -> set[Card]:
    """The viewer's own cards, every card dealt face up (community card included) and every
    hand shown at showdown."""
    seen: set[Card] = set()
    for event in hand.events:
        if isinstance(event, CardsDealt):
            for card, face_up in zip(event.cards, event.face_up, strict=True):
                if face_up or event.player == viewer:
                    seen.add(card)
        elif isinstance(event, HandShown | BoardDealt):
            seen.update(event.cards)
    return seen


def written_cards(text: str) -> tuple[set[Card], int]:
    """The cards a PHH document shows, and how many it hides (``??``)."""
    known: set[Card] = set()
    hidden = 0
    for line in tomllib.loads(text)["actions"]:
        words = line.split()
        if len(words) < 3 or words[1] not in {"dh", "db", "sd", "sm"}:
            continue
        for token in CARD.findall(words[-1]):
            if token == "??":
                hidden += 1
            else:
                known |= set(parse_cards(token))
    return known, hidden
