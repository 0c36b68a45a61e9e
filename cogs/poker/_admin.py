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
from bot.dealer.options import LIMITS, game_name
from bot.dealer.settings import ServerSettings
from bot.text import Items, Msg, Speaker
from cogs.poker import _seasons as seasons
from cogs.poker._commands import VARIANT_CHOICES
from cogs.poker._economy import settings_of
from cogs.poker._guards import command_check
from cogs.poker._interactions import answer, refuse
from cogs.poker._opening import invalid_settings
from cogs.poker._presenter import NO_MENTIONS
from cogs.poker._readers import Readers, speaker
from cogs.poker._translator import choice, described, options_described

if TYPE_CHECKING:
    from bot.client import PokerBot

Chips = app_commands.Range[int, 1, LIMITS.chips]
NOTE_LIMIT = 200
LANGUAGES = ("en", "fr")
HERE = [
    choice("choice-tables-allow", "allow"),
    choice("choice-tables-forbid", "forbid"),
    choice("choice-tables-anywhere", "anywhere"),
]


def is_admin(interaction: discord.Interaction[Any]) -> bool:
    permissions = interaction.permissions
    return interaction.guild_id is not None and permissions is not None and permissions.manage_guild


def settings_content(say: Speaker, settings: ServerSettings, bot_default: int) -> str:
    """The server's settings as admins read them, after every change."""
    opening = settings.starting_balance
    where = Items(tuple(f"<#{channel}>" for channel in settings.channels))
    bets = Items(
        tuple(
            Msg("game-amount", game=game_name(g), amount=b) for g, b in settings.small_bets.items()
        )
    )
    clocks = Items(
        tuple(
            Msg("game-seconds", game=game_name(g), seconds=s)
            for g, s in settings.action_seconds.items()
        )
    )
    return say(
        "settings",
        balance=bot_default if opening is None else opening,
        bot_default="yes" if opening is None else "no",
        daily=settings.daily_amount,
        game=game_name(settings.default_game),
        bets=bets,
        has_bets="yes" if settings.small_bets else "no",
        clocks=clocks,
        has_clocks="yes" if settings.action_seconds else "no",
        channels=where,
        anywhere="yes" if not settings.channels else "no",
        language=settings.language or "auto",
        pictures="yes" if settings.table_pictures else "no",
        host_tables=settings.host_tables,
        member_seats=settings.member_seats,
        per_minute=settings.commands_per_minute,
        idle=settings.idle_minutes,
        stakes=settings.computer_stakes,
        cap=settings.real_stakes_cap or 0,
        cap_daily="yes" if settings.house_cap is None else "no",
        time_zone=settings.time_zone,
        host_role="none" if settings.host_role is None else f"<@&{settings.host_role}>",
    )


class AdminCog(commands.Cog, name="Poker admin"):
    admin = app_commands.Group(
        name="poker-admin",
        description=described("cmd-desc-poker-admin"),
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    season = app_commands.Group(
        name="season", description=described("cmd-desc-season"), parent=admin
    )

    def __init__(self, bot: PokerBot, readers: Readers) -> None:
        self.bot = bot
        self.readers = readers

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        """Every command: keep the user's locale for their DMs."""
        return await command_check(self.readers, interaction)

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
            await refuse(interaction, Msg("error-admin-only"))
            return
        if member.bot:
            await refuse(interaction, Msg("error-bot-wallet"))
            return
        if not 1 <= abs(delta) <= LIMITS.chips:
            await refuse(interaction, Msg("error-amount-range", high=LIMITS.chips))
            return
        note = (reason or "").strip()[:NOTE_LIMIT] or None
        try:
            wallet = await self.bot.store.adjust(
                guild, member.id, delta, by=interaction.user.id, note=note
            )
        except Refusal as error:
            await refuse(interaction, error)
            return
        await answer(
            interaction.response.send_message(
                speaker(interaction)(
                    "granted" if delta > 0 else "taken",
                    amount=abs(delta),
                    mention=f"<@{member.id}>",
                    wallet=wallet,
                ),
                ephemeral=True,
                allowed_mentions=NO_MENTIONS,
            )
        )

    @admin.command(name="grant", description=described("cmd-desc-grant"))
    @app_commands.describe(
        user=described("opt-desc-give-user"),
        amount=described("opt-desc-amount"),
        reason=described("opt-desc-reason"),
    )
    async def grant(
        self,
        interaction: discord.Interaction[Any],
        user: discord.User,
        amount: Chips,
        reason: str | None = None,
    ) -> None:
        await self._adjust(interaction, user, amount, reason)

    @admin.command(name="take", description=described("cmd-desc-take"))
    @app_commands.describe(
        user=described("opt-desc-take-user"),
        amount=described("opt-desc-amount"),
        reason=described("opt-desc-reason"),
    )
    async def take(
        self,
        interaction: discord.Interaction[Any],
        user: discord.User,
        amount: Chips,
        reason: str | None = None,
    ) -> None:
        await self._adjust(interaction, user, -amount, reason)

    @season.command(name="start", description=described("cmd-desc-season-start"))
    @options_described("season-start", "name", "ends", "reset_wallets")
    async def season_start(
        self,
        interaction: discord.Interaction[Any],
        name: app_commands.Range[str, 1, 50],
        ends: app_commands.Range[str, 1, 40] | None = None,
        reset_wallets: bool = False,
    ) -> None:
        """RULES §12.1, §12.4: a season from now, wallets reset if asked."""
        if not is_admin(interaction):
            await refuse(interaction, Msg("error-admin-only"))
            return
        await seasons.season_start(self.bot.store, interaction, name, ends, reset_wallets)

    @season.command(name="end", description=described("cmd-desc-season-end"))
    async def season_end(self, interaction: discord.Interaction[Any]) -> None:
        if not is_admin(interaction):
            await refuse(interaction, Msg("error-admin-only"))
            return
        await seasons.season_end(self.bot.store, interaction)

    @admin.command(name="config", description=described("cmd-desc-config"))
    @options_described(
        "config",
        "starting_balance",
        "daily_amount",
        "default_game",
        "game",
        "small_bet",
        "action_seconds",
        "tables",
        "language",
        "table_pictures",
        "host_tables",
        "member_seats",
        "commands_per_minute",
        "idle_minutes",
        "computer_stakes",
        "house_cap",
        "time_zone",
        "host_role",
        "no_host_role",
    )
    @app_commands.choices(
        computer_stakes=[choice(f"choice-stakes-{key}", key) for key in ("practice", "real")],
        default_game=VARIANT_CHOICES,
        game=VARIANT_CHOICES,
        tables=HERE,
        language=[choice(f"language-{key}", key) for key in LANGUAGES],
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
        table_pictures: bool | None = None,
        host_tables: app_commands.Range[int, 1, 50] | None = None,
        member_seats: app_commands.Range[int, 1, 50] | None = None,
        commands_per_minute: app_commands.Range[int, 5, 600] | None = None,
        idle_minutes: app_commands.Range[int, 5, 1440] | None = None,
        computer_stakes: str | None = None,
        house_cap: app_commands.Range[int, 0, LIMITS.chips] | None = None,
        time_zone: app_commands.Range[str, 1, 64] | None = None,
        host_role: discord.Role | None = None,
        no_host_role: bool | None = None,
    ) -> None:
        if not is_admin(interaction):
            await refuse(interaction, Msg("error-admin-only"))
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
            ("table_pictures", table_pictures),
            ("host_tables", host_tables),
            ("member_seats", member_seats),
            ("commands_per_minute", commands_per_minute),
            ("idle_minutes", idle_minutes),
            ("computer_stakes", computer_stakes),
            ("house_cap", house_cap),
            ("time_zone", time_zone.strip() if time_zone else None),
            ("host_role", host_role.id if host_role else None),
        ):
            if value is not None:
                data[key] = value
        if no_host_role:
            data["host_role"] = None
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
                await refuse(interaction, Msg("error-forbid-anywhere"))
                return
            data["channels"] = tuple(allowed)
        try:
            settings = ServerSettings.model_validate(data)
        except ValidationError as error:
            await refuse(interaction, invalid_settings(error))
            return
        if settings != current:
            await store.save_server_settings(guild, settings.model_dump_json())
            self.readers.server_changed(guild)
        await answer(
            interaction.response.send_message(
                settings_content(speaker(interaction), settings, store.starting_balance),
                ephemeral=True,
                allowed_mentions=NO_MENTIONS,
            )
        )
