"""Where the randomness of the deals comes from: secure in production, seeded in tests."""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from bot.poker.fairness import SERVER_SEED_BYTES


def _server_seed() -> bytes:
    return secrets.token_bytes(SERVER_SEED_BYTES)


def _player_seed() -> str:
    return secrets.token_hex(16)


@dataclass(frozen=True, slots=True)
class Entropy:
    """A fresh server seed per hand, and a seed for each player who has not set their own."""

    server_seed: Callable[[], bytes] = _server_seed
    player_seed: Callable[[], str] = _player_seed

    @classmethod
    def seeded(cls, seed: int | str) -> Entropy:
        """Reproducible deals, for tests and benchmarks only."""
        rng = random.Random(seed)
        return cls(lambda: rng.randbytes(SERVER_SEED_BYTES), lambda: rng.randbytes(8).hex())
