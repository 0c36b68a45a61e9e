"""The picture of a player's own hand, for their eyes only (DMs, My cards, the draw picker):
their cards in dealing order, in two colours or the four they chose. In stud, where some
cards are up, each down card is marked under it, as the text marks it."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.pictures.cards import BACKGROUND, CARD_HEIGHT, CARD_WIDTH, card_face, font, to_png
from bot.poker.cards import Card
from bot.text import Speaker

MARGIN, GAP = 10, 6
MARK_HEIGHT = 22  # the "down" line under the cards, when there is one
MARK = (200, 220, 205)


def marks_down(face_up: tuple[bool, ...]) -> bool:
    """Down cards are marked only beside up cards: in a draw game every card is down."""
    return any(face_up) and not all(face_up)


def hand_picture(
    cards: tuple[Card, ...], face_up: tuple[bool, ...], say: Speaker, *, four_colour: bool = False
) -> Image.Image:
    if not cards:
        raise ValueError("a hand picture needs cards")
    count = len(cards)
    marked = marks_down(face_up)
    width = 2 * MARGIN + count * CARD_WIDTH + (count - 1) * GAP
    height = 2 * MARGIN + CARD_HEIGHT + (MARK_HEIGHT if marked else 0)
    picture = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(picture)
    mark, mark_font = say("picture-down"), font(14, bold=False)
    for number, (card, up) in enumerate(zip(cards, face_up, strict=True)):
        face = card_face(card, four_colour)
        left = MARGIN + number * (CARD_WIDTH + GAP)
        picture.paste(face, (left, MARGIN), face)
        if marked and not up:
            centre = (left + CARD_WIDTH / 2, MARGIN + CARD_HEIGHT + MARK_HEIGHT / 2 + 1)
            draw.text(centre, mark, font=mark_font, fill=MARK, anchor="mm")
    return picture


def hand_png(
    cards: tuple[Card, ...], face_up: tuple[bool, ...], say: Speaker, *, four_colour: bool = False
) -> bytes:
    return to_png(hand_picture(cards, face_up, say, four_colour=four_colour))
