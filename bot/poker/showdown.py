"""How a hand ends: everyone folds to one player, or the hands are shown and the pots awarded."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.poker.events import HandEnded, HandShown, PotAwarded
from bot.poker.hands import (
    describe_deuce_seven,
    describe_high,
    describe_low8,
    evaluate_deuce_seven,
    evaluate_high,
    evaluate_low8,
)
from bot.poker.pots import Award, award_pots, build_pots
from bot.poker.variants import Evaluation, ShowdownStart

if TYPE_CHECKING:
    from bot.poker.state import Hand


def _close(hand: Hand, awards: list[Award]) -> None:
    from bot.poker.state import Phase  # noqa: PLC0415 (state imports this module)

    for award in awards:
        for index, chips in award.shares:
            hand.stacks[index] += chips
            hand.winnings[index] += chips
        hand.events.append(
            PotAwarded(
                pot_index=award.pot_index,
                amount=award.amount,
                eligible=tuple(hand.players[i] for i in award.eligible),
                shares=tuple((hand.players[i], chips) for i, chips in award.shares),
                side=award.side,
            )
        )
    hand.phase = Phase.COMPLETE
    hand.draw_queue = []
    hand.events.append(HandEnded(tuple(hand.stacks)))


def finish_fold_out(hand: Hand) -> None:
    """Everyone else folded: the last player takes every pot, shows nothing (RULES §1.4)."""
    winner = hand.live.index(True)
    total = sum(hand.committed)
    _close(hand, [Award(0, "all", total, (winner,), ((winner, total),))])


def showdown_order(hand: Hand) -> list[int]:
    """Last bettor or raiser of the final round first, else per the variant; then clockwise
    (RULES §1.8, §4.6)."""
    rnd = hand.round
    start = rnd.aggressor
    if start is None:
        match hand.variant.showdown_start:
            case ShowdownStart.FIRST_CHECKER:
                start = rnd.first_checker if rnd.first_checker is not None else rnd.opener
            case ShowdownStart.BEST_BOARD:
                start = rnd.opener
            case ShowdownStart.LEFT_OF_BUTTON:
                start = 0
    count = len(hand.players)
    return [i for i in ((start + step) % count for step in range(count)) if hand.live[i]]


def finish_showdown(hand: Hand) -> None:
    evaluation = hand.variant.evaluation
    values: dict[int, int | None] = {}
    lows: dict[int, int | None] = {}
    for index in showdown_order(hand):
        cards = hand.cards[index] + hand.board
        low: int | None = None
        if evaluation is Evaluation.DEUCE_TO_SEVEN:
            value = evaluate_deuce_seven(cards)
            description = describe_deuce_seven(value)
        else:
            value = evaluate_high(cards)
            description = describe_high(value)
            if evaluation is Evaluation.HIGH_LOW8:
                low = evaluate_low8(cards)
                description += "; " + (describe_low8(low) if low is not None else "no low")
        values[index] = value
        lows[index] = low
        hand.events.append(
            HandShown(hand.players[index], tuple(hand.cards[index]), value, low, description)
        )
    pots = build_pots(hand.committed, hand.live)
    split_lows = lows if evaluation is Evaluation.HIGH_LOW8 else None
    _close(hand, award_pots(pots, values, split_lows))
