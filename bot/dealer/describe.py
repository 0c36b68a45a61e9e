"""What the table shows: a player's private hand with its value, and the summary of a finished
hand. Pure functions of an engine hand; the words are catalogue messages (``wording``)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.dealer import wording
from bot.dealer.views import HandSummary, PotResult, PrivateHand, ShownHand
from bot.poker.events import HandShown, PotAwarded
from bot.poker.hands import evaluate_board, evaluate_deuce_seven, evaluate_high, evaluate_low8
from bot.poker.state import Hand, Phase
from bot.poker.variants import Evaluation
from bot.text import Msg


def private_hand(hand: Hand, player: int, *, channel_id: int, hand_id: int) -> PrivateHand:
    """Everything one player may see of their own cards, with the current value."""
    index = hand.index_of(player)
    cards = tuple(hand.cards[index])
    evaluation = hand.variant.evaluation
    low: Msg | None = None
    if evaluation is Evaluation.DEUCE_TO_SEVEN:
        value = wording.deuce_seven_value(evaluate_deuce_seven(cards))
    else:
        playable = cards + tuple(hand.board)
        if len(playable) >= 5:
            value = wording.high_value(evaluate_high(playable))
        else:
            value = wording.high_value(evaluate_board(playable))
        if evaluation is Evaluation.HIGH_LOW8:
            low_value = evaluate_low8(playable) if len(playable) >= 5 else None
            low = wording.low8_value(low_value) if low_value is not None else Msg("hand-no-low-yet")
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


def summary(
    hand: Hand, *, names: Mapping[int, str], channel_id: int, hand_id: int, title: Msg
) -> HandSummary:
    """The public account of a finished hand: hands shown in showdown order, who won what from
    each pot, the new stacks."""
    evaluation = hand.variant.evaluation
    shown = tuple(
        ShownHand(
            names[event.player],
            event.cards,
            wording.shown_value(evaluation, event.high, event.low),
        )
        for event in hand.events
        if isinstance(event, HandShown)
    )
    awards = [event for event in hand.events if isinstance(event, PotAwarded)]
    pot_count = len({event.pot_index for event in awards})
    pots = tuple(
        PotResult(
            label=wording.pot_label(event.pot_index, event.side, pot_count),
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
        board=tuple(hand.board),
    )
