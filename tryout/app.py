"""`python -m bot try`: one member, one channel, a table of computer players, in a local page.

SimCord runs the real ``PokerBot`` against an in-memory Discord; its preview serves the channel
to a browser on 127.0.0.1 only, and a refresh loop keeps the page live while computer players
act and clocks run. The data lives in a SQLite file of its own (``try.sqlite3``): stopping and
starting the try-out again resumes the table, as the real bot does. Where SimCord falls short
(its preview shows one channel: the DMs get a second page of their own; it dates messages on
its own clock), the closing note of issue 24 says so.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import secrets
import signal
import socket
import sys
import webbrowser
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import discord
import simcord

from bot import logs
from bot.client import PokerBot, dealer_for
from bot.config import GivenSettings, Settings
from bot.poker.variants import VARIANTS
from bot.store import Database
from cogs.poker._games_option import DEALERS_CHOICE, MIXED
from tryout import patches
from tryout.opening import Opening
from tryout.typed import typed_commands_run

log = logging.getLogger("tryout")

GUILD_ID = 1_100_000_000_000_000_001  # pinned: the same server, channel and member every run
LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})
REFRESH_SECONDS = 1.0
DEFAULT_PORT = 8765
MEMBER_NAME = "Sam"


@dataclass(frozen=True, slots=True)
class Options:
    language: str = "en"
    game: str = "seven_card_stud"
    bots: int = 3
    level: str = "standard"
    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    browser: bool = True
    database_url: str = "sqlite:///try.sqlite3"
    bot_pause: str = "1-3"
    given: frozenset[str] = frozenset()  # of game, bots, level: those named on the command line


def parse(argv: list[str]) -> Options:
    parser = argparse.ArgumentParser(
        prog="python -m bot try",
        description="The real dealer in a local browser page: no Discord, no token, no network.",
    )
    parser.add_argument("--lang", choices=["en", "fr"], default="en")
    # None: not given (a table already in the database keeps its own)
    parser.add_argument(
        "--game",
        choices=[*sorted(VARIANTS), MIXED, DEALERS_CHOICE],
        help="default: seven_card_stud; mixed: every game in rotation; dealers_choice: the"
        " button chooses",
    )
    parser.add_argument("--bots", type=int, choices=range(1, 8), metavar="1-7", help="default: 3")
    parser.add_argument("--level", choices=["easy", "standard", "strong"], help="default: standard")
    parser.add_argument("--host", default="127.0.0.1", help="loopback only")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="0: any free port")
    parser.add_argument("--no-browser", action="store_true", help="only print the address")
    parser.add_argument("--database-url", default="sqlite:///try.sqlite3")
    parser.add_argument("--bot-pause", default="1-3", help="computer players' pause, seconds")
    given = parser.parse_args(argv)
    named = frozenset(key for key in ("game", "bots", "level") if getattr(given, key) is not None)
    defaults = Options()
    return Options(
        language=given.lang,
        game=given.game or defaults.game,
        bots=given.bots or defaults.bots,
        level=given.level or defaults.level,
        given=named,
        host=given.host,
        port=given.port,
        browser=not given.no_browser,
        database_url=given.database_url,
        bot_pause=given.bot_pause,
    )


class Refused(Exception):
    """The try-out cannot start; the message says why, in one line."""


def check_address(options: Options) -> None:
    """Loopback only, and a port nobody holds (said now, not as a traceback later)."""
    if options.host not in LOOPBACK:
        raise Refused(
            f"--host {options.host}: the try-out serves this computer only (127.0.0.1);"
            " it never opens a port to the network"
        )
    if not 0 <= options.port < 65535:
        raise Refused(
            f"--port {options.port}: a port from 1 to 65534 (the direct messages take the next"
            " one), or 0 for any free ones"
        )
    for port in (options.port, dms_port(options)):
        if port and not port_free(port):
            raise Refused(
                f"port {port} is taken on 127.0.0.1: choose another with --port (the table"
                " uses that port, its direct messages the next one)"
            )


def port_free(port: int) -> bool:
    """Bound as the page's server binds it: a port whose last connections are closing
    (TIME_WAIT, for a minute after Ctrl-C) is free; one still listened on is not (36.1)."""
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def dms_port(options: Options) -> int:
    """The direct messages' page: the port after the table's (any free one with ``--port 0``)."""
    return options.port + 1 if options.port else 0


@dataclass
class TryOut:
    """The running try-out, as tests drive it."""

    env: simcord.Env
    bot: PokerBot
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    member: simcord.MemberActor
    preview: Any  # simcord.Preview: the channel and its table
    dms: Any  # simcord.Preview: the member's direct messages from the dealer
    table_line: str = ""  # which game the table deals, and what became of the options given

    @property
    def url(self) -> str:
        return str(self.preview.url)

    @property
    def dms_url(self) -> str:
        return str(self.dms.url)


def settings_for(options: Options) -> Settings:
    """The try-out's settings, from its options alone: a deployment's environment or `.env`
    (its token, database, shards) is not read."""
    return GivenSettings(
        database_url=options.database_url,
        dev_guild_id=None,  # the commands sync globally: SimCord has them at once, in DMs too
        shard_count=1,
        bot_workers=0,  # decisions in a thread: no worker processes to start for one table
        bot_pause_seconds=options.bot_pause,
        member_language="fr" if options.language == "fr" else None,
        message_links=False,  # no discord.com to open: the page shows the channel (42.16)
    )


async def serve(
    options: Options,
    *,
    ready: Callable[[TryOut], None] | None = None,
    stop: asyncio.Event | None = None,
) -> None:
    """Run until ``stop`` is set (or Ctrl-C / SIGTERM when it is not given)."""
    check_address(options)
    patches.clicks_outlive_refreshes()
    patches.actions_wait_their_turn()
    patches.replies_in_view()
    patches.scripts_served_edited()
    typed_commands_run()
    settings = settings_for(options)
    store = await Database.open(settings.database_url, starting_balance=settings.starting_balance)
    try:
        dealer = dealer_for(settings, store)
        await dealer.resume()
        bot = PokerBot(settings, store, dealer, clock_at_setup=False)
        env = simcord.Env(bot, shard_count=1, check_errors=False)
        env.backend.bot_user.name = "Croupier" if options.language == "fr" else "Dealer"
        # the outboxes wait for the dealer's news, which the simulation does not start
        bot.outbox_wait = lambda waiting: env.external_wait(
            waiting, reason="a table's outbox waits for its next message"
        )
        # the server exists before the bot connects: a resumed table finds its channel
        locale = "fr" if options.language == "fr" else None
        guild = env.create_guild("Poker night", id=GUILD_ID, preferred_locale=locale)
        channel = guild.create_text_channel("poker")
        host = guild.create_role("host", permissions=discord.Permissions(manage_guild=True))
        # one name in both languages: a seat taken in French is still "Sam" in English (36.16);
        # a name, not "you": "you bets" would read badly
        member = guild.add_member(env.create_user(MEMBER_NAME), roles=[host])
        keep_time(env)  # after the server's ids are made: they stay the same every run
        await env.start()
        try:
            with env.time_context():
                dealer.start_clock()
                await _open_and_show(
                    env=env,
                    bot=bot,
                    guild=guild,
                    channel=channel,
                    member=member,
                    options=options,
                    ready=ready,
                    stop=stop,
                )
        finally:
            await env.shutdown()
    finally:
        await store.close()


async def _open_and_show(
    *,
    env: simcord.Env,
    bot: PokerBot,
    guild: simcord.GuildHandle,
    channel: simcord.ChannelHandle,
    member: simcord.MemberActor,
    options: Options,
    ready: Callable[[TryOut], None] | None,
    stop: asyncio.Event | None,
) -> None:
    """A table of computer players on a first run (or of the options given, issue 36.2), then
    the page, live until ``stop``."""
    opening = Opening(bot, channel, member, options)
    table_line = await opening.first()
    locale = "fr" if options.language == "fr" else "en-US"
    now = datetime.now(UTC)  # clocks count down from now, not from SimCord's 2026-01-01
    key = page_key(options)
    table_page = env.preview(
        channel,
        viewers=[member],
        layout="channel",
        port=options.port,
        locale=locale,
        presentation_time=now,
    )
    table_page.capability = key  # the same address every run (issue 36.3)
    async with (
        table_page as preview,
        second_preview(
            env,
            preview,
            member.user.dm_channel,
            key,
            viewers=[member.user],
            layout="channel",
            port=dms_port(options),
            locale=locale,
            presentation_time=now,
        ) as dms,
    ):
        running = TryOut(env, bot, guild, channel, member, preview, dms, table_line)
        if ready is not None:
            ready(running)
        else:
            say_where(running, options)
        await keep_live(env, (preview, dms), stop or until_interrupted(), opening.when_closed)


@contextlib.asynccontextmanager
async def second_preview(
    env: simcord.Env, first: Any, channel: simcord.ChannelHandle, key: str, **options: Any
) -> AsyncIterator[Any]:
    """A second page beside ``first``: the direct messages, where a player's cards come.

    SimCord 3.2.1 (pinned by the ``try`` extra) serves one preview per ``Env``, showing one
    channel. Its guard is the ``Env._preview`` attribute: it is cleared while the second
    preview opens, then points at ``first`` again. The second page has nothing to click but
    its message box, whose receipts SimCord then leaves unconfirmed: our bot ignores DMs sent
    to it, and its commands are for servers (in a DM they say so)."""
    env._preview = None  # see above
    try:
        page = env.preview(channel, **options)
        page.capability = key
        async with page as second:
            env._preview = first
            yield second
    finally:
        env._preview = first


def page_key(options: Options) -> str:
    """The secret part of the pages' addresses (SimCord's capability), kept beside the database
    (``try.sqlite3.key``, readable by its owner only): a tab left open from an earlier run of
    the same folder opens again when reloaded (issue 36.3). SimCord draws a new one per run."""
    database = options.database_url.removeprefix("sqlite:///")
    if database == options.database_url or database in ("", ":memory:"):
        return secrets.token_urlsafe(32)
    path = Path(database + ".key")
    with contextlib.suppress(OSError):
        found = path.read_text("ascii").strip()
        if len(found) >= 32:
            return found
    key = secrets.token_urlsafe(32)
    with contextlib.suppress(OSError):
        path.touch(mode=0o600)
        path.write_text(key + "\n", "ascii")
    return key


def say_where(running: TryOut, options: Options) -> None:
    sys.stdout.write(
        f"The dealer is open at {running.url}\n"
        f"Your direct messages from the dealer (your cards): {running.dms_url}\n"
        "(this computer only; Ctrl-C stops it, and the table waits in"
        f" {options.database_url.removeprefix('sqlite:///')} for the next run: the addresses"
        " stay the same, so a tab left open opens again when reloaded)\n"
        f"{running.table_line}\n"
    )
    sys.stdout.flush()
    if options.browser:
        with contextlib.suppress(webbrowser.Error):
            webbrowser.open(running.dms_url)
            webbrowser.open(running.url)  # opened last: the table's tab in front


def until_interrupted() -> asyncio.Event:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(signum, stop.set)
    return stop


def keep_time(env: simcord.Env) -> None:
    """SimCord's clock starts at 2026-01-01 and stands still; the try-out's follows the wall
    clock, so that messages are dated as they are sent and each run's new ids (snowflakes, made
    from the time) come after every id an earlier run stored."""
    behind = (datetime.now(UTC) - env.now()).total_seconds()
    if behind > 0:
        env.backend.advance_clock(behind)


async def keep_live(
    env: simcord.Env,
    previews: tuple[Any, ...],
    stop: asyncio.Event,
    chore: Callable[[], Awaitable[None]] | None = None,
) -> None:
    """Publish to the pages what the bot did on its own (computer players, clocks, the next
    hand), as Discord's gateway would push it: when the bot has sent something since the last
    look. A clock's ``<t:…:R>`` counts down on the page by itself, as in Discord's client
    (``tryout/served.py``): the page is not republished every second for it, which redrew the
    table under the member's mouse (issue 42.10). A refresh that meets a click (SimCord refuses
    two operations at once) is tried again at the next tick."""
    seen = len(env.http_requests)
    while not stop.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), REFRESH_SECONDS)
        keep_time(env)
        if chore is not None:
            try:
                await chore()
            except (TimeoutError, simcord.BackendError, simcord.SetupError) as error:
                log.info("the try-out's chore waits for the next tick: %s", error)
        if len(env.http_requests) == seen:
            continue
        try:
            for preview in previews:
                preview.capture_time = datetime.now(UTC)  # the action clock's countdown, true
                await preview.refresh()
        except (TimeoutError, simcord.BackendError, simcord.SetupError) as error:
            log.info("the pages were not refreshed this time: %s", error)
            continue
        seen = len(env.http_requests)  # what the refreshes' settling sent is on the pages


def main(argv: list[str]) -> int:
    options = parse(argv)
    logs.configure("WARNING")
    try:
        asyncio.run(serve(options))
    except Refused as error:
        sys.stderr.write(f"{error}\n")
        return 2
    except KeyboardInterrupt:
        pass
    return 0
