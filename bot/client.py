"""The Discord client: points discord.py at the configured endpoints, opens the database,
resumes every table, loads the poker cog and connects. `python -m bot` and the end-to-end
tests both use :func:`serve`."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import signal
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

import aiohttp
import discord
import yarl
from discord.ext import commands

from bot import budget, sending
from bot.config import Settings
from bot.dealer.dealer import Dealer
from bot.dealer.entropy import Entropy
from bot.metrics import OPEN_TABLES, MetricsServer, request_trace, time_collections
from bot.pictures import drawing
from bot.poker import build_info
from bot.store import Database
from bot.store.base import utc_now
from bot.text.catalogue import catalogue

if TYPE_CHECKING:
    from cogs.poker._nights import NightDesk
    from cogs.poker._presenter import DiscordPresenter

log = logging.getLogger(__name__)

EXTENSIONS = ("cogs.poker",)
LOGIN_RETRIES = (1, 2, 5, 10, 30, 60)  # seconds between attempts to reach Discord; then 60
DEV_COMMANDS = "dev_guild_commands"  # bot_state: the server holding its own copy of them


def apply_endpoints(settings: Settings) -> None:
    """Let a REST proxy or a local test server stand in for Discord (INTERFACE.md)."""
    discord.http.Route.BASE = settings.discord_api_base.rstrip("/")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.discord_gateway_url)


@dataclass
class Seams:
    """What tests may replace: the clock and the randomness, and whether the process is the
    bot's own (a test's is shared with its harness: its heap is not the bot's to set aside).
    Production uses the defaults."""

    clock: Callable[[], datetime] = utc_now
    entropy: Entropy = field(default_factory=Entropy)
    own_process: bool = True


class PokerBot(commands.AutoShardedBot):
    """discord.py's sharded bot: the shards of SHARD_IDS, or every shard Discord recommends."""

    presenter: DiscordPresenter
    nights: NightDesk

    def __init__(
        self, settings: Settings, store: Database, dealer: Dealer, *, clock_at_setup: bool = True
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        intents.members = settings.discord_members_intent
        # the dealer never joins voice: no start-up warnings about voice libraries
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        sharding: dict[str, Any] = {"shard_count": settings.shard_count}
        if (shards := settings.shards()) is not None:
            sharding["shard_ids"] = list(shards)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            allowed_mentions=discord.AllowedMentions.none(),
            http_trace=request_trace(),
            guild_ready_timeout=settings.guild_ready_timeout,
            **sharding,
        )
        self.settings = settings
        self.store = store
        self.dealer = dealer
        # a request about a table leaves only while this process holds its lease (issue 35.3):
        # through the HTTP client, and through interaction tokens' webhook adapter
        sending.guard(self.http)
        sending.guard(discord.webhook.async_.async_context.get())
        # every request with the bot's token waits for its budget (issue 43.2; interaction
        # endpoints, the webhook adapter's, are not bound by the global limit)
        # this process's part of what the token may do (its shards among all of them)
        self.token_share = budget.share(1, settings.shards(), settings.shard_count)
        self.dm_open_every = 1 / (settings.dm_opens_per_second * self.token_share)
        per_second = settings.global_requests_per_second * self.token_share
        self.budget = budget.RequestBudget(per_second) if per_second else None
        if self.budget is not None:
            self.http.request = budget.limit_requests(  # type: ignore[method-assign,assignment]
                self.http.request, self.budget
            )
        self.stopping = asyncio.Event()  # set by close(): no more attempts to reach Discord
        # the dealer's clock starts with the bot, unless its host starts it (the local try-out
        # starts it once its simulated Discord is up, so that it is not the simulation's work)
        self.clock_at_setup = clock_at_setup
        # how the presenter's outboxes wait for work (``DiscordPresenter.idle_wait``); None: as
        # any coroutine waits
        self.outbox_wait: Callable[[Awaitable[Any]], Awaitable[Any]] | None = None

    async def setup_hook(self) -> None:
        for extension in EXTENSIONS:
            try:
                await self.load_extension(extension)
            except commands.ExtensionError:
                log.exception("could not load %s", extension)
        await self.sync_commands()
        if self.clock_at_setup:
            self.dealer.start_clock()

    async def sync_commands(self) -> None:
        """To the DEV_GUILD_ID server if set (at once), else globally (up to an hour); a server
        that refuses them is one line, and the commands go global instead. A server that held
        its own copy in an earlier run (DEV_GUILD_ID then) loses it: /poker listed twice
        there otherwise (issue 43.6)."""
        dev_guild = self.settings.dev_guild_id
        earlier = await self.store.bot_state(DEV_COMMANDS)
        if earlier is not None and int(earlier) != dev_guild and self.application_id:
            with contextlib.suppress(discord.HTTPException):  # gone from it: nothing to take
                await self.http.bulk_upsert_guild_commands(self.application_id, int(earlier), [])
            await self.store.set_bot_state(DEV_COMMANDS, None)
        if dev_guild is not None:
            guild = discord.Object(dev_guild)
            self.tree.copy_global_to(guild=guild)
            try:
                await self.tree.sync(guild=guild)
                await self.store.set_bot_state(DEV_COMMANDS, str(dev_guild))
                return
            except discord.HTTPException as error:
                if error.status not in (403, 404):
                    raise
                self.tree.clear_commands(guild=guild)
                log.error(
                    "DEV_GUILD_ID %d refused the commands (%d %s): check that the bot is in "
                    "that server and was invited with the applications.commands scope; they "
                    "are registered globally instead (up to an hour to appear)",
                    dev_guild,
                    error.code,
                    error.text or "Missing Access",
                )
        await self.tree.sync()

    async def close(self) -> None:
        """Stop taking clicks, let the writes in flight finish, send what is queued; every
        table stays stored and resumes at the next start (only /poker end closes one)."""
        self.stopping.set()
        await self.dealer.shutdown()
        for extension in list(self.extensions):  # the outboxes send what they still hold
            with contextlib.suppress(commands.ExtensionError):
                await self.unload_extension(extension)
        await super().close()

    async def on_ready(self) -> None:
        log.info("connected as %s to %d servers", self.user, len(self.guilds))


async def login(bot: PokerBot, token: str) -> bool:
    """Log in; Discord unreachable (DNS, refused connection, 5xx) is retried with backoff, one
    log line per attempt. A refused token raises ``discord.LoginFailure`` at once. ``False``:
    the bot was asked to stop first (SIGTERM during the back-off stops it at once)."""
    for attempt in range(1, 10**6):
        if bot.stopping.is_set():
            return False
        try:
            await bot.login(token)
            return not bot.stopping.is_set()
        except (aiohttp.ClientError, OSError, TimeoutError, discord.DiscordServerError) as error:
            await bot.http.close()  # each attempt opens a session of its own, and closing
            bot.http.connector = discord.utils.MISSING  # it closed its connector: a new one
            if bot.stopping.is_set():
                return False
            wait = LOGIN_RETRIES[min(attempt - 1, len(LOGIN_RETRIES) - 1)]
            reason = str(error) or type(error).__name__
            log.warning("Discord unreachable (%s); attempt %d, next in %d s", reason, attempt, wait)
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(wait):
                    await bot.stopping.wait()
    return False


def dealer_for(settings: Settings, store: Database, seams: Seams | None = None) -> Dealer:
    """The dealer the settings describe (its clock and randomness from ``seams``)."""
    seams = seams or Seams()
    return Dealer(
        store,
        clock=seams.clock,
        entropy=seams.entropy,
        hand_pause=settings.hand_pause_seconds,
        computer_pause=settings.bot_pause(),
        computer_workers=settings.bot_workers,
        owns=settings.owns,
        lease_seconds=settings.lease_seconds,
    )


async def serve(
    settings: Settings,
    *,
    seams: Seams | None = None,
    started: Callable[[PokerBot], None] | None = None,
) -> None:
    """Database first (migrated, held by this process alone), tables resumed, then the bot;
    runs until the bot is closed."""
    seams = seams or Seams()
    apply_endpoints(settings)
    log.info("poker engine %s", build_info.describe())
    if stale := build_info.stale_modules():
        log.warning("compiled engine older than its source, rebuild it: %s", ", ".join(stale))
    store = await Database.open(
        settings.database_url,
        starting_balance=settings.starting_balance,
        clock=seams.clock,
        lock_wait=settings.database_lock_wait,
    )
    try:
        dealer = dealer_for(settings, store, seams)
        resumed = await dealer.resume()
        if resumed:
            log.info("resumed %d tables", len(resumed))
        bot = PokerBot(settings, store, dealer)
        if started is not None:
            started(bot)
        metrics = await start_metrics(settings, bot)
        token = settings.discord_token.get_secret_value() if settings.discord_token else ""
        try:
            async with bot:
                if await login(bot, token):  # setup_hook has run: commands, cogs loaded
                    drawing.use_workers(settings.picture_workers)
                    if seams.own_process:
                        settle_heap()
                    await bot.connect()
                else:
                    log.warning("stopped before reaching Discord")
        finally:
            drawing.use_workers(0)
            if metrics is not None:
                await metrics.stop()
    finally:
        await store.close()


def settle_heap() -> None:
    """Set what start-up built (modules, commands, the compiled catalogue: about two thirds of
    the objects at 50 tables) aside from the garbage collector's full rounds, which otherwise
    walk it again each time and pause every table for 50-120 ms on a slow core (issue 43:
    measured by ``scripts.benchmark_dealer --pin``). Acyclic garbage is still freed at once;
    what is set aside lives as long as the process anyway."""
    catalogue().compile_all()
    gc.collect()
    gc.freeze()


async def start_metrics(settings: Settings, bot: PokerBot) -> MetricsServer | None:
    """``/metrics`` and ``/healthz`` on METRICS_PORT, if set."""
    if settings.metrics_port is None:
        return None
    OPEN_TABLES.set_function(lambda: len(bot.dealer.tables))
    time_collections()

    async def health() -> tuple[bool, dict[str, Any]]:
        problems: list[str] = []
        if not bot.is_ready():
            problems.append("not connected to Discord")
        try:
            await bot.store.ping()
        except Exception as error:
            problems.append(f"database: {type(error).__name__}")
        facts: dict[str, Any] = {
            "shards": sorted(bot.shards),
            "tables": len(bot.dealer.tables),
            "problems": problems,
        }
        return not problems, facts

    server = MetricsServer(settings.metrics_host, settings.metrics_port, health)
    await server.start()
    return server


def run(settings: Settings) -> int:
    """Serve until the process is interrupted (Ctrl-C) or asked to stop (SIGTERM, as service
    managers and containers do): either way the bot closes and the database is closed."""
    from bot.store import DatabaseBusy, DatabaseUnavailable, StoreError  # noqa: PLC0415

    closing: set[asyncio.Task[None]] = set()

    def stop_on_sigterm(bot: PokerBot) -> None:
        def close() -> None:
            task = asyncio.create_task(bot.close())
            closing.add(task)
            task.add_done_callback(closing.discard)

        with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows
            loop = asyncio.get_running_loop()
            loop.add_signal_handler(signal.SIGTERM, close)
            loop.add_signal_handler(signal.SIGINT, close)  # Ctrl-C: the same clean stop

    try:
        asyncio.run(serve(settings, started=stop_on_sigterm))
    except discord.LoginFailure:
        log.error("Discord refused the token: check DISCORD_TOKEN")
        return 1
    except (DatabaseBusy, DatabaseUnavailable, StoreError) as error:
        log.error("%s", error)
        return 1
    except KeyboardInterrupt:
        pass
    return 0
