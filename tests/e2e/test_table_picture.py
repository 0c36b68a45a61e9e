"""The picture of a stud table (issue 11, optional part), where the server turned it on
(`/poker-admin config table_pictures`): the answer to each click carries `table-<hand>.png`
as the table is then (seats, stacks, who is to act, the pot: issue 21), which costs no
request against the rate limit; only a street dealt without a click (the clock, a new hand)
is pictured in an edit of its own. A draw game, whose cards are all down, gets none. Off by
default."""

from __future__ import annotations

import asyncio
import io
import re

import pytest
from PIL import Image

from bot.pictures.cards import small
from bot.pictures.table import CELL_GAP, GAP, LABEL_HEIGHT, MARGIN, POT_HEIGHT
from tests.dealer.conftest import FakeClock
from tests.e2e.conftest import Harness
from tests.e2e.players import SHOWDOWN, Table
from tests.e2e.test_games import seat_players
from tests.fakediscord.server import GUILD_ID, MANAGE_GUILD

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
    clicked = [
        request
        for request in fake.requests
        if "/interactions/" in request.path and request.body.get("type") == 7
    ]
    pictured = [r for r in clicked if (r.body.get("data") or {}).get("_files")]
    edits = [
        request
        for request in fake.requests
        if request.method == "PATCH"
        and (match := MESSAGE_EDIT.match(request.path))
        and int(match[1]) in shown
        and request.body.get("_files")
    ]
    assert edits == []  # every move was a click: no rate-limited request for a picture
    if not UP_STREETS[variant]:
        assert uploads == [] and pictured == []
        return
    stored = await table.hand(hand_id)
    # Start, then each click that left the hand going (all but the last), answered with the
    # table's picture
    assert len(pictured) == 1 + len(stored.actions) - 1 == len(uploads)
    drawn = Image.open(io.BytesIO(uploads[-1].data))  # the last: three seats, two a row
    card = small(None)
    dealt = max(len(cards) for cards in stored.cards)
    cell = dealt * card.width + (dealt - 1) * GAP  # at the last street too (a back)
    assert drawn.width == 2 * MARGIN + 2 * cell + CELL_GAP
    rows = 2 * (LABEL_HEIGHT + card.height) + CELL_GAP
    assert drawn.height == 2 * MARGIN + rows + POT_HEIGHT  # and the pot's line


async def test_no_table_picture_unless_the_server_turns_it_on(harness: Harness) -> None:
    table = await seat_players(harness, "seven_card_stud", 3)
    hand_id = await table.play_hand(SHOWDOWN)
    assert not [m for m in table.table_messages(hand_id) if m.uploaded]


async def test_a_move_by_the_clock_is_pictured_and_a_finished_hand_keeps_no_picture(
    clocked: tuple[Harness, FakeClock],
) -> None:
    """Issue 21 review: the picture names the player to act, so it is drawn again when the
    clock acts (one edit), and it goes once the hand is over."""
    harness, clock = clocked
    fake = harness.fake
    await harness.bot.store.save_server_settings(GUILD_ID, '{"table_pictures": true}')
    channel = fake.add_channel()
    ann, bob, cat = (fake.add_user(name) for name in ("Ann", "Bob", "Cat"))
    await fake.slash(ann, channel, "new", variant="seven_card_stud", time_bank=0)
    table = Table(fake, harness.bot, channel, [ann, bob, cat])
    for player in (ann, bob, cat):
        await fake.slash(player, channel, "join")
    await fake.slash(ann, channel, "start")
    sleeper = await table.wait_for_turn()
    message = table.message()
    async with asyncio.timeout(5):  # the deal's picture, drawn once the message is there
        while not message.uploaded:
            await asyncio.sleep(0.01)
            await table.settle()
    before = len(message.uploaded)
    clock.advance(61)
    harness.bot.dealer.wake()
    async with asyncio.timeout(5):
        while table.actor() == sleeper or len(message.uploaded) == before:
            await asyncio.sleep(0.01)
            await table.settle()
    assert len(message.uploaded) == before + 1  # the table as the clock left it
    await table.play_hand(SHOWDOWN)
    assert table.table_messages(table.hands[-1])[0].files == []  # no stale player to act
