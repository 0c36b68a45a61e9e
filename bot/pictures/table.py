"""The picture of the table (issue 11), for a stud table message once a street is dealt:
every seat still in the hand, its down cards as backs and its up cards face up, two seats a
row so that it stays short on a phone. Drawn from the public view only (``SeatView`` knows how
many cards are down, never which), so no hidden card can reach it."""

from __future__ import annotations

from PIL import Image, ImageDraw
from PIL.ImageFont import FreeTypeFont

from bot.dealer.views import SeatView, TableView
from bot.pictures.cards import BACKGROUND, font, small, to_png
from bot.pictures.showdown import LABEL, NAME_LIMIT, short_name
from bot.text import Speaker

MARGIN, GAP, CELL_GAP = 10, 4, 16
LABEL_HEIGHT = 22
COLUMNS = 2


def pictured_seats(view: TableView) -> tuple[SeatView, ...]:
    return tuple(seat for seat in view.seats if seat.dealt and not seat.folded)


def up_streets(view: TableView) -> int:
    """How many up cards each player in the hand has, and the community card: it grows with
    each street that deals cards face up (not with folds, nor with a card dealt down)."""
    seats = pictured_seats(view)
    return max((len(seat.up_cards) for seat in seats), default=0) + len(view.board)


def table_picture(view: TableView, say: Speaker) -> Image.Image:
    seats = pictured_seats(view)
    if not seats:
        raise ValueError("a table picture needs seats in the hand")
    card = small(None)
    most = max(seat.down_count + len(seat.up_cards) for seat in seats)
    cell_width = most * card.width + (most - 1) * GAP
    cell_height = LABEL_HEIGHT + card.height
    columns = min(COLUMNS, len(seats))
    rows = -(-len(seats) // columns) + (1 if view.board else 0)
    width = 2 * MARGIN + columns * cell_width + (columns - 1) * CELL_GAP
    height = 2 * MARGIN + rows * cell_height + (rows - 1) * CELL_GAP
    picture = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(picture)
    name_font = font(15)
    for index, seat in enumerate(seats):
        left = MARGIN + (index % columns) * (cell_width + CELL_GAP)
        top = MARGIN + (index // columns) * (cell_height + CELL_GAP)
        label = _fitted(say, seat, name_font, cell_width)
        # no mark of whose turn it is: the picture stays while players act, the text says it
        draw.text((left, top), label, font=name_font, fill=LABEL)
        faces = [small(None)] * seat.down_count + [small(up) for up in seat.up_cards]
        for number, face in enumerate(faces):
            x = left + number * (card.width + GAP)
            picture.paste(face, (x, top + LABEL_HEIGHT), face)
    if view.board:  # RULES §2.7: one community card for everyone
        top = MARGIN + (rows - 1) * (cell_height + CELL_GAP)
        draw.text((MARGIN, top), say("picture-board"), font=name_font, fill=LABEL)
        for number, shared in enumerate(view.board):
            face = small(shared)
            picture.paste(face, (MARGIN + number * (card.width + GAP), top + LABEL_HEIGHT), face)
    return picture


def _fitted(say: Speaker, seat: SeatView, name_font: FreeTypeFont, width: int) -> str:
    """The seat's label, its name cut until it fits above the seat's cards."""
    limit = NAME_LIMIT
    while True:
        label = say("picture-seat", number=seat.number, name=short_name(seat.name, limit))
        if limit <= 2 or name_font.getlength(label) <= width:
            return label
        limit -= 1


def table_png(view: TableView, say: Speaker) -> bytes:
    return to_png(table_picture(view, say))
