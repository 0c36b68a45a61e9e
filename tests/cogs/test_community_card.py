"""RULES §2.7: eight players reach 7th street in Seven Card Stud with four cards left, so the
last card is one community card, face up, shared by every hand. The summary and the showdown
picture show it, marked as shared (issue 20.11): before, each hand showed six cards while its
value used the seventh."""

from __future__ import annotations

from PIL import Image

from bot.dealer import describe
from bot.pictures.cards import card_face, small
from bot.pictures.showdown import LABEL_HEIGHT, in_order, layout, showdown_picture
from bot.poker.events import HandShown
from bot.text import Msg, Speaker
from cogs.poker._render import summary_content
from tests.poker.helpers import check_down, make_hand

SAY = Speaker("en")


def test_the_community_card_is_in_the_summary_and_its_picture() -> None:
    hand = make_hand("seven_card_stud", players=8)  # RULES §2.7
    check_down(hand)
    assert len(hand.board) == 1
    shared = hand.board[0]
    names = {player: f"P{player}" for player in hand.players}
    summary = describe.summary(
        hand, names=names, channel_id=1, hand_id=5, title=Msg("game-seven-card-stud")
    )
    assert summary.board == (shared,)
    assert summary == type(summary).from_dict(summary.to_dict())  # kept while it waits
    shown = [event for event in hand.events if isinstance(event, HandShown)]
    assert all(len(event.cards) == 6 for event in shown)

    text = summary_content(SAY, summary)
    board_lines = [line for line in text.splitlines() if shared.symbol in line]
    assert any("Community card" in line for line in board_lines), text

    picture = showdown_picture(summary, SAY).convert("RGB")
    shape = layout(summary, SAY)
    assert picture.size == shape.size
    # the shared card plays in hands, and is drawn in its own row only (issue 21 review)
    assert any(shared in shown.best for shown in summary.shown)
    for shown in summary.shown:
        assert len(in_order(shown)) == 6 and shared not in in_order(shown)
    assert shape.rows == -(-len(summary.shown) // shape.columns) + 1  # a row of its own
    left, top = shape.cell(0)  # the first row: the community card, labelled as shared
    top += LABEL_HEIGHT
    width, height = shape.card_size  # two hands a row: cards at 60 % (issue 36.8)
    drawn = picture.crop((left, top, left + width, top + height))
    face = Image.new("RGB", (width, height), picture.getpixel((1, 1)))
    card = card_face(shared) if shape.scale == 1 else small(shared, scale=shape.scale)
    face.paste(card, (0, 0), card)
    assert drawn.size == face.size and drawn.mode == face.mode
    assert drawn.tobytes() == face.tobytes()  # pixel for pixel
