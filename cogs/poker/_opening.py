"""Opening a table in a channel, for `/poker new` and `/poker tournament new` alike: where one
may open (the server, the bot's permissions, the admins' channels, the host's limit), the
options refused in words, and the table created or the channel's table pointed to."""

from __future__ import annotations

from typing import Any

import discord
from pydantic import ValidationError

from bot.config import message_links
from bot.dealer.dealer import Dealer, Refusal, refusal_message
from bot.dealer.options import TableOptions, explain
from bot.dealer.settings import ServerSettings
from bot.text import Items, Msg
from cogs.poker import _economy as economy
from cogs.poker._interactions import refuse


def missing_permissions(interaction: discord.Interaction[Any]) -> list[str]:
    """What the bot lacks in this channel to deal here (catalogue keys): it posts each new
    hand's table message, summaries and notices itself, not only in answers to clicks."""
    granted = interaction.app_permissions
    needed = {"permission-view-channel": granted.view_channel}
    if isinstance(interaction.channel, discord.Thread):
        needed["permission-send-in-threads"] = granted.send_messages_in_threads
    else:
        needed["permission-send-messages"] = granted.send_messages
    needed |= {  # links to tables, pictures of showdowns, the table message found again
        "permission-embed-links": granted.embed_links,
        "permission-attach-files": granted.attach_files,
        "permission-read-history": granted.read_message_history,
    }
    return [name for name, ok in needed.items() if not ok]


def invalid_settings(error: ValidationError) -> Msg:
    """``Those settings don't work:`` and one line per problem."""
    return Msg("error-settings", problems=Items(tuple(explain(error))))


async def place_for_a_table(
    dealer: Dealer, interaction: discord.Interaction[Any]
) -> ServerSettings | None:
    """The server's settings if a table may open here; else the refusal is answered and
    ``None`` returned. The host's limit of tables is :func:`create`'s to check."""
    guild, channel = interaction.guild_id, interaction.channel_id
    if guild is None or channel is None:
        await refuse(interaction, Msg("error-server-only"))
        return None
    if missing := missing_permissions(interaction):
        needed = Items(tuple(Msg(key) for key in missing), "standard")
        await refuse(interaction, Msg("error-permissions", missing=needed))
        return None
    settings = await economy.settings_of(dealer.store, guild)
    if not settings.allows(channel):
        where = Items(tuple(f"<#{allowed}>" for allowed in settings.channels), "standard")
        await refuse(interaction, Msg("error-tables-elsewhere", channels=where))
        return None
    return settings


async def create(
    dealer: Dealer,
    interaction: discord.Interaction[Any],
    given: dict[str, Any],
    settings: ServerSettings,
) -> bool:
    """The table of ``given`` options (checked) in the interaction's channel, within the
    host's limit of tables (counted as it is added); ``False`` once a refusal is answered (a
    channel with a table: a link to it)."""
    guild, channel = interaction.guild_id, interaction.channel_id
    assert guild is not None
    assert channel is not None
    if given.get("bots"):  # RULES §8.4: practice chips, or real stakes capped per day
        given = given | settings.with_computers()
    try:
        options = TableOptions.model_validate(given)
    except ValidationError as error:
        await refuse(interaction, invalid_settings(error))
        return False
    try:
        await dealer.create(
            channel=channel,
            guild=guild,
            host=interaction.user.id,
            options=options,
            host_limit=settings.host_tables,
        )
    except Refusal as error:
        existing = dealer.tables.get(channel)
        linked = message_links(interaction.client)
        if existing is not None and existing.message_id is not None and linked:
            link = (  # point to the table
                "https://discord.com/channels/"
                f"{existing.guild_id}/{existing.channel_id}/{existing.message_id}"
            )
            await refuse(
                interaction, Msg("error-see-table", reason=refusal_message(error), link=link)
            )
        else:
            await refuse(interaction, error)
        return False
    return True
