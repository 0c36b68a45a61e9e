"""The picture of a season's leaderboard (issue 45, RULES §12): the board's title and its span
on top, then one row a player (rank, name, points or chips), the server's top three marked in
gold, silver and bronze, and the reader's own row at the foot when they are not on the page.
Narrow (a phone's width) and drawn from words already in the reader's language."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.pictures.cards import BACKGROUND, font, to_png
from bot.pictures.showdown import LABEL, VALUE, short_name

WIDTH = 480
MARGIN, ROW, HEAD = 16, 34, 64
MEDALS = ((255, 206, 84), (200, 205, 215), (214, 140, 80))  # gold, silver, bronze
STRIPE = (30, 108, 68)  # every other row
YOU = (60, 130, 200)  # the reader's own row
NAME_LIMIT = 22


@dataclass(frozen=True, slots=True)
class BoardRow:
    rank: int
    name: str
    value: str  # "42 points", "+1,200": said in the reader's language
    you: bool = False


def leaderboard_picture(title: str, span: str, rows: list[BoardRow], empty: str) -> Image.Image:
    shown = rows or [BoardRow(0, empty, "")]
    height = HEAD + len(shown) * ROW + MARGIN
    picture = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(picture)
    draw.text((MARGIN, 12), title, font=font(20), fill=LABEL)
    spanned = span[:1].upper() + span[1:]  # "Season Winter, …" under the title
    draw.text((MARGIN, 38), spanned, font=font(13, bold=False), fill=VALUE)
    name_font, value_font, rank_font = font(16, bold=False), font(16), font(15)
    for index, row in enumerate(shown):
        top = HEAD + index * ROW
        if row.you:
            draw.rectangle((0, top, WIDTH, top + ROW - 1), fill=YOU)
        elif index % 2:
            draw.rectangle((0, top, WIDTH, top + ROW - 1), fill=STRIPE)
        middle = top + ROW // 2
        if not row.rank:  # the empty board's one line
            draw.text((MARGIN, middle), row.name, font=name_font, fill=LABEL, anchor="lm")
            continue
        if row.rank <= len(MEDALS):
            centre = (MARGIN + 13, middle)
            draw.ellipse(
                (centre[0] - 13, centre[1] - 13, centre[0] + 13, centre[1] + 13),
                fill=MEDALS[row.rank - 1],
            )
            draw.text(centre, str(row.rank), font=rank_font, fill=BACKGROUND, anchor="mm")
        else:
            draw.text((MARGIN + 13, middle), str(row.rank), font=rank_font, fill=VALUE, anchor="mm")
        name = short_name(row.name, NAME_LIMIT)
        draw.text((MARGIN + 40, middle), name, font=name_font, fill=LABEL, anchor="lm")
        draw.text((WIDTH - MARGIN, middle), row.value, font=value_font, fill=LABEL, anchor="rm")
    return picture


def leaderboard_png(title: str, span: str, rows: list[BoardRow], empty: str) -> bytes:
    return to_png(leaderboard_picture(title, span, rows, empty))
