"""What each reader gets (issue 11): the language of each message, and the colours of the
cards in a player's own pictures.

- Ephemeral replies: the clicker's own Discord locale (``interaction.locale``).
- DMs: the locale of the player's last interaction, stored (it may come long after).
- Public messages (table message, summaries, notices): the server's language from
  `/poker-admin config`, else French when the server's preferred locale is French, else English.
- Pictures of a player's own cards (DMs, My cards, the draw picker): four colours if they chose
  it with `/poker settings` (stored); public pictures stay in two colours.
- Turn notices: a member is pinged when it is their turn unless they said `/poker notify off`
  on that server (stored; read again after a minute, so a choice made through another
  process of the bot counts within a minute).
"""

from __future__ import annotations

import time
from typing import Any

import discord

from bot.dealer.settings import ServerSettings
from bot.store import Database
from bot.text import Language, Speaker, language_of
from cogs.poker._rate import MemberRate

NOTIFY_CACHE_SECONDS = 60.0


def clicker_language(interaction: discord.Interaction[Any]) -> Language:
    """The clicker's Discord locale, unless the bot speaks one language to every member
    (MEMBER_LANGUAGE: the local try-out)."""
    settings = getattr(getattr(interaction, "client", None), "settings", None)
    return language_of(getattr(settings, "member_language", None) or interaction.locale)


def speaker(interaction: discord.Interaction[Any]) -> Speaker:
    """The clicker's language, for an ephemeral reply."""
    return Speaker(clicker_language(interaction))


class Readers:
    """Cached per server and per player; a server's entry is dropped when its settings change,
    a player's language is written only when their locale changes."""

    def __init__(self, client: discord.Client, store: Database) -> None:
        self.client = client
        self.store = store
        self._servers: dict[int, ServerSettings] = {}
        self._players: dict[int, Language | None] = {}
        self._four_colour: dict[int, bool] = {}
        self.rate = MemberRate()  # commands and clicks per member and minute
        self._notified: dict[tuple[int, int], tuple[bool, float]] = {}  # (choice, read at)

    async def server(self, guild: int) -> ServerSettings:
        """The server's settings (cached until :meth:`server_changed`)."""
        if guild not in self._servers:
            stored = await self.store.server_settings(guild)
            self._servers[guild] = ServerSettings.from_stored(stored)
        return self._servers[guild]

    async def public(self, guild: int) -> Speaker:
        chosen = (await self.server(guild)).language
        if chosen is None:
            found = self.client.get_guild(guild)
            chosen = language_of(found.preferred_locale) if found is not None else "en"
        return Speaker(chosen)

    def server_changed(self, guild: int) -> None:
        self._servers.pop(guild, None)

    async def player(self, user: int) -> Speaker:
        """The language of ``user``'s last interaction (English if never seen)."""
        await self._load(user)
        return Speaker(self._players[user] or "en")

    async def four_colour(self, user: int) -> bool:
        """Whether ``user`` reads their own cards in four colours."""
        await self._load(user)
        return self._four_colour[user]

    async def set_four_colour(self, user: int, four_colour: bool) -> None:
        await self.store.set_four_colour(user, four_colour)
        self._four_colour[user] = four_colour

    async def notified(self, guild: int, user: int) -> bool:
        """Whether ``user`` is pinged when it is their turn on ``guild``'s tables."""
        known = self._notified.get((guild, user))
        if known is not None and time.monotonic() - known[1] < NOTIFY_CACHE_SECONDS:
            return known[0]
        choice = await self.store.member_notified(guild, user)
        self._notified[(guild, user)] = (choice, time.monotonic())
        return choice

    async def set_notified(self, guild: int, user: int, notify: bool) -> None:
        await self.store.set_member_notified(guild, user, notify)
        self._notified[(guild, user)] = (notify, time.monotonic())

    async def _load(self, user: int) -> None:
        if user in self._players and user in self._four_colour:
            return
        stored, four_colour = await self.store.player_preferences(user)
        # setdefault: what this process learnt meanwhile is newer than what was read
        self._players.setdefault(user, language_of(stored) if stored else None)
        self._four_colour.setdefault(user, four_colour)

    async def remember(self, interaction: discord.Interaction[Any]) -> None:
        """Keep the clicker's locale for their DMs (written when it is new to this process)."""
        user, language = interaction.user.id, clicker_language(interaction)
        if self._players.get(user) == language:
            return
        self._players[user] = language  # at once: a DM may be sent before the write ends
        await self.store.set_player_language(user, language)
