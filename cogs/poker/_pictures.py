"""Pictures for Discord messages: the showdown picture of a summary, drawn in a worker thread
(the event loop keeps serving clicks meanwhile). A picture that cannot be drawn is left out:
it only repeats the text."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Iterable

import discord

from bot.dealer.views import HandSummary, Notice
from bot.pictures.showdown import showdown_png
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
            data = await asyncio.to_thread(showdown_png, summary, say)
        except Exception:
            log.exception("the showdown picture of hand #%d could not be drawn", summary.hand_id)
            continue
        files.append(discord.File(io.BytesIO(data), filename=f"showdown-{summary.hand_id}.png"))
    return files
