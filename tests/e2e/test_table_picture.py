"""The picture of a stud table (issue 11, optional part), where the server turned it on
(`/poker-admin config table_pictures`): once a street is dealt the table message gets
`table-<hand>.png` in an edit of its own, never in the answer to a click, once per street
that shows new up cards; a draw game, whose cards are all down, gets none. Off by default:
each picture is one more rate-limited request."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from bot.pictures.cards import small
from bot.pictures.table import CELL_GAP, GAP, LABEL_HEIGHT, MARGIN
from tests.e2e.conftest import Harness
from tests.e2e.players import SHOWDOWN
from tests.e2e.test_games import seat_players
from tests.fakediscord.server import MANAGE_GUILD

MESSAGE_EDIT = re.compile(r"^/channels/\d+/messages/(\d+)$")
UP_STREETS = {"seven_card_stud": 4, "five_card_stud": 4, "triple_draw": 0}  # RULES §2, §4, §5


@pytest.mark.parametrize("variant", sorted(UP_STREETS))
async def test_the_table_message_pictures_each_street(harness: Harness, variant: str) -> None:
    fake = harness.fake
    admin = fake.add_user("Admin")
    fake.permissions[admin] = MANAGE_GUILD
    channel = fake.add_channel()
    turned = await fake.slash(admin, channel, "config", group="poker-admin", table_pictures=True)
    assert "Table pictures: on" in turned["message"].content
    table = await seat_players(harness, variant, 3)
    hand_id = await table.play_hand(SHOWDOWN)
    shown = {message.id: message for message in table.table_messages(hand_id)}
    uploads = [sent for message in shown.values() for sent in message.uploaded]
    assert all(sent.filename == f"table-{hand_id}.png" for sent in uploads)
    # played to showdown, each click waiting for the outbox: one picture per up street
    assert len(uploads) == UP_STREETS[variant]

    edits = [
        request
        for request in fake.requests
        if request.method == "PATCH"
        and (match := MESSAGE_EDIT.match(request.path))
        and int(match[1]) in shown
        and request.body.get("_files")
    ]
    assert len(edits) == len(uploads)  # each picture in an edit of its own, one file each
    answers_with_files = [
        request
        for request in fake.requests
        if "/interactions/" in request.path and (request.body.get("data") or {}).get("_files")
    ]
    clicked_answers = [r for r in answers_with_files if r.body.get("type") == 7]
    assert clicked_answers == []  # clicks are answered without uploads

    if uploads:  # the last street pictured: three seats, two a row, every card dealt so far
        stored = await table.hand(hand_id)
        drawn = Image.open(io.BytesIO(uploads[-1].data))
        card = small(None)
        dealt = max(len(cards) for cards in stored.cards)
        pictured_cards = min(dealt, 6 if variant == "seven_card_stud" else 5)
        cell = pictured_cards * card.width + (pictured_cards - 1) * GAP
        assert drawn.width == 2 * MARGIN + 2 * cell + CELL_GAP
        assert drawn.height == 2 * MARGIN + 2 * (LABEL_HEIGHT + card.height) + CELL_GAP


async def test_no_table_picture_unless_the_server_turns_it_on(harness: Harness) -> None:
    table = await seat_players(harness, "seven_card_stud", 3)
    hand_id = await table.play_hand(SHOWDOWN)
    assert not [m for m in table.table_messages(hand_id) if m.uploaded]
