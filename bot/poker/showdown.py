"""Who wins what when a hand ends: everyone folded to one player, or the hands are shown."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.poker.events import HandShown
from bot.poker.hands import (
    describe_a5_low,
    describe_deuce_seven,
    describe_high,
    describe_low8,
    evaluate_a5_low,
    evaluate_deuce_seven,
    evaluate_high,
    evaluate_low8,
)
from bot.poker.pots import Award, award_pots, build_pots
from bot.poker.variants import Evaluation, ShowdownStart

if TYPE_CHECKING:
    from bot.poker.state import Hand


def fold_out_awards(hand: Hand) -> list[Award]:
    """Everyone else folded: the last player takes every pot, shows nothing (RULES §1.4)."""
    winner = hand.live.index(True)
    total = sum(hand.committed)
    return [Award(0, "all", total, (winner,), ((winner, total),))]


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


def showdown_awards(hand: Hand) -> list[Award]:
    """Show the hands in showdown order (HandShown events) and award every pot."""
    evaluation = hand.variant.evaluation
    values: dict[int, int | None] = {}
    lows: dict[int, int | None] = {}
    for index in showdown_order(hand):
        cards = hand.cards[index] + hand.board
        low: int | None = None
        if evaluation is Evaluation.DEUCE_TO_SEVEN:
            value = evaluate_deuce_seven(cards)
            description = describe_deuce_seven(value)
        elif evaluation is Evaluation.ACE_TO_FIVE:  # RULES §9.4
            value = evaluate_a5_low(cards)
            description = describe_a5_low(value)
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
    return award_pots(pots, values, split_lows)
