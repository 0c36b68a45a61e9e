"""Pictures for Discord messages: the showdown picture of a summary, a player's own hand, and
the stud table once a street is dealt. Each is drawn away from the event loop, which keeps
serving clicks meanwhile (``bot.pictures.drawing``). A picture that cannot be drawn is left
out: it only repeats the text."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterable

import discord

from bot.dealer.views import HandSummary, Notice, PrivateHand, TableView
from bot.pictures.drawing import DRAWING
from bot.pictures.hand import hand_png
from bot.pictures.showdown import showdown_png
from bot.pictures.table import table_png
from bot.poker.cards import Card
from bot.text import Speaker

log = logging.getLogger(__name__)


async def showdown_files(notices: Iterable[Notice], say: Speaker) -> list[discord.File]:
    """One PNG per summary whose hands were shown (none for a hand won by folds)."""
    files = []
    for notice in notices:
        if notice.key != "summary" or not notice.values.get("shown"):
            continue
        summary = HandSummary.from_dict(notice.values)
        try:
            data = await DRAWING.png(showdown_png, summary, say)
        except Exception:
            log.exception("the showdown picture of hand #%d could not be drawn", summary.hand_id)
            continue
        files.append(discord.File(io.BytesIO(data), filename=f"showdown-{summary.hand_id}.png"))
    return files


async def hand_files(hand: PrivateHand, say: Speaker, *, four_colour: bool) -> list[discord.File]:
    """The picture of a player's own cards (none if it cannot be drawn)."""
    if not hand.cards:
        return []
    return await cards_files(
        hand.cards, hand.face_up, say, four_colour=four_colour, name=f"cards-{hand.hand_id}.png"
    )


async def cards_files(
    cards: tuple[Card, ...],
    face_up: tuple[bool, ...],
    say: Speaker,
    *,
    four_colour: bool,
    name: str,
) -> list[discord.File]:
    try:
        data = await DRAWING.png(hand_png, cards, face_up, say, four_colour=four_colour)
    except Exception:
        log.exception("the picture %s could not be drawn", name)
        return []
    return [discord.File(io.BytesIO(data), filename=name)]


async def table_files(view: TableView, say: Speaker) -> list[discord.File]:
    """The picture of the table's seats and their cards as everyone sees them."""
    try:
        data = await DRAWING.png(table_png, view, say)
    except Exception:
        log.exception("the picture of table %d could not be drawn", view.table_id)
        return []
    return [discord.File(io.BytesIO(data), filename=f"table-{view.hand_id}.png")]
