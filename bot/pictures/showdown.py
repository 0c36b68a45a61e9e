"""The showdown picture attached to a hand's summary (issue 21): each hand shown, in showdown
order, under its player's name, its value and what it won (and which half, in Stud Hi-Lo).
Each hand is sorted, its best five first: a gold bar under each card of the best high hand
(the 2-7 hand: all five), a blue bar under each card of the low, the cards that play no part
dimmed. In stud the down cards are marked under them. A community card has the first row.
Two hands a row past three, so eight hands stay short enough to read at a phone's width.

It repeats the summary's text, never replaces it."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw
from PIL.ImageFont import FreeTypeFont

from bot.dealer.views import HandSummary, ShownHand
from bot.pictures.cards import BACKGROUND, CARD_HEIGHT, CARD_WIDTH, card_face, font, to_png
from bot.poker.cards import Card
from bot.text import Speaker
from bot.text.catalogue import clean_name

MARGIN, GAP = 12, 6
LABEL_HEIGHT = 30  # the name line above each hand's cards
BAR_HEIGHT = 8  # the bar under a card of the best five (or the low)
MARK_HEIGHT = 18  # "down" under a stud down card
CELL_GAP = 18
ONE_COLUMN = 3  # up to this many rows (hands and the community card), one column
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
    """Cells wide enough for the most cards and the longest label."""
    name_font, value_font = font(18), font(15, bold=False)
    widest = max(
        name_font.getlength(name) + 10 + value_font.getlength(value)
        for name, value in labels(summary, say)
    )
    hands = len(summary.shown)
    rows_one_column = hands + (1 if summary.board else 0)
    columns = 1 if rows_one_column <= ONE_COLUMN else 2
    most = max([len(shown.cards) for shown in summary.shown] + [len(summary.board)])
    stud = any(shown.face_up for shown in summary.shown)
    cell_width = max(most * CARD_WIDTH + (most - 1) * GAP, int(widest) + 1)
    cell_height = LABEL_HEIGHT + CARD_HEIGHT + BAR_HEIGHT + (MARK_HEIGHT if stud else 0)
    rows = -(-hands // columns) + (1 if summary.board else 0)
    return Layout(columns, cell_width, cell_height, rows)


def showdown_picture(summary: HandSummary, say: Speaker) -> Image.Image:
    """Public, so in two colours whatever each reader chose for their own cards."""
    if not summary.shown:
        raise ValueError("a showdown picture needs hands shown")
    shape = layout(summary, say)
    picture = Image.new("RGB", shape.size, BACKGROUND)
    draw = ImageDraw.Draw(picture)
    name_font, value_font, mark_font = font(18), font(15, bold=False), font(13, bold=False)
    won, named = winnings(summary), labels(summary, say)
    first = 0
    if summary.board:  # RULES §2.7: shared by every hand, on a row of its own
        left, top = shape.cell(0)
        draw.text((left, top + 2), say("picture-shared"), font=name_font, fill=LABEL)
        for number, card in enumerate(summary.board):
            face = card_face(card)
            picture.paste(face, (left + number * (CARD_WIDTH + GAP), top + LABEL_HEIGHT), face)
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
        after = left + draw.textlength(name, font=name_font) + 10
        draw.text((after, top + 5), value, font=value_font, fill=WINNER if winner else VALUE)
        at = (left, top + LABEL_HEIGHT)
        _cards(picture, draw, shown, at, down_word=say("picture-down"), mark_font=mark_font)
    return picture


@cache
def dimmed(card: Card) -> Image.Image:
    """A card that plays no part: under a veil of felt, its shape kept."""
    face = card_face(card)
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
    *,
    down_word: str,
    mark_font: FreeTypeFont,
) -> None:
    """One hand's cards in order, each marked: bars under the best five and the low, the
    others dimmed, "down" under a stud down card."""
    left, top = at
    up = dict(zip(shown.cards, shown.face_up, strict=False))
    playing = set(shown.best) | set(shown.low_five)
    for number, card in enumerate(in_order(shown)):
        x = left + number * (CARD_WIDTH + GAP)
        face = card_face(card) if not playing or card in playing else dimmed(card)
        picture.paste(face, (x, top), face)
        bar = top + CARD_HEIGHT + 2
        high, low = card in shown.best, card in shown.low_five
        if high and low:  # half and half
            draw.rectangle((x, bar, x + CARD_WIDTH // 2 - 1, bar + BAR_HEIGHT - 3), fill=WINNER)
            draw.rectangle(
                (x + CARD_WIDTH // 2, bar, x + CARD_WIDTH - 1, bar + BAR_HEIGHT - 3), fill=LOW
            )
        elif high or low:
            fill = WINNER if high else LOW
            draw.rectangle((x, bar, x + CARD_WIDTH - 1, bar + BAR_HEIGHT - 3), fill=fill)
        if shown.face_up and not up.get(card, True):
            centre = (x + CARD_WIDTH / 2, top + CARD_HEIGHT + BAR_HEIGHT + MARK_HEIGHT / 2)
            draw.text(centre, down_word, font=mark_font, fill=VALUE, anchor="mm")


def showdown_png(summary: HandSummary, say: Speaker) -> bytes:
    return to_png(showdown_picture(summary, say))
