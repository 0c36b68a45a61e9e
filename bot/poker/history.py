"""Hand histories in PHH, the open Poker Hand History format (TOML) that PokerKit reads.

Variant codes: ``F7S`` (Seven Card Stud), ``FR`` (Razz), ``F7S/8`` (Stud Hi-Lo), ``F2L3D`` (2-7
Triple Draw).
PHH has no code for Five Card Stud: we write ``F5S``, which PokerKit cannot load by name (define
it with PokerKit's generic ``Poker``/``Street`` API, as the differential tests do).

Players are written ``p1..pN`` in hand-history order: p1 is the first seat left of the button
(seat 1 in stud). Written for one viewer, a history hides the down cards that were never shown
(``??``, PHH's unknown card) except the viewer's own; cards dealt face up and hands shown at
showdown are public (RULES §1.8). Written for no viewer, every card is there.

Several hands make a ``.phhs`` file: TOML tables ``[1]``, ``[2]``... each one PHH document,
which PokerKit reads with ``HandHistory.loads_all``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime, time

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


UNKNOWN = "??"  # PHH's card nobody may see
Visible = Callable[[int, Card], bool]  # (player, one of their cards) -> may the viewer see it


def _cards(cards: Iterable[Card]) -> str:
    return format_cards(cards).replace(" ", "")


def visibility(hand: Hand, viewer: int | None) -> Visible:
    """Which cards ``viewer`` may read in the history: their own, every card dealt face up,
    and every card of a hand shown at showdown (RULES §1.8). ``None``: every card."""
    public: dict[int, set[Card]] = {player: set() for player in hand.players}
    for event in hand.events:
        if isinstance(event, CardsDealt):
            up = (card for card, face_up in zip(event.cards, event.face_up, strict=True) if face_up)
            public[event.player].update(up)
        elif isinstance(event, HandShown):
            public[event.player].update(event.cards)

    def visible(player: int, card: Card) -> bool:
        return viewer is None or player == viewer or card in public[player]

    return visible


def _seen(player: int, cards: Iterable[Card], visible: Visible) -> str:
    return "".join(str(card) if visible(player, card) else UNKNOWN for card in cards)


def phh_actions(hand: Hand, visible: Visible | None = None) -> list[str]:
    """The hand's actions in PHH notation, dealer lines included; cards ``visible`` does not
    allow are written ``??``.

    PHH (like PokerKit) has every player of a draw declare their discards before the dealer
    deals the replacements, so a draw round's ``sd`` lines come first, then its ``d dh`` lines.
    """
    shown = visible or visibility(hand, None)
    label = {player: f"p{index + 1}" for index, player in enumerate(hand.players)}
    lines: list[str] = []
    replacements: list[str] = []
    drawing = False
    for event in hand.events:
        if isinstance(event, CardsDealt):
            line = f"d dh {label[event.player]} {_seen(event.player, event.cards, shown)}"
            (replacements if drawing else lines).append(line)
            continue
        if isinstance(event, PlayerActed) and event.kind is ActionKind.DRAW:
            drawing = True
            line = f"{label[event.player]} sd"
            discards = _seen(event.player, event.discards, shown)
            lines.append(f"{line} {discards}" if discards else line)
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
    if isinstance(value, str):  # a JSON string is a TOML basic string, once DEL is escaped
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, int):
        return str(value)
    if isinstance(value, time):
        return value.isoformat()
    if isinstance(value, list):
        if value and isinstance(value[0], str) and len(value) > 4:
            return "[\n" + "".join(f"  {_toml(item)},\n" for item in value) + "]"
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    raise TypeError(f"no TOML form for {value!r}")  # pragma: no cover


def to_phh(
    hand: Hand,
    *,
    viewer: int | None = None,
    hand_id: int | str | None = None,
    table: str | None = None,
    players: Sequence[str] | None = None,
    started: datetime | None = None,
) -> str:
    """The finished hand as a PHH document, with ``finishing_stacks``.

    ``viewer``: write it for that player's eyes (see the module's docstring). ``players``: the
    names to write, in the hand's order (default: the player ids). ``started``: the hand's
    start, written in UTC."""
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
    names = list(players) if players is not None else [str(player) for player in hand.players]
    fields += [
        ("small_bet", stakes.small_bet),
        ("big_bet", stakes.big_bet),
        ("starting_stacks", list(config.stacks)),
        ("actions", phh_actions(hand, visibility(hand, viewer))),
        ("players", names),
        ("seats", list(config.seat_numbers)),
        ("finishing_stacks", list(hand.stacks)),
    ]
    if hand_id is not None:
        fields.append(("hand", hand_id))
    if table is not None:
        fields.append(("table", table))
    if started is not None:
        utc = started.astimezone(UTC)
        fields += [
            ("year", utc.year),
            ("month", utc.month),
            ("day", utc.day),
            ("time", utc.time().replace(microsecond=0, tzinfo=None)),
            ("time_zone", "UTC"),
        ]
    return "".join(f"{key} = {_toml(value)}\n" for key, value in fields)


def to_phhs(documents: Iterable[str]) -> str:
    """Several PHH documents as one ``.phhs`` file: tables ``[1]``, ``[2]``..."""
    return "\n".join(f"[{number}]\n{text}" for number, text in enumerate(documents, start=1))
