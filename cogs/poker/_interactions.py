"""Answering interactions: after the change is committed and the table lock released, with a
timeout, and whatever happens to the answer the change's effects still go out.

Discord drops an interaction not answered within 3 seconds; an answer that fails (10062
Unknown interaction, a network error, a timeout) is logged in one line and the presenter shows
the table through the channel instead."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
import discord

from bot.dealer.dealer import Dealer, Operation, Refusal, refusal_message
from bot.dealer.table import Table
from bot.dealer.views import Effects
from bot.text import Msg
from cogs.poker._presenter import Answered, DiscordPresenter, error_summary
from cogs.poker._readers import speaker

log = logging.getLogger(__name__)

REPLY_TIMEOUT = 5.0
FAILURES = (discord.HTTPException, aiohttp.ClientError, OSError, TimeoutError)


async def answer(call: Awaitable[Any]) -> bool:
    """Send one answer; ``False`` if it could not be sent."""
    try:
        async with asyncio.timeout(REPLY_TIMEOUT):
            await call
    except FAILURES as error:
        log.info("an interaction could not be answered: %s", error_summary(error))
        return False
    return True


async def refuse(interaction: discord.Interaction[Any], reason: Msg | Exception) -> None:
    """An ephemeral explanation, in the clicker's language; nothing changed. A table another
    process took from this one is not answered here: that process answers (issue 20.5)."""
    if getattr(reason, "silent", False):
        return
    message = reason if isinstance(reason, Msg) else refusal_message(reason)
    text = speaker(interaction).render(message)
    if interaction.response.is_done():
        await answer(interaction.followup.send(text, ephemeral=True))
    else:
        await answer(interaction.response.send_message(text, ephemeral=True))


class TableActions:
    """Runs a change of the interaction's channel's table and answers it."""

    def __init__(self, dealer: Dealer, presenter: DiscordPresenter) -> None:
        self.dealer = dealer
        self.presenter = presenter

    async def run(
        self,
        interaction: discord.Interaction[Any],
        operation: Operation,
        confirm: Callable[[Table], Msg] | None = None,
        *,
        table_id: int | None = None,
        seats: bool = False,
        private_question: bool = False,
    ) -> None:
        """``seats``: the change may seat the member, within the server's limit of seats a
        member may hold at once (counted as it is taken). ``private_question``: the click is
        on a private message (a list), which ``confirm``'s words replace, whatever the change
        shows in the channel."""
        channel, guild, user = interaction.channel_id, interaction.guild_id, interaction.user.id
        if guild is None or channel is None:
            await refuse(interaction, Msg("error-server-only"))
            return
        limit = (await self.presenter.readers.server(guild)).member_seats if seats else None
        try:
            with (
                self.dealer.seat_limit.taking(guild, user, channel, limit)
                if limit is not None
                else contextlib.nullcontext()
            ):
                table, effects = await self.dealer.change(
                    channel,
                    operation,
                    table_id=table_id,
                    click=(user, interaction.id),
                    token=interaction.token,
                )
        except Refusal as error:
            await refuse(interaction, error)
            return
        # committed: now show it; the summary and notices wait for the answer, to follow it
        answered: Answered = asyncio.get_running_loop().create_future()
        try:
            await self._show(
                interaction, table, effects, confirm, answered, private_question=private_question
            )
        finally:  # answered (or not, or failed): they may go
            answered.set_result(interaction if interaction.response.is_done() else None)

    async def _show(
        self,
        interaction: discord.Interaction[Any],
        table: Table,
        effects: Effects,
        confirm: Callable[[Table], Msg] | None,
        answered: Answered,
        *,
        private_question: bool = False,
    ) -> None:
        message = interaction.message
        user = interaction.user.id
        if private_question and confirm is not None and message is not None:
            text = speaker(interaction).render(confirm(table))
            self.presenter.present(table, effects, turn=False, answered=answered)
            await answer(interaction.response.edit_message(content=text, view=None))
        elif message is not None and message.id == table.message_id:
            cards = self.presenter.present(
                table, effects, table_shown=True, turn=False, answered=answered
            )
            await self.presenter.cards_first(cards)  # a deal: the cards before the prompt
            shown = await self.presenter.table_message(table)
            pictured = await self.presenter.picture_now(table)  # stud, if the server wants it
            if pictured is not None:
                shown["attachments"] = pictured
            if await answer(interaction.response.edit_message(**shown)):
                self.presenter.carry(table, interaction, message.id)
                if pictured:
                    self.presenter.pictured(table)
            else:
                self.presenter.present(table, Effects(table_changed=True))  # its picture too
            await self.presenter.done(effects.fresh_pending)  # the clicked one goes on
        elif effects.fresh_message or confirm is None:
            cards = self.presenter.present(
                table, effects, table_shown=True, turn=False, answered=answered
            )
            await self.presenter.cards_first(cards)
            await self.post_table(interaction, table, effects)
        else:
            text = speaker(interaction).render(confirm(table))
            self.presenter.present(table, effects, turn=False, answered=answered)
            if message is not None:  # a button of a private question: its answer replaces it
                await answer(interaction.response.edit_message(content=text, view=None))
            else:
                await answer(interaction.response.send_message(text, ephemeral=True))
        done = interaction.response.is_done()
        self.presenter.tell_turn(table, interaction if done else None, user, effects.seq)

    async def post_table(
        self, interaction: discord.Interaction[Any], table: Table, effects: Effects
    ) -> None:
        """Answer with a fresh table message, which becomes the table's message (the record
        of it in ``effects`` is forgotten once its id is stored)."""
        try:
            async with asyncio.timeout(REPLY_TIMEOUT):
                shown, told = await self.presenter.new_table_message(table)
                callback = await interaction.response.send_message(**shown)
        except FAILURES as error:
            log.info("a table message could not be posted as an answer: %s", error_summary(error))
            again = Effects(table_changed=True, fresh_message=True)
            again.fresh_nonce, again.fresh_pending = effects.fresh_nonce, effects.fresh_pending
            self.presenter.present(table, again)
        else:
            message = callback.resource
            self.presenter.posted_table(table, told)
            if isinstance(message, discord.InteractionMessage):
                await self.presenter.adopt(table, message.id)
                await self.presenter.done(effects.fresh_pending)
        self.presenter.picture_later(table)  # on the message just posted
