"""What a finished hand says about each player, for `/poker stats` (issue 10): computed once
when the hand ends and stored with it, so statistics are one query, whatever the number of
hands."""

from __future__ import annotations

from dataclasses import dataclass

from bot.poker.events import ActionKind, HandShown
from bot.poker.state import Hand

VOLUNTARY = frozenset({ActionKind.CALL, ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE})


@dataclass(frozen=True, slots=True)
class PlayerFacts:
    user_id: int
    net: int  # chips won or lost in the hand
    voluntary: bool  # put chips in beyond the forced bets (a call, bet, raise or completion)
    won: int  # chips taken from the pots
    showdown: bool  # reached the showdown (their hand was shown)


def hand_facts(hand: Hand) -> list[PlayerFacts]:
    voluntary = {e.player for e in hand.actions if e.kind in VOLUNTARY}
    shown = {e.player for e in hand.events if isinstance(e, HandShown)}
    return [
        PlayerFacts(
            user_id=player,
            net=hand.stacks[index] - hand.config.stacks[index],
            voluntary=player in voluntary,
            won=hand.winnings[index],
            showdown=player in shown,
        )
        for index, player in enumerate(hand.players)
    ]


__all__ = ["PlayerFacts", "hand_facts"]
