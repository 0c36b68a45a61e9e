"""What the store gives back about tables: plain data, read in a few queries for every table."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


def engine_record(
    *,
    version: int,
    config: str,
    deck: str,
    reshuffle_seed: str | int,
    shuffle: str | None,
    actions: Sequence[str],
) -> dict[str, Any]:
    """A hand's stored columns and its logged actions (JSON texts) as the engine's record
    (``bot.poker.record``)."""
    record: dict[str, Any] = {
        "version": int(version),
        "config": json.loads(config),
        "deck": deck,
        "reshuffle_seed": int(reshuffle_seed),
        "actions": [json.loads(action) for action in actions],
    }
    if shuffle:
        record["shuffle"] = json.loads(shuffle)
    return record


def stored_names(text: str | None) -> dict[int, str]:
    """The names at the deal, stored as JSON with the user ids as keys."""
    return {int(user): str(name) for user, name in json.loads(text or "{}").items()}


@dataclass(frozen=True, slots=True)
class StoredSeat:
    user_id: int
    seat: int
    stack: int
    name: str
    sitting_out: bool = False
    leaving: bool = False
    timeouts: int = 0
    bank: int | None = None  # seconds left in the time bank; None: full
    sat_out_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class StoredHand:
    """A hand's facts: its engine record, which actions the clock took, the names at the deal."""

    id: int
    record_version: int
    record: dict[str, Any]
    by_clock: tuple[bool, ...]
    names: dict[int, str]
    ended: bool


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """A hand as its history needs it: where and when it was dealt, the names at the deal,
    whether it ended (or was voided), and its engine record."""

    id: int
    guild_id: int
    channel_id: int
    table_id: int | None
    started_at: datetime
    ended: bool
    voided: bool
    names: dict[int, str]
    record: dict[str, Any]
    tournament_level: int | None = None  # a sit & go's hand: its level (table id: the sit & go)


@dataclass(frozen=True, slots=True)
class TableState:
    """The columns of a table that change as it plays (saved at the end of each change)."""

    message_id: int | None
    deadline: datetime | None
    deadline_kind: str | None
    running: bool
    closing: bool
    seq: int
    button_seat: int | None
    hand_id: int | None
    hands_dealt: int = 0
    next_seed: str | None = None  # hex: the next hand's server seed (its commitment is shown)


@dataclass(frozen=True, slots=True)
class StoredTable:
    id: int
    channel_id: int
    guild_id: int
    host_id: int
    options: str
    state: TableState
    seats: tuple[StoredSeat, ...] = ()
    hand: StoredHand | None = None
    problems: list[str] = field(default_factory=list)  # why the hand could not be read


@dataclass(frozen=True, slots=True)
class SeatState:
    name: str
    sitting_out: bool
    leaving: bool
    timeouts: int
    bank: int
    sat_out_at: datetime | None


@dataclass(frozen=True, slots=True)
class PendingNotice:
    id: int
    channel_id: int
    guild_id: int
    notice: dict[str, Any]


@dataclass(frozen=True, slots=True)
class VerifiedHand:
    """What `/poker verify` reveals of a finished hand."""

    id: int
    guild_id: int
    ended: bool
    deck: str
    shuffle: dict[str, Any] | None
    players: tuple[int, ...] = ()  # dealt in, in dealing order
