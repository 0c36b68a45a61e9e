"""Provably fair deals (docs/fairness.md, once the README's section): a verifier written from that
page alone, without the engine's code, agrees with every deck the engine deals; the commitment is
the seed's SHA-256; every order is reachable and none is favoured; Triple Draw's reshuffle
continues the same stream; a hand rebuilt from its record has the same deck."""

from __future__ import annotations

import hashlib
import hmac
import random
from collections import Counter
from pathlib import Path

import pytest

from bot.poker.cards import format_cards
from bot.poker.events import Action, ActionKind, Reshuffled
from bot.poker.fairness import (
    SHUFFLE_VERSION,
    InvalidSeed,
    check_player_seed,
    commitment,
    fair_deck,
)
from bot.poker.record import from_record, snapshot, to_record
from bot.poker.stakes import HandConfig, Stakes
from bot.poker.state import Hand
from bot.poker.variants import VARIANTS

README = Path(__file__).resolve().parents[2] / "docs" / "fairness.md"


# ---------------------------------------------------------------- the README's verifier


class Stream:
    """Steps 1 and 2: block c = HMAC-SHA256(server seed, "seed1\\n...\\n<hand id>\\n<c>")."""

    def __init__(self, server_seed: bytes, seeds: list[str], hand_id: int) -> None:
        self.key, self.seeds, self.hand_id = server_seed, seeds, hand_id
        self.buffer = b""
        self.block = 0

    def byte(self) -> int:
        if not self.buffer:
            text = "".join(seed + "\n" for seed in self.seeds) + f"{self.hand_id}\n{self.block}"
            self.buffer = hmac.new(self.key, text.encode("utf-8"), hashlib.sha256).digest()
            self.block += 1
        byte, self.buffer = self.buffer[0], self.buffer[1:]
        return byte


def readme_shuffle(cards: list[str], stream: Stream) -> list[str]:
    """Step 3: from the last position down, j = the top k bits of the next byte, rejected
    while j >= n."""
    cards = list(cards)
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        while (j := stream.byte() >> (8 - k)) >= n:
            pass
        cards[i], cards[j] = cards[j], cards[i]
    return cards


ORDERED = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]


def readme_deck(server_seed: bytes, seeds: list[str], hand_id: int) -> tuple[list[str], Stream]:
    stream = Stream(server_seed, seeds, hand_id)
    return readme_shuffle(ORDERED, stream), stream


# ---------------------------------------------------------------- tests


def test_the_readme_names_the_algorithm_and_its_example() -> None:
    text = README.read_text(encoding="utf-8")
    assert f"**`{SHUFFLE_VERSION}`**" in text
    deck, _ = readme_deck(bytes(32), ["alice", "bob"], 1)
    assert f"deck begins `{' '.join(deck[:5])}`" in text
    assert f"`{hashlib.sha256(bytes(32)).hexdigest()[:16]}…`" in text


@pytest.mark.parametrize("seed", range(40))
def test_the_readme_verifier_gets_the_engines_deck(seed: int) -> None:
    rng = random.Random(seed)
    server = rng.randbytes(32)
    seeds = [rng.randbytes(rng.randint(1, 20)).hex()[:64] for _ in range(rng.randint(2, 8))]
    hand_id = rng.randint(1, 10**12)
    engine = fair_deck(server, seeds, hand_id)
    expected, _ = readme_deck(server, seeds, hand_id)
    assert format_cards(engine.cards).split() == expected
    assert commitment(server) == hashlib.sha256(server).hexdigest()
    assert len(commitment(server)) == 64


def test_each_seed_and_the_hand_id_change_the_deck() -> None:
    server = bytes(range(32))
    base = fair_deck(server, ["a", "b"], 5).cards
    assert fair_deck(server, ["a", "c"], 5).cards != base  # a player alone changes it
    assert fair_deck(server, ["b", "a"], 5).cards != base  # order matters
    assert fair_deck(server, ["a", "b"], 6).cards != base  # so does the hand
    assert fair_deck(bytes(32), ["a", "b"], 5).cards != base
    assert fair_deck(server, ["a", "b"], 5).cards == base  # and nothing else


def test_no_card_is_favoured_in_any_position() -> None:
    """5,200 decks: each card lands in the first and last position about 100 times
    (chi-square with 51 degrees of freedom, far below the 0.1% critical value 87.97)."""
    first: Counter[int] = Counter()
    last: Counter[int] = Counter()
    for hand_id in range(5200):
        cards = fair_deck(b"\x07" * 32, ["x"], hand_id).cards
        first[cards[0]] += 1
        last[cards[-1]] += 1
    for counts in (first, last):
        assert len(counts) == 52
        chi = sum((count - 100) ** 2 / 100 for count in counts.values())
        assert chi < 87.97, chi


def test_player_seeds_are_checked() -> None:
    assert check_player_seed("My-lucky_seed!42") == "My-lucky_seed!42"
    for bad in ("", "two words", "x" * 65, "back`quote", "é", "new\nline"):
        with pytest.raises(InvalidSeed):
            check_player_seed(bad)


def test_a_triple_draw_reshuffle_continues_the_stream_as_the_readme_says() -> None:
    """RULES §5.6 with six players throwing five cards each: the stub runs short at the fifth
    draw, and the README's procedure gives exactly the cards the engine deals from the pile."""
    server, seeds, hand_id = bytes(range(32, 64)), ["p1", "p2", "p3", "p4", "p5", "p6"], 77
    config = HandConfig(
        variant_key="triple_draw",
        players=tuple(range(1, 7)),
        stacks=(1000,) * 6,
        stakes=Stakes.default(VARIANTS["triple_draw"], 10),
    )
    hand = Hand(config, fair_deck(server, seeds, hand_id))
    for kind in ("call",) * 5 + ("check",):
        hand.act(hand.actor or 0, Action(ActionKind(kind)))
    thrown: list[str] = []
    for _ in range(6):
        index = hand.actor_index
        assert index is not None
        discards = tuple(hand.cards[index])
        before_events = len(hand.events)
        hand.act(hand.players[index], Action(ActionKind.DRAW, discards=discards))
        reshuffled = [e for e in hand.events[before_events:] if isinstance(e, Reshuffled)]
        if reshuffled:
            received = [str(card) for card in hand.cards[index]]
            deck, stream = readme_deck(server, seeds, hand_id)
            stub_left = 52 - 30 - 5 * 4  # the deal took 30, four draws took 20: 2 left
            pile = readme_shuffle(thrown, stream)
            assert received == deck[52 - stub_left :] + pile[: 5 - stub_left]
            break
        thrown.extend(str(card) for card in discards)
    else:
        pytest.fail("no reshuffle")
    again = from_record(to_record(hand))  # the record carries the seeds: the same reshuffle
    assert snapshot(again) == snapshot(hand)
    assert to_record(hand)["shuffle"] == {
        "version": SHUFFLE_VERSION,
        "server_seed": server.hex(),
        "player_seeds": seeds,
        "hand_id": hand_id,
    }


@pytest.mark.parametrize(
    "seeds",
    [
        ["Bob's-lucky-42:1000000000000000065", "1000000000000000061"],  # as dealt: seed:click
        ["a,b;c!d?e", "x=y+z", "(~)@#$%^&*[]{}|\\<>/"],  # every punctuation the format allows
        ["with spaces inside", "  leading", "trailing  "],  # UTF-8 text, spaces kept
        ["été", "♠♥♦♣", "日本語", "🃏"],  # non-ASCII: the README's UTF-8
    ],
)
def test_the_readme_verifier_agrees_on_any_player_seed_text(seeds: list[str]) -> None:
    """Issue 27.11: the README's steps, written here without the engine, give the engine's
    deck for seeds with punctuation, spaces and non-ASCII letters: the message is UTF-8 text,
    nothing is trimmed or normalised."""
    server = bytes(range(32))
    engine = fair_deck(server, seeds, 77)
    expected, _ = readme_deck(server, seeds, 77)
    assert format_cards(engine.cards).split() == expected
    if any(seed != seed.strip() for seed in seeds):  # a space is part of the seed
        trimmed = fair_deck(server, [seed.strip() for seed in seeds], 77)
        assert format_cards(trimmed.cards).split() != expected
