"""What the dealer hands to the presentation layer: plain data, no Discord types.

A :class:`TableView` is public: it never holds a down card. A :class:`PrivateHand` is for one
player's eyes (a DM or an ephemeral reply).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from bot.poker.cards import Card
from bot.poker.events import LegalAction
from bot.text import Msg, message_from_data, to_data


@dataclass(frozen=True, slots=True)
class Notice:
    """A public notice, as a message key and its values: the presenter writes the words (and
    escapes the names), so the dealer builds no text that a catalogue should hold.

    Keys: ``summary`` (a :class:`HandSummary` as data), ``left`` (name, chips),
    ``sat_out_by_clock`` (name), ``closing``, ``closed`` (paid: a list of [name, chips]),
    ``hand_voided`` (hand), ``halted``. Stored but not shown as text: ``table_message``
    (nonce, token: a new table message to post) and ``private`` (hand, users: DMs to send).
    """

    key: str
    values: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "values": dict(self.values)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Notice:
        return cls(str(data["key"]), dict(data.get("values") or {}))


@dataclass(frozen=True, slots=True)
class RecentAction:
    """``name`` did ``what`` (``raises to 60``): only the name may be shortened or escaped."""

    name: str
    what: Msg
    street: int = 0  # the betting round it belongs to (a draw: the round after it)


@dataclass(frozen=True, slots=True)
class SeatView:
    number: int
    user_id: int
    name: str
    stack: int
    dealt: bool = False
    up_cards: tuple[Card, ...] = ()
    down_count: int = 0
    bet: int = 0
    folded: bool = False
    all_in: bool = False
    sitting_out: bool = False
    leaving: bool = False
    button: bool = False  # the dealer button (Triple Draw)
    draws: tuple[int, ...] | None = None  # Triple Draw: cards thrown in each draw so far


@dataclass(frozen=True, slots=True)
class TournamentView:
    """A sit & go's facts for its table message (RULES §7)."""

    registering: bool
    entrants: int
    seats: int
    buy_in: int
    starting_chips: int
    level_hands: int
    level: int
    stakes: Msg  # of that level
    next_stakes: Msg | None  # of the level after it; None at the last level (RULES §7.2)
    hands_left: int  # in the level, after the hand being played (between hands: the next)
    prizes: tuple[int, ...]  # by place, for the entrants so far
    levels: tuple[Msg, ...] = ()  # the first levels' stakes (registration)


@dataclass(frozen=True, slots=True)
class TableView:
    channel_id: int
    title: Msg
    seq: int
    seats: tuple[SeatView, ...]
    status: Msg | None
    hand_id: int | None = None
    street: Msg | None = None
    pots: tuple[int, ...] = ()
    board: tuple[Card, ...] = ()
    actor_id: int | None = None
    to_call: int = 0
    legal: tuple[LegalAction, ...] = ()
    deadline: datetime | None = None
    time_bank: bool = False  # the deadline is the actor's time bank, the clock having run out
    recent: tuple[RecentAction, ...] = ()  # this betting round's
    recent_before: tuple[RecentAction, ...] = ()  # the last ones of the round before
    before_street: Msg | None = None  # that round's name
    can_start: bool = False
    open: bool = True
    table_id: int = 0
    commitment: str | None = None  # SHA-256 of the live hand's server seed
    # SHA-256 of the next hand's, drawn one hand ahead: shown while no hand is in play (during
    # a hand, each player's cards message carries it: one line fewer on the table, issue 36.9)
    next_commitment: str | None = None
    restarted: bool = False  # the dealer restarted and nothing has happened since
    tournament: TournamentView | None = None
    rotation: Msg | None = None  # a mixed table: this game, the hands left in it, the next
    choosing: int | None = None  # dealer's choice: who chooses the next round's game now


Swap = tuple[tuple[Card, ...], tuple[Card, ...]]  # a draw: the cards thrown, those received


@dataclass(frozen=True, slots=True)
class PrivateHand:
    user_id: int
    channel_id: int
    hand_id: int
    cards: tuple[Card, ...]
    face_up: tuple[bool, ...]
    value: Msg
    low: Msg | None = None
    can_draw: bool = False
    street: Msg | None = None  # when it was true: a DM is not updated when others' cards come
    swap: Swap | None = None  # after a draw
    # the next hand's (SHA-256 of its server seed, drawn at this deal): the players' clicks
    # during this hand are part of that deal, so it reaches each of them before their first
    next_commitment: str | None = None
    game: Msg | None = None  # at a mixed table, the hand's game (RULES §10)


@dataclass(frozen=True, slots=True)
class ShownHand:
    name: str
    cards: tuple[Card, ...]
    value: Msg  # high (or 2-7) value
    low: Msg | None = None  # Stud Hi-Lo: its qualifying low, if it has one
    face_up: tuple[bool, ...] = ()  # stud: which of ``cards`` were dealt up
    best: tuple[Card, ...] = ()  # the five that make ``value`` (with the community card)
    low_five: tuple[Card, ...] = ()  # Stud Hi-Lo: the five that make ``low``


@dataclass(frozen=True, slots=True)
class PotResult:
    amount: int
    winners: tuple[tuple[str, int], ...]
    pot: int = 0  # 0 the main pot, then the side pots
    half: str = "all"  # "high" or "low" in a split pot
    value: Msg | None = None  # the winning hand for this half (none if nobody showed)


@dataclass(frozen=True, slots=True)
class HandSummary:
    channel_id: int
    hand_id: int
    title: Msg
    shown: tuple[ShownHand, ...]
    pots: tuple[PotResult, ...]
    stacks: tuple[tuple[str, int], ...]
    folded_out: bool
    board: tuple[Card, ...] = ()  # RULES §2.7: a community card, shared by every hand
    low_game: bool = False  # Stud Hi-Lo: a showdown where lows are said (or that none was)
    knocked_out: tuple[tuple[str, int], ...] = ()  # a sit & go's: (name, place), RULES §7.3

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data: a summary waits in the database until it is posted."""
        return {
            "channel_id": self.channel_id,
            "hand_id": self.hand_id,
            "title": to_data(self.title),
            "shown": [
                [
                    s.name,
                    [int(card) for card in s.cards],
                    to_data(s.value),
                    None if s.low is None else to_data(s.low),
                    list(s.face_up),
                    [int(card) for card in s.best],
                    [int(card) for card in s.low_five],
                ]
                for s in self.shown
            ],
            "pots": [
                [
                    p.amount,
                    [list(w) for w in p.winners],
                    p.pot,
                    p.half,
                    None if p.value is None else to_data(p.value),
                ]
                for p in self.pots
            ],
            "stacks": [list(stack) for stack in self.stacks],
            "folded_out": self.folded_out,
            "board": [int(card) for card in self.board],
            "low_game": self.low_game,
            "knocked_out": [list(out) for out in self.knocked_out],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HandSummary:
        return cls(
            channel_id=int(data["channel_id"]),
            hand_id=int(data["hand_id"]),
            title=message_from_data(data["title"]),
            shown=tuple(_shown_from_data(shown) for shown in data["shown"]),
            pots=tuple(_pot_from_data(pot) for pot in data["pots"]),
            stacks=tuple((str(name), int(stack)) for name, stack in data["stacks"]),
            folded_out=bool(data["folded_out"]),
            board=tuple(Card(card) for card in data.get("board", ())),
            low_game=bool(data.get("low_game", False)),
            knocked_out=tuple((str(n), int(p)) for n, p in data.get("knocked_out", ())),
        )


def _shown_from_data(data: list[Any]) -> ShownHand:
    """A shown hand as stored (one stored before issue 21 has no low of its own)."""
    name, cards, value, *rest = data
    low, face_up, best, low_five = (rest + [None, [], [], []][len(rest) :])[:4]
    return ShownHand(
        str(name),
        tuple(Card(card) for card in cards),
        message_from_data(value),
        None if low is None else message_from_data(low),
        tuple(bool(up) for up in face_up),
        tuple(Card(card) for card in best),
        tuple(Card(card) for card in low_five),
    )


def _pot_from_data(data: list[Any]) -> PotResult:
    """A pot's result as stored: ``[amount, winners, pot, half, value]``; one stored before
    issue 21 is ``[label, amount, winners]`` (its label, a message, is no longer shown)."""
    if not isinstance(data[0], int):
        data = [*data[1:3], 0, "all", None]
    amount, winners, pot, half, value = data
    return PotResult(
        int(amount),
        tuple((str(n), int(c)) for n, c in winners),
        int(pot),
        str(half),
        None if value is None else message_from_data(value),
    )


@dataclass(slots=True)
class Effects:
    """What changed, for the presenter to show: the table message, DMs, public notices, the
    summary of a finished hand. ``fresh_message`` asks for a new table message (a new hand)."""

    table_changed: bool = False
    fresh_message: bool = False
    private: list[PrivateHand] = field(default_factory=list)
    notices: list[Notice] = field(default_factory=list)
    summary: HandSummary | None = None
    closed: bool = False
    pending: list[int] = field(default_factory=list)  # stored announcements, until posted
    # a new table message and DMs are recorded with the change too, done once sent: a kill
    # between the change and them is completed at the restart (issue 20.6)
    fresh_nonce: str | None = None  # posted with it, a second post returns the first message
    fresh_pending: int | None = None
    private_pending: int | None = None
    seq: int | None = None  # the table's seq as the change left it
    # a sit & go's entrants who finished: (user, place, entrants, prize paid at the end or
    # None when knocked out before), told by DM (issue 23)
    finishes: list[tuple[int, int, int, int | None]] = field(default_factory=list)
    # a multi-table tournament's table ended a hand: the director decides what comes next
    director_due: bool = False

    def announcements(self) -> list[Notice]:
        """The public messages of this change, summary first: each is stored with the change
        and deleted once posted, so none is lost to a crash."""
        found = [Notice("summary", self.summary.to_dict())] if self.summary is not None else []
        return found + self.notices

    def merge(self, other: Effects) -> None:
        self.table_changed |= other.table_changed
        self.fresh_message |= other.fresh_message
        self.private.extend(other.private)
        self.notices.extend(other.notices)
        self.summary = other.summary or self.summary
        self.closed |= other.closed
        self.finishes.extend(other.finishes)
        self.director_due |= other.director_due
