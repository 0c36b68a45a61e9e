"""Differential test: our random hands, exported as PHH, replayed by PokerKit, must end with
the same stacks. Hands where RULES.md differs from PokerKit on purpose are skipped and counted."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.poker.history import to_phh
from bot.poker.random_play import play_random_hand, random_config
from bot.poker.variants import VARIANTS
from tests.poker.oracle import divergence, replay_in_pokerkit

HANDS_PER_VARIANT = 400


@pytest.mark.parametrize("variant_key", sorted(VARIANTS))
def test_pokerkit_replays_our_hands_to_the_same_stacks(variant_key: str) -> None:
    variant = VARIANTS[variant_key]
    rng = random.Random(f"differential-{variant_key}")
    skipped: Counter[str] = Counter()
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
        compared += 1
    print(f"{variant_key}: {compared} hands compared, skipped {dict(skipped)}")
    assert compared >= HANDS_PER_VARIANT * 0.7
