"""After a start: notices waiting in the database are posted (and only then deleted), and
every resumed table's message is brought up to date, paced so that a thousand tables stay
within Discord's rate limits."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, cast

import discord
from discord.ext import commands

from bot.budget import URGENCY, Urgency
from bot.dealer.views import Effects, Notice
from cogs.poker._pictures import showdown_files
from cogs.poker._presenter import NO_MENTIONS, DiscordPresenter, error_summary
from cogs.poker._render import notice_text

if TYPE_CHECKING:
    from bot.client import PokerBot

log = logging.getLogger(__name__)

EDITS_PER_SECOND = 20  # with no budget of its own (a proxy keeps it): leave room for play
EFFECTS = ("table_message", "private")  # recorded Discord effects, completed (not shown)


class RestartNotices(commands.Cog):
    def __init__(self, bot: PokerBot, presenter: DiscordPresenter) -> None:
        self.bot = bot
        self.presenter = presenter
        self._task: asyncio.Task[None] | None = None

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """At the first connection: the notices, then every resumed table. At a later one
        (a new gateway session): the notices that could not be posted yet."""
        if self._task is not None and not self._task.done():
            return
        job = self._after_start() if self._task is None else self._post_notices()
        self._task = asyncio.create_task(job, name="after-start")

    async def cog_unload(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def _after_start(self) -> None:
        await self._post_notices()
        tables = list(self.bot.dealer.resumed)
        self.bot.dealer.resumed.clear()
        for table in tables:
            if table.closed:
                continue
            # behind the plays of the moment: the token's budget paces them (bot.budget)
            self.presenter.present(table, Effects(table_changed=True), catch_up=True)
            if self.bot.budget is None:  # none kept here (a proxy keeps it): paced by tables
                await asyncio.sleep(1 / EDITS_PER_SECOND)
        if tables:
            log.info("brought %d table messages up to date", len(tables))

    async def _complete(self, effect: Notice, channel: int) -> None:
        """A Discord effect recorded by a change and cut short by the kill (issue 20.6): its
        new table message (found again: the answer that posted it, or posted again with the
        same nonce, which Discord answers with the first message), or its DMs."""
        table = self.bot.dealer.tables.get(channel)
        if table is None or table.closed:
            return
        values = effect.values
        if effect.key == "private":
            hand = table.live_hand
            if hand is None or table.hand_id != values.get("hand"):
                return  # over: its players have their history
            users = [int(user) for user in values.get("users", []) if int(user) in hand.players]
            hands = [table.private_hand(user) for user in users]
            await self.presenter.send_all_private(table, hands, None)
            return
        found: int | None = None
        token = values.get("token")
        if isinstance(token, str) and self.bot.application_id is not None:
            webhook = discord.Webhook.partial(self.bot.application_id, token, client=self.bot)
            with contextlib.suppress(discord.HTTPException):  # never posted, or expired
                original = await webhook.fetch_message(cast("int", "@original"))
                found = original.id
        if found is None:
            await self.presenter.show_table(table, fresh=True, nonce=str(values.get("nonce")))
        else:
            await self.presenter.adopt(table, found)

    async def _post_notices(self) -> None:
        URGENCY.set(Urgency.LATER)  # this task's requests wait for the plays of the moment
        store = self.bot.store
        waiting = await store.pending_notices(up_to=self.bot.dealer.notices_before_start)
        newest: dict[tuple[int, str], int] = {}  # of the effects, only the newest of a kind
        for pending in waiting:
            key = str(pending.notice.get("key"))
            if key in EFFECTS:
                newest[(pending.channel_id, key)] = pending.id
        for pending in waiting:
            if not self.bot.dealer.leases.owns(pending.guild_id):
                continue  # the process whose shards hold that server posts it
            channel = self.bot.get_partial_messageable(
                pending.channel_id, guild_id=pending.guild_id
            )
            key = str(pending.notice.get("key"))
            if key in EFFECTS:
                if newest[(pending.channel_id, key)] == pending.id:
                    try:
                        await self._complete(Notice.from_dict(pending.notice), pending.channel_id)
                    except (discord.NotFound, discord.Forbidden) as error:
                        log.warning("table %d: not completed (%s)", pending.channel_id,
                                    error_summary(error))  # fmt: skip
                    except (discord.HTTPException, OSError, TimeoutError) as error:
                        log.warning("table %d: completed at the next start (%s)",
                                    pending.channel_id, error_summary(error))  # fmt: skip
                        continue
                await store.notices_posted([pending.id])
                continue
            try:
                say = await self.presenter.readers.public(pending.guild_id)
                notice = Notice.from_dict(pending.notice)
                text = notice_text(say, notice)
            except (KeyError, TypeError, ValueError) as error:  # written by an older version
                log.warning("a stored notice cannot be read, dropped: %s", type(error).__name__)
                await store.notices_posted([pending.id])
                continue
            try:
                files = await showdown_files([notice], say)  # an empty list sends none
                await channel.send(text, files=files, allowed_mentions=NO_MENTIONS)
            except discord.NotFound:
                log.warning("channel %d is gone: its notice is dropped", pending.channel_id)
            except (discord.HTTPException, OSError, TimeoutError) as error:
                log.warning(
                    "a notice for channel %d waits for the next start: %s",
                    pending.channel_id,
                    error_summary(error),
                )
                continue
            await store.notices_posted([pending.id])
            if self.bot.budget is None:  # none kept here: paced by notices
                await asyncio.sleep(1 / EDITS_PER_SECOND)
