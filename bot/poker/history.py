"""Hand histories in PHH, the open Poker Hand History format (TOML) that PokerKit reads.

Variant codes: ``F7S`` (Seven Card Stud), ``F7S/8`` (Stud Hi-Lo), ``F2L3D`` (2-7 Triple Draw).
PHH has no code for Five Card Stud: we write ``F5S``, which PokerKit cannot load by name (define
it with PokerKit's generic ``Poker``/``Street`` API, as the differential tests do).

Players are written ``p1..pN`` in hand-history order: p1 is the first seat left of the button
(seat 1 in stud). Every card is written, down cards included: a finished hand's history is for
all who played it (RULES §1.8).
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from bot.poker.cards import Card, format_cards
from bot.poker.errors import HandOver
from bot.poker.events import (
    ActionKind,
    BoardDealt,
    CardsDealt,
    HandShown,
    PlayerActed,
    Reshuffled,
)
from bot.poker.state import Hand

_CODES = {
    ActionKind.FOLD: "f",
    ActionKind.CHECK: "cc",
    ActionKind.CALL: "cc",
    ActionKind.BRING_IN: "pb",
    ActionKind.BET: "cbr",
    ActionKind.RAISE: "cbr",
    ActionKind.COMPLETE: "cbr",
    ActionKind.DRAW: "sd",
}


def _cards(cards: Iterable[Card]) -> str:
    return format_cards(cards).replace(" ", "")


def phh_actions(hand: Hand) -> list[str]:
    """The hand's actions in PHH notation, dealer lines included.

    PHH (like PokerKit) has every player of a draw declare their discards before the dealer
    deals the replacements, so a draw round's ``sd`` lines come first, then its ``d dh`` lines.
    """
    label = {player: f"p{index + 1}" for index, player in enumerate(hand.players)}
    lines: list[str] = []
    replacements: list[str] = []
    drawing = False
    for event in hand.events:
        if isinstance(event, CardsDealt):
            line = f"d dh {label[event.player]} {_cards(event.cards)}"
            (replacements if drawing else lines).append(line)
            continue
        if isinstance(event, PlayerActed) and event.kind is ActionKind.DRAW:
            drawing = True
            line = f"{label[event.player]} sd"
            lines.append(f"{line} {_cards(event.discards)}" if event.discards else line)
            continue
        if not isinstance(event, Reshuffled):
            lines += replacements
            replacements, drawing = [], False
        if isinstance(event, BoardDealt):
            lines.append(f"d db {_cards(event.cards)}")
        elif isinstance(event, PlayerActed):
            code = _CODES[event.kind]
            lines.append(
                f"{label[event.player]} {code}" + (f" {event.amount}" if code == "cbr" else "")
            )
        elif isinstance(event, HandShown):
            lines.append(f"{label[event.player]} sm {_cards(event.cards)}")
    return lines + replacements


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        if value and isinstance(value[0], str) and len(value) > 4:
            return "[\n" + "".join(f"  {_toml(item)},\n" for item in value) + "]"
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    raise TypeError(f"no TOML form for {value!r}")  # pragma: no cover


def to_phh(hand: Hand, *, hand_id: int | str | None = None, table: str | None = None) -> str:
    """The finished hand as a PHH document, with ``finishing_stacks``."""
    if not hand.is_complete:
        raise HandOver("only a finished hand has a complete history")
    config, variant = hand.config, hand.variant
    stakes, count = config.stakes, len(hand.players)
    fields: list[tuple[str, object]] = [
        ("variant", variant.phh_code),
        ("ante_trimming_status", True),
        ("antes", [stakes.ante] * count),
    ]
    if variant.is_stud:
        fields.append(("bring_in", stakes.bring_in))
    else:
        # Heads-up, p1 is the big blind: PHH lists [small, big] and PokerKit swaps them.
        blinds = [stakes.small_blind, stakes.big_blind] + [0] * (count - 2)
        fields.append(("blinds_or_straddles", blinds))
    fields += [
        ("small_bet", stakes.small_bet),
        ("big_bet", stakes.big_bet),
        ("starting_stacks", list(config.stacks)),
        ("actions", phh_actions(hand)),
        ("players", [str(player) for player in hand.players]),
        ("seats", list(config.seat_numbers)),
        ("finishing_stacks", list(hand.stacks)),
    ]
    if hand_id is not None:
        fields.append(("hand", hand_id))
    if table is not None:
        fields.append(("table", table))
    return "".join(f"{key} = {_toml(value)}\n" for key, value in fields)
