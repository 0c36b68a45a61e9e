"""Hand histories end to end (issue 10): `/poker history` answers a hand's players, ephemerally,
with a PHH file PokerKit loads and replays to the stored stacks, and a replay street by street;
down cards never shown are only in their owner's copy (RULES §1.8). `last:N` gives one .phhs."""

from __future__ import annotations

import re
import tomllib

import pytest
from pokerkit import HandHistory

from bot.poker.state import Hand
from tests.e2e.conftest import Harness
from tests.e2e.players import FOLD_OUT, SHOWDOWN, Table, cards_in
from tests.e2e.test_games import GAMES, seat_players
from tests.fakediscord.server import SentFile
from tests.poker.oracle import replay_in_pokerkit, replay_phh
from tests.poker.readers import may_see, written_cards


async def ask(table: Table, player: int, **options: int) -> tuple[str, SentFile | None]:
    reply = await table.fake.slash(player, table.channel, "history", **options)
    message = reply["message"]
    assert message.ephemeral_for == player
    return message.content, (message.files[0] if message.files else None)


def check_phh(text: str, hand: Hand, hand_id: int, variant: str) -> None:
    """PokerKit loads it (Five Card Stud has no PHH code: our oracle builds the game with
    PokerKit's generic API) and replays it, action by action, to the stored stacks."""
    data = tomllib.loads(text)
    assert data["hand"] == hand_id
    assert data["finishing_stacks"] == hand.stacks
    if variant != "five_card_stud":
        loaded = HandHistory.loads(text)
        assert loaded.finishing_stacks == hand.stacks
        assert loaded.players == data["players"]
    assert replay_in_pokerkit(text) == hand.stacks


@pytest.mark.parametrize("variant", GAMES)
async def test_each_player_gets_a_history_pokerkit_replays(harness: Harness, variant: str) -> None:
    table = await seat_players(harness, variant, 3)
    showdown = await table.play_hand(SHOWDOWN)
    folded = await table.play_hand(FOLD_OUT)
    await table.check_privacy(folded)
    names = dict(zip(table.players, ["Alice", "Bob", "Carol"], strict=True))
    for hand_id in (showdown, folded):
        hand = await table.hand(hand_id)
        for player in hand.players:
            asked = {} if hand_id == folded else {"hand_id": hand_id}  # default: the last
            content, sent = await ask(table, player, **asked)
            assert sent is not None and sent.filename == f"hand-{hand_id}.phh"
            check_phh(sent.text, hand, hand_id, variant)
            assert "/poker verify reveals every card of a hand" in sent.text.split("\n")[0]
            allowed = may_see(hand, player)
            assert written_cards(sent.text)[0] <= allowed
            assert cards_in(content) <= allowed, content
            assert set(hand.cards[hand.index_of(player)]) <= written_cards(sent.text)[0]
            assert tomllib.loads(sent.text)["players"] == [names[p] for p in hand.players]
            assert content.startswith(f"**Hand #{hand_id}**")
            assert "__Result__" in content
            if hand_id == folded:
                assert "Everyone else folded" in content
                assert "??" in sent.text  # the others' down cards were never shown
    content, sent = await ask(table, table.players[0], last=5)
    assert sent is not None and sent.filename.endswith(".phhs")
    assert "last 2 hands here, Hand #" in content
    loaded = tomllib.loads(sent.text)
    assert [loaded[key]["hand"] for key in sorted(loaded)] == [showdown, folded]
    for key in sorted(loaded):
        hand = await table.hand(loaded[key]["hand"])
        assert replay_phh(loaded[key]) == hand.stacks
    if variant != "five_card_stud":
        assert len(list(HandHistory.loads_all(sent.text))) == 2


async def test_history_refusals(harness: Harness) -> None:
    table = await seat_players(harness, "seven_card_stud", 2)
    fake = table.fake
    outsider = fake.add_user("Eve")
    first, second = table.players
    none_yet, sent = await ask(table, first)
    assert sent is None and "no finished hand" in none_yet
    await table.wait_for_turn()
    live = table.engine_hand()
    assert live is not None
    hand_id = int(re.findall(r"Hand #(\d+)", table.message().content)[0])
    playing, sent = await ask(table, first, hand_id=hand_id)
    assert sent is None and f"Hand #{hand_id} is still being played" in playing
    played = await table.play_hand(SHOWDOWN)
    assert played == hand_id
    refused, sent = await ask(table, outsider, hand_id=hand_id)
    assert sent is None
    assert refused == (
        f"You were not dealt in Hand #{hand_id}: only its players may read its history"
        " or verify its deal."
    )
    nothing, sent = await ask(table, outsider)
    assert sent is None and "no finished hand" in nothing
    unknown, sent = await ask(table, first, hand_id=hand_id + 1000)
    assert sent is None and unknown == f"There is no Hand #{hand_id + 1000} on this server."
    both, sent = await ask(table, second, hand_id=hand_id, last=3)
    assert sent is None and "not both" in both
    elsewhere = fake.add_channel()  # the hand was not played in that channel: none there
    reply = await fake.slash(first, elsewhere, "history")
    assert "no finished hand" in reply["message"].content
    # By id, a hand is readable from any channel of the server by its players.
    reply = await fake.slash(second, elsewhere, "history", hand_id=hand_id)
    assert reply["message"].files[0].filename == f"hand-{hand_id}.phh"
