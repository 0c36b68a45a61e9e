"""The showdown picture attached to a hand's summary (issue 21): each hand shown, in showdown
order, under its player's name, its value and what it won (and which half, in Stud Hi-Lo).
Each hand is sorted, its best five first: a gold bar under each card of the best high hand
(the 2-7 hand: all five), a blue bar under each card of the low, the cards that play no part
dimmed. In stud the down cards are marked under them. A community card has the first row.

Laid out for a phone's width first (issue 36.8): up to three rows, one hand a row; past that,
two hands a row with cards at 60 % and each value under its name (wrapped at its " · "), so
the picture stays about as wide as three hands' and its words as large once it is shrunk to a
phone's width (four hands side by side at full size read 5 px tall there).

It repeats the summary's text, never replaces it."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw
from PIL.ImageFont import FreeTypeFont

from bot.dealer.views import HandSummary, ShownHand
from bot.pictures.cards import (
    BACKGROUND,
    CARD_HEIGHT,
    CARD_WIDTH,
    card_face,
    font,
    small,
    to_png,
)
from bot.poker.cards import Card
from bot.text import Speaker
from bot.text.catalogue import clean_name

MARGIN, GAP = 12, 6
LABEL_HEIGHT = 30  # the name line above each hand's cards
BAR_HEIGHT = 8  # the bar under a card of the best five (or the low)
MARK_HEIGHT = 18  # "down" under a stud down card
CELL_GAP = 18
ONE_COLUMN = 3  # up to this many rows (hands and the community card), one column
COMPACT = 0.6  # the cards' scale two hands a row
COMPACT_GAP = 4
NAME_LINE, VALUE_LINE = 26, 21  # two hands a row: the name's line, then each value line
COMPACT_NAME, COMPACT_VALUE = 20, 17  # their fonts: larger, as the picture is shrunk more
NAME_LIMIT = 24
WINNER = (255, 206, 84)
LOW = (110, 180, 255)
LABEL = (235, 240, 235)
VALUE = (190, 215, 195)
DIM = (24, 94, 58, 150)  # the felt, over a card that plays no part


@dataclass(frozen=True, slots=True)
class Layout:
    columns: int
    cell_width: int
    cell_height: int
    rows: int  # rows of cells, the community card's included
    scale: float = 1.0  # of the cards (COMPACT two hands a row)
    label_height: int = LABEL_HEIGHT  # the name (and, two a row, the value) above the cards

    @property
    def card_size(self) -> tuple[int, int]:
        return round(CARD_WIDTH * self.scale), round(CARD_HEIGHT * self.scale)

    @property
    def gap(self) -> int:
        return GAP if self.scale == 1 else COMPACT_GAP

    @property
    def size(self) -> tuple[int, int]:
        width = 2 * MARGIN + self.columns * self.cell_width + (self.columns - 1) * CELL_GAP
        height = 2 * MARGIN + self.rows * self.cell_height + (self.rows - 1) * CELL_GAP
        return width, height

    def cell(self, index: int) -> tuple[int, int]:
        """The top left corner of cell ``index`` (the community card's is 0 when it has one
        and takes its row alone)."""
        row, column = divmod(index, self.columns)
        left = MARGIN + column * (self.cell_width + CELL_GAP)
        return left, MARGIN + row * (self.cell_height + CELL_GAP)


def winnings(summary: HandSummary) -> dict[str, int]:
    """Chips won by each name, over every pot and half pot."""
    won: dict[str, int] = defaultdict(int)
    for pot in summary.pots:
        for name, chips in pot.winners:
            won[name] += chips
    return dict(won)


def halves(summary: HandSummary) -> dict[str, set[str]]:
    """Which halves each name won something of: ``high``, ``low``, ``all``."""
    found: dict[str, set[str]] = defaultdict(set)
    for pot in summary.pots:
        for name, _ in pot.winners:
            found[name].add(pot.half)
    return dict(found)


ROBOT, GEAR = "🤖", "⚙"  # the font has no robot: a computer player is marked with a gear


def short_name(name: str, limit: int = NAME_LIMIT) -> str:
    """A name on one line, cut with an ellipsis past ``limit`` characters; a computer player's
    mark drawn as a gear."""
    flat = clean_name(name).replace(ROBOT, GEAR)
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def in_order(shown: ShownHand) -> tuple[Card, ...]:
    """The hand's own cards, those of its best five first (as they rank), then the low's
    others, then the rest."""
    own = set(shown.cards)  # the community card has its own row, even where it plays
    first = [card for card in shown.best if card in own]
    first += [card for card in shown.low_five if card in own and card not in first]
    return tuple(first) + tuple(card for card in shown.cards if card not in first)


def labels(summary: HandSummary, say: Speaker) -> list[tuple[str, str]]:
    """Each hand's name and value line: its value, its low, what it won and which half."""
    won, took = winnings(summary), halves(summary)
    found = []
    for shown in summary.shown:
        value = say(
            "picture-value",
            value=shown.value,
            won=won.get(shown.name, 0),
            half=_half(took.get(shown.name, set())),
            low=shown.low or "",
            has_low="yes" if shown.low is not None else "no",
        )
        found.append((short_name(shown.name), value))
    return found


def layout(summary: HandSummary, say: Speaker) -> Layout:
    """Cells wide enough for the most cards and the longest label (two hands a row: its
    longest line)."""
    name_font, value_font = font(18), font(15, bold=False)
    hands = len(summary.shown)
    rows_one_column = hands + (1 if summary.board else 0)
    columns = 1 if rows_one_column <= ONE_COLUMN else 2
    most = max([len(shown.cards) for shown in summary.shown] + [len(summary.board)])
    stud = any(shown.face_up for shown in summary.shown)
    rows = -(-hands // columns) + (1 if summary.board else 0)
    below = BAR_HEIGHT + (MARK_HEIGHT if stud else 0)
    if columns == 1:
        widest = max(
            name_font.getlength(name) + 10 + value_font.getlength(value)
            for name, value in labels(summary, say)
        )
        cell_width = max(most * CARD_WIDTH + (most - 1) * GAP, int(widest) + 1)
        return Layout(1, cell_width, LABEL_HEIGHT + CARD_HEIGHT + below, rows)
    name_font, value_font = font(COMPACT_NAME), font(COMPACT_VALUE, bold=False)
    compact = Layout(2, 0, 0, rows, COMPACT, 0)
    card_width, card_height = compact.card_size
    cards = most * card_width + (most - 1) * compact.gap
    lines = [value_lines(value, value_font, cards) for _, value in labels(summary, say)]
    widest = max(
        [name_font.getlength(name) for name, _ in labels(summary, say)]
        + [value_font.getlength(line) for found in lines for line in found]
    )
    label_height = NAME_LINE + VALUE_LINE * max(len(found) for found in lines) + 4
    cell_width = max(cards, int(widest) + 1)
    cell_height = label_height + card_height + below
    return Layout(2, cell_width, cell_height, rows, COMPACT, label_height)


def value_lines(value: str, value_font: FreeTypeFont, width: int) -> list[str]:
    """A value line as wide as ``width`` at most where it can be: cut at its " · " (the value,
    the low, what it won), never inside a part."""
    lines: list[str] = []
    for part in value.split(" · "):
        joined = f"{lines[-1]} · {part}" if lines else part
        if lines and value_font.getlength(joined) <= width:
            lines[-1] = joined
        else:
            lines.append(part)
    return lines


def showdown_picture(summary: HandSummary, say: Speaker) -> Image.Image:
    """Public, so in two colours whatever each reader chose for their own cards."""
    if not summary.shown:
        raise ValueError("a showdown picture needs hands shown")
    shape = layout(summary, say)
    picture = Image.new("RGB", shape.size, BACKGROUND)
    draw = ImageDraw.Draw(picture)
    name_font, value_font, mark_font = font(18), font(15, bold=False), font(13, bold=False)
    if shape.columns == 2:
        name_font, value_font = font(COMPACT_NAME), font(COMPACT_VALUE, bold=False)
        mark_font = fitting(say("picture-down"), shape.card_size[0] - 2)
    won, named = winnings(summary), labels(summary, say)
    first = 0
    if summary.board:  # RULES §2.7: shared by every hand, on a row of its own
        left, top = shape.cell(0)
        draw.text((left, top + 2), say("picture-shared"), font=name_font, fill=LABEL)
        width = shape.card_size[0]
        for number, card in enumerate(summary.board):
            face = _face(card, shape.scale)
            x = left + number * (width + shape.gap)
            picture.paste(face, (x, top + min(shape.label_height, NAME_LINE + 4)), face)
        first = shape.columns
    for index, shown in enumerate(summary.shown):
        left, top = shape.cell(first + index)
        chips = won.get(shown.name, 0)
        winner = chips > 0
        if winner:  # a gold frame around the winner's hand
            draw.rounded_rectangle(
                (left - 6, top - 4, left + shape.cell_width + 6, top + shape.cell_height + 2),
                radius=8,
                outline=WINNER,
                width=3,
            )
        name, value = named[index]
        colour = WINNER if winner else LABEL
        draw.text((left, top + 2), name, font=name_font, fill=colour)
        shade = WINNER if winner else VALUE
        if shape.columns == 1:
            after = left + draw.textlength(name, font=name_font) + 10
            draw.text((after, top + 5), value, font=value_font, fill=shade)
        else:  # under the name, a line per part that does not fit beside the one before
            cards = len(shown.cards) * shape.card_size[0] + (len(shown.cards) - 1) * shape.gap
            for number, line in enumerate(value_lines(value, value_font, cards)):
                at_line = (left, top + NAME_LINE + number * VALUE_LINE)
                draw.text(at_line, line, font=value_font, fill=shade)
        at = (left, top + shape.label_height)
        _cards(
            picture,
            draw,
            shown,
            at,
            shape,
            down_word=say("picture-down"),
            mark_font=mark_font,
        )
    return picture


def fitting(word: str, width: int, largest: int = 13) -> FreeTypeFont:
    """The largest font, up to ``largest``, that writes ``word`` within ``width`` ("cachée"
    under a card at 60 %)."""
    size = largest
    while size > 8 and font(size, bold=False).getlength(word) > width:
        size -= 1
    return font(size, bold=False)


def _face(card: Card, scale: float, *, dim: bool = False) -> Image.Image:
    if dim:
        return dimmed(card, scale)
    return card_face(card) if scale == 1 else small(card, scale=scale)


@cache
def dimmed(card: Card, scale: float = 1.0) -> Image.Image:
    """A card that plays no part: under a veil of felt, its shape kept."""
    face = card_face(card) if scale == 1 else small(card, scale=scale)
    veiled = Image.alpha_composite(face, Image.new("RGBA", face.size, DIM))
    veiled.putalpha(face.getchannel("A"))
    return veiled


def _half(taken: set[str]) -> str:
    if {"high", "low"} <= taken:
        return "both"
    if "high" in taken:
        return "high"
    return "low" if "low" in taken else "all"


def _cards(
    picture: Image.Image,
    draw: ImageDraw.ImageDraw,
    shown: ShownHand,
    at: tuple[int, int],
    shape: Layout,
    *,
    down_word: str,
    mark_font: FreeTypeFont,
) -> None:
    """One hand's cards in order, each marked: bars under the best five and the low, the
    others dimmed, "down" under a stud down card."""
    left, top = at
    width, height = shape.card_size
    up = dict(zip(shown.cards, shown.face_up, strict=False))
    playing = set(shown.best) | set(shown.low_five)
    for number, card in enumerate(in_order(shown)):
        x = left + number * (width + shape.gap)
        face = _face(card, shape.scale, dim=bool(playing) and card not in playing)
        picture.paste(face, (x, top), face)
        bar = top + height + 2
        high, low = card in shown.best, card in shown.low_five
        if high and low:  # half and half
            draw.rectangle((x, bar, x + width // 2 - 1, bar + BAR_HEIGHT - 3), fill=WINNER)
            draw.rectangle((x + width // 2, bar, x + width - 1, bar + BAR_HEIGHT - 3), fill=LOW)
        elif high or low:
            fill = WINNER if high else LOW
            draw.rectangle((x, bar, x + width - 1, bar + BAR_HEIGHT - 3), fill=fill)
        if shown.face_up and not up.get(card, True):
            centre = (x + width / 2, top + height + BAR_HEIGHT + MARK_HEIGHT / 2)
            draw.text(centre, down_word, font=mark_font, fill=VALUE, anchor="mm")


def showdown_png(summary: HandSummary, say: Speaker) -> bytes:
    return to_png(showdown_picture(summary, say))
