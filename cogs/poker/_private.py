"""Private tables on Discord (issue 45.4, RULES §13): `/poker new private:true` (and `/poker
tournament new private:true`) opens the table in a private thread of the channel that only the
host, the members they invite and the bot see; `/poker invite member` and `/poker uninvite
member` there (its host). Nothing of it is posted in the channel itself. Where the bot may not
create private threads, it says what to grant and opens nothing."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any, Literal

import discord
from pydantic import ValidationError

from bot.dealer import private
from bot.dealer.dealer import Operation, Refusal
from bot.dealer.options import TableOptions
from bot.dealer.settings import ServerSettings
from bot.dealer.table import Table
from bot.dealer.views import Effects
from bot.store import Database, StoreError
from bot.store.nights import OPEN, SCHEDULED, Night
from bot.text import Items, Msg, Name
from bot.tournament.night import NightTerms
from cogs.poker._interactions import TableActions, answer, refuse, tell_privately
from cogs.poker._opening import invalid_settings
from cogs.poker._presenter import NO_MENTIONS
from cogs.poker._readers import speaker

log = logging.getLogger(__name__)

PRIVATE_THREAD: Literal[12] = 12
ARCHIVE_MINUTES: Literal[10080] = 10080  # a week without a message; a message wakes it
LEAVE_WAIT = 3600  # seconds an uninvited player may stay seated (a hand, its clock included)
NIGHT_LOCKS: dict[int, asyncio.Lock] = {}  # a night's invitations change one at a time
LEAVING: set[asyncio.Task[None]] = set()  # uninvited players waiting to leave the thread


async def open_private(
    tables: TableActions,
    interaction: discord.Interaction[Any],
    given: dict[str, Any],
    settings: ServerSettings,
    opened: Operation,
) -> None:
    """The table of ``given`` options in a new private thread of this channel, the host
    added to it; ``opened`` (seat the computers, open registration) is its first change."""
    guild, channel, host = interaction.guild_id, interaction.channel_id, interaction.user.id
    assert guild is not None
    assert channel is not None
    if isinstance(interaction.channel, discord.Thread):
        await refuse(interaction, Msg("error-private-in-thread"))
        return
    granted = interaction.app_permissions
    if not (granted.create_private_threads and granted.send_messages_in_threads):
        needed = (Msg("permission-create-private-threads"), Msg("permission-send-in-threads"))
        await refuse(interaction, Msg("error-permissions", missing=Items(needed)))
        return
    if given.get("bots"):  # RULES §8.4: practice chips, or real stakes capped per day
        given = given | settings.with_computers()
    try:
        options = TableOptions.model_validate(given | {"private": True})
    except ValidationError as error:
        await refuse(interaction, invalid_settings(error))
        return
    await answer(interaction.response.defer(ephemeral=True, thinking=True))
    public = await tables.presenter.readers.public(guild)
    named = public("private-thread-name", host=interaction.user.display_name)
    thread = await private_lobby(interaction, named)
    if thread is None:
        return
    http = interaction.client.http
    dealer = tables.dealer
    try:
        await dealer.create(
            channel=thread, guild=guild, host=host, options=options, host_limit=settings.host_tables
        )
        table, effects = await dealer.change(thread, opened)
    except Refusal as error:
        if thread in dealer.tables:  # created, its first change refused: closed again
            with contextlib.suppress(*Refusal):
                await dealer.change(thread, lambda table: table.close())
        with contextlib.suppress(discord.HTTPException):
            await http.delete_channel(thread)  # nothing opened: no empty thread left
        await refuse(interaction, error)
        return
    effects.table_changed = True
    tables.presenter.present(table, effects)  # the table message, in the thread
    text = speaker(interaction)("private-opened", thread=f"<#{thread}>")
    await tell_privately(interaction, text, allowed_mentions=NO_MENTIONS)


async def private_lobby(interaction: discord.Interaction[Any], name: str) -> int | None:
    """A private thread of the interaction's channel (a private table's, a private night's
    lobby), its host added; ``None`` once the refusal is told (the answer was deferred
    privately)."""
    http = interaction.client.http
    assert interaction.channel_id is not None
    try:
        created = await http.start_thread_without_message(
            interaction.channel_id,
            name=name[:100],
            auto_archive_duration=ARCHIVE_MINUTES,
            type=PRIVATE_THREAD,
            invitable=False,
        )
    except discord.HTTPException as error:
        log.info("no private thread: %s %s", error.status, error.code)
        missing = Items((Msg("permission-create-private-threads"),))
        await refuse(interaction, Msg("error-permissions", missing=missing))
        return None
    thread = int(created["id"])
    with contextlib.suppress(discord.HTTPException):
        await http.add_user_to_thread(thread, interaction.user.id)
    return thread


def night_admits(night: Night, user: int) -> bool:
    """RULES §13: anyone at a night that is not private; at a private one its host and those
    invited."""
    options = NightTerms.model_validate_json(night.terms).options
    return not options.private or user == night.host_id or user in options.invited


async def night_invitation(
    store: Database,
    interaction: discord.Interaction[Any],
    member: discord.abc.User,
    *,
    take_back: bool,
) -> bool:
    """`/poker invite` or `/poker uninvite` in a private night's thread (its host): the
    invitation written with the night's terms (one change at a time a night), the member added
    to (or taken out of) its thread and its tables' threads (to watch; an entrant still in
    stays at theirs); an entrant uninvited before the start gets the buy-in back. ``False``: no
    night in this channel."""
    for night_id in await store.nights_of(status=OPEN, guild=interaction.guild_id or 0):
        night = await store.night(night_id)
        if night is None or night.channel_id != interaction.channel_id:
            continue
        await answer(interaction.response.defer(ephemeral=True, thinking=True))
        async with NIGHT_LOCKS.setdefault(night_id, asyncio.Lock()):
            changed = await _change_night(store, interaction, member, night_id, take_back)
        if changed is not None:
            await _night_threads(interaction, changed, member.id, take_back=take_back)
            told = "private-uninvited" if take_back else "private-invited"
            text = speaker(interaction)(told, name=Name(member.display_name))
            await tell_privately(interaction, text)
        return True
    return False


async def _change_night(
    store: Database,
    interaction: discord.Interaction[Any],
    member: discord.abc.User,
    night_id: int,
    take_back: bool,
) -> Night | None:
    """The invitation changed and written (the night as it is then), or ``None`` once the
    refusal is told."""
    night = await store.night(night_id)
    assert night is not None
    terms = NightTerms.model_validate_json(night.terms)
    invited, name = terms.options.invited, Name(member.display_name)
    entered = any(entrant.user_id == member.id for entrant in night.entrants)
    refusal: Msg | None = None
    if not terms.options.private:
        refusal = Msg("error-not-private")
    elif interaction.user.id != night.host_id:
        refusal = Msg("error-private-host")
    elif not take_back and (member.id in invited or member.id == night.host_id):
        refusal = Msg("error-already-invited", name=name)
    elif not take_back and len(invited) >= private.MOST_INVITED:
        refusal = Msg("error-invited-full", most=private.MOST_INVITED)
    elif take_back and member.id not in invited:
        refusal = Msg("error-not-invited", name=name)
    elif take_back and entered and night.status != SCHEDULED:
        refusal = Msg("error-tournament-started")
    if refusal is None and take_back and entered:
        try:
            await store.leave_night(night=night.id, user=member.id)
        except StoreError:  # it started meanwhile
            refusal = Msg("error-tournament-started")
    if refusal is not None:
        await refuse(interaction, refusal)
        return None
    kept = tuple(u for u in invited if u != member.id) if take_back else (*invited, member.id)
    options = terms.options.model_copy(update={"invited": kept})
    await store.set_night_terms(
        night.id, terms.model_copy(update={"options": options}).model_dump_json()
    )
    return await store.night(night_id)


async def _night_threads(
    interaction: discord.Interaction[Any], night: Night, user: int, *, take_back: bool
) -> None:
    http = interaction.client.http
    still_in = {entrant.user_id: entrant.table_no for entrant in night.still_in}
    tables = {e.number: e.thread_id for e in night.tables if not e.broken and e.thread_id}
    for number, thread in [(0, night.channel_id), *tables.items()]:
        with contextlib.suppress(discord.HTTPException):
            if not take_back:
                await http.add_user_to_thread(thread, user)
            elif still_in.get(user) != number or not number:
                await http.remove_user_from_thread(thread, user)


async def invitation(
    tables: TableActions,
    interaction: discord.Interaction[Any],
    member: discord.abc.User,
    *,
    take_back: bool,
) -> None:
    """`/poker invite member` or `/poker uninvite member` at a private table (its host): the
    invitation changed under the table's lock, then the member added to the table's thread
    (or taken out of it, once they are no longer seated: one in the hand finishes it first).
    In a private night's thread: the night's invitation."""
    if member.bot:
        await refuse(interaction, Msg("error-invite-bot"))
        return
    if interaction.channel_id not in tables.dealer.tables and await night_invitation(
        tables.dealer.store, interaction, member, take_back=take_back
    ):
        return
    by, name = interaction.user.id, member.display_name
    change = private.uninvite if take_back else private.invite
    confirm = "private-uninvited" if take_back else "private-invited"
    done: list[Table] = []

    async def changed(table: Table) -> Effects:
        effects = await change(table, by, member.id, name)
        done.append(table)
        return effects

    await tables.run(interaction, changed, lambda _table: Msg(confirm, name=Name(name)))
    if not done:  # refused: nothing changes
        return
    table, http = done[0], interaction.client.http
    if not take_back:
        with contextlib.suppress(discord.HTTPException):
            await http.add_user_to_thread(table.channel_id, member.id)
        return
    task = asyncio.create_task(_out_of_thread(http, table, member.id))
    LEAVING.add(task)
    task.add_done_callback(LEAVING.discard)


async def _out_of_thread(http: Any, table: Table, user: int) -> None:
    """An uninvited player leaves the thread once they leave the table (after the hand they
    were in: RULES §13.1), unless invited again meanwhile."""
    for _ in range(LEAVE_WAIT):
        if user not in table.seats or table.closed:
            break
        await asyncio.sleep(1)
    if user not in table.options.invited:
        with contextlib.suppress(discord.HTTPException):
            await http.remove_user_from_thread(table.channel_id, user)
