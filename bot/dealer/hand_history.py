"""Hand histories (`/poker history`): a finished hand as one of its players may read it.

The file is PHH (``bot.poker.history``) written for the requester's eyes, and a replay street
by street as plain data for the presenter to put into words. Only the players of a hand read
its history: down cards never shown are theirs alone, and hands shown at showdown are for all
who played it (RULES §1.8). Finished hands never change, so no table lock is taken.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Protocol

from bot.dealer import wording
from bot.dealer.describe import summary
from bot.dealer.table import TableError
from bot.dealer.views import HandSummary, RecentAction
from bot.poker.cards import Card
from bot.poker.errors import PokerError
from bot.poker.events import (
    ActionKind,
    BoardDealt,
    CardsDealt,
    ForcedBet,
    PlayerActed,
    Reshuffled,
    StreetStarted,
    UncalledReturned,
)
from bot.poker.history import Visible, to_phh, to_phhs, visibility
from bot.poker.record import from_record
from bot.poker.state import Hand
from bot.store.records import PlayedHand
from bot.text import Msg
from bot.text.catalogue import clean_name

log = logging.getLogger(__name__)

LAST_HANDS_LIMIT = 50


class HandsSource(Protocol):
    """What histories read from the store."""

    async def played_hands(self, hand_ids: list[int]) -> list[PlayedHand]: ...

    async def last_hand_ids(
        self, *, guild: int, channel: int, user: int, limit: int
    ) -> list[int]: ...

    async def night_table(self, thread: int) -> tuple[str, int] | None: ...


@dataclass(frozen=True, slots=True)
class DealtCards:
    """Cards dealt to ``name`` (``None``: a card the reader may not see), with which were
    dealt face up; ``name`` is ``None`` for a community card."""

    name: str | None
    cards: tuple[Card | None, ...]
    face_up: tuple[bool, ...]


@dataclass(frozen=True, slots=True)
class DrawReplay:
    """``name`` ``text`` (``draws 2``, ``stands pat``): the cards thrown and those received,
    each ``None`` where the reader may not see it."""

    name: str
    what: Msg
    thrown: tuple[Card | None, ...] = ()
    received: tuple[Card | None, ...] = ()


ReplayLine = DealtCards | DrawReplay | RecentAction


@dataclass(frozen=True, slots=True)
class StreetReplay:
    name: Msg  # "3rd street", "Before the first draw"
    lines: tuple[ReplayLine, ...]


@dataclass(frozen=True, slots=True)
class HandReplay:
    hand_id: int
    variant: str
    stud: bool  # down and up cards (else every card is down)
    small_bet: int
    big_bet: int
    started_at: datetime
    seats: tuple[tuple[int, str, int], ...]  # seat number, name, stack at the deal
    forced: tuple[RecentAction, ...]  # antes and blinds
    streets: tuple[StreetReplay, ...]
    result: HandSummary
    tournament: tuple[int, int] | None = None  # a sit & go's hand: its id and level
    night: tuple[str, int] | None = None  # a tournament night's hand: its name, table number


@dataclass(frozen=True, slots=True)
class HistoryFile:
    filename: str
    text: str
    hand_ids: tuple[int, ...]  # newest first
    replay: HandReplay | None = None  # one hand: its replay


def replay(hand: Hand, played: PlayedHand, visible: Visible) -> HandReplay:
    """The hand street by street, showing only the cards ``visible`` allows."""
    names = _names(hand, played.names)
    forced: list[RecentAction] = []
    streets: list[StreetReplay] = []
    street_name: Msg | None = None
    lines = list[ReplayLine]()
    for event in hand.events:
        if isinstance(event, StreetStarted):
            if street_name is not None:
                streets.append(StreetReplay(street_name, tuple(lines)))
            street_name, lines = wording.street(hand.variant.key, event.index), []
        elif isinstance(event, ForcedBet):
            forced.append(
                RecentAction(names[event.player], wording.forced_bet(event.kind, event.amount))
            )
        elif isinstance(event, CardsDealt):
            cards = _seen(event.player, event.cards, visible)
            drew = lines[-1] if lines else None
            if isinstance(drew, DrawReplay) and drew.name == names[event.player]:
                lines[-1] = replace(drew, received=cards)  # the draw's replacement cards
            else:
                lines.append(DealtCards(names[event.player], cards, tuple(event.face_up)))
        elif isinstance(event, BoardDealt):
            lines.append(DealtCards(None, tuple(event.cards), (True,) * len(event.cards)))
        elif isinstance(event, PlayerActed) and event.kind is ActionKind.DRAW:
            thrown = _seen(event.player, event.discards, visible)
            lines.append(DrawReplay(names[event.player], wording.action(event), thrown))
        elif isinstance(event, PlayerActed):
            lines.append(RecentAction(names[event.player], wording.action(event)))
        elif isinstance(event, UncalledReturned):
            lines.append(
                RecentAction(names[event.player], Msg("replay-uncalled", amount=event.amount))
            )
        elif isinstance(event, Reshuffled):
            lines.append(RecentAction("", Msg("replay-reshuffled")))
    if street_name is not None:
        streets.append(StreetReplay(street_name, tuple(lines)))
    stakes = hand.config.stakes
    sit_and_go = played.tournament_level
    return HandReplay(
        tournament=None if sit_and_go is None else (played.table_id or 0, sit_and_go),
        hand_id=played.id,
        variant=hand.variant.key,
        stud=hand.variant.is_stud,
        small_bet=stakes.small_bet,
        big_bet=stakes.big_bet,
        started_at=played.started_at,
        seats=tuple(
            sorted(
                (seat, names[player], stack)
                for seat, player, stack in zip(
                    hand.config.seat_numbers, hand.players, hand.config.stacks, strict=True
                )
            )
        ),
        forced=tuple(forced),
        streets=tuple(streets),
        result=summary(
            hand,
            names=names,
            channel_id=played.channel_id,
            hand_id=played.id,
            title=Msg("replay-result"),
        ),
    )


def _seen(player: int, cards: tuple[Card, ...], visible: Visible) -> tuple[Card | None, ...]:
    return tuple(card if visible(player, card) else None for card in cards)


def _names(hand: Hand, stored: Mapping[int, str]) -> dict[int, str]:
    return {player: clean_name(stored.get(player, f"Player {player}")) for player in hand.players}


def _readable(played: PlayedHand, guild: int, viewer: int) -> Hand:
    """The finished hand ``viewer`` played on this server, or a refusal saying why not."""
    if played.guild_id != guild:
        raise TableError("error-no-such-hand", hand=str(played.id))
    if played.voided:
        raise TableError("error-hand-voided", hand=str(played.id))
    if not played.ended:
        raise TableError("error-history-in-play", hand=str(played.id))
    try:
        hand = from_record(played.record)
    except PokerError as error:
        log.error("hand #%d does not replay: %s", played.id, error)
        raise TableError("error-hand-unreadable", hand=str(played.id)) from error
    if viewer not in hand.players:
        raise TableError("error-not-your-hand", hand=str(played.id))
    return hand


def _phh(hand: Hand, played: PlayedHand, viewer: int) -> str:
    names = _names(hand, played.names)
    return to_phh(
        hand,
        viewer=viewer,
        hand_id=played.id,
        table=str(played.table_id) if played.table_id is not None else None,
        players=[names[player] for player in hand.players],
        started=played.started_at,
    )


async def hand_history(
    store: HandsSource, *, guild: int, channel: int, viewer: int, hand_id: int | None
) -> HistoryFile:
    """One hand's history for ``viewer``: ``hand_id``, else their last at this channel."""
    if hand_id is None:
        last = await store.last_hand_ids(guild=guild, channel=channel, user=viewer, limit=1)
        if not last:
            raise TableError("error-no-hands-yet")
        hand_id = last[0]
    found = await store.played_hands([hand_id])
    if not found:
        raise TableError("error-no-such-hand", hand=str(hand_id))
    played = found[0]
    hand = _readable(played, guild, viewer)
    told = replay(hand, played, visibility(hand, viewer))
    if played.tournament_level is not None:  # a sit & go's, or a night's table's
        told = replace(told, night=await store.night_table(played.channel_id))
    return HistoryFile(
        filename=f"hand-{played.id}.phh",
        text=_phh(hand, played, viewer),
        hand_ids=(played.id,),
        replay=told,
    )


async def last_hands(
    store: HandsSource, *, guild: int, channel: int, viewer: int, count: int
) -> HistoryFile:
    """``viewer``'s last ``count`` finished hands at this channel, as one ``.phhs`` file
    (oldest first, as a session reads)."""
    if not 1 <= count <= LAST_HANDS_LIMIT:
        raise TableError("error-last-range", limit=LAST_HANDS_LIMIT)
    ids = await store.last_hand_ids(guild=guild, channel=channel, user=viewer, limit=count)
    if not ids:
        raise TableError("error-no-hands-yet")
    documents = []
    for played in reversed(await store.played_hands(ids)):
        documents.append(_phh(_readable(played, guild, viewer), played, viewer))
    return HistoryFile(
        filename=f"hands-{ids[-1]}-{ids[0]}.phhs",
        text=to_phhs(documents),
        hand_ids=tuple(ids),
    )
