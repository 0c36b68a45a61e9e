"""A hand as data: (config, deck, action log) to JSON and back, rebuilt by replay.

The record is what persistence stores; :func:`replay` rebuilds the exact state from it, and
:func:`snapshot` gives a comparable picture of a state (used to prove the rebuild is exact).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from bot.poker.cards import Deck, format_cards, parse_cards
from bot.poker.errors import InvalidRecord, PokerError
from bot.poker.events import Action, ActionKind, PlayerActed
from bot.poker.fairness import deck_from_dict
from bot.poker.stakes import HandConfig
from bot.poker.state import Hand

RECORD_VERSION = 2  # 2: a provably fair hand's shuffle (seeds and version) is part of it
READABLE_VERSIONS = frozenset({1, 2})


def replay(config: HandConfig, deck: Deck, actions: Iterable[tuple[int, Action]]) -> Hand:
    """Rebuild a hand by applying each (player, action) in order."""
    hand = Hand(config, deck)
    for number, (player, action) in enumerate(actions, start=1):
        try:
            hand.act(player, action)
        except PokerError as error:
            raise InvalidRecord(f"action {number} does not replay: {error}") from error
    return hand


def action_to_dict(event: PlayerActed) -> dict[str, Any]:
    data: dict[str, Any] = {"player": event.player, "kind": event.kind.value}
    if event.amount is not None:
        data["amount"] = event.amount
    if event.kind is ActionKind.DRAW:
        data["discards"] = format_cards(event.discards)
    return data


def _action_from_dict(data: dict[str, Any]) -> tuple[int, Action]:
    kind = ActionKind(data["kind"])
    amount = data.get("amount")
    discards = parse_cards(data.get("discards", ""))
    return int(data["player"]), Action(kind, None if amount is None else int(amount), discards)


def to_record(hand: Hand) -> dict[str, Any]:
    record: dict[str, Any] = {
        "version": RECORD_VERSION,
        "config": hand.config.to_dict(),
        "deck": hand.deck.to_text(),
        "reshuffle_seed": hand.deck.reshuffle_seed,
        "actions": [action_to_dict(event) for event in hand.actions],
    }
    if hand.deck.source is not None:
        record["shuffle"] = hand.deck.source.to_dict()
    return record


def deck_of(data: dict[str, Any]) -> Deck:
    """The deck of a record: rebuilt from its seeds when it has them (and then it must be the
    stored order), else as stored."""
    stored = Deck.from_text(data["deck"], int(data.get("reshuffle_seed", 0)))
    shuffle = data.get("shuffle")
    if shuffle is None:
        return stored
    deck = deck_from_dict(shuffle)
    if deck.cards != stored.cards:
        raise InvalidRecord("the stored deck is not the one its seeds give")
    return deck


def from_record(data: dict[str, Any]) -> Hand:
    if data.get("version") not in READABLE_VERSIONS:
        raise InvalidRecord(f"unknown record version {data.get('version')!r}")
    try:
        config = HandConfig.from_dict(data["config"])
        deck = deck_of(data)
        actions = [_action_from_dict(item) for item in data["actions"]]
    except (KeyError, TypeError, ValueError) as error:  # InvalidConfig and InvalidCard too
        raise InvalidRecord(f"not a hand record: {error}") from error
    return replay(config, deck, actions)


def to_json(hand: Hand) -> str:
    return json.dumps(to_record(hand), separators=(",", ":"))


def from_json(text: str) -> Hand:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidRecord(f"not JSON: {error}") from error
    if not isinstance(data, dict):
        raise InvalidRecord("a hand record is a JSON object")
    return from_record(data)


def snapshot(hand: Hand) -> dict[str, Any]:
    """Everything observable about a state, in plain data."""
    return {
        "phase": hand.phase.value,
        "street": hand.street_index,
        "actor": hand.actor,
        "legal": [(option.kind.value, option.amount) for option in hand.legal_actions()],
        "stacks": list(hand.stacks),
        "bets": list(hand.bets),
        "committed": list(hand.committed),
        "live": list(hand.live),
        "cards": [format_cards(cards) for cards in hand.cards],
        "face_up": [list(flags) for flags in hand.face_up],
        "board": format_cards(hand.board),
        "pots": [(pot.amount, pot.eligible) for pot in hand.pots()],
        "events": [repr(event) for event in hand.events],
        "winnings": list(hand.winnings),
    }
