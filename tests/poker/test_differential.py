"""Differential test: our random hands, exported as PHH, replayed by PokerKit, must end with
the same stacks. Where RULES.md differs from PokerKit, the oracle is taught the rule (the
Triple Draw cap §5.4, the open pair §4.4, pots fixed at the showdown players' levels §1.6 and
split on their own §3.4); hands it cannot be taught are skipped and counted."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.poker.events import ActionKind, PlayerActed, PotAwarded, StreetStarted
from bot.poker.history import to_phh
from bot.poker.random_play import play_random_hand, random_config
from bot.poker.state import Hand
from bot.poker.variants import VARIANTS
from tests.poker.oracle import divergence, replay_in_pokerkit

HANDS_PER_VARIANT = 400
# Kinds of hands the adapted oracle must have compared, per game (at least one of each).
EXERCISED = {
    "five_card_stud": {"open pair big bet"},
    "stud_hi_lo": {"several pots at showdown", "a pot without an eligible low"},
    "seven_card_stud": {"several pots at showdown"},
}


def _adapted_rules(hand: Hand) -> set[str]:
    """Which of the rules taught to the oracle this hand relies on."""
    found: set[str] = set()
    street, top = -1, 0
    for event in hand.events:
        if isinstance(event, StreetStarted):
            street, top = event.index, 0
        elif isinstance(event, PlayerActed) and event.amount is not None:
            wagers = event.kind in (ActionKind.BET, ActionKind.RAISE)
            big = event.amount - top > hand.config.stakes.small_bet
            if hand.variant.open_pair and street == 1 and wagers and big:
                found.add("open pair big bet")
            top = max(top, event.amount)
    awards = [event for event in hand.events if isinstance(event, PotAwarded)]
    if len({award.pot_index for award in awards}) > 1:
        found.add("several pots at showdown")
    halved = {award.pot_index for award in awards if award.side == "low"}
    if halved and any(award.pot_index not in halved for award in awards):
        found.add("a pot without an eligible low")
    return found


@pytest.mark.parametrize("variant_key", sorted(VARIANTS))
def test_pokerkit_replays_our_hands_to_the_same_stacks(variant_key: str) -> None:
    variant = VARIANTS[variant_key]
    rng = random.Random(f"differential-{variant_key}")
    skipped: Counter[str] = Counter()
    exercised: Counter[str] = Counter()
    compared = 0
    for _ in range(HANDS_PER_VARIANT):
        players = rng.randint(variant.min_players, variant.max_players)
        hand = play_random_hand(random_config(variant, players, rng), rng)
        reason = divergence(hand)
        if reason is not None:
            skipped[reason] += 1
            continue
        text = to_phh(hand)
        assert replay_in_pokerkit(text) == hand.stacks, text
        exercised.update(_adapted_rules(hand))
        compared += 1
    print(f"{variant_key}: {compared} compared {dict(exercised)}, skipped {dict(skipped)}")
    assert compared >= HANDS_PER_VARIANT * 0.95
    assert EXERCISED.get(variant_key, set()) <= set(exercised), exercised
