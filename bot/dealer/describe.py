"""What the table shows: a player's private hand with its value, and the summary of a finished
hand. Pure functions of an engine hand; the words are catalogue messages (``wording``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations

from bot.dealer import wording
from bot.dealer.views import HandSummary, PotResult, PrivateHand, ShownHand, Swap
from bot.poker.cards import Card
from bot.poker.events import ActionKind, CardsDealt, Event, HandShown, PlayerActed, PotAwarded
from bot.poker.hands import (
    evaluate_a5_low,
    evaluate_board,
    evaluate_deuce_seven,
    evaluate_high,
    evaluate_low8,
)
from bot.poker.state import Hand, Phase
from bot.poker.variants import Evaluation
from bot.text import Msg


def private_hand(
    hand: Hand,
    player: int,
    *,
    channel_id: int,
    hand_id: int,
    swap: Swap | None = None,
) -> PrivateHand:
    """Everything one player may see of their own cards, with the value they have now (and the
    round it is of), and after a draw the cards thrown and received (``swap``)."""
    index = hand.index_of(player)
    cards = tuple(hand.cards[index])
    face_up = tuple(hand.face_up[index])
    evaluation = hand.variant.evaluation
    low: Msg | None = None
    if evaluation is Evaluation.DEUCE_TO_SEVEN:
        value = wording.deuce_seven_value(evaluate_deuce_seven(cards))
        cards = highest_first(cards)  # as a lowball hand is read: 9-7-5-3-2
        face_up = (False,) * len(cards)
        if swap is not None:
            swap = (highest_first(swap[0]), highest_first(swap[1]))
    elif evaluation is Evaluation.ACE_TO_FIVE:  # Razz: the lowest five so far (RULES §9.4)
        playable = cards + tuple(hand.board)
        value = wording.razz_value(evaluate_a5_low(playable), min(len(playable), 5))
    else:
        playable = cards + tuple(hand.board)
        if len(playable) >= 5:
            value = wording.high_value(evaluate_high(playable))
        else:
            value = wording.high_value(evaluate_board(playable))
        if evaluation is Evaluation.HIGH_LOW8:
            low_value = evaluate_low8(playable) if len(playable) >= 5 else None
            last_card = hand.street_index >= len(hand.variant.streets) - 1
            if low_value is not None:
                low = wording.low8_value(low_value)
            else:  # none now: at the last street, none ever
                low = Msg("hand-no-low" if last_card or hand.is_complete else "hand-no-low-yet")
    return PrivateHand(
        user_id=player,
        channel_id=channel_id,
        hand_id=hand_id,
        cards=cards,
        face_up=face_up,
        value=value,
        low=low,
        can_draw=hand.phase is Phase.DRAWING and hand.actor == player,
        street=wording.hand_street(hand),
        swap=swap,
    )


def swap(event: PlayerActed, then: Sequence[Event]) -> Swap | None:
    """After a draw (``event``, and the events that followed it): the cards thrown and those
    received; ``None`` for any other action."""
    if event.kind is not ActionKind.DRAW:
        return None
    got = [
        card
        for dealt in then
        if isinstance(dealt, CardsDealt) and dealt.player == event.player
        for card in dealt.cards
    ]
    return event.discards, tuple(got)


def best_high_five(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """The five of ``cards`` that make their best high hand, its groups first (the pair, then
    the kickers), each group from the highest rank down."""
    five = max(combinations(cards, 5), key=evaluate_high) if len(cards) > 5 else cards
    counts = {card.rank: sum(other.rank == card.rank for other in five) for card in five}
    return tuple(sorted(five, key=lambda card: (counts[card.rank], card.rank), reverse=True))


def best_low_five(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """The five of ``cards`` that make their best eight-or-better low (RULES §3.3), from the
    highest down (the ace, low, last); none without one."""
    lows = [
        (value, five)
        for five in combinations(cards, 5)
        if (value := evaluate_low8(five)) is not None
    ]
    if not lows:
        return ()
    five = max(lows, key=lambda found: found[0])[1]
    return tuple(sorted(five, key=lambda card: (card.rank + 1) % 13, reverse=True))


def best_razz_five(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """The five of ``cards`` that make their best Razz low (RULES §9.4), from the highest
    down, aces low (last)."""
    five = max(combinations(cards, 5), key=evaluate_a5_low) if len(cards) > 5 else cards
    return tuple(sorted(five, key=lambda card: ((card.rank + 1) % 13, card.suit), reverse=True))


def highest_first(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """Cards from the highest rank down (aces high), as a 2-7 hand is read."""
    return tuple(sorted(cards, key=lambda card: (card.rank, card.suit), reverse=True))


def summary(
    hand: Hand, *, names: Mapping[int, str], channel_id: int, hand_id: int, title: Msg
) -> HandSummary:
    """The public account of a finished hand: hands shown in showdown order, who won what from
    each pot, the new stacks."""
    evaluation = hand.variant.evaluation
    high_low = evaluation is Evaluation.HIGH_LOW8
    lowball = evaluation is Evaluation.DEUCE_TO_SEVEN
    razz = evaluation is Evaluation.ACE_TO_FIVE
    showdown = [event for event in hand.events if isinstance(event, HandShown)]
    board = tuple(hand.board)

    def shown_hand(event: HandShown) -> ShownHand:
        index = hand.index_of(event.player)
        dealt = tuple(hand.cards[index])
        face_up = tuple(hand.face_up[index]) if dealt == event.cards else ()
        playable = event.cards + board
        if lowball:  # the 2-7 hand is its five cards, read from the highest
            cards = highest_first(event.cards)
            return ShownHand(
                names[event.player], cards, wording.shown_value(evaluation, event.high), best=cards
            )
        if razz:  # the five that make the low, from the highest down (the ace last)
            return ShownHand(
                names[event.player],
                event.cards,
                wording.shown_value(evaluation, event.high),
                face_up=face_up,
                best=best_razz_five(playable),
            )
        has_low = high_low and event.low is not None
        return ShownHand(
            names[event.player],
            event.cards,
            wording.shown_value(evaluation, event.high),
            wording.low8_value(event.low) if has_low else None,
            face_up,
            best_high_five(playable),
            best_low_five(playable) if has_low else (),
        )

    shown = tuple(shown_hand(event) for event in showdown)
    highs = {event.player: event.high for event in showdown}
    lows = {event.player: event.low for event in showdown}

    def value(side: str, winners: tuple[int, ...]) -> Msg | None:
        """The winning hand of a pot's half (the winners tie: the first's value)."""
        if not showdown or not winners:
            return None
        if side == "low":
            return wording.low8_value(lows.get(winners[0]))
        return wording.shown_value(evaluation, highs.get(winners[0]))

    awards = [event for event in hand.events if isinstance(event, PotAwarded)]
    pots = tuple(
        PotResult(
            amount=event.amount,
            winners=tuple((names[player], chips) for player, chips in event.shares),
            pot=event.pot_index,
            half=event.side,
            value=value(event.side, tuple(player for player, _ in event.shares)),
        )
        for event in awards
    )
    seats = dict(zip(hand.players, hand.config.seat_numbers, strict=True))
    in_seat_order = sorted(zip(hand.players, hand.stacks, strict=True), key=lambda p: seats[p[0]])
    stacks = tuple((names[player], stack) for player, stack in in_seat_order)
    return HandSummary(
        channel_id=channel_id,
        hand_id=hand_id,
        title=title,
        shown=shown,
        pots=pots,
        stacks=stacks,
        folded_out=not shown,
        board=board,
        low_game=high_low and bool(shown),
    )
