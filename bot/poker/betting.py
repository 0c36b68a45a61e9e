"""The state of one fixed-limit betting round (RULES §1.2-§1.5).

The all-in and reopening rules follow PokerKit's reading, as RULES §1.5 asks: a wager that is
all-in for less than a full bet or raise does not reopen the betting for players who already
acted; a player who had not acted may raise one full bet above it, and every completion, bet or
raise (all-in or not) counts toward the cap.
"""

from __future__ import annotations


class BettingRound:
    """Who still acts, and how far the betting has gone, in one round."""

    __slots__ = (
        "acted",
        "actors",
        "aggressor",
        "bet_size",
        "big_bet",
        "bring_in_pending",
        "cap",
        "completion_pending",
        "first_checker",
        "floor",
        "opener",
        "raise_count",
        "raise_size",
        "short_all_ins",
    )

    def __init__(self, bet_size: int, cap: int, opener: int, big_bet: int = 0) -> None:
        self.bet_size = bet_size
        self.cap = cap
        self.opener = opener
        self.big_bet = big_bet  # RULES §4.4 open pair: a second, bigger size may be chosen
        self.actors: list[int] = []  # who still acts, in order
        self.raise_size = 0  # largest completion/bet/raise increment so far
        self.raise_count = 0
        self.bring_in_pending = False  # the actor must post the bring-in or complete
        self.completion_pending = False  # the next wager completes the bring-in
        self.acted: set[int] = set()
        self.short_all_ins: list[int] = []
        self.aggressor: int | None = None  # last to complete, bet or raise
        self.first_checker: int | None = None
        # the wager to match even where nobody put it in: a tournament's full bring-in or big
        # blind after a short one was posted all-in (RULES §7.4)
        self.floor = 0

    def refusal(
        self, index: int, top: int, bets: list[int], stacks: list[int], live: list[bool]
    ) -> str:
        """Why ``index`` may not complete, bet or raise now; empty when they may.
        ``top`` is the highest wager of the round."""
        owed = top - bets[index]
        if not self.bring_in_pending and min(stacks[index], owed) < self.raise_size:
            return "an all-in for less than a full raise does not reopen the betting: call or fold"
        if self.raise_count >= self.cap:
            if self.cap == 3:
                return "the betting is capped: the big blind and three raises"
            return "the betting is capped: one bet and three raises"
        if self.short_all_ins and sum(self.short_all_ins) < self.raise_size and index in self.acted:
            return "you already acted, and an all-in for less than a full raise does not reopen"
        if stacks[index] <= owed:
            return "you only have enough chips to call"
        for other, alive in enumerate(live):
            if other != index and alive and stacks[other] + bets[other] > top:
                return ""
        return "everyone else is all-in: nobody could call a raise"

    def wager_amounts(self, index: int, top: int, bets: list[int], stacks: list[int]) -> list[int]:
        """The amounts ``index`` may complete, bet or raise to (fixed limit: one, or two with an
        open pair), capped at the player's chips."""
        amounts: list[int] = []
        sizes = (self.bet_size, self.big_bet) if self.big_bet else (self.bet_size,)
        for size in sizes:
            target = max(self.raise_size, size)
            if not self.completion_pending:
                target += top
            target = min(stacks[index] + bets[index], target)
            if target not in amounts:
                amounts.append(target)
        return amounts

    def record_wager(self, index: int, increment: int, all_in: bool, others: list[int]) -> None:
        """Book a completion, bet or raise by ``index`` that raised the top wager by
        ``increment``; ``others`` are the players who must now act again, in order."""
        self.bring_in_pending = False
        self.completion_pending = False
        self.actors = others
        self.aggressor = index
        if increment >= self.raise_size:
            self.acted = {index}
        else:
            self.acted.add(index)
        self.raise_size = max(self.raise_size, increment)
        self.raise_count += 1
        if all_in:
            self.short_all_ins.append(increment)
        else:
            self.short_all_ins.clear()
        if sum(self.short_all_ins) >= self.raise_size:
            self.short_all_ins.clear()
