"""Shows a table's effects in Discord when no interaction response can carry them: the table
message (posted fresh for a new hand, the old one losing its buttons; edited otherwise), DMs of
private cards, the summary and notices in one channel message.

The sending happens in one outbox per table, in order, after the table lock is released: a
click is never kept waiting behind the DMs of the click before it. The table message is
rendered when it is sent, so it always shows the latest state."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.dealer.table import Table
from bot.dealer.views import Effects, PrivateHand
from cogs.poker._render import private_content, summary_content, table_content
from cogs.poker._views import table_view

log = logging.getLogger(__name__)

DM_CLOSED = 50007
NO_MENTIONS = discord.AllowedMentions.none()


def table_message(table: Table) -> dict[str, Any]:
    """The table message as keyword arguments for any send or edit: its content, its buttons,
    and mentions allowing only the player to act to be pinged (INTERFACE.md)."""
    view = table.view()
    users = [discord.Object(view.actor_id)] if view.actor_id is not None else False
    return {
        "content": table_content(view),
        "view": table_view(view),
        "allowed_mentions": discord.AllowedMentions(everyone=False, roles=False, users=users),
    }


Job = Callable[[], Awaitable[object]]


class DiscordPresenter:
    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self._outboxes: dict[int, asyncio.Queue[Job]] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}

    def _enqueue(self, channel: int, job: Job) -> None:
        queue = self._outboxes.get(channel)
        if queue is None:
            queue = self._outboxes[channel] = asyncio.Queue()
            self._workers[channel] = asyncio.create_task(
                self._work(channel, queue), name=f"outbox-{channel}"
            )
        queue.put_nowait(job)

    async def _work(self, channel: int, queue: asyncio.Queue[Job]) -> None:
        while True:
            job = await queue.get()
            try:
                await job()
            except Exception:
                log.exception("sending to table %d failed", channel)
            finally:
                queue.task_done()

    async def idle(self, channel: int) -> None:
        """Wait until everything queued for the table has been sent."""
        queue = self._outboxes.get(channel)
        if queue is not None:
            await queue.join()

    async def close(self) -> None:
        for channel in list(self._outboxes):
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(2):
                    await self.idle(channel)
        for worker in self._workers.values():
            worker.cancel()
        if self._workers:
            await asyncio.wait(self._workers.values())
        self._workers.clear()
        self._outboxes.clear()

    def channel(self, table: Table) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)

    async def present(self, table: Table, effects: Effects, *, table_shown: bool = False) -> None:
        """Queue what ``effects`` show; returns at once (the caller holds the table lock)."""
        channel = table.channel_id
        if effects.table_changed and not table_shown:
            fresh = effects.fresh_message
            self._enqueue(channel, lambda: self.show_table(table, fresh=fresh))
        private = list(effects.private)
        if private:
            self._enqueue(
                channel, lambda: asyncio.gather(*(self.send_private(table, p) for p in private))
            )
        parts = []
        if effects.summary is not None:
            parts.append(summary_content(effects.summary))
        parts.extend(effects.notices)
        if parts:
            text = "\n".join(parts)
            self._enqueue(
                channel, lambda: self.channel(table).send(text, allowed_mentions=NO_MENTIONS)
            )

    async def show_table(self, table: Table, *, fresh: bool = False) -> None:
        """Rendered when sent, so it shows the latest state."""
        channel = self.channel(table)
        if table.message_id is not None and not fresh:
            try:
                await channel.get_partial_message(table.message_id).edit(**table_message(table))
                return
            except discord.NotFound:
                pass  # deleted: post a new one
        message = await channel.send(**table_message(table))
        old, table.message_id = table.message_id, message.id
        await table.store.set_message(table.channel_id, message.id)
        if old is not None:
            await self._strip_buttons(table, old)

    def retire(self, table: Table, message_id: int | None) -> None:
        """A new table message replaces ``message_id``: queue taking its buttons away."""
        if message_id is not None:
            self._enqueue(table.channel_id, lambda: self._strip_buttons(table, message_id))

    async def _strip_buttons(self, table: Table, message_id: int) -> None:
        """One live table message: an older one keeps its text (a record of that moment) and
        loses its buttons."""
        with contextlib.suppress(discord.NotFound):  # deleted meanwhile: nothing to strip
            await self.channel(table).get_partial_message(message_id).edit(view=None)

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
