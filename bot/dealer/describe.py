"""Words for the table: a player's private hand with its value, an action in the recent list,
and the summary of a finished hand. Pure functions of an engine hand."""

from __future__ import annotations

from collections.abc import Mapping

from bot.dealer.views import HandSummary, PotResult, PrivateHand, ShownHand
from bot.poker.events import ActionKind, HandShown, PlayerActed, PotAwarded
from bot.poker.hands import (
    describe_board,
    describe_deuce_seven,
    describe_high,
    describe_low8,
    evaluate_board,
    evaluate_deuce_seven,
    evaluate_high,
    evaluate_low8,
)
from bot.poker.state import Hand, Phase
from bot.poker.variants import Evaluation


def private_hand(hand: Hand, player: int, *, channel_id: int, hand_id: int) -> PrivateHand:
    """Everything one player may see of their own cards, with the current value."""
    index = hand.index_of(player)
    cards = tuple(hand.cards[index])
    evaluation = hand.variant.evaluation
    low: str | None = None
    if evaluation is Evaluation.DEUCE_TO_SEVEN:
        value = describe_deuce_seven(evaluate_deuce_seven(cards))
    else:
        playable = cards + tuple(hand.board)
        if len(playable) >= 5:
            value = describe_high(evaluate_high(playable))
        else:
            value = describe_board(evaluate_board(playable))
        if evaluation is Evaluation.HIGH_LOW8:
            low_value = evaluate_low8(playable) if len(playable) >= 5 else None
            low = describe_low8(low_value) if low_value is not None else "no low yet"
    return PrivateHand(
        user_id=player,
        channel_id=channel_id,
        hand_id=hand_id,
        cards=cards,
        face_up=tuple(hand.face_up[index]),
        value=value,
        low=low,
        can_draw=hand.phase is Phase.DRAWING and hand.actor == player,
    )


_VERBS = {
    ActionKind.FOLD: "folds",
    ActionKind.CHECK: "checks",
    ActionKind.CALL: "calls {amount}",
    ActionKind.BET: "bets {amount}",
    ActionKind.RAISE: "raises to {amount}",
    ActionKind.COMPLETE: "completes to {amount}",
    ActionKind.BRING_IN: "brings in for {amount}",
}


def action_text(event: PlayerActed, *, by_clock: bool = False) -> str:
    """What a player did, without their name: ``raises to 40``, ``draws 2``,
    ``stands pat (time)``."""
    if event.kind is ActionKind.DRAW:
        count = len(event.discards)
        verb = f"draws {count}" if count else "stands pat"
    else:
        verb = _VERBS[event.kind].format(amount=event.amount)
    text = verb
    if event.all_in:
        text += " (all-in)"
    if by_clock:
        text += " (time)"
    return text


def _pot_label(event: PotAwarded, pot_count: int) -> str:
    label = "Main pot" if event.pot_index == 0 else f"Side pot {event.pot_index}"
    if pot_count == 1 and event.pot_index == 0:
        label = "Pot"
    if event.side != "all":
        label += f" ({event.side})"
    return label


def summary(
    hand: Hand, *, names: Mapping[int, str], channel_id: int, hand_id: int, title: str
) -> HandSummary:
    """The public account of a finished hand: hands shown in showdown order, who won what from
    each pot, the new stacks."""
    shown = tuple(
        ShownHand(names[event.player], event.cards, event.description)
        for event in hand.events
        if isinstance(event, HandShown)
    )
    awards = [event for event in hand.events if isinstance(event, PotAwarded)]
    pot_count = len({event.pot_index for event in awards})
    pots = tuple(
        PotResult(
            label=_pot_label(event, pot_count),
            amount=event.amount,
            winners=tuple((names[player], chips) for player, chips in event.shares),
        )
        for event in awards
    )
    stacks = tuple(
        (names[player], stack) for player, stack in zip(hand.players, hand.stacks, strict=True)
    )
    return HandSummary(
        channel_id=channel_id,
        hand_id=hand_id,
        title=title,
        shown=shown,
        pots=pots,
        stacks=stacks,
        folded_out=not shown,
    )
