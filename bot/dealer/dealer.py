"""All tables of a process: one per channel, each under its own lock, and the one clock task
that fires their deadlines (the action clock of RULES §6.1 and the pause between hands).

Every change of a table happens in :meth:`Dealer.locked`: under the table's lock, as one
database transaction that also saves the table's state. The change is acknowledged only once
that transaction is committed; if anything fails, it is rolled back and the table is restored
from the database, so the player can simply try again (write-ahead)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import datetime, timedelta
from typing import Protocol

from bot.dealer import computers, persistence
from bot.dealer.entropy import Entropy
from bot.dealer.leases import (
    LEASE_SECONDS,
    PROCESS_OWNER,
    LeaseKeeper,
    LeaseLost,
    Owns,
    every_server,
)
from bot.dealer.limits import SeatLimit
from bot.dealer.options import TableOptions, named_games
from bot.dealer.table import Table, TableElsewhere, TableError
from bot.dealer.thinking import ComputerTurns
from bot.dealer.views import Effects, Notice
from bot.metrics import HANDS_DEALT
from bot.players.view import SeatView
from bot.poker.errors import (
    ActionNotAllowed,
    CapReached,
    HandOver,
    InvalidCard,
    InvalidDraw,
    NotYourTurn,
    PokerError,
    WrongAmount,
)
from bot.store import Database, StoreError, failed_write
from bot.store.base import utc_now
from bot.store.records import StoredTable
from bot.text import Msg, Refused

log = logging.getLogger(__name__)

Refusal = (TableError, PokerError, StoreError)
_ENGINE_REFUSALS = (
    (NotYourTurn, "error-not-your-turn"),
    (HandOver, "error-hand-over"),
    (CapReached, "error-cap-reached"),
    (WrongAmount, "error-wrong-amount"),
    (InvalidDraw, "error-invalid-draw"),
    (ActionNotAllowed, "error-action-not-allowed"),
    (InvalidCard, "error-invalid-card"),
)


def refusal_message(error: Exception) -> Msg:
    """What to tell the user about a refusal (one of :data:`Refusal`), in catalogue terms."""
    if isinstance(error, Refused):
        return error.message
    if isinstance(error, PokerError):
        if error.code:
            return Msg(f"engine-{error.code}", **named_games(error.values))
        for kind, key in _ENGINE_REFUSALS:
            if isinstance(error, kind):
                return Msg(key)
    return Msg("error-refused")


Operation = Callable[[Table], Awaitable[Effects]]
NOT_SAVED = "error-not-saved"  # the key of the refusal when a change could not be written
RETRY_AFTER_FAILURE = (1, 2, 5, 10, 30)  # seconds before the clock tries a failing table again
HALT_AFTER_FAILURES = 3  # changes in a row not saved: the table stops dealing, says so once
HALTED_RETRY = timedelta(minutes=2)  # then a change is tried again this often
DECISION_SECONDS = 10  # a computer player's decision not made by then: the action clock acts


class Presenter(Protocol):
    """Shows a table's effects when no interaction is at hand (the clock, a new hand)."""

    def present(
        self, table: Table, effects: Effects, *, table_shown: bool = False
    ) -> Awaitable[None] | None: ...


class Dealer:
    def __init__(
        self,
        store: Database,
        *,
        clock: Callable[[], datetime] = utc_now,
        entropy: Entropy | None = None,
        hand_pause: float = 5.0,
        owner: str = PROCESS_OWNER,
        owns: Owns = every_server,
        lease_seconds: float = LEASE_SECONDS,
        computer_pause: tuple[float, float] = (0.0, 0.0),
        computer_workers: int = 0,
    ) -> None:
        self.store = store
        self.clock = clock
        self.entropy = entropy or Entropy()
        self.hand_pause = hand_pause
        self.presenter: Presenter | None = None
        # told when a table of a multi-table tournament ended a hand (RULES §11): its director
        # decides what happens next (never called under the table's lock)
        self.director_due: Callable[[Table], None] | None = None
        self.tables: dict[int, Table] = {}
        self.seat_limit = SeatLimit(self.tables)  # a member's seats, counted as taken
        self.accepting = True
        self.resumed: list[Table] = []  # tables brought back at start-up, to show again
        self.notices_before_start = 0  # notices stored before this start are posted at it
        self._creating = asyncio.Lock()
        self._wake = asyncio.Event()
        self._clock_task: asyncio.Task[None] | None = None
        self._firing: set[int] = set()
        self._fire_tasks: set[asyncio.Task[None]] = set()
        self._failures: dict[int, tuple[int, datetime]] = {}  # channel -> (count, retry at)
        now = lambda: self.clock()  # noqa: E731, PLW0108 (tests replace the dealer's clock)
        self.leases = LeaseKeeper(store, now, owner=owner, owns=owns, seconds=lease_seconds)
        self.lost: set[int] = set()  # channels whose table another process took from this one
        self.computers = ComputerTurns(
            now, pause=computer_pause, workers=computer_workers, seeds=self.entropy.decision_seed
        )

    def _table(self, channel: int, guild: int, host: int, options: TableOptions, id_: int) -> Table:
        return Table(
            table_id=id_,
            channel_id=channel,
            guild_id=guild,
            host_id=host,
            options=options,
            store=self.store,
            clock=self.clock,
            entropy=self.entropy,
            hand_pause=self.hand_pause,
        )

    # ------------------------------------------------------------------ tables

    async def create(
        self,
        *,
        channel: int,
        guild: int,
        host: int,
        options: TableOptions,
        host_limit: int | None = None,
    ) -> Table:
        """A new table in ``channel``. ``host_limit``: the tables a member may host at once on
        the server, counted in the step that adds this one (twelve /poker new sent at once
        open no more than the limit)."""
        async with self._creating:  # two /poker new at once: the second is told, not lost
            if channel in self.tables:
                raise TableError("error-channel-has-table")
            hosted = sum(
                1
                for table in self.tables.values()
                if table.guild_id == guild and table.host_id == host and not table.closed
            )
            if host_limit is not None and hosted >= host_limit:
                raise TableError("error-host-limit", limit=host_limit)
            next_seed = self.entropy.server_seed()
            lease_until = self.clock() + self.leases.length
            try:
                table_id = await self.store.create_table(
                    channel=channel,
                    guild=guild,
                    host=host,
                    options=options.model_dump_json(),
                    lease=(self.leases.owner, lease_until),
                    next_seed=next_seed.hex(),
                    practice=options.practice,
                )
            except StoreError:  # the channel's table is another process's, or its lease is
                if await self.store.table_in(channel):  # about to pass to this one
                    raise TableElsewhere("error-table-elsewhere") from None
                raise
            self.leases.held_until(table_id, lease_until)
            table = self._table(channel, guild, host, options, table_id)
            table.next_seed = next_seed
            self.lost.discard(channel)
            table.saved_state = table.state()
            self.tables[channel] = table
            return table

    @asynccontextmanager
    async def locked(self, channel: int, *, table_id: int | None = None) -> AsyncIterator[Table]:
        """The channel's table with its lock held, inside one database transaction; every
        change of a table happens in here. ``table_id``: the table a button named; a button
        of another (closed, or forged) table acts on none."""
        table = self.tables.get(channel)
        if table is None:
            if await self.store.table_in(channel):  # another process deals it
                # it took it from this one: it answers (else: say so)
                raise TableElsewhere("error-table-elsewhere", silent=channel in self.lost)
            self.lost.discard(channel)  # closed there since
            raise TableError("error-no-table")
        async with table.lock:
            if not self.accepting:
                raise TableError("error-restarting")
            if table.halted is not None:
                if self.clock() < table.halted:
                    raise TableError("error-table-halted")
                table.saved_state = None  # this change writes, whatever it is: a real try
            if table.broken:
                try:
                    await self._reload(table)
                except TableError:
                    self._not_saved_again(table)
                    raise
            if table.closed:
                raise TableError("error-table-closed")
            if table_id is not None and table.id != table_id:
                raise TableError("error-old-table-button")
            dealt = table.hands_dealt
            fenced = None
            try:
                async with self.store.unit():
                    yield table
                    await persistence.save(table)
                    if not table.closed:  # a closed table's row is gone, lease and all
                        fenced = await self.leases.fence(table.id)
            except asyncio.CancelledError:
                table.broken = True
                raise
            except LeaseLost:
                self._forget(table)
                raise TableElsewhere("error-table-elsewhere", silent=True) from None
            except Refusal as refusal:
                if self.store.last_unit_wrote:
                    await self._reload(table)
                raise refusal from None
            except Exception as error:
                if not failed_write(error):  # a bug: the traceback once, the player told so
                    log.exception(
                        "table %d, hand #%s: an internal error; the change is undone",
                        channel,
                        table.hand_id,
                    )
                    await self._reload(table)
                    raise TableError("error-internal") from error
                log.error(
                    "table %d: a change was not saved and is undone (%s: %s)",
                    channel,
                    type(error).__name__,
                    error,
                )
                self._not_saved_again(table)
                await self._reload(table)
                raise TableError(NOT_SAVED) from error
            else:
                self.leases.held_until(table.id, fenced)  # committed: its outbox may send
                table.not_saved, table.halted, table.halt_told = 0, None, False  # it saves
                HANDS_DEALT.inc(max(table.hands_dealt - dealt, 0))  # stored: counted
                self.computers.plan(table)
            finally:
                if table.closed:
                    self.tables.pop(channel, None)
                self._wake.set()  # its deadline may have moved

    def _not_saved_again(self, table: Table) -> None:
        """One more change in a row not saved: at HALT_AFTER_FAILURES the table stops dealing
        and its players are told once (the database needs an operator: README, Backups).
        Every HALTED_RETRY a change is tried again; the first saved one lifts the halt."""
        table.not_saved += 1
        count = table.not_saved
        if count < HALT_AFTER_FAILURES:
            return
        table.halted = self.clock() + HALTED_RETRY
        if table.halt_told:
            return
        table.halt_told = True
        log.error(
            "table %d: %d changes in a row could not be saved; it stops dealing, and tries"
            " again every %d s (check the database)",
            table.channel_id,
            count,
            HALTED_RETRY.total_seconds(),
        )
        if self.presenter is not None:  # not stored: the database is what fails
            self.presenter.present(table, Effects(notices=[Notice("halted")]))

    async def _reload(self, table: Table) -> None:
        """Make memory what the database holds (after a failed change)."""
        table.broken = True
        try:
            stored = await self.store.load_tables(table.channel_id)
        except Exception as error:
            log.error("table %d could not be read back (%s)", table.channel_id, error)
            raise TableError(NOT_SAVED) from error
        if not stored:
            table.closed = True
            table.broken = False
            return
        persistence.restore(table, stored[0], now=self.clock(), fresh_clock=False)

    async def change(
        self,
        channel: int,
        operation: Operation,
        *,
        table_id: int | None = None,
        click: tuple[int, int] | None = None,
        token: str | None = None,
    ) -> tuple[Table, Effects]:
        """Apply ``operation`` to the channel's table, its announcements (summary, notices)
        stored in the same transaction: committed when this returns, then to be presented.
        So are a new table message and the DMs to send, until they are sent (the restart
        completes them). ``click``: (user, interaction id) of the interaction that asked for
        it; ``token``: its token, should its answer post the new table message."""
        async with self.locked(channel, table_id=table_id) as table:
            if click is not None:
                table.heard(*click)
            effects = await operation(table)
            effects.seq = table.seq  # the prompt this change leaves (its turn notice reads it)
            if click is not None:  # a seat taken just now
                table.heard(*click)
            for notice in effects.announcements():
                effects.pending.append(await self._record(table, notice))
            if effects.fresh_message and not table.closed:
                effects.fresh_nonce = f"t{table.id}-{table.seq}"
                wanted = Notice("table_message", {"nonce": effects.fresh_nonce, "token": token})
                effects.fresh_pending = await self._record(table, wanted)
            if effects.private and table.hand_id is not None:
                users = [private.user_id for private in effects.private]
                dms = Notice("private", {"hand": table.hand_id, "users": users})
                effects.private_pending = await self._record(table, dms)
        if effects.director_due and self.director_due is not None:
            self.director_due(table)  # a tournament night's director, once the lock is free
        return table, effects

    async def _record(self, table: Table, notice: Notice) -> int:
        return await self.store.add_notice(
            channel=table.channel_id, guild=table.guild_id, notice=notice.to_dict()
        )

    # ------------------------------------------------------------------ restart

    async def resume(self) -> list[Table]:
        """Bring back every table of this process's servers that the database holds, each
        hand where it was; a hand that cannot be resumed is voided (stacks from before it,
        the ledger and channel told). Tables another process still holds are left to it."""
        await self.leases.hold_life()
        self.notices_before_start = await self.store.last_notice_id()
        servers = await self.store.table_servers()
        taken = await self.leases.take([t for t, guild in servers if self.leases.owns(guild)])
        self.resumed.extend(await self.bring_back(taken))
        return self.resumed

    async def bring_back(self, ids: set[int]) -> list[Table]:
        """Resume the tables of ``ids``, whose leases this process has just taken."""
        return await self._restore(await self.store.load_tables(ids=sorted(ids)))

    async def _restore(self, tables: list[StoredTable]) -> list[Table]:
        now = self.clock()
        restored: list[Table] = []
        for stored in tables:
            try:
                options = TableOptions.model_validate_json(stored.options)
            except ValueError as error:  # its chips stay on its seats, counted by the audit
                log.error("table %d cannot be read, left as stored: %s", stored.channel_id, error)
                continue
            table = self._table(
                stored.channel_id, stored.guild_id, stored.host_id, options, stored.id
            )
            problem = persistence.restore(table, stored, now=now, fresh_clock=True)
            async with self.store.unit():
                if problem is not None:
                    await self._void(table, stored, problem)
                await persistence.save(table)
            self.tables[table.channel_id] = table
            self.computers.plan(table)  # a computer player to act resumes after its pause
            restored.append(table)
        if restored:
            self._wake.set()
        return restored

    async def drop(self, table: Table) -> None:
        """Stop driving a table (another process has its lease now); it stays as stored."""
        async with table.lock:
            self._forget(table)

    def _forget(self, table: Table) -> None:
        """Another process took this table: drop it, and stay silent on its interactions
        (that process answers them); said once in the log."""
        self.computers.forget(table.channel_id)
        self.leases.forget(table.id)
        if self.tables.get(table.channel_id) is table:
            log.warning(
                "table %d: another process took its lease, it is driven there", table.channel_id
            )
            del self.tables[table.channel_id]
            self.lost.add(table.channel_id)
        table.closed = True

    async def keep_leases(self) -> list[int]:
        """A beat of the leases: drop the tables another process took, resume those this
        process took. Returns the channels resumed."""
        lost, taken = await self.leases.renew()
        for table in list(self.tables.values()):
            if table.id in lost:
                await self.drop(table)
        resumed: list[int] = []
        for table in await self.bring_back(taken):
            resumed.append(table.channel_id)
            self.lost.discard(table.channel_id)
            if self.presenter is not None:
                self.presenter.present(table, Effects(table_changed=True))
        return resumed

    async def _void(self, table: Table, stored: StoredTable, problem: str) -> None:
        assert stored.state.hand_id is not None
        log.warning("table %d: %s; the hand is void", table.channel_id, problem)
        await self.store.void_hand(
            hand_id=stored.state.hand_id,
            table=table.id,
            guild=table.guild_id,
            channel=table.channel_id,
            players=sorted(table.seats),
            why=problem,
        )
        table.last_hand_id = stored.state.hand_id
        notice = Notice("hand_voided", {"hand": stored.state.hand_id})
        self.notices_before_start = await self.store.add_notice(
            channel=table.channel_id, guild=table.guild_id, notice=notice.to_dict()
        )

    async def shutdown(self, timeout: float = 10) -> None:
        """Stop taking changes, let those in flight finish their writes, stop the clock.
        Tables stay as stored, to resume at the next start."""
        self.accepting = False
        await self.stop_clock()
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                for table in list(self.tables.values()):
                    async with table.lock:
                        pass
        try:  # another process may take them at once, not after the leases expire
            await self.leases.release()
        except Exception as error:
            log.warning("leases not let go (%s); they expire on their own", error)

    # ------------------------------------------------------------------ the clock

    def start_clock(self) -> None:
        """The deadlines, and the leases of this process's tables."""
        if self._clock_task is None or self._clock_task.done():
            self._clock_task = asyncio.create_task(self._run_clock(), name="dealer-clock")
        self.leases.start(self.keep_leases)

    async def stop_clock(self) -> None:
        await self.leases.stop()
        task, self._clock_task = self._clock_task, None
        if task is not None:
            task.cancel()
            await asyncio.wait([task])  # raises only if the caller itself is cancelled
        if self._fire_tasks:  # let a deadline being handled finish its writes
            await asyncio.wait(set(self._fire_tasks), timeout=5)
        self.computers.close()

    def wake(self) -> None:
        """Re-read the deadlines now (tests move an injected clock, then call this)."""
        self._wake.set()

    async def _run_clock(self) -> None:
        while True:
            self._wake.clear()
            now = self.clock()
            upcoming: list[datetime] = []
            for table in list(self.tables.values()):
                upcoming.extend(self._computer_due(table, now))
                deadline = table.due()
                if deadline is None:
                    continue
                failed = self._failures.get(table.channel_id)
                if failed is not None and failed[1] > now:
                    upcoming.append(failed[1])
                    continue
                if deadline <= now and table.channel_id not in self._firing:
                    self._firing.add(table.channel_id)
                    fire = asyncio.create_task(self._fire(table))
                    self._fire_tasks.add(fire)
                    fire.add_done_callback(self._fire_tasks.discard)
                elif deadline > now:
                    upcoming.append(deadline)
            timeout = max((min(upcoming) - now).total_seconds(), 0) if upcoming else None
            # asyncio.timeout, not wait_for: Python 3.11's wait_for swallows a cancellation
            # that arrives as the event is set, and the clock would never stop
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(timeout):
                    await self._wake.wait()

    def _computer_due(self, table: Table, now: datetime) -> list[datetime]:
        """Start a computer player's turn whose pause is over (its plan is then marked started,
        so it starts once); else when it will be."""
        when = self.computers.due(table.channel_id)
        if when is None:
            return []
        if when > now:
            return [when]
        plan = self.computers.take(table.channel_id)
        if plan is not None:
            task = asyncio.create_task(self.computer_acts(table, plan.user, plan.seq))
            self._fire_tasks.add(task)
            task.add_done_callback(self._fire_tasks.discard)
        return []

    async def computer_acts(self, table: Table, user: int, seq: int) -> None:
        """A computer player's turn (RULES §8.1): its view read under the lock, its decision
        computed with no lock held, then applied as a click is (a stale prompt is refused).
        A decision that fails or takes too long gives the clock's action at once (check if
        free, else fold); a change not saved is tried again."""
        channel = table.channel_id
        try:
            async with table.lock:  # a settled state: no change is half made
                if table.closed or computers.turn(table) != (user, seq):
                    return
                if table.broken or table.halted is not None:  # to be read back first
                    self.computers.again(channel, RETRY_AFTER_FAILURE[0])
                    return
                view = computers.view_of(table, user)
                level = table.options.bot_level
            operation = await self._decided(channel, view, level, user, seq)
            locked, effects = await self.change(channel, operation, table_id=table.id)
            if self.presenter is not None:
                self.presenter.present(locked, effects)
        except Refusal as refusal:  # the clock acted first, or the table closed: nothing lost
            if refusal_message(refusal).key == NOT_SAVED:
                self.computers.again(channel, RETRY_AFTER_FAILURE[1])
            log.info("table %d: a computer player's action was refused (%s)", channel, refusal)
        except Exception:
            log.exception("table %d: a computer player could not act", channel)
        finally:
            self._wake.set()  # a turn tried again, or the next one, may be due

    async def _decided(
        self, channel: int, view: SeatView, level: str, user: int, seq: int
    ) -> Operation:
        """The change a computer player's decision makes; the clock's action if it fails."""
        try:
            async with asyncio.timeout(DECISION_SECONDS):
                decision = await self.computers.decide(view, level)
        except Exception as error:  # a bug, a dead or stuck worker: the game goes on
            log.error(
                "table %d: a computer player's decision failed (%s); it checks or folds",
                channel,
                type(error).__name__,
            )
            if isinstance(error, TimeoutError):  # a stuck worker: the pool is started again
                self.computers.reset()  # (the other tables' decisions are made again there)
            return lambda table: computers.act_for(table, user, seq)
        return lambda table: table.act(user, seq, decision.action())

    async def _fire(self, table: Table) -> None:
        channel = table.channel_id
        try:
            locked, effects = await self.change(
                channel, lambda table: table.on_deadline(self.clock())
            )
            self._failures.pop(channel, None)
            if self.presenter is not None and (effects.table_changed or effects.notices):
                self.presenter.present(locked, effects)
        except TableError as error:
            if error.message.key == NOT_SAVED:  # try again later, not in a tight loop
                count = self._failures.get(channel, (0, self.clock()))[0]
                wait = RETRY_AFTER_FAILURE[min(count, len(RETRY_AFTER_FAILURE) - 1)]
                self._failures[channel] = (count + 1, self.clock() + timedelta(seconds=wait))
        except Exception:
            log.exception("the clock of table %d failed", channel)
        finally:
            self._firing.discard(channel)
            self._wake.set()
