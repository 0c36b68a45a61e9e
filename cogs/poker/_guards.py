"""What every command gets before and after it runs, whatever its cog (issue 20.8, 20.9).

- Option ranges are checked by the bot: Discord's client enforces ``min_value`` and
  ``max_value``, but a forged or scripted request does not have to (``give amount:-5``).
- One tree-wide error handler: an unexpected exception is answered ephemerally
  (``error-internal``) and logged once with its traceback, as a click's is."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.text import Msg
from cogs.poker._interactions import refuse

log = logging.getLogger(__name__)


def out_of_range(interaction: discord.Interaction[Any]) -> Msg | None:
    """The first numeric option outside its declared range, as a refusal; else ``None``."""
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return None
    namespace = interaction.namespace
    for parameter in command.parameters:
        value = getattr(namespace, parameter.name, None)
        if not isinstance(value, int | float) or isinstance(value, bool):
            continue
        low, high = parameter.min_value, parameter.max_value
        if (low is not None and value < low) or (high is not None and value > high):
            return Msg(
                "error-option-range",
                option=parameter.display_name,
                low=low if low is not None else "",
                high=high if high is not None else "",
            )
    return None


async def options_in_range(interaction: discord.Interaction[Any]) -> bool:
    """A cog's check: refuses (privately) and stops a command with an option out of range."""
    problem = out_of_range(interaction)
    if problem is None:
        return True
    await refuse(interaction, problem)
    return False


async def on_command_error(
    interaction: discord.Interaction[Any], error: app_commands.AppCommandError
) -> None:
    """The tree's error handler (``bot.tree.error``), for every command of every cog."""
    if isinstance(error, app_commands.CheckFailure) and interaction.response.is_done():
        return  # a check that refused has answered already
    command = interaction.command
    name = command.qualified_name if command is not None else "?"
    cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
    log.error("/%s failed in channel %s", name, interaction.channel_id, exc_info=cause)
    await refuse(interaction, Msg("error-internal"))
