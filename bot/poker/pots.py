"""Main and side pots, split pots and odd chips (RULES §1.6, §1.7, §3.4).

Players are indices in hand-history order, so index order is seat order starting from the
first seat left of the button: the order odd chips are handed out in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from bot.poker.immutable import Record


class Pot(Record):
    __slots__ = ("amount", "eligible")
    __match_args__ = ("amount", "eligible")

    def __init__(self, amount: int, eligible: tuple[int, ...]) -> None:
        self.amount: Final = amount
        self.eligible: Final = eligible


class Award(Record):
    __slots__ = ("amount", "eligible", "pot_index", "shares", "side")
    __match_args__ = ("pot_index", "side", "amount", "eligible", "shares")

    def __init__(
        self,
        pot_index: int,
        side: str,
        amount: int,
        eligible: tuple[int, ...],
        shares: tuple[tuple[int, int], ...],
    ) -> None:
        self.pot_index: Final = pot_index
        self.side: Final = side  # "all", "high", "low"
        self.amount: Final = amount
        self.eligible: Final = eligible
        self.shares: Final = shares


def build_pots(
    committed: Sequence[int], live: Sequence[bool], all_in: Sequence[bool] | None = None
) -> list[Pot]:
    """Pots capped at each live player's total contribution (RULES §1.6).

    >>> build_pots([100, 300, 300, 50], [True, True, True, False])
    [Pot(amount=350, eligible=(0, 1, 2)), Pot(amount=400, eligible=(1, 2))]

    During a betting round, wagers not yet called are not a pot of their own: with ``all_in``
    given, only all-in players' totals cap a pot, and players with chips behind stay eligible
    for every pot (they may still call).

    >>> build_pots([4, 1, 1], [True, True, True], [False, False, False])
    [Pot(amount=6, eligible=(0, 1, 2))]
    >>> build_pots([30, 50, 10], [True, True, True], [True, False, False])
    [Pot(amount=70, eligible=(0, 1, 2)), Pot(amount=20, eligible=(1, 2))]
    """
    if all_in is None:
        levels = sorted({committed[i] for i, alive in enumerate(live) if alive})
        open_ended = [False] * len(committed)
    else:
        top = max((c for c, alive in zip(committed, live, strict=True) if alive), default=0)
        levels = sorted({committed[i] for i, alive in enumerate(live) if alive and all_in[i]})
        levels = [level for level in levels if level < top] + [top]
        open_ended = [alive and not capped for alive, capped in zip(live, all_in, strict=True)]
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in committed)
        eligible = tuple(
            i for i, alive in enumerate(live) if alive and (committed[i] >= level or open_ended[i])
        )
        if amount:
            pots.append(Pot(amount, eligible))
        previous = level
    leftover = sum(committed) - sum(pot.amount for pot in pots)
    if leftover and pots:  # chips of folded players above every live player's total
        last = pots[-1]
        pots[-1] = Pot(last.amount + leftover, last.eligible)
    return pots


def split(amount: int, winners: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """Equal shares; odd chips one each to the winners in seat order (RULES §1.7).

    >>> split(11, [4, 1, 2])
    ((1, 4), (2, 4), (4, 3))
    """
    ordered = sorted(winners)
    share, odd = divmod(amount, len(ordered))
    return tuple((player, share + (1 if rank < odd else 0)) for rank, player in enumerate(ordered))


def _best(eligible: Sequence[int], values: Mapping[int, int | None]) -> list[int]:
    scored: list[tuple[int, int]] = []
    for index in eligible:
        value = values.get(index)
        if value is not None:
            scored.append((value, index))
    if not scored:
        return []
    top = max(value for value, _ in scored)
    return [index for value, index in scored if value == top]


def award_pots(
    pots: Sequence[Pot],
    values: Mapping[int, int | None],
    lows: Mapping[int, int | None] | None = None,
) -> list[Award]:
    """Award each pot separately among its eligible players.

    ``values`` ranks hands for the whole pot (high, or deuce-to-seven); with ``lows`` (Stud
    Hi-Lo) each pot is halved between best high and best qualifying low, the odd chip of the
    halving going to the high half, and a pot without a qualifying low among its own players
    goes whole to the best high (RULES §3.4).
    """
    awards: list[Award] = []
    for index, pot in enumerate(pots):
        shares: tuple[tuple[int, int], ...]
        if len(pot.eligible) == 1:
            shares = ((pot.eligible[0], pot.amount),)
            awards.append(Award(index, "all", pot.amount, pot.eligible, shares))
            continue
        high_winners = _best(pot.eligible, values)
        low_winners = _best(pot.eligible, lows) if lows is not None else []
        if not low_winners:
            shares = split(pot.amount, high_winners)
            awards.append(Award(index, "all", pot.amount, pot.eligible, shares))
            continue
        low_half = pot.amount // 2
        high_half = pot.amount - low_half
        awards.append(Award(index, "high", high_half, pot.eligible, split(high_half, high_winners)))
        awards.append(Award(index, "low", low_half, pot.eligible, split(low_half, low_winners)))
    return awards
