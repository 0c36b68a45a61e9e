"""What the table message says happened (issue 21): the actions of the hand by betting round, so
``Recent`` can show this round's and mark the last ones of the round before; the blinds of a
draw game, the one forced bet that decides who acts; and the cards each player threw in each
draw, which is all the public knows of a Triple Draw hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.dealer import wording
from bot.dealer.views import RecentAction
from bot.poker.events import ActionKind, ForcedBet, PlayerActed, StreetStarted
from bot.poker.state import Hand

SHOWN_BEFORE = 3  # of the round before, its last actions, while this one has fewer


def recent_actions(
    hand: Hand, names: Mapping[int, str], by_clock: Sequence[bool]
) -> list[RecentAction]:
    """Every action of the hand (``by_clock``: whether the clock took each), with its round; a
    draw belongs to the round it comes before."""
    found: list[RecentAction] = []
    street, acted = 0, 0
    for event in hand.events:
        if isinstance(event, StreetStarted):
            street = max(event.index, 0)
        elif isinstance(event, ForcedBet) and event.kind != "ante":
            what = wording.forced_bet(event.kind, event.amount)
            found.append(RecentAction(names.get(event.player, "?"), what, street))
        elif isinstance(event, PlayerActed):
            clock = acted < len(by_clock) and by_clock[acted]
            acted += 1
            what = wording.action(event, by_clock=clock)
            found.append(RecentAction(names.get(event.player, "?"), what, street))
    return found


def split_by_round(
    actions: Sequence[RecentAction], street: int
) -> tuple[tuple[RecentAction, ...], tuple[RecentAction, ...]]:
    """This round's actions, and the last ones of the round before while this one has fewer
    than :data:`SHOWN_BEFORE`."""
    now = tuple(action for action in actions if action.street == street)
    if len(now) >= SHOWN_BEFORE:
        return now, ()
    before = [action for action in actions if action.street < street]
    if not before:
        return now, ()
    last_round = before[-1].street
    before = [action for action in before if action.street == last_round]
    return now, tuple(before[-(SHOWN_BEFORE - len(now)) :])


def draws_of(hand: Hand) -> dict[int, tuple[int, ...]]:
    """Triple Draw: how many cards each player threw in each draw so far (0: stood pat)."""
    found: dict[int, list[int]] = {player: [] for player in hand.players}
    for event in hand.events:
        if isinstance(event, PlayerActed) and event.kind is ActionKind.DRAW:
            found[event.player].append(len(event.discards))
    return {player: tuple(counts) for player, counts in found.items()}
