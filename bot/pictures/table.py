"""The picture of the table (issue 11), for a stud table message: every seat still in the hand
with its stack, its down cards as backs and its up cards face up, the player to act marked in
gold, and the pot; two seats a row so that it stays short on a phone. Drawn from the public
view only (``SeatView`` knows how many cards are down, never which), so no hidden card can
reach it."""

from __future__ import annotations

from PIL import Image, ImageDraw
from PIL.ImageFont import FreeTypeFont

from bot.dealer.views import SeatView, TableView
from bot.pictures.cards import BACKGROUND, font, small, to_png
from bot.pictures.showdown import LABEL, NAME_LIMIT, WINNER, short_name
from bot.text import Speaker

MARGIN, GAP, CELL_GAP = 10, 4, 16
LABEL_HEIGHT = 22
COLUMNS = 2
POT_HEIGHT = 26  # the pot's line, under the seats


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
    height = 2 * MARGIN + rows * cell_height + (rows - 1) * CELL_GAP + POT_HEIGHT
    picture = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(picture)
    name_font = font(15)
    for index, seat in enumerate(seats):
        left = MARGIN + (index % columns) * (cell_width + CELL_GAP)
        top = MARGIN + (index // columns) * (cell_height + CELL_GAP)
        acting = seat.user_id == view.actor_id
        label = _fitted(say, seat, name_font, cell_width, acting=acting)
        draw.text((left, top), label, font=name_font, fill=WINNER if acting else LABEL)
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
    pot = sum(view.pots)
    if pot:
        draw.text(
            (MARGIN, height - MARGIN - POT_HEIGHT + 6),
            say("picture-pot", amount=pot),
            font=name_font,
            fill=WINNER,
        )
    return picture


def _fitted(
    say: Speaker, seat: SeatView, name_font: FreeTypeFont, width: int, *, acting: bool
) -> str:
    """The seat's label (number, name, stack, ``▶`` for the player to act), its name cut until
    it fits above the seat's cards."""
    limit = NAME_LIMIT
    while True:
        label = say(
            "picture-seat",
            number=seat.number,
            name=short_name(seat.name, limit),
            stack=seat.stack,
            acting="yes" if acting else "no",
        )
        if limit <= 2 or name_font.getlength(label) <= width:
            return label
        limit -= 1


def table_png(view: TableView, say: Speaker) -> bytes:
    return to_png(table_picture(view, say))
