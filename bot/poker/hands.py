"""Hand evaluators: standard high, ace-to-five eight-or-better low, deuce-to-seven low, and
Razz's ace-to-five low (pairs count, no qualifier).

Every evaluator returns an ``int`` where **higher is better**, so a pot is won by ``max``;
:func:`describe_high`, :func:`describe_low8` and :func:`describe_deuce_seven` turn a value back
into words. Also here: the ranking of up cards that decides who opens a stud round (RULES §2.5)
and the bring-in card (RULES §2.3).

How the high evaluator is fast: each card has a weight ``5**rank << 16 | 1 << 4*suit``. The sum of
a hand's weights holds, above bit 16, a base-5 number that names the multiset of ranks, and
below it four 4-bit suit counters. A flush exists when a counter reaches 5, which one addition
and one mask detect; otherwise the value is one dict lookup on the rank multiset (filled lazily).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Final

from bot.poker.cards import RANK_CHARS, RANK_NAMES, RANK_PLURALS, Card

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
_ACE: Final = 12
_FIVE: Final = 3
_WHEEL_MASK: Final = 0b1_0000_0000_1111  # A, 5, 4, 3, 2
_FLUSH_TEST: Final = 0x3333
_FLUSH_BITS: Final = 0x8888

_WEIGHTS: Final = tuple((5 ** (c >> 2)) << 16 | 1 << (4 * (c & 3)) for c in range(52))
_RANK_BITS: Final = tuple(1 << (c >> 2) for c in range(52))


def _pack(category: int, ranks: Sequence[int]) -> int:
    """Category in the top bits, then up to five ranks as nibbles, most significant first."""
    value = category
    for index in range(5):
        value = value << 4 | (ranks[index] if index < len(ranks) else 0)
    return value


def _category(value: int) -> int:
    return value >> 20


def _ranks(value: int) -> list[int]:
    return [(value >> (4 * (4 - index))) & 15 for index in range(5)]


def _straight_top(mask: int, *, wheel: bool) -> int:
    """Highest rank ending a five-rank run in ``mask``, or -1."""
    for top in range(_ACE, 3, -1):
        run = 0b11111 << (top - 4)
        if mask & run == run:
            return top
    if wheel and mask & _WHEEL_MASK == _WHEEL_MASK:
        return _FIVE
    return -1


def _top_ranks(mask: int, count: int) -> list[int]:
    return [rank for rank in range(_ACE, -1, -1) if mask >> rank & 1][:count]


def _value_from_counts(
    counts: Sequence[int], *, size: int = 5, straights: bool = True, wheel: bool = True
) -> int:
    """Best ``size``-card value of a rank multiset, flushes aside."""
    present = 0
    for rank, count in enumerate(counts):
        if count:
            present |= 1 << rank
    by_count: dict[int, list[int]] = {4: [], 3: [], 2: [], 1: []}
    for rank in range(_ACE, -1, -1):
        if counts[rank]:
            by_count[min(counts[rank], 4)].append(rank)
    quads, trips, pairs = by_count[4], by_count[3], by_count[2]

    def kickers(exclude: Iterable[int], count: int) -> list[int]:
        mask = present
        for rank in exclude:
            mask &= ~(1 << rank)
        return _top_ranks(mask, count)

    if quads:
        return _pack(QUADS, [quads[0], *kickers([quads[0]], size - 4)])
    if trips and size >= 5:
        others = [rank for rank in range(_ACE, -1, -1) if rank != trips[0] and counts[rank] >= 2]
        if others:
            return _pack(FULL_HOUSE, [trips[0], others[0]])
    if straights and size >= 5:
        top = _straight_top(present, wheel=wheel)
        if top >= 0:
            return _pack(STRAIGHT, [top])
    if trips:
        return _pack(TRIPS, [trips[0], *kickers([trips[0]], size - 3)])
    if len(pairs) >= 2:
        return _pack(TWO_PAIR, [pairs[0], pairs[1], *kickers(pairs[:2], size - 4)])
    if pairs:
        return _pack(PAIR, [pairs[0], *kickers(pairs[:1], size - 2)])
    return _pack(HIGH_CARD, _top_ranks(present, size))


def _flush_value(suit_mask: int, *, wheel: bool) -> int:
    top = _straight_top(suit_mask, wheel=wheel)
    if top >= 0:
        return _pack(STRAIGHT_FLUSH, [top])
    return _pack(FLUSH, _top_ranks(suit_mask, 5))


def _counts_of_key(rank_key: int) -> list[int]:
    counts = []
    for _ in range(13):
        rank_key, count = divmod(rank_key, 5)
        counts.append(count)
    return counts


class _RankTable(dict[int, int]):
    """Values of rank multisets, computed on first use."""

    def __init__(self, *, straights: bool, wheel: bool) -> None:
        super().__init__()
        self.straights = straights
        self.wheel = wheel

    def __missing__(self, rank_key: int) -> int:
        value = _value_from_counts(
            _counts_of_key(rank_key), straights=self.straights, wheel=self.wheel
        )
        self[rank_key] = value
        return value


_HIGH: Final = _RankTable(straights=True, wheel=True)
_NO_WHEEL: Final = _RankTable(straights=True, wheel=False)
_BOARD: Final[dict[int, int]] = {}


def _flush_suit_mask(cards: Iterable[Card], key: int) -> int:
    for suit in range(4):
        if (key >> (4 * suit)) & 15 >= 5:
            mask = 0
            for card in cards:
                if card & 3 == suit:
                    mask |= 1 << (card >> 2)
            return mask
    raise AssertionError("no flush suit")  # pragma: no cover


def _key(cards: Sequence[Card]) -> int:
    """Rank counts (base 5, above bit 16) and suit counts (4 bits each) of the cards."""
    key = 0
    for card in cards:
        key += _WEIGHTS[card]
    return key


def evaluate_high(cards: Sequence[Card]) -> int:
    """Best five-card high value of 5 to 8 cards; higher is better."""
    key = _key(cards)
    value = _HIGH[key >> 16]
    if (key + _FLUSH_TEST) & _FLUSH_BITS:
        return max(value, _flush_value(_flush_suit_mask(cards, key), wheel=True))
    return value


def _deuce_seven_high(cards: Sequence[Card]) -> int:
    key = _key(cards)
    value = _NO_WHEEL[key >> 16]
    if (key + _FLUSH_TEST) & _FLUSH_BITS:
        return max(value, _flush_value(_flush_suit_mask(cards, key), wheel=False))
    return value


_DEUCE_SEVEN_TOP: Final = 1 << 24


def evaluate_deuce_seven(cards: Sequence[Card]) -> int:
    """Deuce-to-seven low of exactly five cards (RULES §5.7); higher is better.

    Aces are high, straights and flushes count, A-2-3-4-5 is not a straight.
    """
    return _DEUCE_SEVEN_TOP - _deuce_seven_high(cards)


def _low_bit(card: int) -> int:
    rank = card >> 2
    if rank == _ACE:
        return 1
    return 1 << (rank + 1) if rank <= 6 else 0


_LOW_BITS: Final = tuple(_low_bit(c) for c in range(52))
_LOW_TOP: Final = 1 << 20


def _low8_of_mask(mask: int) -> int | None:
    ranks = [bit + 1 for bit in range(8) if mask >> bit & 1][:5]
    if len(ranks) < 5:
        return None
    packed = 0
    for rank in reversed(ranks):
        packed = packed << 4 | rank
    return _LOW_TOP - packed


_LOW8: Final = tuple(_low8_of_mask(mask) for mask in range(256))


def evaluate_low8(cards: Iterable[Card]) -> int | None:
    """Ace-to-five eight-or-better low (RULES §3.3), or ``None`` without a qualifying low.

    Higher is better: A-2-3-4-5 is the best value.
    """
    mask = 0
    for card in cards:
        mask |= _LOW_BITS[card]
    return _LOW8[mask]


_A5_TOP: Final = 1 << 24


def _low_rank(rank: int) -> int:
    """Ace low: A = 0, 2 = 1, ... K = 12."""
    return 0 if rank == _ACE else rank + 1


def _a5_of_key(rank_key: int) -> int:
    """The best ace-to-five low of a rank multiset (its lowest five cards, pairs counting)."""
    counts = _counts_of_key(rank_key)
    ranks = [_low_rank(rank) for rank in range(13) for _ in range(counts[rank])]
    size = min(len(ranks), 5)
    worst = None
    for chosen in set(combinations(ranks, size)):
        low_counts = [0] * 13
        for rank in chosen:
            low_counts[rank] += 1
        value = _value_from_counts(low_counts, size=size, straights=False)
        if worst is None or value < worst:
            worst = value
    assert worst is not None
    return _A5_TOP - worst


class _A5Table(dict[int, int]):
    def __missing__(self, rank_key: int) -> int:
        value = self[rank_key] = _a5_of_key(rank_key)
        return value


_A5: Final = _A5Table()


def evaluate_a5_low(cards: Sequence[Card]) -> int:
    """Razz's ace-to-five low of 1 to 8 cards (RULES §9.3, §9.4); higher is better.

    The lowest five different ranks, aces low; straights and flushes do not count; pairs count
    only where five different ranks cannot be made (fewer and lower pairs are better). Of fewer
    than five cards (a board), all of them: an unpaired board beats a paired one."""
    return _A5[_key(cards) >> 16]


def a5_low_parts(value: int) -> tuple[int, tuple[int, ...]]:
    """A Razz value's category (``HIGH_CARD`` for five different ranks, ``PAIR``...) and its
    ranks as :func:`high_parts` gives them (0 = Two ... 12 = Ace), most significant first."""
    worst = _A5_TOP - value
    return _category(worst), tuple(12 if rank == 0 else rank - 1 for rank in _ranks(worst))


def describe_a5_low(value: int) -> str:
    """Words for a Razz value: ``7-5-4-2-A low`` or ``Pair of Fours``."""
    category, ranks = a5_low_parts(value)
    if category != HIGH_CARD:
        return describe_high(_pack(category, ranks))
    names = ["A" if rank == _ACE else RANK_CHARS[rank].replace("T", "10") for rank in ranks]
    return "-".join(names) + " low"


def evaluate_board(cards: Sequence[Card]) -> int:
    """Rank 1 to 4 up cards for the first actor (RULES §2.5); higher is better.

    Quads > trips > two pair > pair > high cards; straights and flushes do not count.
    """
    key = _key(cards) >> 16
    value = _BOARD.get(key)
    if value is None:
        counts = _counts_of_key(key)
        value = _value_from_counts(counts, size=sum(counts), straights=False)
        _BOARD[key] = value
    return value


def bring_in_card(up_cards: Iterable[Card]) -> Card:
    """The card that brings in: lowest rank, aces high, ties by suit c < d < h < s (RULES §2.3)."""
    return min(up_cards)


def razz_bring_in_key(up_cards: Iterable[Card]) -> tuple[int, int]:
    """Razz: the highest up card brings in, aces low (a King is highest), ties by suit, the
    highest (spades) bringing in (RULES §9.2). The player with the greatest key brings in."""
    card = max(up_cards, key=lambda card: (_low_rank(card >> 2), card & 3))
    return _low_rank(card >> 2), card & 3


def _name(rank: int) -> str:
    return RANK_NAMES[rank]


def high_parts(value: int) -> tuple[int, tuple[int, ...]]:
    """A high value's category (``PAIR``...) and its ranks, 0 (Two) to 12 (Ace), most
    significant first: what the catalogues need to name it in any language."""
    return _category(value), tuple(_ranks(value))


def deuce_seven_parts(value: int) -> tuple[int, tuple[int, ...]]:
    """A deuce-to-seven value as the high hand it is made of (see :func:`high_parts`)."""
    return high_parts(_DEUCE_SEVEN_TOP - value)


def low8_ranks(value: int) -> tuple[int, ...]:
    """An eight-or-better low's ranks, highest first, ace as 1: ``(8, 6, 4, 2, 1)``."""
    packed = _LOW_TOP - value
    return tuple((packed >> (4 * (4 - index))) & 15 for index in range(5))


def describe_high(value: int) -> str:
    """Words for a high value: ``Full house, Kings over Threes``."""
    category, ranks = _category(value), _ranks(value)
    first, second = ranks[0], ranks[1]
    match category:
        case 8:
            if first == _ACE:
                return "Royal flush"
            return f"Straight flush, {_name(first)} high"
        case 7:
            return f"Four of a kind, {RANK_PLURALS[first]}"
        case 6:
            return f"Full house, {RANK_PLURALS[first]} over {RANK_PLURALS[second]}"
        case 5:
            return f"Flush, {_name(first)} high"
        case 4:
            return f"Straight, {_name(first)} high"
        case 3:
            return f"Three of a kind, {RANK_PLURALS[first]}"
        case 2:
            return f"Two pair, {RANK_PLURALS[first]} and {RANK_PLURALS[second]}"
        case 1:
            return f"Pair of {RANK_PLURALS[first]}"
        case _:
            return f"{_name(first)} high"


def describe_low8(value: int) -> str:
    """Words for an eight-or-better low: ``8-6-4-2-A low``."""
    return "-".join("A" if rank == 1 else str(rank) for rank in low8_ranks(value)) + " low"


def describe_deuce_seven(value: int) -> str:
    """Words for a deuce-to-seven value: ``Seven-five low (7-5-4-3-2)`` or ``Pair of Nines``."""
    high = _DEUCE_SEVEN_TOP - value
    if _category(high) != HIGH_CARD:
        return describe_high(high)
    ranks = _ranks(high)
    cards = "-".join(RANK_CHARS[rank].replace("T", "10") for rank in ranks)
    return f"{_name(ranks[0])}-{_name(ranks[1]).lower()} low ({cards})"


def describe_board(value: int) -> str:
    """Words for an up-card ranking (pairs and kickers only)."""
    category, ranks = _category(value), _ranks(value)
    if category == HIGH_CARD:
        return f"{_name(ranks[0])} high"
    return describe_high(value)
