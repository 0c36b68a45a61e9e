"""Display names that would rewrite a line (issue 20.3): bidirectional controls reverse
what follows them (``Seat 3 \u202eevil 96`` shows the stack as 69 and mirrors every later name),
so no name reaches a message, a picture or a history with one."""

from __future__ import annotations

import re

from bot.text.catalogue import plain
from tests.e2e.conftest import Harness
from tests.e2e.players import SHOWDOWN, Table
from tests.e2e.test_history import ask

BIDI = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")
NAMES = ("Ann\u202eevil", "\u2067Bob\u2069 \u200f", "\u202dCa\u200erol\u202c")


def test_every_bidirectional_control_is_dropped_from_a_shown_name() -> None:
    for name in NAMES:
        assert not BIDI.search(plain(name))
    assert plain("Ann\u202eevil") == "Annevil"


async def test_no_bidirectional_control_reaches_a_message_or_a_history(harness: Harness) -> None:
    fake = harness.fake
    channel = fake.add_channel()
    players = [fake.add_user(name) for name in NAMES]
    await fake.slash(players[0], channel, "new", variant="seven_card_stud")
    table = Table(fake, harness.bot, channel, players)
    for player in players:
        joined = await fake.slash(player, channel, "join", buy_in=300)
        assert "seat" in joined["data"]["content"]
    await table.settle()
    await fake.click(players[0], table.message().id, table.message().custom_ids["Start"])
    hand_id = await table.play_hand(SHOWDOWN)
    shown = [v for m in fake.channel_messages(channel) for v in m.versions]
    assert any("Annevil" in version for version in shown)
    for version in shown:
        assert not BIDI.search(version), version
    content, sent = await ask(table, players[0], hand_id=hand_id)
    assert sent is not None
    assert not BIDI.search(content)
    assert not BIDI.search(sent.text)
    assert "Annevil" in sent.text
