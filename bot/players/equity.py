"""How much of the pot a seat can expect at showdown, estimated by Monte Carlo over the cards it
has not seen (its own discards and every up card removed), with the engine's own evaluators.

Stud: each live opponent's hidden and future cards, and this seat's future cards, are dealt at
random from the unseen cards (Razz: the lowest hand wins). Hi-Lo: each half goes to the best
high and the best qualifying low (RULES §3.4). 2-7 Triple Draw: each opponent's five cards are
unknown; every player draws to a low at each draw still to come (throwing pairs and cards above
8), the opponents as many cards as at their last draw; one who stood pat then holds a made hand
and keeps it."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.players.view import Seat, SeatView
from bot.poker.cards import Card
from bot.poker.events import ActionKind
from bot.poker.hands import evaluate_a5_low, evaluate_deuce_seven, evaluate_high, evaluate_low8
from bot.poker.variants import Evaluation

SEVEN = 5  # rank index of a seven (a deuce is 0)
PAT_TRIES = 4  # deals of an opponent whose betting says they hold a made hand


def equity(
    view: SeatView,
    samples: int,
    rng: random.Random,
    *,
    read: bool = True,
    weigh: float = 0.0,
) -> float:
    """The expected share of the pot (0 to 1) against the live opponents (``read=False``:
    without looking at their up cards, as a careless player would). ``weigh``: how often a
    deal that gives an opponent who bet or raised nothing (stud: no pair, no low, no four to a
    flush; 2-7: no ten-low or better) is thrown away, as their betting says they hold
    something."""
    opponents = view.opponents
    if not opponents:
        return 1.0
    unseen = list(view.unseen(read_up_cards=read))
    aggressors = aggressors_of(view) if weigh else frozenset()
    draws = game_draws(view)  # 2-7: counted once, not per sample
    total = 0.0
    for _ in range(samples):
        rng.shuffle(unseen)
        if view.evaluation is Evaluation.DEUCE_TO_SEVEN:
            total += _draw_sample(
                view, unseen, draws=draws, aggressors=aggressors, weigh=weigh, rng=rng
            )
        elif aggressors:
            total += _stud_sample(view, _weighed(view, unseen, aggressors, weigh, rng))
        else:
            total += _stud_sample(view, unseen)
    return total / samples


def aggressors_of(view: SeatView) -> frozenset[int]:
    """The live opponents who bet or raised after the first round, or raised in it."""
    aggressive = (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE)
    return frozenset(
        seen.index
        for seen in view.actions
        if seen.index != view.me
        and ((seen.kind in aggressive and seen.street > 0) or seen.kind is ActionKind.RAISE)
    ) & {seat.index for seat in view.opponents}


def _weighed(
    view: SeatView, deck: list[Card], aggressors: frozenset[int], weigh: float, rng: random.Random
) -> list[Card]:
    """The deck reordered so that each aggressor's hidden cards (dealt first, in
    :func:`_stud_sample`'s order) make them hold something, most of the time."""
    need = max(0, view.final_cards - len(view.cards) - len(view.board))
    rest = deck[need:]
    dealt: list[Card] = list(deck[:need])
    for seat in view.opponents:
        missing = max(0, view.final_cards - len(seat.up) - len(view.board))
        hidden = seat.down_count
        chosen = rest[:missing]
        if seat.index in aggressors and hidden:
            for start in range(0, min(len(rest) - missing, 4 * missing) + 1, missing or 1):
                trial = rest[start : start + missing]
                if _holds(list(seat.up) + trial[:hidden], view.evaluation):
                    chosen = trial
                    break
                if rng.random() > weigh:
                    break
        rest = [card for card in rest if card not in chosen]
        dealt.extend(chosen)
    return dealt + rest


def _holds(cards: list[Card], evaluation: Evaluation) -> bool:
    """A pair or better, four to a flush, or (Hi-Lo) three different low cards."""
    ranks = [card.rank for card in cards]
    if evaluation is Evaluation.ACE_TO_FIVE:
        low = {rank for rank in ranks if rank <= SEVEN + 1 or rank == 12}
        return len(set(ranks)) == len(ranks) and len(low) >= min(3, len(ranks))
    if len(set(ranks)) < len(ranks):
        return True
    suits = [card.suit for card in cards]
    if any(suits.count(suit) >= 4 for suit in set(suits)):
        return True
    low = {rank for rank in ranks if rank <= SEVEN + 1 or rank == 12}
    return evaluation is Evaluation.HIGH_LOW8 and len(low) >= 3


def _stud_sample(view: SeatView, deck: list[Card]) -> float:
    """One deal of the cards to come: this seat's share of the pot."""
    at = 0
    need = max(0, view.final_cards - len(view.cards) - len(view.board))
    mine = list(view.cards) + list(view.board) + deck[at : at + need]
    at += need
    hands = [mine]
    for seat in view.opponents:
        missing = max(0, view.final_cards - len(seat.up) - len(view.board))
        hands.append(list(seat.up) + list(view.board) + deck[at : at + missing])
        at += missing
    if view.evaluation is Evaluation.ACE_TO_FIVE:  # Razz: the lowest wins (RULES §9.4)
        return _share([evaluate_a5_low(cards) for cards in hands])
    highs = [evaluate_high(cards) if len(cards) >= 5 else 0 for cards in hands]
    if view.evaluation is not Evaluation.HIGH_LOW8:
        return _share(highs)
    lows = [evaluate_low8(cards) if len(cards) >= 5 else None for cards in hands]
    qualified = [low for low in lows if low is not None]
    if not qualified:
        return _share(highs)
    best_low = max(qualified)
    low_share = (lows[0] == best_low) / lows.count(best_low) if lows[0] is not None else 0.0
    return 0.5 * _share(highs) + 0.5 * low_share


def _share(values: Sequence[int]) -> float:
    """Seat 0's share of a pot won by the highest value (ties split)."""
    best = max(values)
    return (values[0] == best) / list(values).count(best)


def _draw_sample(
    view: SeatView,
    deck: list[Card],
    *,
    draws: int,
    aggressors: frozenset[int],
    weigh: float,
    rng: random.Random,
) -> float:
    """One deal of the cards to come in 2-7: this seat's share of the pot, its own draws
    first, then the opponents' (:func:`opponent_hands`)."""
    stub = Stub(deck, rng)
    mine = low_value(draw_to_end(list(view.cards), stub, view.draws_left))
    hands = opponent_hands(view, stub, draws=draws, aggressors=aggressors, weigh=weigh, rng=rng)
    return _share([mine, *map(low_value, hands)])


def game_draws(view: SeatView) -> int:
    """The game's draws, as this seat counts them: those it made and those to come."""
    mine = sum(1 for seen in view.actions if seen.index == view.me and seen.kind is ActionKind.DRAW)
    return view.draws_left + mine


def opponent_hands(
    view: SeatView,
    stub: Stub,
    *,
    draws: int,
    aggressors: frozenset[int],
    weigh: float,
    rng: random.Random,
) -> list[list[Card]]:
    """Each live opponent's 2-7 hand at the end, dealt from ``stub``: as their draws so far
    made it, drawn to the end (:func:`_opponent_hand`); one who bet or raised is dealt again,
    ``weigh`` of the time, until their hand ends made (a ten-low or better), as their betting
    says."""
    hands = []
    for seat in view.opponents:
        tries = PAT_TRIES if seat.index in aggressors else 1
        for tried in range(1, tries + 1):
            hand = _opponent_hand(seat, stub, draws - len(seat.draws))
            if tried == tries or stands_pat(hand, top=SEVEN + 3) or rng.random() > weigh:
                break
            stub.throw(hand)  # not what their betting says: deal them again
        hands.append(hand)
    return hands


def low_value(hand: list[Card]) -> int:
    return evaluate_deuce_seven(hand) if len(hand) == 5 else 0  # 0: short of cards, it loses


class Stub:
    """The cards of one sample that nobody has seen, dealt from the top; when they run out,
    the cards thrown on the way are shuffled into a new stub, as the dealer does (RULES §5.6:
    the old stub's last cards first, never a card thrown in the same draw, see :func:`_swap`)."""

    def __init__(self, cards: list[Card], rng: random.Random) -> None:
        self.cards, self.at, self.muck, self.rng = cards, 0, list[Card](), rng

    def deal(self, count: int) -> list[Card]:
        if len(self.cards) - self.at < count:
            self.refill()
        dealt = self.cards[self.at : self.at + count]
        self.at += len(dealt)
        return dealt

    def refill(self) -> None:
        """The thrown cards, shuffled, go under the cards not dealt yet."""
        self.rng.shuffle(self.muck)
        self.cards, self.at, self.muck = self.cards[self.at :] + self.muck, 0, []

    def take(self, cards: Sequence[Card], scanned: int) -> None:
        """Deals ``cards``, found among the next ``scanned`` cards, out of turn. The others of
        those go back among the cards not dealt yet, each at a random place: left on top, they
        would make the next cards short of what was taken."""
        passed = [card for card in self.cards[self.at : self.at + scanned] if card not in cards]
        rest = self.cards[self.at + scanned :]
        for card in passed:
            rest.insert(self.rng.randrange(len(rest) + 1), card)
        self.cards, self.at = rest, 0

    def throw(self, cards: Sequence[Card]) -> None:
        self.muck.extend(cards)

    def rest(self) -> list[Card]:
        """The cards not dealt yet, then the thrown ones, shuffled as the dealer would."""
        muck = list(self.muck)
        self.rng.shuffle(muck)
        return self.cards[self.at :] + muck


def _opponent_hand(seat: Seat, stub: Stub, draws_left: int) -> list[Card]:
    """``seat``'s hand as its draws so far made it (each kept the best of a low), then drawn
    to the end: it throws about as many as before (one that has not drawn draws to a low).
    One who stood pat at their last draw holds a made hand, and keeps it."""
    if seat.draws and not seat.draws[-1]:
        return made_hand(stub)
    hand = stub.deal(5)
    for count in seat.draws:
        hand = _swap(hand, _lowest(hand, 5 - count), stub)
    if not seat.draws:
        return draw_to_end(hand, stub, draws_left)
    pace = 5 - seat.draws[-1]
    for _ in range(draws_left):
        hand = _swap(hand, _lowest(hand, pace), stub)
    return hand


def made_hand(stub: Stub) -> list[Card]:
    """A hand that stands pat (:func:`stands_pat`, a nine-low or better): the first one found
    among the cards of ``stub`` not dealt yet, in their order, a card that would make a pair,
    a straight or a flush passed over (:meth:`Stub.take`). When there is none, the thrown cards
    are shuffled in; when there is still none (few low cards left), the next five cards."""
    for _ in range(2):
        kept: list[Card] = []
        for scanned, card in enumerate(stub.cards[stub.at :], start=1):
            if card.rank > SEVEN + 2 or card.rank in {other.rank for other in kept}:
                continue
            kept.append(card)
            if len(kept) == 5:
                if stands_pat(kept):
                    stub.take(kept, scanned)
                    return kept
                kept.pop()
        stub.refill()
    return stub.deal(5)


def draw_to_end(hand: list[Card], stub: Stub, draws: int) -> list[Card]:
    """``hand`` after ``draws`` draws to a low (:func:`keep_for_low`)."""
    for _ in range(draws):
        hand = _swap(hand, keep_for_low(hand), stub)
    return hand


def _swap(hand: list[Card], kept: list[Card], stub: Stub) -> list[Card]:
    """One draw: ``kept`` stays, the rest is replaced, then thrown (RULES §5.6)."""
    drawn = kept + stub.deal(len(hand) - len(kept))
    stub.throw([card for card in hand if card not in kept])
    return drawn


def _lowest(cards: Sequence[Card], count: int) -> list[Card]:
    """The ``count`` cards a lowball player keeps: different ranks first, lowest first (an
    ace is high in 2-7)."""
    ordered = sorted(cards, key=lambda card: card.rank)
    distinct: list[Card] = []
    for card in ordered:
        if card.rank not in {kept.rank for kept in distinct}:
            distinct.append(card)
    rest = [card for card in ordered if card not in distinct]
    return (distinct + rest)[:count]


def keep_for_low(cards: Sequence[Card], top: int = SEVEN + 1) -> list[Card]:
    """The cards a 2-7 player keeps: one of each rank up to ``top`` (an eight by default), no
    ace; a made hand no worse than 9-high without pair, straight or flush stands pat."""
    if len(cards) == 5 and stands_pat(cards):
        return list(cards)
    kept: list[Card] = []
    ranks: set[int] = set()
    for card in sorted(cards, key=lambda card: card.rank):
        if card.rank <= top and card.rank not in ranks:
            kept.append(card)
            ranks.add(card.rank)
    return kept[:4] if len(kept) == 5 else kept


def stands_pat(cards: Sequence[Card], top: int = SEVEN + 2) -> bool:
    """A 2-7 hand worth keeping whole: five different ranks, nine (``top``) or lower, no
    straight or flush (RULES §5.7)."""
    ranks = sorted(card.rank for card in cards)
    if len(ranks) != 5 or len(set(ranks)) != 5 or ranks[-1] > top:
        return False
    flush = len({card.suit for card in cards}) == 1
    straight = ranks[-1] - ranks[0] == 4
    return not flush and not straight
