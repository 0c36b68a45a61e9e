"""Actions, events and pots are values: equal when their fields are, whatever their identity."""

from __future__ import annotations

from bot.poker.cards import parse_cards
from bot.poker.events import Action, ActionKind, PlayerActed, Reshuffled, UncalledReturned
from bot.poker.pots import Pot


def test_records_compare_hash_and_print_by_their_fields() -> None:
    discards = parse_cards("As Kd")
    event = PlayerActed(7, ActionKind.DRAW, None, discards)
    same = PlayerActed(7, ActionKind.DRAW, discards=discards)
    assert event == same
    assert hash(event) == hash(same)
    assert len({event, same, PlayerActed(7, ActionKind.DRAW)}) == 2
    assert event != PlayerActed(7, ActionKind.DRAW, None, discards, all_in=True)
    assert event.action == Action(ActionKind.DRAW, discards=discards)
    assert repr(Pot(30, (0, 2))) == "Pot(amount=30, eligible=(0, 2))"


def test_records_of_different_kinds_never_compare_equal() -> None:
    # same field values, different meaning: chips returned to player 1 vs a reshuffle of 5 cards
    assert UncalledReturned(1, 5) != Reshuffled(1, 5)
    assert UncalledReturned(1, 5) != (1, 5)
