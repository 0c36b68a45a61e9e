"""Provably fair deals, as players see them (INTERFACE.md, "Provable fairness")."""

from __future__ import annotations

import hashlib
import re

from bot.poker.cards import format_cards
from tests.e2e.conftest import Harness
from tests.e2e.players import SHOWDOWN
from tests.e2e.test_games import seat_players
from tests.fakediscord.model import MANAGE_GUILD
from tests.poker.test_fairness import readme_deck

COMMITMENT = re.compile(r"^-# Commitment: ([0-9a-f]{64})$", re.MULTILINE)

AHEAD = re.compile(r"^-# Next hand's commitment: ([0-9a-f]{64})$", re.MULTILINE)
# a cards DM, read on a phone, puts the fingerprint first (issue 42.16)
AHEAD_PRIVATE = re.compile(r"^-# ([0-9a-f]{64}) · next hand's commitment$", re.MULTILINE)


async def test_commitment_first_then_the_seeds_that_prove_the_deck(harness: Harness) -> None:
    fake = harness.fake
    table = await seat_players(harness, "stud_hi_lo", 3)
    chosen = await fake.slash(table.players[1], table.channel, "seed", text="Bob's-lucky-42")
    assert "Bob's-lucky-42" in chosen["message"].content
    bad = await fake.slash(table.players[2], table.channel, "seed", text="two words")
    assert "without spaces" in bad["message"].content
    first = await table.play_hand(SHOWDOWN)  # dealt before Bob chose his seed
    await table.wait_for_turn()  # the second hand (with Bob's seed) is being played
    live = harness.bot.dealer.tables[table.channel]
    second = live.hand_id
    assert second is not None and second != first
    refused = await fake.slash(table.players[0], table.channel, "verify", hand_id=second)
    assert "still being played" in refused["message"].content
    assert "Server seed" not in refused["message"].content

    assert await table.play_hand(SHOWDOWN) == second
    for hand_id in (first, second):
        shown = table.table_messages(hand_id)
        commitments = {c for m in shown for v in m.versions for c in COMMITMENT.findall(v)}
        assert len(commitments) == 1  # one commitment, on the table message from the deal
        commitment = commitments.pop()
        posted = next(i for i, r in enumerate(fake.requests) if commitment in str(r.body or ""))
        # shown one hand ahead: on the message of the hand before (or the table's opening),
        # before any player's part of this deal was fixed
        before = [
            m
            for m in fake.channel_messages(table.channel)
            for v in m.versions
            if commitment in AHEAD.findall(v)
        ]
        assert before, "the commitment was not shown ahead"
        if hand_id == second:  # during the hand before, whole in each player's cards
            # message, sent before that hand's first prompt: the players' clicks during it are
            # this deal's other part (a prefix would not bind); the table shows one line
            during = [
                v
                for m in table.table_messages(first)
                for v in m.versions
                if f" · Hand #{first} ·" in v.split("\n")[0]  # in play: its street named
            ]
            assert during and not any(AHEAD.search(v) for v in during)
            cards = [
                (i, str((r.body or {}).get("content", "")))
                for i, r in enumerate(fake.requests)
                if r.method == "POST" and f"Hand #{first} ·" in str(r.body or "")
                and "Your cards" in str(r.body or "")
            ]  # fmt: skip
            assert len(cards) >= 3
            assert all(AHEAD_PRIVATE.findall(text) == [commitment] for _, text in cards)
            prompt = next(
                i
                for i, r in enumerate(fake.requests)
                if r.method == "POST" and f" · Hand #{first} ·" in str(r.body or "")
                and "Your cards" not in str(r.body or "")
            )  # fmt: skip
            assert max(i for i, _ in cards[:3]) < prompt  # every player's, before the prompt
        dms = [
            i
            for i, r in enumerate(fake.requests)
            if r.method == "POST"
            and "/channels/" in r.path
            and f"Hand #{hand_id}" in str(r.body or "")
            and "Your cards" in str(r.body or "")
        ]
        assert dms and posted < min(dms)  # the commitment before any card of the hand

        reply = await fake.slash(table.players[2], table.channel, "verify", hand_id=hand_id)
        text = reply["message"].content
        assert reply["message"].ephemeral_for == table.players[2]
        server = re.search(r"Server seed: `([0-9a-f]{64})`", text)
        assert server is not None
        assert hashlib.sha256(bytes.fromhex(server[1])).hexdigest() == commitment
        seeds = re.findall(
            r"`([^`]+)`", text.split("Player seeds, in dealing order: ")[1].split("\n")[0]
        )
        assert len(seeds) == 3
        bobs = [seed for seed in seeds if seed.startswith("Bob's-lucky-42:")]  # with his click
        assert bool(bobs) == (hand_id == second)
        deck_line = re.search(r"Deck, in dealing order: ((?:[2-9TJQKA][cdhs] ?){52})$", text, re.M)
        assert deck_line is not None
        # the README's steps, written without the engine (issue 27.11)
        again, _ = readme_deck(bytes.fromhex(server[1]), seeds, hand_id)
        assert " ".join(again) == deck_line[1].strip()
        stored = await table.hand(hand_id)
        assert format_cards(stored.deck.cards) == deck_line[1].strip()
        assert "the same deck" in text
        assert "sha256sum" in text

    nowhere = await fake.slash(table.players[0], table.channel, "verify", hand_id=10**6)
    assert "There is no Hand #1000000" in nowhere["message"].content


async def test_verify_answers_only_the_hands_players_and_managers(harness: Harness) -> None:
    """Issue 20.1: verify reveals every card of the hand, folded ones too, so it answers only
    those dealt in (and members with Manage Server), in the words of /poker history."""
    fake = harness.fake
    table = await seat_players(harness, "seven_card_stud", 2)
    outsider = fake.add_user("Mallory")
    manager = fake.add_user("Maud")
    fake.permissions[manager] = MANAGE_GUILD
    hand_id = await table.play_hand(SHOWDOWN)
    refused = await fake.slash(outsider, table.channel, "verify", hand_id=hand_id)
    text = refused["message"].content
    assert "Server seed" not in text and "Deck" not in text
    history = await fake.slash(outsider, table.channel, "history", hand_id=hand_id)
    assert text == history["message"].content  # the same refusal words
    assert f"You were not dealt in Hand #{hand_id}" in text
    for allowed in (table.players[0], manager):
        reply = await fake.slash(allowed, table.channel, "verify", hand_id=hand_id)
        shown = reply["message"].content
        assert "Server seed" in shown
        assert "every card of the hand" in shown  # said plainly to whoever asks
