"""PokerKit as a test oracle: replay our PHH files action by action, and know where RULES.md
differs from PokerKit on purpose (PHH.md lists those differences)."""

from __future__ import annotations

import dataclasses
import tomllib
import warnings
from collections import Counter
from typing import Any

from pokerkit import (
    Automation,
    FixedLimitDeuceToSevenLowballTripleDraw,
    FixedLimitSevenCardStud,
    FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    Mode,
    Opening,
    Poker,
    State,
    Street,
)
from pokerkit.notation import parse_action

from bot.poker.events import (
    ActionKind,
    BoardDealt,
    CardsDealt,
    HandShown,
    PlayerActed,
    PotAwarded,
    StreetStarted,
)
from bot.poker.hands import evaluate_board
from bot.poker.state import Hand

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def _no_burn(streets: tuple[Street, ...]) -> tuple[Street, ...]:
    return tuple(dataclasses.replace(street, card_burning_status=False) for street in streets)


def pokerkit_game(
    variant: str,
    *,
    antes: Any,
    forced: Any,
    small: int,
    big: int,
    automations: tuple[Automation, ...] = AUTOMATIONS,
) -> Poker:
    """A PokerKit game for a PHH variant code, adapted where RULES differ. ``forced`` is the
    bring-in (stud) or the blinds (Triple Draw)."""
    if variant == "F2L3D":
        draw = FixedLimitDeuceToSevenLowballTripleDraw(
            automations, True, antes, forced, small, big, mode=Mode.CASH_GAME
        )
        streets = list(_no_burn(draw.streets))
        # RULES §5.4: before the first draw the big blind is the bet, then three raises.
        streets[0] = dataclasses.replace(streets[0], max_completion_betting_or_raising_count=3)
        draw.streets = tuple(streets)
        return draw
    kind = (
        FixedLimitSevenCardStudHighLowSplitEightOrBetter
        if variant == "F7S/8"
        else FixedLimitSevenCardStud
    )
    game = kind(automations, True, antes, forced, small, big, mode=Mode.CASH_GAME)
    if variant == "F5S":  # no PHH code: PokerKit's generic streets (PHH.md)
        game.streets = (
            Street(False, (False, True), 0, False, Opening.LOW_CARD, small, 4),
            Street(False, (True,), 0, False, Opening.HIGH_HAND, small, 4),
            Street(False, (True,), 0, False, Opening.HIGH_HAND, big, 4),
            Street(False, (True,), 0, False, Opening.HIGH_HAND, big, 4),
        )
    else:
        game.streets = _no_burn(game.streets)
    return game


def pokerkit_state(phh: dict[str, Any]) -> State:
    """A PokerKit state for one of our PHH documents."""
    stacks = phh["starting_stacks"]
    forced = phh["blinds_or_straddles"] if phh["variant"] == "F2L3D" else phh["bring_in"]
    game = pokerkit_game(
        phh["variant"],
        antes=phh["antes"],
        forced=forced,
        small=phh["small_bet"],
        big=phh["big_bet"],
    )
    return game(stacks, len(stacks))


def replay_in_pokerkit(phh_text: str) -> list[int]:
    """Replay every action (showing is left to PokerKit); any refusal fails. Final stacks."""
    phh = tomllib.loads(phh_text)
    state = pokerkit_state(phh)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns on cards outside its own deck
        for action in phh["actions"]:
            if " sm " in action:
                continue
            parse_action(state, action)
    if state.status:
        raise AssertionError(f"PokerKit still expects an action: {state.actor_index=}")
    return list(state.stacks)


def divergence(hand: Hand) -> str | None:
    """Why PokerKit cannot be the oracle for this hand, or ``None`` (RULES vs PokerKit)."""
    variant = hand.variant
    folded_before = False
    live = set(hand.players)
    up: dict[int, list[Any]] = {player: [] for player in hand.players}
    street = -1
    top = 0
    shown_lows = [e.low for e in hand.events if isinstance(e, HandShown) and e.low is not None]
    board_checked = True
    if _odd_chips_across_pots(hand):
        return "§3.4 pots split separately (PokerKit merges them after killing hands)"
    for event in hand.events:
        if isinstance(event, StreetStarted):
            street, top, board_checked = event.index, 0, False
        elif isinstance(event, CardsDealt):
            up[event.player] += [c for c, f in zip(event.cards, event.face_up, strict=True) if f]
        elif isinstance(event, BoardDealt) and folded_before:
            return "§2.7 community card while folded cards exist"
        elif isinstance(event, PlayerActed):
            if (
                not board_checked
                and street >= 1
                and variant.key == "stud_hi_lo"
                and _suit_tie_break_matters(up, live)
            ):
                return "§3.2 suit tie-break for the first actor"
            board_checked = True
            if event.kind is ActionKind.FOLD:
                folded_before = True
                live.discard(event.player)
            if event.kind in (ActionKind.BET, ActionKind.RAISE) and event.amount is not None:
                if (
                    variant.open_pair
                    and street == 1
                    and event.amount - top > hand.config.stakes.small_bet
                ):
                    return "§4.4 open pair big bet"
                top = max(top, event.amount)
            elif event.kind in (ActionKind.COMPLETE, ActionKind.BRING_IN) and event.amount:
                top = max(top, event.amount)
        elif isinstance(event, PotAwarded):
            count = len(event.shares)
            if count >= 3 and event.amount % count >= 2:
                return "§1.7 odd chips one each"
            hi_lo_whole = variant.key == "stud_hi_lo" and event.side == "all"
            if hi_lo_whole and len(event.eligible) > 1 and shown_lows:
                return "§3.4 a pot with no eligible low"
    return None


def _suit_tie_break_matters(up: dict[int, list[Any]], live: set[int]) -> bool:
    values = Counter(evaluate_board(up[p]) for p in live if up[p])
    best = max(values)
    return values[best] > 1


def _odd_chips_across_pots(hand: Hand) -> bool:
    awards = [event for event in hand.events if isinstance(event, PotAwarded)]
    if len({award.pot_index for award in awards}) < 2:
        return False
    for award in awards:
        halves = [other for other in awards if other.pot_index == award.pot_index]
        if len(halves) == 2 and sum(half.amount for half in halves) % 2:
            return True
        if len(award.shares) > 1 and award.amount % len(award.shares):
            return True
    return False
