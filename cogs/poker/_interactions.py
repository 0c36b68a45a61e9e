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
from typing import Any, TypeVar

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
# seconds from the interaction's creation within which it is answered, or deferred: Discord
# wants the first answer within 3, network latency included
ANSWER_WITHIN = 2.0
T = TypeVar("T")
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


def time_left(interaction: discord.Interaction[Any]) -> float:
    """Seconds left before the bot must have answered: Discord counts its 3 seconds from the
    event (the interaction's id says when it was made), network included; the bot keeps a
    margin (:data:`ANSWER_WITHIN`). An id from a clock far off counts from now."""
    age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    return ANSWER_WITHIN - (age if 0 <= age < ANSWER_WITHIN * 10 else 0.0)


async def in_time(interaction: discord.Interaction[Any], work: Awaitable[T]) -> T:
    """``work``'s result. If it is not done before the time to answer runs out (a held lock,
    a stalled database unit, a new hand's DMs), the interaction is deferred first: a click's
    message is edited once done, a command's answer comes privately (issue 43.4)."""
    task = asyncio.ensure_future(work)
    if interaction.response.is_done():
        return await task
    try:
        return await asyncio.wait_for(asyncio.shield(task), max(time_left(interaction), 0.0))
    except TimeoutError:
        await answer(defer(interaction))
        return await task


def defer(interaction: discord.Interaction[Any]) -> Awaitable[Any]:
    """A click: its message is edited later (type 6); a command: "thinking", privately."""
    if interaction.type is discord.InteractionType.component:
        return interaction.response.defer()
    return interaction.response.defer(ephemeral=True, thinking=True)


def thinking(interaction: discord.Interaction[Any]) -> bool:
    """The answer so far is a deferred "thinking" message, to be filled."""
    deferred = discord.InteractionResponseType.deferred_channel_message
    return interaction.response.type is deferred


async def tell_privately(interaction: discord.Interaction[Any], text: str, **more: Any) -> bool:
    """An ephemeral answer: the first one, or the "thinking" one filled, or a follow-up."""
    if not interaction.response.is_done():
        return await answer(interaction.response.send_message(text, ephemeral=True, **more))
    if thinking(interaction):
        return await answer(interaction.edit_original_response(content=text, **more))
    return await answer(interaction.followup.send(text, ephemeral=True, **more))


async def edit_clicked(interaction: discord.Interaction[Any], **changes: Any) -> bool:
    """Edit the message whose component was clicked: in the answer, or once deferred."""
    if interaction.response.is_done():
        return await answer(interaction.edit_original_response(**changes))
    return await answer(interaction.response.edit_message(**changes))


async def refuse(interaction: discord.Interaction[Any], reason: Msg | Exception) -> None:
    """An ephemeral explanation, in the clicker's language; nothing changed. A table another
    process took from this one is not answered here: that process answers (issue 20.5)."""
    if getattr(reason, "silent", False):
        return
    message = reason if isinstance(reason, Msg) else refusal_message(reason)
    await tell_privately(interaction, speaker(interaction).render(message))


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


        async def change() -> tuple[Table, Effects]:
            limit = (await self.presenter.readers.server(guild)).member_seats if seats else None
            with (
                self.dealer.seat_limit.taking(guild, user, channel, limit)
                if limit is not None
                else contextlib.nullcontext()
            ):
                return await self.dealer.change(
                    channel,
                    operation,
                    table_id=table_id,
                    click=(user, interaction.id),
                    token=interaction.token,
                )

        try:
            table, effects = await in_time(interaction, change())
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
            await edit_clicked(interaction, content=text, view=None)
        elif message is not None and message.id == table.message_id:
            cards = self.presenter.present(
                table, effects, table_shown=True, turn=False, answered=answered
            )
            shown = await in_time(interaction, self._table_now(table, cards))
            if await edit_clicked(interaction, **shown):
                self.presenter.carry(table, interaction, message.id)
                if "attachments" in shown:
                    self.presenter.pictured(table)
            else:
                self.presenter.present(table, Effects(table_changed=True))  # its picture too
            await self.presenter.done(effects.fresh_pending)  # the clicked one goes on
        elif (effects.fresh_message or confirm is None) and not interaction.response.is_done():
            cards = self.presenter.present(
                table, effects, table_shown=True, turn=False, answered=answered
            )
            await in_time(interaction, self.presenter.cards_first(cards))
            await self.post_table(interaction, table, effects)
        elif effects.fresh_message or confirm is None:  # deferred: the outbox posts it
            self.presenter.present(table, effects, turn=False, answered=answered)
            if thinking(interaction):
                await answer(interaction.delete_original_response())
        else:
            text = speaker(interaction).render(confirm(table))
            self.presenter.present(table, effects, turn=False, answered=answered)
            if message is not None:  # a button of a private question: its answer replaces it
                await edit_clicked(interaction, content=text, view=None)
            else:
                await tell_privately(interaction, text)
        done = interaction.response.is_done()
        self.presenter.tell_turn(table, interaction if done else None, user, effects.seq)

    async def _table_now(
        self, table: Table, cards: asyncio.Future[None] | None
    ) -> dict[str, Any]:
        """The table message as an edit: a deal's cards first, then the table and (stud, if
        the server wants it) its picture, as they are then."""
        await self.presenter.cards_first(cards)  # a deal: the cards before the prompt
        shown = await self.presenter.table_message(table)
        pictured = await self.presenter.picture_now(table)
        if pictured is not None:
            shown["attachments"] = pictured
        return shown

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
            adopted = isinstance(message, discord.InteractionMessage) and (
                await self.presenter.adopt(table, message.id)
            )
            if adopted:  # else its record stays, for the restart
                await self.presenter.done(effects.fresh_pending)
        self.presenter.picture_later(table)  # on the message just posted
