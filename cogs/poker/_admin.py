"""`/poker-admin`: a top-level group, because Discord applies ``default_permissions`` (here
Manage Server) to top-level commands only. The bot checks the permission again: a server's
settings may grant the command to others, and payloads can be forged."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.dealer.dealer import Refusal
from bot.dealer.options import LIMITS
from cogs.poker._interactions import answer, refuse
from cogs.poker._presenter import NO_MENTIONS

if TYPE_CHECKING:
    from bot.client import PokerBot

Chips = app_commands.Range[int, 1, LIMITS.chips]
NOTE_LIMIT = 200


class AdminCog(commands.Cog, name="Poker admin"):
    admin = app_commands.Group(
        name="poker-admin",
        description="Server admins: chips and settings",
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    def __init__(self, bot: PokerBot) -> None:
        self.bot = bot

    async def _adjust(
        self,
        interaction: discord.Interaction[Any],
        member: discord.abc.User,
        delta: int,
        reason: str | None,
    ) -> None:
        permissions = interaction.permissions
        guild = interaction.guild_id
        if guild is None or permissions is None or not permissions.manage_guild:
            await refuse(interaction, "Only members with Manage Server can do that.")
            return
        if member.bot:
            await refuse(interaction, "Bots have no wallets.")
            return
        if not 1 <= abs(delta) <= LIMITS.chips:
            await refuse(interaction, f"The amount is from 1 to {LIMITS.chips} chips.")
            return
        note = (reason or "").strip()[:NOTE_LIMIT] or None
        try:
            wallet = await self.bot.store.adjust(
                guild, member.id, delta, by=interaction.user.id, note=note
            )
        except Refusal as error:
            await refuse(interaction, str(error))
            return
        verb = "Granted" if delta > 0 else "Took"
        preposition = "to" if delta > 0 else "from"
        await answer(
            interaction.response.send_message(
                f"{verb} {abs(delta)} chips {preposition} <@{member.id}>: their wallet holds"
                f" {wallet} chips.",
                ephemeral=True,
                allowed_mentions=NO_MENTIONS,
            )
        )

    @admin.command(name="grant", description="Give a member chips from the house")
    @app_commands.describe(
        user="Who gets them", amount="How many", reason="Why (kept in the ledger)"
    )
    async def grant(
        self,
        interaction: discord.Interaction[Any],
        user: discord.User,
        amount: Chips,
        reason: str | None = None,
    ) -> None:
        await self._adjust(interaction, user, amount, reason)

    @admin.command(name="take", description="Take chips from a member's wallet")
    @app_commands.describe(user="From whom", amount="How many", reason="Why (kept in the ledger)")
    async def take(
        self,
        interaction: discord.Interaction[Any],
        user: discord.User,
        amount: Chips,
        reason: str | None = None,
    ) -> None:
        await self._adjust(interaction, user, -amount, reason)
