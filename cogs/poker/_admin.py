"""`/poker-admin`: a top-level group, because Discord applies ``default_permissions`` (here
Manage Server) to top-level commands only. The bot checks the permission again: a server's
settings may grant the command to others, and payloads can be forged."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands
from pydantic import ValidationError

from bot.dealer.dealer import Refusal
from bot.dealer.options import LIMITS, explain
from bot.dealer.settings import ServerSettings
from cogs.poker._commands import VARIANT_CHOICES
from cogs.poker._economy import settings_of
from cogs.poker._interactions import answer, refuse
from cogs.poker._presenter import NO_MENTIONS
from cogs.poker._render import GAME_NAMES

if TYPE_CHECKING:
    from bot.client import PokerBot

Chips = app_commands.Range[int, 1, LIMITS.chips]
NOTE_LIMIT = 200
LANGUAGES = {"en": "English", "fr": "French"}
HERE = [
    app_commands.Choice(name="allow tables here", value="allow"),
    app_commands.Choice(name="no tables here", value="forbid"),
    app_commands.Choice(name="tables anywhere", value="anywhere"),
]


def is_admin(interaction: discord.Interaction[Any]) -> bool:
    permissions = interaction.permissions
    return interaction.guild_id is not None and permissions is not None and permissions.manage_guild


def settings_content(settings: ServerSettings, bot_default: int) -> str:
    """The server's settings as admins read them, after every change."""
    opening = settings.starting_balance
    where = (
        ", ".join(f"<#{channel}>" for channel in settings.channels)
        if settings.channels
        else "anywhere"
    )
    bets = ", ".join(f"{GAME_NAMES[g]} {b}" for g, b in settings.small_bets.items())
    clocks = ", ".join(f"{GAME_NAMES[g]} {s} s" for g, s in settings.action_seconds.items())
    language = LANGUAGES[settings.language] if settings.language else "the server's locale"
    return "\n".join(
        [
            "**Poker settings of this server**",
            f"Starting balance: {bot_default if opening is None else opening} chips"
            + (" (the bot's default)" if opening is None else ""),
            f"Daily chips: {settings.daily_amount}",
            f"Default game: {GAME_NAMES[settings.default_game]}",
            f"Small bets: {bets or 'the defaults of each game'}",
            f"Action clock: {clocks or '60 s in every game'}",
            f"Tables may be opened: {where}",
            f"Language of public messages: {language}",
        ]
    )


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

    @admin.command(name="config", description="Show or change this server's poker settings")
    @app_commands.describe(
        starting_balance="Chips a new wallet opens with",
        daily_amount="Chips of /poker daily",
        default_game="The game /poker new deals when none is named",
        game="The game small_bet and action_seconds apply to (default: the default game)",
        small_bet="Default small bet of that game",
        action_seconds="Default action clock of that game (10 to 600)",
        tables="Where /poker new may open tables",
        language="Language of public messages",
    )
    @app_commands.choices(
        default_game=VARIANT_CHOICES,
        game=VARIANT_CHOICES,
        tables=HERE,
        language=[app_commands.Choice(name=n, value=k) for k, n in LANGUAGES.items()],
    )
    async def config(  # noqa: PLR0917 (one parameter per slash-command option)
        self,
        interaction: discord.Interaction[Any],
        starting_balance: app_commands.Range[int, 0, LIMITS.chips] | None = None,
        daily_amount: app_commands.Range[int, 0, LIMITS.chips] | None = None,
        default_game: str | None = None,
        game: str | None = None,
        small_bet: app_commands.Range[int, 2, LIMITS.small_bet] | None = None,
        action_seconds: app_commands.Range[int, 10, 600] | None = None,
        tables: str | None = None,
        language: str | None = None,
    ) -> None:
        if not is_admin(interaction):
            await refuse(interaction, "Only members with Manage Server can do that.")
            return
        guild, channel = interaction.guild_id or 0, interaction.channel_id or 0
        store = self.bot.store
        current = await settings_of(store, guild)
        data = current.model_dump()
        for key, value in (
            ("starting_balance", starting_balance),
            ("daily_amount", daily_amount),
            ("default_game", default_game),
            ("language", language),
        ):
            if value is not None:
                data[key] = value
        which = game or data["default_game"]
        if small_bet is not None:
            data["small_bets"] = {**data["small_bets"], which: small_bet}
        if action_seconds is not None:
            data["action_seconds"] = {**data["action_seconds"], which: action_seconds}
        if tables == "anywhere":
            data["channels"] = ()
        elif tables == "allow":
            data["channels"] = tuple(dict.fromkeys((*data["channels"], channel)))
        elif tables == "forbid":
            allowed = [c for c in data["channels"] if c != channel]
            if not allowed:
                await refuse(
                    interaction,
                    "Tables are allowed anywhere: allow the channels where they may be opened"
                    " (tables: allow tables here), and the others are closed to them.",
                )
                return
            data["channels"] = tuple(allowed)
        try:
            settings = ServerSettings.model_validate(data)
        except ValidationError as error:
            await refuse(interaction, f"Those settings don't work:\n{explain(error)}")
            return
        if settings != current:
            await store.save_server_settings(guild, settings.model_dump_json())
        await answer(
            interaction.response.send_message(
                settings_content(settings, store.starting_balance),
                ephemeral=True,
                allowed_mentions=NO_MENTIONS,
            )
        )
