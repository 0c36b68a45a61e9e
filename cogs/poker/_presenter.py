"""Shows a table's effects in Discord when no interaction response can carry them: the table
message (posted fresh for a new hand, the old one losing its buttons; edited otherwise), DMs of
private cards, the summary and notices in channel messages.

The sending happens in one outbox per table, in order, after the change is committed and the
table lock released: a click is never kept waiting behind the DMs of the click before it, and
no Discord request is made under a table's lock. The table message is rendered when it is sent,
so it always shows the latest state. Every request has a timeout; an outbox ends with its
table.

At a stud table, where the server turned table pictures on, the table message carries a
picture of the seats, their cards, the player to act and the pot: in the answer to each click
(no rate-limited request), else in an edit of its own after the DMs, drawn from the state when
it is sent, so changes in a quick row cost one edit."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, NamedTuple, TypeAlias

import discord

from bot.budget import Urgency, urgent
from bot.dealer.dealer import Dealer
from bot.dealer.table import Table, TableError
from bot.dealer.table_view import table_view
from bot.dealer.views import Effects, Notice, PrivateHand, TableView
from bot.pictures.table import up_streets
from bot.poker.variants import VARIANTS
from bot.sending import SENDING_FOR, LeaseGone
from bot.text import Speaker
from cogs.poker._choice_lists import ChoiceLists
from cogs.poker._direct import DirectMessages, once
from cogs.poker._pictures import showdown_files, table_files
from cogs.poker._readers import Readers
from cogs.poker._render import (
    messages,
    notice_text,
    table_content,
)
from cogs.poker._turns import TurnNotices, young
from cogs.poker._views import table_components

log = logging.getLogger(__name__)

NOW, LATER = Urgency.NOW, Urgency.LATER
OWN_MESSAGE = frozenset({"tournament_results", "tournament_cancelled"})  # a message each
BEFORE_THE_DEAL = frozenset({"game_chosen"})  # said before the new hand's table message

NO_MENTIONS = discord.AllowedMentions.none()
THREAD_ARCHIVED = 50083  # Discord: an operation an archived thread refuses
REQUEST_TIMEOUT = 15.0  # seconds for one request, its rate-limit waits and retries included
# a click that deals waits this long at most for the cards before its answer shows the hand
# (Discord wants the answer within 3 s)
CARDS_FIRST_SECONDS = 1.5
# a job that failed for a reason that passes is tried again after these waits (seconds)
RETRY_WAITS = (0.5, 1.0, 2.0, 4.0, 8.0, 15.0, 30.0)
TURN_TRY_SECONDS = 5.0  # a turn notice not sent by then is tried again, later ...
TURN_TRIES = 8  # ... this many times (1, 2, 4, ... 30 s apart) while it is due
RENDERS = 3  # a table message edited again when the table moved on while it was sent


def table_message(
    table: Table, say: Speaker, pinged: int | None, view: TableView | None = None
) -> dict[str, Any]:
    """The table message as keyword arguments for any send or edit: its content, its buttons,
    and mentions allowing only the player to act to be pinged (docs/playing.md), if they want
    to be (``pinged``)."""
    view = view or table_view(table)
    users = [discord.Object(pinged)] if pinged is not None and pinged == view.actor_id else False
    return {
        "content": table_content(say, view),
        "view": table_components(say, view),
        "allowed_mentions": discord.AllowedMentions(everyone=False, roles=False, users=users),
    }


@dataclass(frozen=True, slots=True)
class Carrier:
    """The latest click answered on a table message (``message_id``), received ``at``."""

    interaction: discord.Interaction[Any]
    message_id: int
    at: datetime


class Clicked(NamedTuple):
    """A click that moved the action: its token, its clicker, when it came, the table's
    ``seq`` it left (the prompt it made) and the hand it was in."""

    via: discord.Interaction[Any] | None
    clicker: int | None
    at: datetime
    seq: int | None
    hand: int | None


Job = Callable[[], Awaitable[object]]
Answered: TypeAlias = asyncio.Future[discord.Interaction[Any] | None]  # a click, answered


async def answered_click(answered: Answered | None) -> discord.Interaction[Any] | None:
    """The click whose follow-ups may carry a change's messages, once its answer is sent."""
    if answered is None:
        return None
    try:
        async with asyncio.timeout(REQUEST_TIMEOUT / 2):
            return await asyncio.shield(answered)
    except TimeoutError:
        return None


class DiscordPresenter:
    def __init__(self, client: discord.Client, dealer: Dealer, readers: Readers) -> None:
        self.client = client
        self.dealer = dealer
        self.readers = readers
        self._outboxes: dict[int, asyncio.Queue[tuple[int, Job] | None]] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}  # the newest outbox of each channel
        self._running: set[asyncio.Task[None]] = set()
        self._pictured: dict[int, tuple[int | None, int]] = {}  # channel: (hand id, seq drawn)
        self.turns = TurnNotices(client, readers)
        self._carriers: dict[int, Carrier] = {}  # channel: its latest click answered
        # channel: (its message, what it keeps saying once replaced, in which language)
        self._archived: dict[int, tuple[int, TableView, Speaker]] = {}
        self._edits: dict[int, int] = {}  # channel: the number of its newest queued edit
        self._dms: dict[int, asyncio.Task[None]] = {}  # channel: its latest DMs being sent
        self.choices = ChoiceLists()  # the chooser's private list of games (RULES §10.5)
        self.direct = DirectMessages(client, readers, dealer.store)  # cards, finishes by DM
        # how an outbox waits for its next job: a simulated Discord (the local try-out) is
        # told that this wait is for outside input, not work of its own still running
        self.idle_wait: Callable[[Awaitable[Any]], Awaitable[Any]] = (
            getattr(client, "outbox_wait", None) or _as_is
        )

    def _enqueue(self, table: Table, job: Job | None, urgency: Urgency = Urgency.SOON) -> None:
        """Queue ``job`` in the table's outbox, its requests sent at ``urgency`` when the
        token's budget is short (``bot.budget``); ``None``: the outbox ends after its jobs."""
        channel = table.channel_id
        if job is not None:
            job = urgent(urgency, job)
        queue = self._outboxes.get(channel)
        if queue is None:
            if job is None:
                return
            queue = self._outboxes[channel] = asyncio.Queue()
            # the outbox of a table that closed in this channel may still be sending: after it
            previous = self._workers.get(channel)
            worker = asyncio.create_task(
                self._work(channel, queue, previous), name=f"outbox-{channel}"
            )
            self._workers[channel] = worker
            self._running.add(worker)
            worker.add_done_callback(self._running.discard)
        queue.put_nowait(None if job is None else (table.id, job))
        if job is None:  # the table closed: this outbox ends once it has sent what it holds
            del self._outboxes[channel]

    async def _work(
        self,
        channel: int,
        queue: asyncio.Queue[tuple[int, Job] | None],
        previous: asyncio.Task[None] | None,
    ) -> None:
        try:
            if previous is not None:
                await asyncio.wait([previous])
            while (item := await self.idle_wait(queue.get())) is not None:
                table_id, job = item
                # each request checks the lease right before it leaves (issue 35.3)
                sending = SENDING_FOR.set((table_id, self.dealer.leases.holds))
                try:
                    await self._until_sent(channel, job)
                except LeaseGone:
                    log.info("table %d: its lease is gone, nothing more is sent", channel)
                except Exception as error:
                    log.warning("sending to table %d failed: %s", channel, error_summary(error))
                finally:
                    SENDING_FOR.reset(sending)
                    queue.task_done()
            queue.task_done()
        finally:
            if self._workers.get(channel) is asyncio.current_task():
                del self._workers[channel]

    @staticmethod
    async def _until_sent(channel: int, job: Job) -> None:
        """Run ``job``; if Discord is away, slow or busy (a 5xx, a timeout, a 429 discord.py
        gave up on), again after a wait, a few times (issue 43.5): the jobs after it wait, so
        a table's messages keep their order. A refusal (4xx) is not tried again."""
        for wait in (*RETRY_WAITS, None):
            try:
                async with asyncio.timeout(REQUEST_TIMEOUT):
                    await job()
                return
            except (discord.HTTPException, TimeoutError, OSError) as error:
                if wait is None or not passing(error):
                    raise
                log.info("sending to table %d failed (%s): again in %s s", channel,
                         error_summary(error), wait)  # fmt: skip
                await asyncio.sleep(wait)

    @property
    def outboxes(self) -> int:
        return len(self._workers)

    async def idle(self, channel: int) -> None:
        """Wait until everything queued for the channel has been sent (an outbox waits for
        the one before it, so waiting for the newest is enough), and its DMs."""
        queue = self._outboxes.get(channel)
        if queue is not None:
            await queue.join()
        worker = self._workers.get(channel)
        if worker is not None and channel not in self._outboxes:
            await asyncio.wait([worker])
        dms = self._dms.get(channel)  # sent beside the outbox
        if dms is not None:
            await asyncio.wait([dms])

    async def close(self) -> None:
        for channel in list(self._outboxes):
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(2):
                    await self.idle(channel)
        workers = list(self._running)  # with any outbox of a closed table still sending
        for worker in workers:
            worker.cancel()
        if workers:
            await asyncio.wait(workers)
        self._workers.clear()
        self._outboxes.clear()

    def channel(self, table: Table) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)

    def present(
        self,
        table: Table,
        effects: Effects,
        *,
        table_shown: bool = False,
        turn: bool = True,
        answered: Answered | None = None,
        catch_up: bool = False,
    ) -> asyncio.Future[None] | None:
        """Queue what ``effects`` show; returns at once. Call once the change is committed.
        ``turn=False``: the caller answers a click, then tells the turn with its token
        (:meth:`tell_turn`); ``answered``: the click, once answered (or ``None`` if it could
        not be), whose follow-ups carry the summary and notices; ``catch_up``: a restart's
        table message, which waits for the plays of the moment. Returned: a new hand's
        cards, done once sent (a caller that shows the table itself waits for them: see
        :meth:`cards_first`)."""
        channel = table.channel_id
        private = list(effects.private)
        cards: asyncio.Future[None] | None = None
        if private and effects.fresh_message:  # a new hand: the cards before its first prompt
            sent, cards = effects.private_pending, asyncio.get_running_loop().create_future()
            self._enqueue(table, lambda: self._send_cards(table, private, sent, cards), NOW)
        notices = effects.announcements()
        pending = list(effects.pending)
        # the game chosen for a round is said before its first hand's message
        first = [n for n in notices if n.key in BEFORE_THE_DEAL] if effects.fresh_message else []
        if first and not table_shown:
            notices = [notice for notice in notices if notice not in first]
            told = [] if notices else pending  # the stored copies go with the last of them
            said = [0]
            self._enqueue(table, lambda: self.announce(table, first, told, answered, said))
        if effects.table_changed and not table_shown:
            fresh, nonce, done = effects.fresh_message, effects.fresh_nonce, effects.fresh_pending
            edit = self._edits[channel] = self._edits.get(channel, 0) + 1
            self._enqueue(
                table,
                lambda: self.show_table(table, fresh=fresh, nonce=nonce, done=done, edit=edit),
                LATER if catch_up else NOW,
            )
        if private and not effects.fresh_message:
            sent = effects.private_pending
            self._enqueue(table, lambda: self._start_dms(table, private, sent), NOW)
        if (effects.table_changed or private) and not table_shown:
            self.picture_later(table)  # else the sender of the answer calls it
        if effects.finishes:
            finishes = list(effects.finishes)
            self._enqueue(table, lambda: self.direct.send_finishes(table, finishes), LATER)
        clock_chose = self.choices.closed(channel, effects.announcements())
        if clock_chose is not None:
            self._enqueue(table, clock_chose)
        if notices:
            posted = [0]  # texts posted: a job tried again goes on from there
            self._enqueue(table, lambda: self.announce(table, notices, pending, answered, posted))
        if (turn and effects.table_changed) or effects.closed:  # closed: its last notice goes
            self._enqueue(table, lambda: self._update_turns(table))
        if effects.closed:
            self._pictured.pop(channel, None)
            self._archived.pop(channel, None)
            self._carriers.pop(channel, None)
            self._edits.pop(channel, None)
            self.choices.forget(channel)
            self._enqueue(table, None)
        return cards

    async def _send_cards(
        self, table: Table, hands: list[PrivateHand], done: int | None, sent: asyncio.Future[None]
    ) -> None:
        """A new hand's cards, before its table message, which waits for them at most
        :data:`CARDS_FIRST_SECONDS` (a DM channel opened, Discord slow: the table goes on, and
        the cards follow)."""
        dms = self._dms_in_order(table, hands, done, sent)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(dms), CARDS_FIRST_SECONDS)

    async def _start_dms(self, table: Table, hands: list[PrivateHand], done: int | None) -> None:
        """A change's DMs set off (:meth:`_dms_in_order`); the outbox goes on at once."""
        self._dms_in_order(table, hands, done)

    def _dms_in_order(
        self,
        table: Table,
        hands: list[PrivateHand],
        done: int | None,
        sent: asyncio.Future[None] | None = None,
    ) -> asyncio.Task[None]:
        """A change's DMs, sent beside the table's outbox (which does not wait for them) after
        the table's DMs before them: a player's cards never overtake their earlier ones."""
        channel = table.channel_id
        previous = self._dms.get(channel)

        async def batch() -> None:
            try:
                if previous is not None:
                    await asyncio.wait([previous])
                await self._until_sent(channel, lambda: self.send_all_private(table, hands, done))
            except LeaseGone:
                log.info("table %d: its lease is gone, its DMs are not sent", channel)
            except Exception as error:
                log.warning("DMs of table %d failed: %s", channel, error_summary(error))
            finally:
                if sent is not None and not sent.done():
                    sent.set_result(None)
                if self._dms.get(channel) is task:
                    del self._dms[channel]

        task = asyncio.create_task(batch(), name=f"dms-{channel}")
        self._dms[channel] = task
        self._running.add(task)
        task.add_done_callback(self._running.discard)
        return task

    @staticmethod
    async def cards_first(cards: asyncio.Future[None] | None) -> None:
        """Before a click's answer shows a new hand's first prompt: its players' cards, which
        carry the next hand's commitment, go first (the players' clicks during this hand are
        part of the next deal: RULES, docs/fairness.md). Never longer than the answer can
        wait: the cards follow then."""
        if cards is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(cards), CARDS_FIRST_SECONDS)

    def carry(self, table: Table, interaction: discord.Interaction[Any], message_id: int) -> None:
        """A click on the table message was answered: until a newer one, or its token grows
        old, its token shows the changes no click made (a computer player's move, the clock):
        edits of that message and follow-ups cost no request against the global rate limit."""
        now = discord.utils.utcnow()
        self._carriers[table.channel_id] = Carrier(interaction, message_id, now)

    def carrier(self, table: Table) -> Carrier | None:
        found = self._carriers.get(table.channel_id)
        if found is None or found.message_id != table.message_id or not young(found.at):
            return None
        return found

    async def _edit_table(self, table: Table, message_id: int, changes: dict[str, Any]) -> None:
        """Edit the table message: through the latest click's token if it lives, else (or if
        that fails) through the channel."""
        carrier = self.carrier(table)
        if carrier is not None:
            try:
                await carrier.interaction.edit_original_response(**changes)
                return
            except discord.HTTPException as error:
                log.info("a table message could not be edited by a token: %s", error.status)
                self._carriers.pop(table.channel_id, None)
        await self._edit_in_channel(table, message_id, changes)

    async def _edit_in_channel(
        self, table: Table, message_id: int, changes: dict[str, Any]
    ) -> None:
        """Edit one of the table's messages through its channel. A thread Discord archived
        (idle) refuses edits (50083): it is brought back, and the edit made (issue 43.6)."""
        message = self.channel(table).get_partial_message(message_id)
        try:
            await message.edit(**changes)
        except discord.HTTPException as error:
            if error.code != THREAD_ARCHIVED:
                raise
            log.info("table %d: its thread was archived; unarchived", table.channel_id)
            await self.client.http.edit_channel(table.channel_id, archived=False)
            await message.edit(**changes)

    async def _update_turns(
        self,
        table: Table,
        tries: int = 0,
        clicked: Clicked | None = None,
    ) -> None:
        """The turn notice of the table as it is now (``clicked``: the click that moved the
        action; else the latest click's token, if it lives). A try that fails (Discord away,
        slow, or busy) is tried again later, through the channel, until the notice is sent or
        no longer due: each try reads the decision again (issue 35.5)."""
        carrier = self.carrier(table)
        try:
            async with asyncio.timeout(TURN_TRY_SECONDS):
                if tries:
                    await self.turns.update(table)
                elif clicked is not None:
                    via, clicker, at, seq, hand = clicked
                    await self.turns.update(table, via, clicker, at, seq, hand=hand)
                elif carrier is not None:
                    await self.turns.update(table, carrier.interaction, None, carrier.at)
                else:
                    await self.turns.update(table)
        except (discord.HTTPException, TimeoutError, OSError) as error:
            if table.closed or tries >= TURN_TRIES:
                raise
            log.info("a turn notice of table %d will be tried again: %s", table.channel_id,
                     error_summary(error))  # fmt: skip
            asyncio.get_running_loop().call_later(
                min(2**tries, 30), self._try_turns_again, table, tries + 1
            )

    def _try_turns_again(self, table: Table, tries: int) -> None:
        if not table.closed and table.channel_id in self._outboxes:
            self._enqueue(table, lambda: self._update_turns(table, tries))

    def picture_later(self, table: Table) -> None:
        """Queue the picture of a stud table that changed (sent only if a street was dealt).
        Never after the table closed: its outbox has ended."""
        if VARIANTS[table.game_now].is_stud and table.in_hand and not table.closed:
            self._enqueue(table, lambda: self.show_picture(table), LATER)

    async def picture_now(self, table: Table) -> list[discord.File] | None:
        """The picture of a stud table in a hand as it is now, for a click's answer to carry
        (no request against the rate limit), where the server turned pictures on; ``None``:
        leave the message's files as they are."""
        if not VARIANTS[table.game_now].is_stud or not table.in_hand:
            return None  # between hands, table_message takes the last picture away
        if not (await self.readers.server(table.guild_id)).table_pictures:
            return None
        view = table_view(table)
        if view.hand_id is None or not up_streets(view):
            return None
        return await table_files(view, await self.readers.public(table.guild_id))

    def pictured(self, table: Table) -> None:
        """A click's answer carried the table's picture as it is now: no edit for it."""
        self._pictured[table.channel_id] = (table.hand_id, table.seq)

    async def show_picture(self, table: Table) -> None:
        """Attach the picture of the table as it is now to its message, if it changed since the
        last picture (a move by the clock, a new hand, a command: each one edit)."""
        if not table.in_hand or table.message_id is None:
            return
        if not (await self.readers.server(table.guild_id)).table_pictures:
            return
        view = table_view(table)
        drawn = (view.hand_id, table.seq)
        if view.hand_id is None or not up_streets(view):
            return
        if self._pictured.get(table.channel_id) == drawn:
            return
        files = await table_files(view, await self.readers.public(table.guild_id))
        if files:
            await self._edit_table(table, table.message_id, {"attachments": files})
            self._pictured[table.channel_id] = drawn

    async def table_message(self, table: Table) -> dict[str, Any]:
        """The table message in the server's language, for an edit (which pings nobody)."""
        say = await self.readers.public(table.guild_id)
        view = table_view(table)
        if table.message_id is not None:
            self._archive(table, table.message_id, say, view)
        shown = table_message(table, say, None, view)
        if not table.in_hand and self._pictured.pop(table.channel_id, None) is not None:
            shown["attachments"] = []  # the hand is over: its picture named a player to act
        return shown

    def _archive(self, table: Table, message_id: int, say: Speaker, view: TableView) -> None:
        """What the message keeps saying once a newer one replaces it: this moment, without
        the words of the moment ("Next hand in a moment"); written only if it is replaced."""
        self._archived[table.channel_id] = (message_id, replace(view, status=None), say)

    async def new_table_message(
        self, table: Table
    ) -> tuple[dict[str, Any], tuple[int, int, int] | None]:
        """The table message to create, and the decision whose actor it pings (if they want to
        be pinged): give it to :meth:`posted_table` once created."""
        told = await self.turns.pinged(table)
        say = await self.readers.public(table.guild_id)
        return table_message(table, say, told[2] if told else None), told

    def posted_table(self, table: Table, told: tuple[int, int, int] | None) -> None:
        """A click's answer created a new table message, which pinged its actor (if they want
        to be): recorded in the outbox, in order with every other turn notice of the table."""
        if told is not None:
            self._enqueue(table, lambda: self.turns.told_by_table_message(table, told))

    def tell_turn(
        self,
        table: Table,
        via: discord.Interaction[Any] | None,
        clicker: int | None,
        seq: int | None = None,
    ) -> None:
        """Queue the turn notice of a change, after its table message and DMs: the click's
        token posts it if it moved the action (answered first: a follow-up needs it). A closed
        table's outbox has ended: :meth:`present` took its last notice away."""
        if not table.closed:
            now = discord.utils.utcnow()  # the click just came: its token's life counts from it
            clicked = Clicked(via, clicker, now, seq, table.hand_id)
            self._enqueue(table, lambda: self._update_turns(table, clicked=clicked))

    async def announce(
        self,
        table: Table,
        notices: list[Notice],
        pending: list[int],
        answered: Answered | None = None,
        sent: list[int] | None = None,
    ) -> None:
        """Post the summary and notices of a change, in the server's language, the showdown
        picture on the first message (the summary comes first), then forget their stored
        copies (if this fails, they are posted at the next start: at least once, never
        lost). When a click made the change (``answered``: its interaction, once answered),
        they go as its follow-ups, which cost no request against the global rate limit; else,
        or if that fails, through the channel, each with a nonce (posted twice, Discord
        returns the first). ``sent``: how many were posted already (a job tried again)."""
        sent = [0] if sent is None else sent
        say = await self.readers.public(table.guild_id)
        alone = [notice for notice in notices if notice.key in OWN_MESSAGE]
        texts = messages(notice_text(say, notice) for notice in notices if notice not in alone)
        texts += [notice_text(say, notice) for notice in alone]
        via = await answered_click(answered)
        if via is None and (carrier := self.carrier(table)) is not None:
            via = carrier.interaction  # a move no click made: the latest click's token
        # the chooser of a dealer's choice is pinged by its notice (RULES §10.5), and a player
        # moved by a tournament's director at their new table (INTERFACE.md), nobody else
        choosers = [int(n.values["user"]) for n in notices if n.key == "choosing"]
        choosers += [
            int(u) for n in notices if n.key == "night_moved_in" for u in n.values["users"] if u > 0
        ]
        mentions = (
            discord.AllowedMentions(users=[discord.Object(user) for user in choosers])
            if choosers
            else NO_MENTIONS
        )
        for number, text in enumerate(texts):  # an empty list of files sends none
            if number < sent[0]:
                continue
            attached = await showdown_files(notices, say) if number == 0 else []
            if via is not None:
                try:
                    await via.followup.send(
                        text, files=attached, allowed_mentions=mentions, wait=True
                    )
                    sent[0] += 1
                    continue
                except discord.HTTPException as error:
                    log.info("a summary could not be sent as a follow-up: %s", error.status)
                    via = None
                    attached = await showdown_files(notices, say) if number == 0 else []
            nonce = once(table.id, *pending, number, text)
            try:
                await self.channel(table).send(
                    text, files=attached, allowed_mentions=mentions, nonce=nonce
                )
            except discord.Forbidden:
                if not attached:
                    raise
                # no Attach Files (taken away since /poker new checked it): the text alone
                log.warning("table %d: a picture was refused, sent without it", table.channel_id)
                await self.channel(table).send(text, allowed_mentions=mentions, nonce=nonce)
            sent[0] += 1
        await self.dealer.store.notices_posted(pending)

    async def send_all_private(
        self, table: Table, hands: list[PrivateHand], done: int | None
    ) -> None:
        """The DMs of a change, then its record of them is done (a kill before: the restart
        sends them again)."""
        await asyncio.gather(*(self.direct.send_cards(table, hand) for hand in hands))
        await self.done(done)

    async def done(self, pending: int | None) -> None:
        """A recorded Discord effect is complete: forget its record."""
        if pending is not None:
            await self.dealer.store.notices_posted([pending])

    async def show_table(
        self,
        table: Table,
        *,
        fresh: bool = False,
        nonce: str | None = None,
        done: int | None = None,
        edit: int | None = None,
    ) -> None:
        """Rendered when sent, so it shows the latest state. A new table message is posted
        with the change's ``nonce``: posted twice (a kill before its id was stored, then the
        restart), Discord returns the first message instead of making a second."""
        channel = self.channel(table)
        if not fresh and edit is not None and edit < self._edits.get(table.channel_id, 0):
            return  # a newer edit is queued: only the newest is sent, as the table is then
        if table.message_id is not None and not fresh:
            try:
                for _ in range(RENDERS):  # an edit that waited for the token's budget may
                    seq = table.seq  # land after a click's answer showed a newer state:
                    changes = await self.table_message(table)  # then the newest is sent again
                    await self._edit_table(table, table.message_id, changes)
                    newer = edit is not None and edit < self._edits.get(table.channel_id, 0)
                    if table.seq == seq or newer or table.message_id is None:
                        return
                return
            except discord.NotFound:
                pass  # deleted: post a new one
        shown, told = await self.new_table_message(table)
        if nonce is not None:
            shown["nonce"] = nonce
        message = await channel.send(**shown)
        if told is not None:  # in the outbox already: before the change's turn update
            await self.turns.told_by_table_message(table, told)
        if await self.adopt(table, message.id):  # else its record stays, for the restart
            await self.done(done)

    async def adopt(self, table: Table, message_id: int) -> bool:
        """``message_id`` is the table's message from now on (stored under the table's lock);
        the one before loses its buttons. ``False``: not stored (the table closed, or the
        dealer is stopping: the restart finds the message again by its nonce or token)."""
        try:
            async with self.dealer.locked(table.channel_id) as locked:
                old, locked.message_id = locked.message_id, message_id
        except TableError:
            return False
        if old is not None and old != message_id:
            archived = self._archived.get(table.channel_id)
            kept = None
            if archived is not None and archived[0] == old:
                kept = table_content(archived[2], archived[1])
            self.retire(table, old, kept)
        say = await self.readers.public(table.guild_id)
        self._archive(table, message_id, say, table_view(table))
        return True

    def retire(self, table: Table, message_id: int, kept: str | None = None) -> None:
        """Queue taking the buttons away from a table message that was replaced."""
        self._enqueue(table, lambda: self._strip_buttons(table, message_id, kept), LATER)

    async def _strip_buttons(self, table: Table, message_id: int, kept: str | None) -> None:
        """One live table message: an older one keeps its text (a record of that moment, as
        ``kept`` says it) and loses its buttons, in one edit."""
        changes: dict[str, Any] = {"view": None}
        if kept is not None:
            changes["content"] = kept
        with contextlib.suppress(discord.NotFound):  # deleted meanwhile: nothing to strip
            await self._edit_in_channel(table, message_id, changes)


def passing(error: BaseException) -> bool:
    """Discord away, slow or busy (worth trying again), not refusing (a 4xx)."""
    if isinstance(error, discord.HTTPException):
        return error.status >= 500 or error.status == 429
    return isinstance(error, TimeoutError | OSError)


async def _as_is(waiting: Awaitable[Any]) -> Any:
    return await waiting


def error_summary(error: BaseException) -> str:
    """An error in one line, for the log: its type and Discord's status and code, never a
    message body (a DM's body holds cards)."""
    if isinstance(error, discord.HTTPException):
        return f"{type(error).__name__} {error.status} (code {error.code})"
    return type(error).__name__
