"""Provably fair decks: a committed server seed, players' seeds, and a shuffle anyone can redo.

The algorithm, ``hmac-sha256-fisher-yates-v1`` (the README gives it in full, for verifiers):

- The server seed is 32 random bytes; its *commitment* is the SHA-256 of those bytes, shown
  before the first card.
- A byte stream: block ``c`` (0, 1, 2, ...) is HMAC-SHA256 with the server seed as key over the
  UTF-8 text of the player seeds (dealing order), the hand id and ``c``, one per line::

      <seed of player 1>\n<seed of player 2>\n...\n<hand id>\n<c>

  The stream is block 0, then block 1, and so on.
- Fisher-Yates from the ordered deck ``2c 2d 2h 2s 3c ... As``: for ``i`` from 51 down to 1,
  with ``n = i + 1`` and ``k`` the bit length of ``n``, take the next byte ``b`` of the stream
  and let ``j = b >> (8 - k)``; if ``j >= n`` take another byte; then swap cards ``i`` and
  ``j``. Cards are dealt from position 0. Rejecting (rather than reducing ``b`` modulo ``n``)
  makes every order equally likely.
- A reshuffle of the discards in 2-7 Triple Draw (RULES §5.6) goes on with the same stream.

>>> server = bytes(32)
>>> commitment(server)[:16]
'66687aadf862bd77'
>>> from bot.poker.cards import format_cards
>>> format_cards(fair_deck(server, ("alice", "bob"), 1).cards[:5])
'9c Kh 3h Qs As'
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Sequence
from typing import Final

from bot.poker.cards import DECK, Deck
from bot.poker.errors import PokerError
from bot.poker.shuffling import shuffle

SHUFFLE_VERSION: Final = "hmac-sha256-fisher-yates-v1"
SERVER_SEED_BYTES: Final = 32
MAX_PLAYER_SEED: Final = 64
# printable ASCII but space and backquote: easy to type back, and quotable in a message
_PLAYER_SEED = re.compile(r"[\x21-\x5f\x61-\x7e]+")


class InvalidSeed(PokerError):
    """A player seed that the verification text could not carry unambiguously."""


def check_player_seed(seed: str) -> str:
    if not 1 <= len(seed) <= MAX_PLAYER_SEED or not _PLAYER_SEED.fullmatch(seed):
        raise InvalidSeed(
            f"A seed is 1 to {MAX_PLAYER_SEED} characters: letters, digits and punctuation,"
            " without spaces or backquotes.",
            "seed-format",
            limit=MAX_PLAYER_SEED,
        )
    return seed


def commitment(server_seed: bytes) -> str:
    """The SHA-256 of the server seed, as 64 lowercase hex digits."""
    return hashlib.sha256(server_seed).hexdigest()


class HmacStream:
    """The byte stream of a hand; :meth:`getrandbits` feeds the engine's Fisher-Yates."""

    def __init__(self, server_seed: bytes, player_seeds: Sequence[str], hand_id: int) -> None:
        self._key = server_seed
        self._prefix = "".join(f"{seed}\n" for seed in player_seeds) + f"{hand_id}\n"
        self._block = b""
        self._at = 0
        self._counter = 0
        self.used = 0  # bytes taken so far

    def next_byte(self) -> int:
        if self._at == len(self._block):
            message = f"{self._prefix}{self._counter}".encode()
            self._block = hmac.new(self._key, message, hashlib.sha256).digest()
            self._counter += 1
            self._at = 0
        byte = self._block[self._at]
        self._at += 1
        self.used += 1
        return byte

    def getrandbits(self, k: int) -> int:
        """``k`` bits: the top ``k`` bits of the next ``ceil(k / 8)`` bytes, big-endian."""
        count = (k + 7) // 8
        value = 0
        for _ in range(count):
            value = (value << 8) | self.next_byte()
        return value >> (8 * count - k)

    def skip(self, count: int) -> HmacStream:
        for _ in range(count):
            self.next_byte()
        return self


class FairSource:
    """Rebuilds the stream of a hand at the point where the deck's shuffle left it."""

    __slots__ = ("hand_id", "player_seeds", "server_seed", "shuffle_bytes")

    def __init__(
        self, server_seed: bytes, player_seeds: Sequence[str], hand_id: int, shuffle_bytes: int
    ) -> None:
        self.server_seed = server_seed
        self.player_seeds = tuple(player_seeds)
        self.hand_id = hand_id
        self.shuffle_bytes = shuffle_bytes

    def reshuffler(self) -> HmacStream:
        return HmacStream(self.server_seed, self.player_seeds, self.hand_id).skip(
            self.shuffle_bytes
        )

    def to_dict(self) -> dict[str, object]:
        return {
            "version": SHUFFLE_VERSION,
            "server_seed": self.server_seed.hex(),
            "player_seeds": list(self.player_seeds),
            "hand_id": self.hand_id,
        }


def fair_deck(server_seed: bytes, player_seeds: Sequence[str], hand_id: int) -> Deck:
    """The deck of a hand, from its seeds and id (see the module's description)."""
    if len(server_seed) != SERVER_SEED_BYTES:
        raise InvalidSeed(f"a server seed is {SERVER_SEED_BYTES} bytes")
    stream = HmacStream(server_seed, player_seeds, hand_id)
    cards = list(DECK)
    shuffle(cards, stream)
    source = FairSource(server_seed, player_seeds, hand_id, stream.used)
    return Deck(tuple(cards), source=source)


def deck_from_dict(data: dict[str, object]) -> Deck:
    """The deck a stored ``shuffle`` entry describes (a hand record's, see ``record``)."""
    if data.get("version") != SHUFFLE_VERSION:
        raise InvalidSeed(f"unknown shuffle {data.get('version')!r}")
    seeds = data["player_seeds"]
    hand_id = data["hand_id"]
    server = data["server_seed"]
    if not isinstance(seeds, list) or not isinstance(hand_id, int) or not isinstance(server, str):
        raise InvalidSeed("a shuffle entry names its seeds and its hand")
    return fair_deck(bytes.fromhex(server), [str(seed) for seed in seeds], hand_id)


__all__ = [
    "SHUFFLE_VERSION",
    "FairSource",
    "HmacStream",
    "InvalidSeed",
    "check_player_seed",
    "commitment",
    "deck_from_dict",
    "fair_deck",
]
