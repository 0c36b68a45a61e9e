"""The Discord client: points discord.py at the configured endpoints, opens the database,
loads the poker cog and connects. `python -m bot` and the end-to-end tests both use
:func:`serve`."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

import discord
import yarl
from discord.ext import commands

from bot.config import Settings
from bot.dealer.dealer import Dealer
from bot.poker import build_info
from bot.poker.cards import Deck
from bot.store import ClosedTable, Database
from bot.store.database import utc_now

log = logging.getLogger(__name__)

EXTENSIONS = ("cogs.poker",)


def apply_endpoints(settings: Settings) -> None:
    """Let a REST proxy or a local test server stand in for Discord (INTERFACE.md)."""
    discord.http.Route.BASE = settings.discord_api_base.rstrip("/")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.discord_gateway_url)


@dataclass
class Seams:
    """What tests may replace: the clock and the decks. Production uses the defaults."""

    clock: Callable[[], datetime] = utc_now
    deck_factory: Callable[[], Deck] = field(default=Deck.shuffled)


class PokerBot(commands.Bot):
    def __init__(
        self,
        settings: Settings,
        store: Database,
        dealer: Dealer,
        closed_at_start: list[ClosedTable] | None = None,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        # the dealer never joins voice: no start-up warnings about voice libraries
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.settings = settings
        self.store = store
        self.dealer = dealer
        self.closed_at_start = closed_at_start or []  # told in their channels once connected

    async def setup_hook(self) -> None:
        for extension in EXTENSIONS:
            try:
                await self.load_extension(extension)
            except commands.ExtensionError:
                log.exception("could not load %s", extension)
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        self.dealer.start_clock()

    async def close(self) -> None:
        await self.dealer.stop_clock()
        for extension in list(self.extensions):  # the cog's outbox sends what it still holds
            with contextlib.suppress(commands.ExtensionError):
                await self.unload_extension(extension)
        await super().close()

    async def on_ready(self) -> None:
        log.info("connected as %s to %d servers", self.user, len(self.guilds))


async def serve(
    settings: Settings,
    *,
    seams: Seams | None = None,
    started: Callable[[PokerBot], None] | None = None,
) -> None:
    """Database first (migrated), then the bot; runs until the bot is closed."""
    seams = seams or Seams()
    apply_endpoints(settings)
    log.info("poker engine %s", build_info.describe())
    if stale := build_info.stale_modules():
        log.warning("compiled engine older than its source, rebuild it: %s", ", ".join(stale))
    store = await Database.open(
        settings.database_url, starting_balance=settings.starting_balance, clock=seams.clock
    )
    closed = await store.close_leftover_tables()
    if closed:
        log.info("closed %d tables left by the last run; stacks went back to wallets", len(closed))
    dealer = Dealer(
        store,
        clock=seams.clock,
        deck_factory=seams.deck_factory,
        hand_pause=settings.hand_pause_seconds,
    )
    bot = PokerBot(settings, store, dealer, closed)
    if started is not None:
        started(bot)
    token = settings.discord_token.get_secret_value() if settings.discord_token else ""
    try:
        async with bot:
            await bot.login(token)
            await bot.connect()
    finally:
        await store.close()


def run(settings: Settings) -> int:
    """Serve until the process is interrupted (Ctrl-C) or asked to stop (SIGTERM, as service
    managers and containers do): either way the bot closes and the database is closed."""
    closing: set[asyncio.Task[None]] = set()

    def stop_on_sigterm(bot: PokerBot) -> None:
        def close() -> None:
            task = asyncio.create_task(bot.close())
            closing.add(task)
            task.add_done_callback(closing.discard)

        with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, close)

    try:
        asyncio.run(serve(settings, started=stop_on_sigterm))
    except discord.LoginFailure:
        log.error("Discord refused the token: check DISCORD_TOKEN")
        return 1
    except KeyboardInterrupt:
        pass
    return 0
