"""Finding your way (issue 21): `/poker help [topic]`, one ephemeral page per topic in the
member's language, with a menu to turn to another; and one short welcome in a server's system
channel when the bot joins it, where it may post, naming the first command to run."""

from __future__ import annotations

import logging
from typing import Any, cast

import discord
from discord.ext import commands

from bot.text import Speaker
from cogs.poker._interactions import answer
from cogs.poker._readers import Readers, speaker
from cogs.poker._views import StaticView, custom_id

log = logging.getLogger(__name__)

TOPICS = ("start", "play", "chips", "fairness", "admins")
HELP_MENU = custom_id(0, 0, "help")  # no table: the menu works anywhere, after any restart


def help_page(say: Speaker, topic: str) -> str:
    return say(f"help-{topic}")


def help_menu(say: Speaker, topic: str) -> StaticView:
    """The other topics, a tap away."""
    view = StaticView()
    menu: discord.ui.Select[StaticView] = discord.ui.Select(
        custom_id=HELP_MENU,
        placeholder=say("help-menu"),
        options=[
            discord.SelectOption(label=say(f"help-title-{name}"), value=name, default=name == topic)
            for name in TOPICS
        ],
    )
    view.add_item(menu)
    return view


async def send_help(interaction: discord.Interaction[Any], topic: str | None) -> None:
    say = speaker(interaction)
    chosen = topic if topic in TOPICS else TOPICS[0]
    await answer(
        interaction.response.send_message(
            help_page(say, chosen), view=help_menu(say, chosen), ephemeral=True
        )
    )


async def turn_help_page(interaction: discord.Interaction[Any]) -> None:
    """A topic picked in the menu: the same private message shows it."""
    data = cast("dict[str, Any]", interaction.data or {})
    values = data.get("values") or []
    topic = str(values[0]) if values else TOPICS[0]
    if topic not in TOPICS:
        topic = TOPICS[0]
    say = speaker(interaction)
    await answer(
        interaction.response.edit_message(content=help_page(say, topic), view=help_menu(say, topic))
    )


class Welcome(commands.Cog):
    """One short message when the bot joins a server, in its system channel if it may post
    there (nowhere else: no channel is guessed)."""

    def __init__(self, readers: Readers) -> None:
        self.readers = readers

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        channel = guild.system_channel
        if channel is None or not channel.permissions_for(guild.me).send_messages:
            return
        say = await self.readers.public(guild.id)
        try:
            await channel.send(say("welcome"), allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.info("no welcome in server %d: %s", guild.id, error.status)
