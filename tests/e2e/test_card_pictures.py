"""Pictures of a player's own cards (issue 11): every DM of a hand, the My cards answer and
the draw picker carry a picture of exactly the cards their text names, in the four colours
of the player who chose them with `/poker settings four_colour` and in two colours for
everyone else."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.pictures.cards import CARD_HEIGHT, CARD_WIDTH
from bot.pictures.hand import GAP, MARGIN, MARK_HEIGHT
from tests.e2e.conftest import Harness
from tests.e2e.players import HAND_ID, SHOWDOWN, cards_in
from tests.e2e.test_games import seat_players
from tests.fakediscord.server import MANAGE_GUILD, SentFile


def colours(picture: SentFile) -> set[tuple[int, int, int]]:
    image = Image.open(io.BytesIO(picture.data)).convert("RGB")
    found = image.getcolors(image.width * image.height)
    assert found is not None
    return {colour for _, colour in found}


def has_blue(found: set[tuple[int, int, int]]) -> bool:
    """The four-colour diamond (the felt and the two-colour suits have no such pixel)."""
    return any(b > r + 100 and b > g + 60 for r, g, b in found)


def has_green(found: set[tuple[int, int, int]]) -> bool:
    """The four-colour club: far greener than the felt."""
    return any(g > r + 90 and g > b + 70 for r, g, b in found)


def check_hand_picture(content: str, files: list[SentFile], four_colour: bool) -> set[str]:
    """One picture of exactly the cards the text names, marks under down cards in stud only,
    diamonds blue and clubs green exactly when the reader chose four colours; returns the
    suits pictured."""
    match = HAND_ID.search(content)
    assert match is not None, content
    held = next(line for line in content.split("\n") if line.startswith("Your cards: "))
    cards = cards_in(held)  # not those of the draw's line, thrown and received
    [picture] = files
    assert picture.filename == f"cards-{match[1]}.png"
    image = Image.open(io.BytesIO(picture.data))
    assert image.width == 2 * MARGIN + len(cards) * CARD_WIDTH + (len(cards) - 1) * GAP
    down = content.count("(down)")
    marked = 0 < down < len(cards)  # a mark under each down card beside up cards
    height = 2 * MARGIN + CARD_HEIGHT + (MARK_HEIGHT if marked else 0)
    assert image.height == height
    suits = {str(card)[1] for card in cards}
    found = colours(picture)
    assert has_blue(found) == (four_colour and "d" in suits), (four_colour, suits)
    assert has_green(found) == (four_colour and "c" in suits), (four_colour, suits)
    return suits


@pytest.mark.parametrize("variant", ["seven_card_stud", "triple_draw"])
async def test_pictures_of_your_cards_in_the_colours_you_chose(
    harness: Harness, variant: str
) -> None:
    table = await seat_players(harness, variant, 3)
    fake = table.fake
    chooser, others = table.players[0], table.players[1:]
    admin = fake.add_user("Admin")  # up to six hands of draws: the server allows 600 a minute
    fake.permissions[admin] = MANAGE_GUILD
    await fake.slash(admin, table.channel, "config", group="poker-admin", commands_per_minute=600)
    await table.wait_for_turn()

    shown = (await fake.slash(chooser, table.channel, "settings"))["message"]
    assert shown.ephemeral_for == chooser
    assert "Your settings:" in shown.content and "Four-colour deck: off" in shown.content
    assert [sample.filename for sample in shown.files] == ["two-colours.png"]
    assert not has_blue(colours(shown.files[0])) and not has_green(colours(shown.files[0]))
    saved = (await fake.slash(chooser, table.channel, "settings", four_colour=True))["message"]
    assert saved.content.startswith("Saved. Your settings:")
    assert "Four-colour deck: on" in saved.content
    assert [sample.filename for sample in saved.files] == ["four-colours.png"]
    assert has_blue(colours(saved.files[0])) and has_green(colours(saved.files[0]))
    chosen_at = len(fake.dms(chooser))

    # My cards, by each player, in the hand under way
    for player in table.players:
        message = table.message()
        reply = await fake.click(player, message.id, message.custom_ids["My cards"])
        mine = reply["message"]
        check_hand_picture(mine.content, mine.files, four_colour=player == chooser)
    # hands until the chooser has seen diamonds and clubs, so that the colours are tested
    pictured: set[str] = set()
    for _ in range(6):
        await table.play_hand(SHOWDOWN)
        dealt = [m for m in fake.dms(chooser)[chosen_at:] if HAND_ID.search(m.content)]
        assert dealt, "no DM after the choice"
        for message in dealt:
            pictured |= check_hand_picture(message.content, message.files, four_colour=True)
        if {"d", "c"} <= pictured:
            break
    assert {"d", "c"} <= pictured
    for player in others:
        for message in fake.dms(player):
            check_hand_picture(message.content, message.files, four_colour=False)
    pickers = [
        message
        for player in table.players
        for message in fake.ephemeral_for(player)
        if "Pick the cards" in message.versions[0]
    ]
    assert bool(pickers) == (variant == "triple_draw")
    for picker in pickers:  # answered: the picture of the cards before the draw is gone
        assert picker.content.startswith(("Your draw: ", "You stood pat.")), picker.content
        assert "\nYour cards: " in picker.content  # what they hold now
        assert not picker.files
        assert picker.ephemeral_for is not None
        chose = picker.ephemeral_for == chooser
        check_hand_picture(picker.versions[0], picker.uploaded, four_colour=chose)

    back = (await fake.slash(chooser, table.channel, "settings", four_colour=False))["message"]
    assert "Four-colour deck: off" in back.content
    assert not has_blue(colours(back.files[0]))
