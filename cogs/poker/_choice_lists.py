"""The choosers' private lists of games (dealer's choice, RULES §10.5): one open a channel, so
that a list still open when the clock picks the game says so instead of staying live."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.dealer.options import game_name
from bot.dealer.views import Notice
from cogs.poker._readers import speaker


class ChoiceLists:
    def __init__(self) -> None:
        self._opened: dict[int, discord.Interaction[Any]] = {}  # channel: the click that opened it

    def opened(self, channel: int, interaction: discord.Interaction[Any]) -> None:
        """The chooser opened their list (a newer one replaces it)."""
        self._opened[channel] = interaction

    def closed(self, channel: int, notices: list[Notice]) -> Callable[[], Awaitable[None]] | None:
        """The game is chosen (a ``game_chosen`` notice): the list is done with. Returned: if
        the clock picked while it was open, the edit that says so (its token lives 15 minutes,
        longer than any clock)."""
        chosen = next((notice for notice in notices if notice.key == "game_chosen"), None)
        if chosen is None:
            return None
        opened = self._opened.pop(channel, None)
        if opened is None or not chosen.values.get("clock"):
            return None
        game = game_name(str(chosen.values["game"]))

        async def say_so() -> None:
            text = speaker(opened)("choose-timed-out", game=game)
            with contextlib.suppress(discord.HTTPException):
                await opened.edit_original_response(content=text, view=None)

        return say_so

    def forget(self, channel: int) -> None:
        self._opened.pop(channel, None)
