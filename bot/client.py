"""The Discord client: points discord.py at the configured endpoints and connects."""

from __future__ import annotations

import asyncio
import logging

import discord
import yarl
from discord.ext import commands

from bot.config import Settings

log = logging.getLogger(__name__)


def apply_endpoints(settings: Settings) -> None:
    """Let a REST proxy or a local test server stand in for Discord (INTERFACE.md)."""
    discord.http.Route.BASE = settings.discord_api_base.rstrip("/")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.discord_gateway_url)


class PokerBot(commands.Bot):
    def __init__(self, settings: Settings) -> None:
        intents = discord.Intents.default()
        super().__init__(command_prefix=commands.when_mentioned, intents=intents)
        self.settings = settings

    async def on_ready(self) -> None:
        log.info("connected as %s to %d servers", self.user, len(self.guilds))


async def _start(settings: Settings) -> None:
    apply_endpoints(settings)
    bot = PokerBot(settings)
    token = settings.discord_token.get_secret_value() if settings.discord_token else ""
    async with bot:
        await bot.login(token)
        await bot.connect()


def run(settings: Settings) -> int:
    try:
        asyncio.run(_start(settings))
    except discord.LoginFailure:
        log.error("Discord refused the token: check DISCORD_TOKEN")
        return 1
    except KeyboardInterrupt:
        pass
    return 0
