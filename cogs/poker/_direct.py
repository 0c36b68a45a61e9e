"""Direct messages: a player's cards at each deal, and a sit & go's finish (issue 43.3).

A DM costs one request: each member's DM channel is opened once and its id kept (in memory,
and in the database across restarts); discord.py's own cache keeps 128, past which every DM
cost a "create DM" call first, which Discord warns may get a bot refused DMs. A member whose
DMs are refused (50007, 50278) is told once in the table's channel to use My cards, and is
not tried again on that server until they say so (My cards, `/poker cards`): each refusal
counts toward the invalid requests for which Discord bans a bot's address. A refusal, or
Discord's "opening DMs too fast" (40003), is that member's alone: the others' DMs go on.

A DM carries no button, and nothing a player needs may ever depend on acting inside a DM:
Discord sends every DM event to shard 0 only, which may be another process than the one
driving this table (issue 12). Players act in the table's channel."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from collections import OrderedDict

import discord

from bot.config import message_links
from bot.dealer.table import Table
from bot.dealer.views import PrivateHand
from bot.store import Database
from bot.store.house import is_computer
from bot.text import Msg, Name, plain
from cogs.poker._pictures import hand_files
from cogs.poker._readers import Readers
from cogs.poker._render import dm_refused_content, private_content


def once(*parts: object) -> str:
    """A message's nonce from what makes it (24 hex digits: Discord takes 25 characters): the
    same message sent twice within minutes (a job tried again) is posted once."""
    return hashlib.blake2b(repr(parts).encode(), digest_size=12).hexdigest()


log = logging.getLogger(__name__)

REFUSED = frozenset({50007, 50278})  # the member's DMs are closed, or they blocked the bot
TOO_FAST = 40003  # opening DM channels too fast: try again later
CHANNELS_KEPT = 50_000  # DM channel ids kept in memory (the database keeps them all)
OPEN_EVERY = 1.0  # seconds between two DM channels opened (DM_OPENS_PER_SECOND says)


class DirectMessages:
    def __init__(self, client: discord.Client, readers: Readers, store: Database) -> None:
        self.client = client
        self.readers = readers
        self.store = store
        self._channels: OrderedDict[int, int] = OrderedDict()  # user: their DM channel
        self._refused: dict[int, set[int]] = {}  # server: members whose DMs refuse
        # DM channels are opened one at a time, this process's share of one a second: Discord's
        # bucket for opening them is one for the whole bot, for all its processes (a hundred
        # opened at once, at a busy start, met as many 429s, each an invalid request); a
        # member's is opened once, ever (kept in the database), and My cards needs none
        self._opening = asyncio.Lock()
        self.open_every: float = getattr(client, "dm_open_every", OPEN_EVERY)
        self._next_open = 0.0  # time.monotonic() before which no DM channel is opened

    async def refused(self, guild: int) -> set[int]:
        """The members of ``guild`` not to DM (read once a server, then kept up to date)."""
        found = self._refused.get(guild)
        if found is None:
            found = self._refused[guild] = await self.store.dms_refused(guild)
        return found

    async def may_try_again(self, guild: int, user: int) -> bool:
        """The member asked for their cards (My cards, `/poker cards`): DMs will be tried
        again. ``True`` if they had been refused."""
        if user not in await self.refused(guild):
            return False
        self._refused[guild].discard(user)
        await self.store.set_dms_refused(guild, user, refused=False)
        return True

    async def channel_of(self, user: int) -> discord.PartialMessageable:
        """The member's DM channel: opened once, then known by its id."""
        found = self._channels.get(user)
        if found is None:
            found = (await self.store.dm_channels([user])).get(user)
        if found is None:
            async with self._opening:  # one at a time, paced: see __init__
                found = self._channels.get(user)  # opened while this one waited
                if found is None:
                    found = await self._open(user)
        self._channels[user] = found
        self._channels.move_to_end(user)
        while len(self._channels) > CHANNELS_KEPT:
            self._channels.popitem(last=False)
        return self.client.get_partial_messageable(found, type=discord.ChannelType.private)

    async def _open(self, user: int) -> int:
        """Open the member's DM channel, at the pace's next turn. The turn is kept by the time
        (not by a wait after each open): a job given up while it held the turn (an outbox's
        limit, at a busy start) does not let the next open go at once."""
        wait = self._next_open - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)
        self._next_open = time.monotonic() + self.open_every  # counted once it is asked
        found = (await self.client.create_dm(discord.Object(user))).id
        await self.store.save_dm_channel(user, found)
        return found

    async def send_cards(self, table: Table, hand: PrivateHand) -> None:
        """A DM with the player's own cards, in words and in a picture in their colours."""
        user = hand.user_id
        if user in await self.refused(table.guild_id):
            return  # My cards shows them; tried again once they ask (may_try_again)
        say, four_colour = await self.readers.player(user), await self.readers.four_colour(user)
        files = await hand_files(hand, say, four_colour=four_colour)
        text = private_content(say, hand, self.table_link(table))
        try:  # posted twice (a job tried again), Discord returns the first
            await (await self.channel_of(user)).send(text, files=files, nonce=once(user, text))
        except discord.Forbidden as error:
            if error.code not in REFUSED:
                raise
            await self._refusing(table, hand)
        except discord.HTTPException as error:
            if error.code != TOO_FAST:
                raise
            log.info("a DM was not sent: Discord says DM channels are opened too fast")

    async def _refusing(self, table: Table, hand: PrivateHand) -> None:
        """Their DMs are refused: remembered, and said once in the channel (with the next
        hand's commitment the DM carried)."""
        self._refused.setdefault(table.guild_id, set()).add(hand.user_id)
        await self.store.set_dms_refused(table.guild_id, hand.user_id, refused=True)
        if hand.user_id in table.dm_refused:
            return
        table.dm_refused.add(hand.user_id)
        say = await self.readers.public(table.guild_id)
        channel = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        await channel.send(
            dm_refused_content(say, hand),
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(hand.user_id)]),
        )

    async def send_finishes(
        self, table: Table, finishes: list[tuple[int, int, int, int | None]]
    ) -> None:
        """A sit & go's place (and prize) to each person who finished, by DM: best effort, the
        channel's summary and results say it too."""
        refused = await self.refused(table.guild_id)
        deal = table.options.tournament
        night = None  # a night's table: (the night's name, the table's number)
        if deal is not None and deal.night is not None:
            night = await self.store.night_table(table.channel_id)
        for user, place, entrants, prize in finishes:
            if user in refused:
                continue
            say = await self.readers.player(user)
            told: dict[str, int | Name] = (
                {"entrants": entrants} if prize is None else {"chips": prize}
            )
            key = "finish-dm" if prize is None else "prize-dm"
            if night is not None:  # a tournament night's: named (its table is a thread)
                key, told = "night-" + key, told | {"name": Name(night[0])}
            else:
                key = "tournament-" + key
            text = say(
                key, place=Msg("place", place=place), channel=f"<#{table.channel_id}>", **told
            )
            try:
                await (await self.channel_of(user)).send(text)
            except discord.HTTPException as error:
                log.info("a sit & go finish was not sent: %s %s", error.status, error.code)

    async def send_moved(self, table: Table, users: list[int]) -> None:
        """RULES §11.5: each person moved to ``table`` (a night's) told where, by DM too:
        best effort, the ping in the new thread says it as well."""
        night = await self.store.night_table(table.channel_id)
        if night is None:
            return
        name, number = night
        # a link, not <#thread>: a DM shows a thread the client does not know as a raw id
        thread = self.table_link(table) or self.channel_link(table)
        refused = await self.refused(table.guild_id)
        for user in users:
            if user in refused or is_computer(user):
                continue
            say = await self.readers.player(user)
            text = say(
                "night-moved-dm",
                name=Name(name),
                number=number,
                thread=thread,
            )
            try:
                await (await self.channel_of(user)).send(text)
            except discord.HTTPException as error:
                log.info("a move was not told by DM: %s %s", error.status, error.code)

    def channel_link(self, table: Table) -> str:
        """The table's channel (or thread) as a link, its name unknown or its message not
        posted yet; ``#poker`` alone without message links."""
        if not message_links(self.client):
            return "#poker"
        return f"https://discord.com/channels/{table.guild_id}/{table.channel_id}"

    def table_link(self, table: Table) -> str | None:
        """``[#poker](…/channels/guild/channel/message)``: the table's channel by its name,
        linking its message; in a DM, ``<#id>`` reads as a raw id where the channel is not
        known (issue 36.17). ``None`` while the name or the message is unknown. Without
        message links (the try-out's setting), ``#poker`` alone."""
        name = getattr(self.client.get_channel(table.channel_id), "name", None)
        if name and not message_links(self.client):
            return f"#{plain(name, 100)}"
        if not name or table.message_id is None:
            return None
        place = f"{table.guild_id}/{table.channel_id}/{table.message_id}"
        return f"[#{plain(name, 100)}](https://discord.com/channels/{place})"
