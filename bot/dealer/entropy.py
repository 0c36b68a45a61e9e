"""Where the randomness of the deals comes from: secure in production, seeded in tests.

The bot draws server seeds only. A player's part of a deal is their own seed, else the id
Discord gave their latest interaction at the table: never a value the bot drew (issue 20.2)."""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from bot.poker.fairness import SERVER_SEED_BYTES


def _server_seed() -> bytes:
    return secrets.token_bytes(SERVER_SEED_BYTES)


def _decision_seed() -> int:
    return secrets.randbits(64)


@dataclass(frozen=True, slots=True)
class Entropy:
    """A fresh server seed for each hand, drawn one hand ahead; and the seed of each computer
    player's decision (its little randomness: RULES §8.1)."""

    server_seed: Callable[[], bytes] = _server_seed
    decision_seed: Callable[[], int] = _decision_seed

    @classmethod
    def seeded(cls, seed: int | str) -> Entropy:
        """Reproducible deals, for tests and benchmarks only."""
        rng, decisions = random.Random(seed), random.Random(f"{seed}:decisions")
        return cls(lambda: rng.randbytes(SERVER_SEED_BYTES), lambda: decisions.getrandbits(64))
