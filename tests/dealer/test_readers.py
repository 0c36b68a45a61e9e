"""Issue 11: which language each reader gets. Public messages: the server's setting, else French
when the server's preferred locale is French, else English. DMs: the locale of the player's
last interaction, stored (schema 7), so it survives a restart."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

import discord

from bot.dealer.settings import ServerSettings
from bot.store import Database
from cogs.poker._readers import Readers

GUILD, USER = 7, 42


@dataclass
class Guild:
    preferred_locale: discord.Locale


class Client:
    def __init__(self, locale: discord.Locale | None) -> None:
        self.locale = locale

    def get_guild(self, guild: int) -> Guild | None:
        return Guild(self.locale) if self.locale is not None else None


@dataclass
class User:
    id: int


@dataclass
class Interaction:
    user: User
    locale: discord.Locale


def readers(store: Database, locale: discord.Locale | None) -> Readers:
    return Readers(cast("discord.Client", Client(locale)), store)


async def test_public_messages_follow_the_setting_else_the_servers_locale(
    store: Database,
) -> None:
    assert (await readers(store, discord.Locale.french).public(GUILD)).language == "fr"
    assert (await readers(store, discord.Locale.american_english).public(GUILD)).language == "en"
    assert (await readers(store, None).public(GUILD)).language == "en"
    chosen = readers(store, discord.Locale.french)
    await store.save_server_settings(GUILD, ServerSettings(language="en").model_dump_json())
    assert (await chosen.public(GUILD)).language == "en"
    await store.save_server_settings(GUILD, ServerSettings(language="fr").model_dump_json())
    assert (await chosen.public(GUILD)).language == "en"  # cached until told
    chosen.server_changed(GUILD)
    assert (await chosen.public(GUILD)).language == "fr"


async def test_dms_use_the_locale_of_the_last_interaction_kept_across_restarts(
    store: Database,
) -> None:
    first = readers(store, None)
    assert (await first.player(USER)).language == "en"  # never seen
    clicked: Any = Interaction(User(USER), discord.Locale.french)
    await first.remember(clicked)
    assert (await first.player(USER)).language == "fr"
    assert (await readers(store, None).player(USER)).language == "fr"  # a new process
    await first.remember(Interaction(User(USER), discord.Locale.british_english))
    assert (await readers(store, None).player(USER)).language == "en"
    assert await store.player_preferences(USER) == ("en", False)


async def test_the_four_colour_deck_is_kept_per_player_across_restarts(store: Database) -> None:
    first = readers(store, None)
    assert not await first.four_colour(USER)  # two colours unless chosen
    await first.remember(Interaction(User(USER), discord.Locale.french))
    await first.set_four_colour(USER, True)
    assert await first.four_colour(USER)
    later = readers(store, None)  # a new process
    assert await later.four_colour(USER)
    assert not await later.four_colour(USER + 1)  # another player's choice is their own
    assert (await later.player(USER)).language == "fr"  # the language is kept beside it
    await later.set_four_colour(USER, False)
    assert await store.player_preferences(USER) == ("fr", False)
