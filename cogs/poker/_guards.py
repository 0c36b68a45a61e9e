"""What every command gets before and after it runs, whatever its cog (issue 20.8, 20.9).

- Option ranges and choices are checked by the bot: Discord's client enforces ``min_value``,
  ``max_value`` and ``choices``, but a forged or scripted request does not have to
  (``give amount:-5``, ``bots level:godlike``).
- One tree-wide error handler: an unexpected exception is answered ephemerally
  (``error-internal``) and logged once with its traceback, as a click's is."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.text import Items, Msg
from bot.text.catalogue import DEFAULT, catalogue
from cogs.poker._interactions import refuse
from cogs.poker._readers import Readers

log = logging.getLogger(__name__)


def out_of_range(interaction: discord.Interaction[Any]) -> Msg | None:
    """The first numeric option outside its declared range (a text option: its length), as a
    refusal; else ``None``."""
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return None
    namespace = interaction.namespace
    for parameter in command.parameters:
        low, high = parameter.min_value, parameter.max_value
        value = getattr(namespace, parameter.name, None)
        if value is None or (low is None and high is None):
            continue
        if parameter.type is discord.AppCommandOptionType.string and isinstance(value, str):
            value = len(value)  # a text option's length is bounded
        wrong_type = not isinstance(value, int | float) or isinstance(value, bool)
        if wrong_type or (low is not None and value < low) or (high is not None and value > high):
            key = f"opt-name-{parameter.name}"  # as the member's Discord names the option
            return Msg(
                "error-option-range",
                option=Msg(key) if catalogue().has(DEFAULT, key) else parameter.name,
                low=low if low is not None else "",
                high=high if high is not None else "",
            )
    return None


def _choice_name(choice: app_commands.Choice[Any]) -> Msg | str:
    """A choice's name as the member's Discord shows it (its catalogue key, where it has one)."""
    located = choice._locale_name  # discord.py keeps the locale_str given to the choice
    key = located.extras.get("key") if located is not None else None
    return Msg(key) if isinstance(key, str) else choice.name


def not_a_choice(interaction: discord.Interaction[Any]) -> Msg | None:
    """The first option with choices whose value is none of them (a forged or scripted
    request: Discord's client offers only the choices), as a refusal; else ``None``."""
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return None
    namespace = interaction.namespace
    for parameter in command.parameters:
        value = getattr(namespace, parameter.name, None)
        if value is None or not parameter.choices:
            continue
        if value not in [choice.value for choice in parameter.choices]:
            key = f"opt-name-{parameter.name}"
            names = tuple(_choice_name(choice) for choice in parameter.choices)
            return Msg(
                "error-option-choice",
                option=Msg(key) if catalogue().has(DEFAULT, key) else parameter.name,
                choices=Items(names),
            )
    return None


class OptionOutOfRange(app_commands.CheckFailure):
    """A command stopped by :func:`command_check`, its refusal already sent (or attempted)."""


async def too_fast(readers: Readers, interaction: discord.Interaction[Any]) -> bool:
    """Past the server's commands and clicks a member may send a minute: refused (privately,
    saying when to try again) and ``True``."""
    guild = interaction.guild_id
    if guild is None:
        return False
    limit = (await readers.server(guild)).commands_per_minute
    wait = readers.rate.wait(guild, interaction.user.id, limit)
    if not wait:
        return False
    retry = int(discord.utils.utcnow().timestamp() + wait + 1)
    await refuse(interaction, Msg("error-slow-down", limit=limit, retry=f"<t:{retry}:R>"))
    return True


async def command_check(readers: Readers, interaction: discord.Interaction[Any]) -> bool:
    """Every command of the poker cogs: keep the user's locale for their DMs (best effort: a
    failure is logged, the command goes on), then refuse (privately) an option out of range."""
    try:
        await readers.remember(interaction)
    except Exception:
        log.exception("the locale of user %d was not kept", interaction.user.id)
    problem = out_of_range(interaction) or not_a_choice(interaction)
    if problem is not None:
        await refuse(interaction, problem)
        raise OptionOutOfRange
    if await too_fast(readers, interaction):
        raise OptionOutOfRange
    return True


async def on_command_error(
    interaction: discord.Interaction[Any], error: app_commands.AppCommandError
) -> None:
    """The tree's error handler (``bot.tree.error``), for every command of every cog."""
    if isinstance(error, OptionOutOfRange):
        return  # refused already
    command = interaction.command
    name = command.qualified_name if command is not None else "?"
    cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
    log.error("/%s failed in channel %s", name, interaction.channel_id, exc_info=cause)
    await refuse(interaction, Msg("error-internal"))
