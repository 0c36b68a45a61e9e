"""End to end: the real bot against the fake Discord, four games played through the buttons.

Each game: players join (slash command and button), start, play a hand to showdown and one to a
fold-out, then /poker end. After every hand: nobody saw a down card that was not theirs, the
table message matched the engine, and wallets plus stacks hold the starting chips.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.dealer.settings import ServerSettings
from tests.conftest import BACKENDS
from tests.e2e.conftest import Harness
from tests.e2e.players import FOLD_OUT, SHOWDOWN, Table, cards_in
from tests.fakediscord.server import GUILD_ID

GAMES = ["seven_card_stud", "razz", "stud_hi_lo", "five_card_stud", "triple_draw"]


async def seat_players(harness: Harness, variant: str, count: int) -> Table:
    fake = harness.fake
    channel = fake.add_channel()
    players = [fake.add_user(name) for name in ("Alice", "Bob", "Carol", "Dave", "Erin", "Finn")]
    players = players[:count]
    opened = await fake.slash(players[0], channel, "new", variant=variant)
    assert opened["type"] == 4
    table = Table(fake, harness.bot, channel, players)
    joined = await fake.slash(players[0], channel, "join", buy_in=300)
    assert "seat 1 with 300 chips" in joined["data"]["content"]
    for player in players[1:]:
        message = table.message()
        answer = await fake.click(player, message.id, message.custom_ids["Join"])
        assert answer["type"] == 7
    await table.settle()
    start = table.message().custom_ids["Start"]
    assert (await fake.click(players[1], table.message().id, start))["type"] == 7
    return table


@pytest.mark.parametrize("harness", BACKENDS, indirect=True)
@pytest.mark.parametrize("variant", GAMES)
async def test_a_game_from_start_to_end(harness: Harness, variant: str) -> None:
    pictures_on = ServerSettings(table_pictures=True).model_dump_json()  # every picture drawn
    await harness.bot.store.save_server_settings(GUILD_ID, pictures_on)
    table = await seat_players(harness, variant, 4)
    fake = table.fake
    showdown = await table.play_hand(SHOWDOWN)
    summary = table.summaries()[-1].content
    assert f"Hand #{showdown}" in summary
    assert " shows " in summary  # RULES §1.8: hands shown, with their values
    pictures = table.summaries()[-1].files  # the showdown picture, as well as the text
    assert [picture.filename for picture in pictures] == [f"showdown-{showdown}.png"]
    drawn = Image.open(io.BytesIO(pictures[0].data))
    rows = summary.count(" shows ")
    assert drawn.format == "PNG"
    # issues 21 and 36.8: read at a phone's width (about 360 px), names stay 10 px or taller
    # and the picture is no tall column
    assert 18 * 360 / drawn.width >= 10 or rows > 3, drawn.size
    assert drawn.height <= 1.5 * drawn.width, drawn.size
    await table.check_privacy(showdown)
    total, wallets = await table.chips()
    assert total == 1000 * wallets

    folded = await table.play_hand(FOLD_OUT)
    assert "Everyone else folded" in table.summaries()[-1].content
    assert not table.summaries()[-1].files  # nothing shown, nothing drawn
    await table.check_privacy(folded)
    total, wallets = await table.chips()
    assert total == 1000 * wallets

    # My cards answers ephemerally with the player's own cards only.
    actor = await table.wait_for_turn()
    message = table.message()
    # One live table message: those of earlier hands keep their text and lose their buttons.
    assert [m for m in fake.channel_messages(table.channel) if m.components] == [message]
    reply = await fake.click(actor, message.id, message.custom_ids["My cards"])
    stored = table.engine_hand()
    assert stored is not None
    assert reply["message"].ephemeral_for == actor
    assert cards_in(reply["message"].content) == set(stored.cards[stored.index_of(actor)])

    ended = await fake.slash(table.players[0], table.channel, "end")
    # issue 36.14: the channel is told the table closes; the host is not told it twice
    await table.settle()
    told = [m.content for m in fake.channel_messages(table.channel)]
    assert "The table closes after this hand." in told
    assert ended["data"]["content"] == "Done: the channel has been told."
    last = await table.play_hand(SHOWDOWN)
    await table.settle()
    assert harness.bot.dealer.tables.get(table.channel) is None
    final = table.table_messages(last)[-1]
    assert "This table is closed" in final.content
    assert not final.custom_ids  # the closed table has no buttons
    assert await harness.bot.store.load_tables(table.channel) == []
    total, wallets = await table.chips()
    assert total == 1000 * wallets == 4000
    await harness.bot.presenter.idle(table.channel)
    assert await harness.bot.store.pending_notices() == []  # every announcement posted
    for player in table.players:
        balance = await fake.slash(player, table.channel, "balance")
        assert balance["data"]["content"].endswith(" chips")
