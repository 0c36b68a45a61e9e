"""A player's season as a picture (issue 45.3, RULES §12): their net chips at cash tables hand
by hand (a line over the season's hands, zero marked) and their tournament finishes, in the
showdown pictures' colours; words come already in the reader's language."""

from __future__ import annotations

from itertools import accumulate

from PIL import Image, ImageDraw

from bot.pictures.cards import BACKGROUND, font, to_png
from bot.pictures.leaderboard import MEDALS
from bot.pictures.showdown import LABEL, LOW, VALUE, WINNER

WIDTH, HEIGHT = 480, 260
MARGIN, TOP, CHART = 16, 64, 130  # the chart's top and height
GRID = (40, 112, 74)
LOSS = (235, 120, 110)


Finishes = list[tuple[int, str]]  # (place, "1st"), in order


def season_picture(
    title: str, span: str, cash: str, nets: list[int], finishes: Finishes
) -> Image.Image:
    """``nets``: the net of each hand in order; ``finishes``: each tournament's place."""
    picture = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(picture)
    draw.text((MARGIN, 12), title, font=font(20), fill=LABEL)
    spanned = span[:1].upper() + span[1:]  # "Season Winter, …" under the title
    draw.text((MARGIN, 38), spanned, font=font(13, bold=False), fill=VALUE)
    left, right, bottom = MARGIN, WIDTH - MARGIN, TOP + CHART
    draw.rectangle((left, TOP, right, bottom), outline=GRID)
    totals = [0, *accumulate(nets)]
    low, high = min(totals), max(totals)
    if low == high:
        low, high = low - 1, high + 1

    def y_of(value: int) -> float:
        return bottom - (value - low) * CHART / (high - low)

    zero = y_of(0)
    for x in range(left, right, 8):  # zero, dashed
        draw.line((x, zero, min(x + 4, right), zero), fill=VALUE)
    if len(totals) > 1:
        step = (right - left) / (len(totals) - 1)
        points = [(left + i * step, y_of(total)) for i, total in enumerate(totals)]
        colour = LOW if totals[-1] >= 0 else LOSS
        draw.line(points, fill=colour, width=3, joint="curve")
        draw.ellipse(
            (points[-1][0] - 4, points[-1][1] - 4, points[-1][0] + 4, points[-1][1] + 4),
            fill=colour,
        )
    draw.text((MARGIN, bottom + 8), cash, font=font(15), fill=WINNER)
    at, place_font = float(MARGIN), font(14)
    for place, words in finishes:  # the top three in their medal's colour
        medal = MEDALS[place - 1] if place <= len(MEDALS) else None
        width = draw.textlength(words, font=place_font) + 14
        if at + width > WIDTH - MARGIN:
            break
        draw.rounded_rectangle((at, bottom + 34, at + width, bottom + 58), 8, fill=medal or GRID)
        shade = BACKGROUND if medal else LABEL
        draw.text((at + 7, bottom + 46), words, font=place_font, fill=shade, anchor="lm")
        at += width + 6
    return picture


def season_png(title: str, span: str, cash: str, nets: list[int], finishes: Finishes) -> bytes:
    return to_png(season_picture(title, span, cash, nets, finishes))
