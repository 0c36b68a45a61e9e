"""Shows a table's effects in Discord when no interaction response can carry them: the table
message (posted fresh for a new hand, edited otherwise), DMs of private cards, the summary and
notices in one channel message."""

from __future__ import annotations

import logging

import discord

from bot.dealer.table import Table
from bot.dealer.views import Effects, PrivateHand
from cogs.poker._render import private_content, summary_content, table_content
from cogs.poker._views import table_view

log = logging.getLogger(__name__)

DM_CLOSED = 50007
NO_MENTIONS = discord.AllowedMentions.none()


def table_mentions(table: Table) -> discord.AllowedMentions:
    """Only the player to act is pinged (INTERFACE.md)."""
    actor = table.hand.actor if table.in_hand and table.hand is not None else None
    users = [discord.Object(actor)] if actor is not None else False
    return discord.AllowedMentions(everyone=False, roles=False, users=users)


class DiscordPresenter:
    def __init__(self, client: discord.Client) -> None:
        self.client = client

    def channel(self, table: Table) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)

    async def present(self, table: Table, effects: Effects, *, table_shown: bool = False) -> None:
        if effects.table_changed and not table_shown:
            await self.show_table(table, fresh=effects.fresh_message)
        for hand in effects.private:
            await self.send_private(table, hand)
        parts = []
        if effects.summary is not None:
            parts.append(summary_content(effects.summary))
        parts.extend(effects.notices)
        if parts:
            await self.channel(table).send("\n".join(parts), allowed_mentions=NO_MENTIONS)

    async def show_table(self, table: Table, *, fresh: bool = False) -> None:
        view = table.view()
        content, components = table_content(view), table_view(view)
        mentions = table_mentions(table)
        channel = self.channel(table)
        if table.message_id is not None and not fresh:
            try:
                await channel.get_partial_message(table.message_id).edit(
                    content=content, view=components, allowed_mentions=mentions
                )
                return
            except discord.NotFound:
                pass  # deleted: post a new one
        message = await channel.send(content, view=components, allowed_mentions=mentions)
        table.message_id = message.id
        await table.store.set_message(table.channel_id, message.id)

    async def send_private(self, table: Table, hand: PrivateHand) -> None:
        """A DM with the player's own cards; if DMs are closed, say so in the channel once."""
        try:
            dm = await self.client.create_dm(discord.Object(hand.user_id))
            await dm.send(private_content(hand))
        except discord.Forbidden as error:
            if error.code != DM_CLOSED:
                raise
            if hand.user_id not in table.dm_refused:
                table.dm_refused.add(hand.user_id)
                await self.channel(table).send(
                    f"<@{hand.user_id}>, I can't DM you: use My cards or /poker cards.",
                    allowed_mentions=discord.AllowedMentions(users=[discord.Object(hand.user_id)]),
                )
