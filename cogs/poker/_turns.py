"""Turn notices (issue 21): Discord notifies a mention only in a message as it is created, never
when an edit adds it, so the table message's turn line pings the first actor of a hand alone.
Each time the action comes to another player, a short message that mentions them (and no one
else) is created in the channel, and the one before it is deleted: one notice at a time.

It goes out as a follow-up of the click that moved the action, whose token is exempt from
Discord's global rate limit, and is deleted through that token while it lives (15 minutes).
Only a move without a click (the clock, a restart) posts through the channel. A member who said
`/poker notify off` on the server gets none, and the table message does not ping them either.

Kept in memory: after a restart, a notice sent before it is not deleted (the next one is).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import discord

from bot.config import message_links
from bot.dealer.table import Table
from bot.store.house import is_computer
from cogs.poker._readers import Readers

log = logging.getLogger(__name__)

TOKEN_LIFE = timedelta(minutes=14)  # an interaction token lives 15 minutes: keep a margin
GONE = (discord.NotFound, discord.Forbidden)


def decision(table: Table) -> tuple[int, int, int] | None:
    """The decision the table waits for: (hand, its actions so far, the actor), or ``None``
    between hands."""
    hand = table.live_hand
    if hand is None or hand.actor is None or table.hand_id is None:
        return None
    return table.hand_id, len(hand.actions), hand.actor


@dataclass(frozen=True, slots=True)
class Told:
    """A decision its actor was told of: by a notice (``message_id``, made with ``via``'s
    token, or through the channel) or by the table message itself (no notice)."""

    decision: tuple[int, int, int]
    message_id: int | None = None
    via: discord.Interaction[Any] | None = None
    at: datetime | None = None  # when ``via``'s click came: its token lives 15 minutes


class TurnNotices:
    def __init__(self, client: discord.Client, readers: Readers) -> None:
        self.client = client
        self.readers = readers
        self._told: dict[int, Told] = {}  # channel -> the newest decision told there

    async def pinged(self, table: Table) -> tuple[int, int, int] | None:
        """The decision whose actor a new table message may ping (None: nobody), their choice
        respected."""
        found = decision(table)
        if found is None or is_computer(found[2]):
            return None
        if not await self.readers.notified(table.guild_id, found[2]):
            return None
        return found

    async def told_by_table_message(self, table: Table, found: tuple[int, int, int]) -> None:
        """A new table message was created mentioning the actor of ``found``, who was pinged
        by it: the notice before it goes. Called from the table's outbox, as :meth:`update`
        is: one at a time per channel."""
        await self._replace(table, Told(found))

    async def update(
        self,
        table: Table,
        via: discord.Interaction[Any] | None = None,
        clicker: int | None = None,
        clicked_at: datetime | None = None,
        seq: int | None = None,
        *,
        hand: int | None = None,
    ) -> None:
        """After a change is shown: tell the actor if the action came to them since the last
        notice (not the clicker, who is looking), else only take away a notice that is over.
        ``seq``: the table's as the click left it; ``hand``: the hand it was in (a hand
        dealt since is told by its own new table message, posted after this). Called from the
        table's outbox (one at a time per channel), the decision read under the table's lock
        (never a state in the middle of a change, such as a leaving player the dealer is about
        to act for)."""
        channel = table.channel_id
        async with table.lock:
            found = decision(table)
            if seq is not None and table.seq != seq:  # another change came after the click:
                clicker = None  # its clicker looks at the prompt it made, not this one
        if hand is not None and found is not None and found[0] != hand:
            return  # the next hand's message, queued after this, pings its first actor
        previous = self._told.get(channel)
        if found is not None and previous is not None and previous.decision == found:
            return  # already told (the time bank starting changes nothing)
        if found is None:
            if previous is not None:
                await self._replace(table, None)
            return
        actor = found[2]
        told = actor == clicker or is_computer(actor)  # looking, or a computer player
        if told or not await self.readers.notified(table.guild_id, actor):
            await self._replace(table, Told(found))
            return
        # the notice before goes first: never two at once, even for a moment. Until the new
        # one is sent, none is recorded for this decision: a try that fails is tried again
        await self._replace(table, None)
        self._told[table.channel_id] = await self._send(table, found, via, clicked_at)

    async def _send(
        self,
        table: Table,
        found: tuple[int, int, int],
        via: discord.Interaction[Any] | None,
        clicked_at: datetime | None,
    ) -> Told:
        hand, _, actor = found
        say = await self.readers.public(table.guild_id)
        if message_links(self.client):
            link = f"https://discord.com/channels/{table.guild_id}/{table.channel_id}"
            if table.message_id is not None:
                link += f"/{table.message_id}"
            text = say("turn-notice", mention=f"<@{actor}>", hand=str(hand), link=link)
        else:  # the table is right above, in the channel
            text = say("turn-notice-here", mention=f"<@{actor}>", hand=str(hand))
        only_them = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(actor)]
        )
        if via is not None and clicked_at is not None and young(clicked_at):
            try:
                sent = await via.followup.send(text, allowed_mentions=only_them, wait=True)
                return Told(found, sent.id, via, clicked_at)
            except discord.HTTPException as error:  # the token is gone: the channel then
                log.info("a turn notice could not be sent as a follow-up: %s", error.status)
        channel = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        # a nonce per decision: sent again after a try whose answer was lost, Discord returns
        # the first notice instead of making a second
        nonce = f"n{hand}-{found[1]}"
        message = await channel.send(text, allowed_mentions=only_them, nonce=nonce)
        return Told(found, message.id, None)

    async def _replace(self, table: Table, told: Told | None) -> None:
        """``told`` is the table's newest notice; the one before it is deleted: through the
        token that made it while it lives, else (or if that fails) through the channel."""
        channel = table.channel_id
        previous = self._told.pop(channel, None)
        if told is not None:
            self._told[channel] = told
        if previous is None or previous.message_id is None:
            return
        if previous.via is not None and previous.at is not None and young(previous.at):
            try:
                await previous.via.followup.delete_message(previous.message_id)
                return
            except GONE:
                return  # deleted by someone else meanwhile
            except discord.HTTPException as error:
                log.info("a turn notice could not be deleted by its token: %s", error.status)
        partial = self.client.get_partial_messageable(channel, guild_id=table.guild_id)
        try:
            await partial.get_partial_message(previous.message_id).delete()
        except GONE:
            pass
        except discord.HTTPException as error:
            log.warning("a turn notice in %d could not be deleted: %s", channel, error.status)


def young(clicked_at: datetime) -> bool:
    """Whether the token of a click made at ``clicked_at`` (when the bot received it, a moment
    after Discord made it) still lives, with a minute in hand (TOKEN_LIFE)."""
    return discord.utils.utcnow() - clicked_at < TOKEN_LIFE


__all__ = ["TurnNotices", "decision"]
