"""The text replay of `/poker history` (issue 10): each street's cards and actions as the
reader may see them (RULES §1.8), stud down cards bracketed, draws with what was thrown and
received, and a hand of 8 players split under Discord's 2,000 characters."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from bot.dealer.hand_history import replay
from bot.poker.cards import CARD_BACK
from bot.poker.history import visibility
from bot.poker.record import to_record
from bot.poker.state import Hand
from bot.store.records import PlayedHand
from bot.text import Speaker
from bot.text.catalogue import TEXT_STYLE
from cogs.poker._history import replay_content
from cogs.poker._render import MESSAGE_LIMIT, messages
from tests.poker.helpers import act, check_down, check_round, make_hand, play, round_robin

NAMES = {1: "Ann", 2: "Bob", 3: "Cy", 4: "Dee", 5: "Eve", 6: "Flo", 7: "Gus", 8: "Hal"}


def _text(hand: Hand, viewer: int) -> str:
    played = PlayedHand(
        id=42,
        guild_id=1,
        channel_id=2,
        table_id=3,
        started_at=datetime(2026, 11, 23, 20, 0, tzinfo=UTC),
        ended=True,
        voided=False,
        names={player: NAMES[player] for player in hand.players},
        record=to_record(hand),
    )
    return replay_content(Speaker("en"), replay(hand, played, visibility(hand, viewer)))


def test_stud_replay_brackets_own_down_cards_and_hides_a_folded_players() -> None:
    deck = round_robin(["Ah Kh 9c", "2d 3d 4c", "Qs Js 8c"])  # 4♣ brings in
    hand = make_hand("seven_card_stud", deck, players=3)
    play(hand, "bring_in", "call")
    act(hand, "fold")  # Ann folds
    check_down(hand)
    for_ann = _text(hand, 1).replace(TEXT_STYLE, "").split("\n")  # as a script reads it
    assert for_ann[0] == "**Hand #42** · Seven Card Stud 10/20 · <t:1795464000:f>"
    assert for_ann[1] == "Seats: 1 Ann 1,000 · 2 Bob 1,000 · 3 Cy 1,000"
    assert (
        for_ann[2]
        == "Forced bets: Ann posts the ante (1) · Bob posts the ante (1) · Cy posts the ante (1)"
    )
    assert for_ann[3:6] == [
        "__3rd street__",
        "Ann [A♥ K♥] 9♣ · Bob [2♦ 3♦] 4♣ · Cy [Q♠ J♠] 8♣",  # Bob and Cy showed down
        "Bob brings in for 3 · Cy calls 3 · Ann folds",
    ]
    for_bob = _text(hand, 2).replace(TEXT_STYLE, "")
    assert f"Ann {CARD_BACK} {CARD_BACK} 9♣ ·" in for_bob
    assert "A♥" not in for_bob and "K♥" not in for_bob
    assert "__Result__\nBob shows" in for_bob or "__Result__\nCy shows" in for_bob


def test_draws_show_the_readers_own_cards_thrown_and_received() -> None:
    hand = make_hand("triple_draw", players=3)
    check_round(hand)
    drawer = hand.actor
    assert drawer is not None
    thrown = hand.cards[hand.index_of(drawer)][:2]
    act(hand, "draw", discards=" ".join(map(str, thrown)))
    while not hand.is_complete:  # the others stand pat and fold to the drawer's bets
        if hand.actor == drawer:
            act(hand, "bet" if hand.phase.value == "betting" else "draw")
        else:
            act(hand, "draw" if hand.phase.value == "drawing" else "fold")
    received = hand.cards[hand.index_of(drawer)][3:]
    name = NAMES[drawer]
    own = _text(hand, drawer)
    assert not re.search(f"[♠♣](?!{TEXT_STYLE})", own)  # issue 36.7, in the draw lines too
    own = own.replace(TEXT_STYLE, "")
    symbols = " ".join(card.symbol for card in thrown)
    assert f"{name} draws 2: {symbols} → {' '.join(c.symbol for c in received)}" in own
    other = next(player for player in hand.players if player != drawer)
    theirs = _text(hand, other)
    assert f"{name} draws 2 ·" in theirs or theirs.count(f"{name} draws 2\n") == 1
    for card in (*thrown, *received):  # issue 27.5: each card on its own, both ways
        assert card.symbol not in theirs, card
        assert str(card) not in theirs, card


def test_a_long_hand_fits_in_messages_under_the_limit() -> None:
    hand = make_hand("seven_card_stud", players=8)
    check_down(hand)
    text = _text(hand, 1)
    parts = messages([text])
    assert all(len(part) <= MESSAGE_LIMIT for part in parts)
    assert "\n".join(parts) == text
