"""Tournament nights on Discord (issue 44, RULES §11): `/poker tournament schedule`, `list` and
`cancel`, the lobby message with its Register and Unregister buttons (then the tournament's
board), the start at its time, a thread a table, and the director's decisions shown. Translation
only: the rules are in ``bot.tournament`` (``NightRunner`` applies them to the tables).

The desk's loop, every few seconds: nights due to start start (a night's tables stay with the
process that holds its server), a reminder pings the entrants a few minutes before, and after a
restart each night under way resumes (``NightRunner.resume``)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from datetime import timedelta
from typing import TYPE_CHECKING, Any, Literal

import discord
from pydantic import ValidationError

from bot.dealer import computers
from bot.dealer.options import InvalidOption, TableOptions
from bot.dealer.table import Table
from bot.store import StoreError
from bot.store.base import InsufficientChips
from bot.store.house import is_computer
from bot.store.nights import CANCELLED, PLAYING, SCHEDULED, Night
from bot.text import Items, Msg, Name
from bot.tournament.night import (
    NightTerms,
    late_registration_open,
    start_time,
)
from bot.tournament.night_runner import LateEntryRefused, NightRunner, Shown, results_of
from cogs.poker import _economy as economy
from cogs.poker import _opening as opening
from cogs.poker._direct import once
from cogs.poker._interactions import answer, refuse
from cogs.poker._night_board import lobby_content, lobby_view, parse_click, results_content
from cogs.poker._presenter import NO_MENTIONS
from cogs.poker._private import night_admits, private_lobby
from cogs.poker._readers import speaker
from cogs.poker._render import messages
from cogs.poker._tournament import may_host_nights

if TYPE_CHECKING:
    from bot.client import PokerBot
    from cogs.poker._presenter import DiscordPresenter

log = logging.getLogger(__name__)

TICK_SECONDS = 5.0  # how often the desk looks for nights to start or remind
RETRY_SECONDS = 10.0  # a director's step that failed is tried again after this
REMIND_BEFORE = timedelta(minutes=10)
RESULTS_RETRY = (2.0, 30.0, 120.0)  # a results post Discord refused is sent again after these
MENTIONS_A_MESSAGE = 50  # pings a reminder message carries (within 2,000 characters)
THREAD_ARCHIVE_MINUTES: Literal[1440] = 1440
PUBLIC_THREAD: Literal[11] = 11
PRIVATE_THREAD: Literal[12] = 12


class NightDesk:
    def __init__(self, bot: PokerBot, presenter: DiscordPresenter) -> None:
        self.bot = bot
        self.dealer = bot.dealer
        self.presenter = presenter
        self.runner = NightRunner(self.dealer, self.open_thread, random.SystemRandom())
        self.dealer.director_due = self.director_due
        self._tasks: set[asyncio.Task[Any]] = set()
        self._loop: asyncio.Task[None] | None = None
        self._resumed = False
        self._boards: dict[int, asyncio.Event] = {}  # night -> its board is due an edit
        self.tick = TICK_SECONDS

    # ------------------------------------------------------------------ life cycle

    def start(self) -> None:
        """The desk's loop, while some night waits to start or plays (none runs otherwise: an
        idle server costs no request to the database)."""
        if self._loop is None or self._loop.done():
            self._loop = asyncio.create_task(self._run(), name="tournament-nights")

    async def close(self) -> None:
        if self._loop is not None:
            self._loop.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._loop
        for task in list(self._tasks):
            task.cancel()

    def _spawn(self, job: Any, name: str) -> None:
        task = asyncio.create_task(job, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _mine(self, night: Night) -> bool:
        return self.dealer.leases.owns(night.guild_id)

    async def _run(self) -> None:
        await self.bot.wait_until_ready()
        if not self._resumed:  # once, at start-up: the nights under way go on
            self._resumed = True
            for night_id in await self.dealer.store.nights_of(status=[PLAYING]):
                night = await self.dealer.store.night(night_id)
                if night is not None and self._mine(night):
                    try:
                        self._show(await self.runner.resume(night_id))
                        self._board_due(night_id)
                    except Exception:
                        log.exception("tournament night %d could not resume", night_id)
            for night_id in await self.dealer.store.nights_left_open():  # killed at its end
                night = await self.dealer.store.night(night_id)
                if night is not None and self._mine(night):
                    self._show(await self.runner.resume(night_id))  # its tables closed
            self.runner.results.clear()  # posted below, from what is stored
            for night_id in await self.dealer.store.nights_to_announce():
                night = await self.dealer.store.night(night_id)
                if night is not None and self._mine(night):
                    await self._post_results(night_id)
                    self._board_due(night_id)
        while not self.bot.stopping.is_set():
            try:
                await self.look()
            except Exception:
                log.exception("the tournament nights' desk failed a round")
            if not await self.dealer.store.nights_of(status=[SCHEDULED, PLAYING]):
                return  # nothing to watch: `schedule` starts the loop again
            await asyncio.sleep(self.tick)

    async def look(self) -> None:
        """Nights due to start start; entrants of nights soon due are reminded; a night under
        way whose every table waits (a director's step lost) is taken up again."""
        store = self.dealer.store
        for night_id in await store.nights_of(status=[PLAYING]):
            night = await store.night(night_id)
            if night is None or not self._mine(night):
                continue
            tables = [self.dealer.tables.get(e.thread_id or 0) for e in night.tables]
            live = [t for t in tables if t is not None and not t.closed]
            if all(
                t.live_hand is None and t.deadline is None and not t.lock.locked() for t in live
            ):
                self._spawn(self._after_hand(night_id, resume=True), f"night-{night_id}-look")
        now = self.dealer.clock()
        for night_id in await self.dealer.store.nights_of(status=[SCHEDULED]):
            night = await self.dealer.store.night(night_id)
            if night is None or not self._mine(night):
                continue
            if night.starts_at <= now:
                await self.start_night(night)
            elif night.starts_at - now <= REMIND_BEFORE and not night.reminded:
                await self._remind(night)

    # ------------------------------------------------------------------ scheduling

    async def schedule(self, interaction: discord.Interaction[Any], chosen: dict[str, Any]) -> None:
        """`/poker tournament schedule`: the terms checked, the night stored, its lobby posted."""
        settings = await opening.place_for_a_table(self.dealer, interaction)
        if settings is None:
            return
        if not may_host_nights(interaction, settings.host_role):
            await refuse(interaction, Msg("error-night-host"))
            return
        if isinstance(interaction.channel, discord.Thread):  # its tables are threads of it
            await refuse(interaction, Msg("error-night-in-thread"))
            return
        granted = interaction.app_permissions
        private = bool(chosen.pop("private", False))  # RULES §13: in a private thread
        may_make = granted.create_private_threads if private else granted.create_public_threads
        if not (may_make and granted.send_messages_in_threads):
            kind = "permission-create-private-threads" if private else "permission-create-threads"
            needed = Items((Msg(kind), Msg("permission-send-in-threads")))
            await refuse(interaction, Msg("error-permissions", missing=needed))
            return
        game = chosen.pop("variant", None) or settings.default_game
        deal = {key: chosen.pop(key) for key in ("buy_in", "starting_chips") if key in chosen}
        clock = {key: chosen.pop(key) for key in ("level_minutes", "late_levels") if key in chosen}
        starts = {key: chosen.pop(key, None) for key in ("starts_at", "starts_in")}
        name = str(chosen.pop("name", None) or speaker(interaction)("night-default-name"))
        bots = int(chosen.pop("bots", 0))  # entrants of the night, not a table's option
        given = settings.table_defaults(game) | {"variant": game, "tournament": deal} | chosen
        if bots:  # RULES §8.4: practice chips, or real stakes capped per day
            given = given | settings.with_computers()
        if private:
            given = given | {"private": True}
        try:
            options = TableOptions.model_validate(given)
            terms = NightTerms(name=name[:50], options=options, **clock)
            starts_at = start_time(**starts, zone=settings.time_zone, now=self.dealer.clock())
        except (ValidationError, InvalidOption) as error:
            await refuse(
                interaction,
                opening.invalid_settings(error) if isinstance(error, ValidationError) else error,
            )
            return
        assert interaction.guild_id is not None
        assert interaction.channel_id is not None
        # writes follow, one a computer: deferred (privately for a private night: its lobby is
        # in a thread of its own)
        await answer(interaction.response.defer(ephemeral=private, thinking=True))
        channel = interaction.channel_id
        if private:
            lobby = await private_lobby(interaction, terms.name)
            if lobby is None:
                return
            channel, terms = lobby, terms.model_copy(update={"parent": channel})
        night = await self.dealer.store.schedule_night(
            guild=interaction.guild_id,
            channel=channel,
            host=interaction.user.id,
            name=terms.name,
            terms=terms.model_dump_json(),
            buy_in=terms.buy_in,
            starting_chips=terms.starting_chips,
            starts_at=starts_at,
        )
        for number in range(bots):  # computers enter at once, as at a sit & go
            await self.dealer.store.enter_night(
                night=night, user=computer_id(number), name=computer_name(number)
            )
        record = await self.dealer.store.night(night)
        assert record is not None
        public = await self.presenter.readers.public(record.guild_id)
        shown: dict[str, Any] = {
            "content": lobby_content(public, record, terms, {}),
            "view": lobby_view(public, night),
            "allowed_mentions": NO_MENTIONS,
        }
        if private:  # the lobby in its thread; the host told where
            thread = self.bot.get_partial_messageable(channel, guild_id=record.guild_id)
            message: discord.abc.Snowflake = await thread.send(**shown)
            told = speaker(interaction)("private-night-opened", thread=f"<#{channel}>")
            await answer(interaction.edit_original_response(content=told))
        else:
            await answer(interaction.edit_original_response(**shown))
            message = await interaction.original_response()
        await self.dealer.store.set_night_lobby(night, message=message.id)
        self.start()  # its start, its reminder
        if not private:  # a server's events are seen by all its members
            await self._event(interaction, record, terms)

    async def _event(
        self, interaction: discord.Interaction[Any], night: Night, terms: NightTerms
    ) -> None:
        """A Discord scheduled event for the night, where the bot may manage events; where it
        may not, the host is told once and the night goes on without."""
        guild = interaction.guild
        if guild is None or not interaction.app_permissions.manage_events:
            with contextlib.suppress(discord.HTTPException):
                await interaction.followup.send(
                    speaker(interaction)("night-no-event"), ephemeral=True
                )
            return
        ends = night.starts_at + timedelta(hours=4)
        try:
            event = await self.bot.http.create_guild_scheduled_event(
                guild.id,
                name=terms.name,
                privacy_level=2,
                entity_type=3,
                scheduled_start_time=night.starts_at.isoformat(),
                scheduled_end_time=ends.isoformat(),
                entity_metadata={
                    "location": f"#{getattr(interaction.channel, 'name', 'poker')}"[:100]
                },
                description=speaker(interaction)("night-event-description"),
            )
        except discord.HTTPException as error:
            log.info("no scheduled event for night %d: %s", night.id, error)
            return
        await self.dealer.store.set_night_lobby(night.id, event=int(event["id"]))

    async def _set_event(self, night: Night, status: int) -> None:
        if night.event_id is None:
            return
        with contextlib.suppress(discord.HTTPException):
            await self.bot.http.edit_scheduled_event(night.guild_id, night.event_id, status=status)

    # ------------------------------------------------------------------ registration

    async def click(self, interaction: discord.Interaction[Any], custom: str) -> bool:
        """A lobby's button (``False``: not one)."""
        found = parse_click(custom)
        if found is None:
            return False
        night_id, action = found
        user = interaction.user
        store = self.dealer.store
        night = await store.night(night_id)
        if night is not None and action == "register" and not night_admits(night, user.id):
            await refuse(interaction, Msg("error-private-table"))  # RULES §13
            return True
        if night is not None and night.status == PLAYING and action == "register":
            await self._late_entry(interaction, night)  # RULES §11.4
            return True
        if night is None or night.status != SCHEDULED:
            await refuse(interaction, Msg("night-registration-closed"))
            return True
        entered = any(entrant.user_id == user.id for entrant in night.entrants)
        try:
            if action == "register":
                if entered:
                    await refuse(interaction, Msg("night-already-registered"))
                    return True
                await store.enter_night(night=night_id, user=user.id, name=user.display_name)
                told = Msg("night-registered", name=Name(night.name), buy_in=night.buy_in)
            else:
                if not entered:
                    await refuse(interaction, Msg("night-not-registered"))
                    return True
                chips = await store.leave_night(night=night_id, user=user.id)
                told = Msg("night-unregistered", chips=chips)
        except InsufficientChips as error:
            await refuse(interaction, error)
            return True
        except StoreError:
            await refuse(interaction, Msg("night-registration-closed"))
            return True
        await answer(
            interaction.response.send_message(speaker(interaction).render(told), ephemeral=True)
        )
        self._board_due(night_id)
        return True

    async def _late_entry(self, interaction: discord.Interaction[Any], night: Night) -> None:
        """After the start, until the late-registration level ends: the buy-in, a seat at the
        table with the fewest players, the player added to its thread."""
        user = interaction.user
        await answer(interaction.response.defer(ephemeral=True, thinking=True))
        try:
            shown = await self.runner.late_entry(night.id, user.id, user.display_name)
        except (InsufficientChips, LateEntryRefused) as error:
            await refuse(interaction, error)
            return
        except StoreError:
            await refuse(interaction, Msg("night-registration-closed"))
            return
        self._show(shown)
        record = await self.dealer.store.night(night.id)
        entrant = next(e for e in record.entrants if e.user_id == user.id) if record else None
        threads = {e.number: e.thread_id for e in record.tables} if record else {}
        thread = threads.get(entrant.table_no or 0) if entrant else None
        if thread is not None:
            await self.add_to_thread(thread, user.id)
        told = Msg("night-registered-late", name=Name(night.name), table=f"<#{thread}>")
        await refuse(interaction, told)  # the private answer, in the clicker's language
        self._board_due(night.id)

    async def cancel(self, interaction: discord.Interaction[Any]) -> bool:
        """`/poker tournament cancel` where a night waits to start in this channel (its host or
        Manage Server): every buy-in back. ``False``: no such night here."""
        store = self.dealer.store
        for night_id in await store.nights_of(status=[SCHEDULED], guild=interaction.guild_id or 0):
            night = await store.night(night_id)
            if night is None or night.channel_id != interaction.channel_id:
                continue
            host_role = (await economy.settings_of(store, night.guild_id)).host_role
            if interaction.user.id != night.host_id and not may_host_nights(interaction, host_role):
                await refuse(interaction, Msg("error-night-host"))
                return True
            try:
                await self._cancel(night)
            except StoreError:  # it started, or someone (un)registered meanwhile
                await refuse(interaction, Msg("night-registration-closed"))
                return True
            await answer(
                interaction.response.send_message(
                    speaker(interaction)("night-cancel-done"), ephemeral=True
                )
            )
            await self._set_event(night, 4)
            return True
        return False

    async def _cancel(self, night: Night) -> None:
        await self.dealer.store.pay_night(
            night=night.id,
            paid=[(entrant.user_id, night.buy_in, None) for entrant in night.entrants],
            status=CANCELLED,
        )
        self._board_due(night.id)

    # ------------------------------------------------------------------ the start

    async def _remind(self, night: Night) -> None:
        """One ping in the lobby a few minutes before the start, for the people entered."""
        if not await self.dealer.store.night_reminded(night.id):
            return
        people = [e.user_id for e in night.entrants if not is_computer(e.user_id)]
        if not people:
            return
        say = await self.presenter.readers.public(night.guild_id)
        start = int(night.starts_at.timestamp())
        text = say("night-reminder", name=Name(night.name), start=f"<t:{start}:R>")
        channel = self.bot.get_partial_messageable(night.channel_id, guild_id=night.guild_id)
        for first in range(0, len(people), MENTIONS_A_MESSAGE):  # Discord: 100 users at most
            batch = people[first : first + MENTIONS_A_MESSAGE]
            mentions = " ".join(f"<@{user}>" for user in batch)
            with contextlib.suppress(discord.HTTPException):
                await channel.send(
                    f"{text}\n{mentions}",
                    allowed_mentions=discord.AllowedMentions(
                        users=[discord.Object(user) for user in batch]
                    ),
                )

    async def start_night(self, night: Night) -> None:
        shown = await self.runner.start(night.id)
        self._show(shown)
        after = await self.dealer.store.night(night.id)
        if after is not None:
            await self._set_event(after, 2 if after.status == PLAYING else 4)
        self._board_due(night.id)

    async def open_thread(self, night: Night, number: int) -> int:
        """A table's thread in the night's channel, its players added to it."""
        say = await self.presenter.readers.public(night.guild_id)
        name = say("night-thread-name", title=clean_thread_name(night.name), number=number)
        terms = NightTerms.model_validate_json(night.terms)
        private = terms.options.private  # RULES §13: private threads of the lobby's channel
        thread = await self.bot.http.start_thread_without_message(
            terms.parent or night.channel_id,
            name=name[:100],
            auto_archive_duration=THREAD_ARCHIVE_MINUTES,
            type=PRIVATE_THREAD if private else PUBLIC_THREAD,
            invitable=not private,
        )
        thread_id = int(thread["id"])
        players = {e.user_id for e in night.entrants if e.table_no == number}
        watching = {night.host_id, *terms.options.invited} if private else set()  # RULES §13
        for user in sorted(players | watching):
            if not is_computer(user):
                await self.add_to_thread(thread_id, user)
        return thread_id

    async def add_to_thread(self, thread: int, user: int) -> None:
        with contextlib.suppress(discord.HTTPException):
            await self.bot.http.add_user_to_thread(thread, user)

    # ------------------------------------------------------------------ after each hand

    def director_due(self, table: Table) -> None:
        deal = table.options.tournament
        if deal is None or deal.night is None:
            return
        self._spawn(self._after_hand(deal.night), f"night-{deal.night}")

    async def _after_hand(self, night: int, *, resume: bool = False) -> None:
        try:
            step = self.runner.resume if resume else self.runner.after_hand
            self._show(await step(night))
        except Exception:  # tried again from where it stopped: nothing else would call it
            log.exception("tournament night %d: the director's step failed", night)
            await asyncio.sleep(RETRY_SECONDS)
            self._spawn(self._after_hand(night, resume=True), f"night-{night}-again")
        self._board_due(night)
        while self.runner.results:
            await self._post_results(self.runner.results.pop(0))

    async def _post_results(self, night_id: int, tries: int = 0) -> None:
        """The end's message in the channel (RULES §11.8), from what is stored; marked posted
        once sent (a kill before that posts it at the next start: its nonce makes Discord keep
        the first of two sent within minutes). Refused, it is sent again a few times in this
        run, then at the next start."""
        night = await self.dealer.store.night(night_id)
        if night is None or night_id not in await self.dealer.store.nights_to_announce():
            return  # posted already
        await self._set_event(night, 3)
        say = await self.presenter.readers.public(night.guild_id)
        channel = self.bot.get_partial_messageable(night.channel_id, guild_id=night.guild_id)
        for number, text in enumerate(messages([results_content(say, results_of(night))])):
            try:
                await channel.send(
                    text, allowed_mentions=NO_MENTIONS, nonce=once("night", night_id, number)
                )
            except discord.HTTPException as error:
                log.info("a night's results were not posted: %s %s", error.status, error.code)
                if tries < len(RESULTS_RETRY):
                    self._spawn(self._results_again(night_id, tries), f"night-{night_id}-results")
                return
        await self.dealer.store.night_announced(night_id)

    async def _results_again(self, night_id: int, tries: int) -> None:
        await asyncio.sleep(RESULTS_RETRY[tries])
        await self._post_results(night_id, tries + 1)

    def _show(self, shown: Shown) -> None:
        for table, effects in shown:
            self.presenter.present(table, effects)
            for notice in effects.notices:
                if notice.key == "night_moved_in":
                    moved = [int(user) for user in notice.values.get("users", [])]
                    people = [user for user in moved if not is_computer(user)]
                    self._spawn(self._moved(table, people), "moved")

    async def _moved(self, table: Table, people: list[int]) -> None:
        """Moved people are added to their new thread (before the ping there reaches them),
        and told by DM."""
        for user in people:
            await self.add_to_thread(table.channel_id, user)
        if people:
            await self.presenter.direct.send_moved(table, people)

    # ------------------------------------------------------------------ the board

    def _board_due(self, night: int) -> None:
        """The lobby message is brought up to date: one edit at a time a night, the latest
        state (changes while one is sent coalesce into the next)."""
        due = self._boards.get(night)
        if due is not None:
            due.set()
            return
        due = self._boards[night] = asyncio.Event()
        due.set()
        self._spawn(self._edit_board(night, due), f"board-{night}")

    async def _edit_board(self, night_id: int, due: asyncio.Event) -> None:
        try:
            while due.is_set():
                due.clear()
                night = await self.dealer.store.night(night_id)
                if night is None or night.lobby_message_id is None:
                    return
                terms = NightTerms.model_validate_json(night.terms)
                tables = {
                    entry.number: table
                    for entry in night.tables
                    if not entry.broken
                    and (table := self.dealer.tables.get(entry.thread_id or 0)) is not None
                }
                say = await self.presenter.readers.public(night.guild_id)
                message = self.bot.get_partial_messageable(
                    night.channel_id, guild_id=night.guild_id
                ).get_partial_message(night.lobby_message_id)
                late = night.status == PLAYING and night.started_at is not None
                late = late and late_registration_open(
                    night.started_at or night.starts_at, self.dealer.clock(), terms
                )
                view = lobby_view(say, night.id) if night.status == SCHEDULED or late else None
                with contextlib.suppress(discord.HTTPException):
                    await message.edit(content=lobby_content(say, night, terms, tables), view=view)
        finally:
            self._boards.pop(night_id, None)


def clean_thread_name(name: str) -> str:
    return " ".join(name.split())[:60]


def computer_id(number: int) -> int:
    """The ``number``-th computer entrant's id (RULES §8: below zero)."""
    return -(number + 1)


def computer_name(number: int) -> str:
    """``🤖 Ada``, then ``🤖 Ada 2`` once every name is taken."""
    name = computers.name_of(computer_id(number))
    return name if number < computers.MOST else f"{name} {number // computers.MOST + 1}"
