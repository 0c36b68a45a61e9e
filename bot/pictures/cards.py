"""Card faces, drawn here with Pillow (no card art is shipped, only the DejaVu fonts beside this
module, under their own licence in ``fonts/LICENSE-DejaVu.txt``).

A face is the rank in large bold type above a large suit sign, so that a card still reads
when Discord shrinks the picture to a phone's width; suits are told apart by shape and colour
(red and black, or four colours: spades black, hearts red, diamonds blue, clubs green).
Each face is drawn once and kept.
"""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from bot.poker.cards import Card

FONTS = Path(__file__).with_name("fonts")
CARD_WIDTH, CARD_HEIGHT = 64, 90
BACKGROUND = (24, 94, 58)  # the felt
PAPER = (255, 255, 255)
EDGE = (150, 150, 150)
TWO_COLOURS = {"s": (20, 20, 20), "h": (200, 20, 30), "d": (200, 20, 30), "c": (20, 20, 20)}
FOUR_COLOURS = {"s": (20, 20, 20), "h": (200, 20, 30), "d": (20, 80, 200), "c": (20, 130, 40)}
SUIT_SIGNS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
BACK = (40, 70, 150)


@cache
def font(size: int, *, bold: bool = True) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONTS / name), size)


@cache
def card_face(card: Card, four_colour: bool = False) -> Image.Image:
    """One card, ``CARD_WIDTH`` x ``CARD_HEIGHT``, on a transparent background."""
    text = str(card)
    rank = "10" if text[0] == "T" else text[0]
    colour = (FOUR_COLOURS if four_colour else TWO_COLOURS)[text[1]]
    face = Image.new("RGBA", (CARD_WIDTH, CARD_HEIGHT), (0, 0, 0, 0))
    draw = ImageDraw.Draw(face)
    draw.rounded_rectangle(
        (0, 0, CARD_WIDTH - 1, CARD_HEIGHT - 1), radius=7, fill=PAPER, outline=EDGE, width=1
    )
    rank_font = font(34 if rank != "10" else 30)
    draw.text((CARD_WIDTH / 2, 24), rank, font=rank_font, fill=colour, anchor="mm")
    draw.text((CARD_WIDTH / 2, 64), SUIT_SIGNS[text[1]], font=font(36), fill=colour, anchor="mm")
    return face


@cache
def card_back() -> Image.Image:
    """A face-down card: a blue back with a white inner frame (never anything that reads like a
    card)."""
    back = Image.new("RGBA", (CARD_WIDTH, CARD_HEIGHT), (0, 0, 0, 0))
    draw = ImageDraw.Draw(back)
    draw.rounded_rectangle(
        (0, 0, CARD_WIDTH - 1, CARD_HEIGHT - 1), radius=7, fill=PAPER, outline=EDGE, width=1
    )
    draw.rounded_rectangle((4, 4, CARD_WIDTH - 5, CARD_HEIGHT - 5), radius=5, fill=BACK)
    draw.rounded_rectangle(
        (9, 9, CARD_WIDTH - 10, CARD_HEIGHT - 10), radius=4, outline=PAPER, width=2
    )
    return back


@cache
def small(card: Card | None, four_colour: bool = False, scale: float = 0.6) -> Image.Image:
    """A card (or, for ``None``, a back) at ``scale``, kept."""
    full = card_back() if card is None else card_face(card, four_colour)
    size = (round(CARD_WIDTH * scale), round(CARD_HEIGHT * scale))
    return full.resize(size, Image.Resampling.LANCZOS)


def to_png(picture: Image.Image) -> bytes:
    """PNG bytes on a small palette: cards and felt compress well."""
    buffer = io.BytesIO()
    picture.quantize(colors=64, method=Image.Quantize.FASTOCTREE).save(
        buffer, format="PNG", optimize=False
    )
    return buffer.getvalue()
