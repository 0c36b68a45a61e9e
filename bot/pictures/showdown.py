"""The showdown picture attached to a hand's summary: each hand shown, in showdown order, as a
row of cards under the player's name and the hand's value; the winners' rows are marked with
what they won. It repeats the summary's text, never replaces it."""

from __future__ import annotations

from collections import defaultdict

from PIL import Image, ImageDraw

from bot.dealer.views import HandSummary
from bot.pictures.cards import BACKGROUND, CARD_HEIGHT, CARD_WIDTH, card_face, font, to_png
from bot.poker.cards import Card
from bot.text import Speaker
from bot.text.catalogue import clean_name

MARGIN, GAP = 12, 6
LABEL_HEIGHT = 30  # the name line above each row of cards
ROW_GAP = 10
NAME_LIMIT = 24
WINNER = (255, 206, 84)
LABEL = (235, 240, 235)
VALUE = (190, 215, 195)


def winnings(summary: HandSummary) -> dict[str, int]:
    """Chips won by each name, over every pot and half pot."""
    won: dict[str, int] = defaultdict(int)
    for pot in summary.pots:
        for name, chips in pot.winners:
            won[name] += chips
    return dict(won)


def short_name(name: str, limit: int = NAME_LIMIT) -> str:
    """A name on one line, cut with an ellipsis past ``limit`` characters."""
    flat = clean_name(name)
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def showdown_picture(summary: HandSummary, say: Speaker) -> Image.Image:
    """Public, so in two colours whatever each reader chose for their own cards. A community
    card (RULES §2.7) has the first row, labelled as shared by every hand."""
    if not summary.shown:
        raise ValueError("a showdown picture needs hands shown")
    won = winnings(summary)
    name_font, value_font = font(18), font(15, bold=False)
    rows: list[tuple[str, str, tuple[Card, ...], bool]] = []  # name, value, cards, winner
    if summary.board:
        rows.append((say("picture-shared"), "", summary.board, False))
    for shown in summary.shown:
        value = say("picture-value", value=shown.value, won=won.get(shown.name, 0))
        rows.append((short_name(shown.name), value, shown.cards, won.get(shown.name, 0) > 0))
    most = max(len(cards) for _, _, cards, _ in rows)
    widest = max(
        name_font.getlength(name) + 10 + value_font.getlength(value) for name, value, _, _ in rows
    )
    width = 2 * MARGIN + max(most * CARD_WIDTH + (most - 1) * GAP, int(widest) + 1)
    row = LABEL_HEIGHT + CARD_HEIGHT + ROW_GAP
    height = 2 * MARGIN + len(rows) * row - ROW_GAP
    picture = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(picture)
    for index, (name, value, cards, winner) in enumerate(rows):
        top = MARGIN + index * row
        if winner:  # a gold frame around the winner's row
            draw.rounded_rectangle(
                (MARGIN // 2, top - 4, width - MARGIN // 2, top + row - ROW_GAP + 4),
                radius=8,
                outline=WINNER,
                width=3,
            )
        draw.text((MARGIN, top + 2), name, font=name_font, fill=WINNER if winner else LABEL)
        after = MARGIN + draw.textlength(name, font=name_font) + 10
        draw.text((after, top + 5), value, font=value_font, fill=WINNER if winner else VALUE)
        for number, card in enumerate(cards):
            face = card_face(card)
            left = MARGIN + number * (CARD_WIDTH + GAP)
            picture.paste(face, (left, top + LABEL_HEIGHT), face)
    return picture


def showdown_png(summary: HandSummary, say: Speaker) -> bytes:
    return to_png(showdown_picture(summary, say))
