"""The director at work (RULES §11): starts a tournament night's tables and, after each hand at
one of them, applies :mod:`bot.tournament.director`'s decisions through the tables' own entry
points (:mod:`bot.tournament.night_play`, each a change under that table's lock), one night's
decisions at a time. No table imports this; the tables it drives are ordinary tables.

Threads are opened by the caller (``open_thread``: Discord's, or a test's), so nothing here
knows Discord. Every step is written before the next: a move takes the chips off one table in
one change and seats them at the other in the next, so a kill in between leaves them with
their entrant row (counted by the audit), and :meth:`NightRunner.resume` seats them.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from bot.dealer import seating
from bot.dealer.views import Effects, Notice
from bot.store.backend import StoreError
from bot.store.house import is_computer
from bot.store.nights import CANCELLED, ENDED, PLAYING, Night
from bot.text import Refused
from bot.tournament import director, night_play
from bot.tournament.night import NightTerms, late_registration_open
from bot.tournament.play import abandoned, close_table
from bot.tournament.structure import split_by_chips

if TYPE_CHECKING:
    from bot.dealer.dealer import Dealer
    from bot.dealer.table import Table


class LateEntryRefused(Refused):
    """A late entry the night does not take (its words for the player)."""


START_ATTEMPTS = 5  # draws tried while entrants keep changing
OpenThread = Callable[[Night, int], Awaitable[int]]  # (night, table number) -> its channel
Shown = list[tuple["Table", Effects]]  # what each change did, for the caller to present
Seated = dict[int, dict[int, int]]  # table number -> seat -> player


class NightRunner:
    def __init__(self, dealer: Dealer, open_thread: OpenThread, rng: random.Random) -> None:
        self.dealer = dealer
        self.open_thread = open_thread
        self.rng = rng
        self._locks: dict[int, asyncio.Lock] = {}
        self.results: list[int] = []  # each night just ended, for the caller to post

    def _lock(self, night: int) -> asyncio.Lock:
        return self._locks.setdefault(night, asyncio.Lock())

    async def _record(self, night: int) -> tuple[Night, NightTerms]:
        record = await self.dealer.store.night(night)
        assert record is not None
        return record, NightTerms.model_validate_json(record.terms)

    async def _change(
        self, shown: Shown, channel: int, operation: Callable[[Table], Awaitable[Effects]]
    ) -> None:
        shown.append(await self.dealer.change(channel, operation))

    # ------------------------------------------------------------------ the start

    async def start(self, night: int) -> Shown:
        """RULES §11.1, §11.2: cancelled with fewer than two entrants (every buy-in back);
        else the draw, one table a thread, everyone seated, every table dealing."""
        shown: Shown = []
        async with self._lock(night):
            for attempt in range(START_ATTEMPTS):  # a click may (un)register meanwhile
                record, terms = await self._record(night)
                try:
                    if len(record.entrants) < 2:
                        await self.dealer.store.pay_night(
                            night=night,
                            paid=[(e.user_id, record.buy_in, None) for e in record.entrants],
                            status=CANCELLED,
                        )
                        return shown
                    users = [entrant.user_id for entrant in record.entrants]
                    draw = director.seat_draw(users, terms.seats, self.rng)
                    await self.dealer.store.start_night(night, draw, terms.starting_chips)
                    break
                except StoreError:
                    if attempt == START_ATTEMPTS - 1:
                        raise
            record, _ = await self._record(night)
            threads = [await self._open_table(shown, record, terms, n) for n in sorted(draw)]
            for thread in threads:
                await self._change(shown, thread, night_play.deal_on)
        return shown

    async def _open_table(self, shown: Shown, record: Night, terms: NightTerms, number: int) -> int:
        thread = await self.open_thread(record, number)
        assert terms.options.tournament is not None
        deal = terms.options.tournament.model_copy(
            update={
                "night": record.id,
                "table_no": number,
                "level_minutes": terms.level_minutes,
                "started_at": record.started_at,
                "entrants": len(record.entrants),
            }
        )
        options = terms.options.model_copy(update={"tournament": deal})
        table = await self.dealer.create(
            channel=thread, guild=record.guild_id, host=record.host_id, options=options
        )
        await self.dealer.store.open_night_table(record.id, number, thread=thread, table=table.id)
        await self._change(shown, thread, night_play.seat_arrivals)
        return thread

    @staticmethod
    def _channel(record: Night, number: int) -> int:
        for table in record.tables:
            if table.number == number and table.thread_id is not None:
                return table.thread_id
        raise LookupError(f"night {record.id} has no table {number}")

    # ------------------------------------------------------------------ late registration

    async def late_entry(self, night: int, user: int, name: str) -> Shown:
        """RULES §11.4: until the end of the late-registration level, a newcomer pays the
        buy-in and sits, with the starting stack, at the table with the fewest players (ties
        by lot; a new table when every seat is taken); dealt in from its next hand. Refused
        (``LateEntryRefused``) once registration is closed or for an entrant already in."""
        shown: Shown = []
        async with self._lock(night):
            record, terms = await self._record(night)
            now = self.dealer.clock()
            if (
                record.status != PLAYING
                or record.started_at is None
                or not late_registration_open(record.started_at, now, terms)
            ):
                raise LateEntryRefused("night-registration-closed")
            if await self._held_elsewhere(record):  # a restart under way: in a moment
                raise LateEntryRefused("error-table-elsewhere")
            if any(entrant.user_id == user for entrant in record.entrants):
                raise LateEntryRefused("night-already-registered")
            tables, seated, _ = self._standings(record)
            number, seat = director.seat_late(seated, terms.seats, self.rng)
            if number not in tables:  # a new table: a number never used by this night
                number = max(entry.number for entry in record.tables) + 1
            await self.dealer.store.enter_night_late(
                night=night, user=user, name=name, table_no=number, seat=seat
            )
            record, _ = await self._record(night)
            if number in tables:
                await self._change(shown, tables[number].channel_id, night_play.seat_arrivals)
            else:
                await self._open_table(shown, record, terms, number)
            await self._direct(shown, night)  # balancing may give the new table players
        return shown

    # ------------------------------------------------------------------ a restart

    async def resume(self, night: int) -> Shown:
        """After a restart (the tables resumed as tables): whatever a kill interrupted is
        finished, then the director's work as after a hand. A table opened and not yet listed
        is closed (it seats nobody); a listed table that nobody still in belongs to is broken;
        a table some entrants were sent to and that is not open yet (the draw's, the final
        table) opens; everyone moving sits at their table; waiting tables deal."""
        shown: Shown = []
        async with self._lock(night):
            record, terms = await self._record(night)
            if await self._held_elsewhere(record):
                return shown
            listed = {entry.thread_id for entry in record.tables if not entry.broken}
            for table in list(self.dealer.tables.values()):
                deal = table.options.tournament
                if deal is not None and deal.night == night and table.channel_id not in listed:
                    await self._change(shown, table.channel_id, close_table)
            playing = record.status == PLAYING
            needed = {entrant.table_no for entrant in record.still_in} if playing else set()
            for entry in record.tables:
                if entry.broken or entry.number in needed:
                    continue
                if (entry.thread_id or 0) in self.dealer.tables:
                    await self._change(shown, entry.thread_id or 0, close_table)
                await self.dealer.store.break_night_table(record.id, entry.number)
            if not playing:
                return shown
            record, _ = await self._record(night)
            opened = {entry.number: entry for entry in record.tables if not entry.broken}
            for number in sorted(n for n in needed if n is not None):
                if number in opened:
                    thread = self._channel(record, number)
                    await self._change(shown, thread, night_play.seat_arrivals)
                else:
                    await self._open_table(shown, record, terms, number)
            await self._direct(shown, night)
        return shown

    async def _held_elsewhere(self, record: Night) -> bool:
        """Issue 44.4, shards: a table of the night still open that another process holds
        (until its lease passes here, at a restart or a beat of the leases). The director's
        work waits until every table is here: it is one process's, under one lock."""
        for entry in record.tables:
            thread = entry.thread_id or 0
            if entry.broken or thread in self.dealer.tables:
                continue
            if await self.dealer.store.table_in(thread):
                return True
        return False

    # ------------------------------------------------------------------ after each hand

    def _standings(self, record: Night) -> tuple[dict[int, Table], Seated, set[int]]:
        """The night's tables dealing now (by number), who sits at each seat of each, and
        the tables waiting for the director: a hand ended, the next not yet let deal (one
        given leave to deal, its next hand due, is not waiting: nobody moves from it, and at
        hand for hand the others wait for its hand, RULES §11.7)."""
        tables = {}
        for entry in record.tables:
            table = self.dealer.tables.get(entry.thread_id or 0)
            if not entry.broken and table is not None and not table.closed:
                tables[entry.number] = table
        seated = {n: {s.number: s.user_id for s in t.seats.values()} for n, t in tables.items()}
        waiting = {  # a table in the middle of a change (its lock held) is not waiting
            n
            for n, t in tables.items()
            if t.live_hand is None and t.deadline is None and not t.lock.locked()
        }
        return tables, seated, waiting

    async def after_hand(self, night: int) -> Shown:
        """A table of ``night`` ended a hand: the end, the final table, a table broken,
        balancing, hand for hand (RULES §11.5-§11.8), then the tables that may deal, deal."""
        shown: Shown = []
        async with self._lock(night):
            await self._direct(shown, night)
        return shown

    async def _direct(self, shown: Shown, night: int) -> None:
        """What the director does after a hand, or at a resume (under the night's lock)."""
        record, terms = await self._record(night)
        if record.status != PLAYING or await self._held_elsewhere(record):
            return
        tables, seated, waiting = self._standings(record)
        if await self._place_the_out(
            shown, record, tables, every_hand_ended=waiting == set(tables)
        ):
            record, _ = await self._record(night)
        if len(record.still_in) <= 1:
            if waiting == set(tables):
                await self._finish(shown, record, tables)
            return
        if self._abandoned(record, tables):  # RULES §7.5a: no table deals again
            if waiting == set(tables):
                await self._abandon(shown, record, tables)
            return
        if director.final_table_due(seated, terms.seats):
            if waiting == set(tables):
                await self._final_table(shown, record, terms, tables, seated)
            return
        broken = director.table_to_break(seated, terms.seats)
        if broken is not None and broken in waiting:
            moves = director.break_table(seated, broken, terms.seats, self.rng)
            channel = self._channel(record, broken)
            await self._change(shown, channel, partial(_told, Notice("night_broken", {}), []))
            await self._apply(shown, record, moves)
            await self._change(shown, self._channel(record, broken), close_table)
            await self.dealer.store.break_night_table(record.id, broken)
            record, _ = await self._record(night)
            tables, seated, waiting = self._standings(record)
        moves = director.balance_tables(
            seated,
            waiting,
            terms.seats,
            {entrant.user_id: entrant.moves for entrant in record.entrants},
            self.rng,
            big_blinds={n: seating.big_blind_next(tables[n]) for n in waiting},
        )
        await self._apply(shown, record, moves)
        # those out waiting for their places are still in this round (RULES §11.7)
        players = len(record.still_in) + len(record.awaiting_place)
        hand_for_hand = director.hand_for_hand(players, len(record.entrants))
        if hand_for_hand and waiting != set(tables):
            return  # RULES §11.7: every table's hand ends before the next
        for number in sorted(waiting if not hand_for_hand else set(tables)):
            await self._change(shown, self._channel(record, number), night_play.deal_on)

    async def _place_the_out(
        self, shown: Shown, record: Night, tables: dict[int, Table], *, every_hand_ended: bool
    ) -> bool:
        """RULES §11.7 (§7.3): the places of those knocked out, given under the night's lock
        (two tables never give the same place); at hand for hand, once every table's hand has
        ended, all of that round's together. Each is told at the table that knocked them out
        (and by a direct message)."""
        waiting = record.awaiting_place
        out = [
            (e.user_id, e.out_chips or 0, (e.table_no or 0, e.seat or 0), e.out_hand or 0)
            for e in waiting
        ]
        players = len(record.still_in) + len(out)
        places = director.places_due(
            out, players, len(record.entrants), every_hand_ended=every_hand_ended
        )
        if not places:
            return False
        await self.dealer.store.place_night_outs(record.id, places)
        entrants = {entrant.user_id: entrant for entrant in record.entrants}
        by_table: dict[int, list[tuple[int, int]]] = {}
        for user, place in places:
            by_table.setdefault(entrants[user].table_no or 0, []).append((user, place))
        for number, placed in sorted(by_table.items()):
            if number not in tables:
                continue
            lines = [[entrants[user].name, place] for user, place in placed]
            finishes: list[tuple[int, int, int, int | None]] = [
                (user, place, len(record.entrants), None)
                for user, place in placed
                if not is_computer(user)
            ]
            await self._change(
                shown,
                tables[number].channel_id,
                partial(_told, Notice("night_out", {"lines": lines}), finishes),
            )
        return True

    async def _apply(self, shown: Shown, record: Night, moves: list[director.Move]) -> None:
        for move in moves:
            await self._change(
                shown,
                self._channel(record, move.from_table),
                partial(
                    night_play.move_out,
                    user=move.user,
                    to_table=move.to_table,
                    to_seat=move.to_seat,
                ),
            )
            await self._change(
                shown, self._channel(record, move.to_table), night_play.seat_arrivals
            )

    async def _final_table(
        self,
        shown: Shown,
        record: Night,
        terms: NightTerms,
        tables: dict[int, Table],
        seated: Seated,
    ) -> None:
        """RULES §11.6: every table's hand ended; everyone drawn to the final table, a table of
        its own (the next number). Its number is written first: a draw a kill interrupted is
        finished at the next start, those not moved yet drawn to its free seats."""
        number = record.final_table
        others = {at: users for at, users in seated.items() if at != number}
        if number is None:
            number = max(entry.number for entry in record.tables) + 1
            await self.dealer.store.draw_final_table(record.id, number)
            final = Notice("night_final", {"table": number})
            for at in sorted(tables):
                await self._change(shown, self._channel(record, at), partial(_told, final, []))
        taken = set(seated.get(number, {})) | {
            e.seat or 0 for e in record.still_in if e.table_no == number and e.stack is not None
        }
        draw = director.final_table(others, terms.seats, self.rng, taken=taken)
        for seat, user in draw.items():
            at = next(n for n, users in others.items() if user in users.values())
            await self._change(
                shown,
                self._channel(record, at),
                partial(night_play.move_out, user=user, to_table=number, to_seat=seat),
            )
        for at in sorted(others):
            await self._change(shown, self._channel(record, at), close_table)
            await self.dealer.store.break_night_table(record.id, at)
        record, _ = await self._record(record.id)
        if number in tables:  # opened at a resume, some of its players seated
            thread = tables[number].channel_id
            await self._change(shown, thread, night_play.seat_arrivals)
        else:
            thread = await self._open_table(shown, record, terms, number)
        await self._change(shown, thread, night_play.deal_on)

    def _abandoned(self, record: Night, tables: dict[int, Table]) -> bool:
        """RULES §7.5a (§11.1): no entrant still in, at any table, has acted by themselves for
        the server's idle time (a computer still in always acts by itself, RULES §8.1)."""
        if not tables or any(is_computer(entrant.user_id) for entrant in record.still_in):
            return False
        now = self.dealer.clock()
        return all(abandoned(table, now) for table in tables.values())

    async def _abandon(self, shown: Shown, record: Night, tables: dict[int, Table]) -> None:
        """RULES §7.5a: the night ends as a cancel after the start does: the pool shared by
        chip counts (those moving between tables count theirs), every table closed, saying
        why; the channel is told by the caller (``results``)."""
        chips = {entrant.user_id: entrant.stack or 0 for entrant in record.still_in}
        for number in sorted(tables):
            for seat in sorted(tables[number].seats.values(), key=lambda seat: seat.number):
                chips[seat.user_id] = seat.stack
        paid = split_by_chips(record.pool, chips)
        await self.dealer.store.pay_night(
            night=record.id,
            paid=[(user, prize, None) for user, prize in paid.items()],
            status=CANCELLED,
        )
        minutes = next(iter(tables.values())).options.idle_minutes
        notice = Notice("night_abandoned", {"minutes": minutes})
        for number in sorted(tables):
            channel = self._channel(record, number)
            await self._change(shown, channel, partial(_told, notice, []))
            await self._change(shown, channel, close_table)
        self.results.append(record.id)

    async def _finish(self, shown: Shown, record: Night, tables: dict[int, Table]) -> None:
        """RULES §11.8: the pool paid by place, the last tables closed, the results."""
        places = [
            (e.user_id, e.place if e.place is not None else 1, n)
            for n, e in enumerate(record.entrants)
        ]
        finishes = director.pay(places, record.pool, len(record.entrants))
        await self.dealer.store.pay_night(
            night=record.id,
            paid=[(finish.user, finish.prize, finish.place) for finish in finishes],
            status=ENDED,
        )
        told = [  # RULES §11.8: each person paid, and the winner, told by DM
            (f.user, f.place, len(record.entrants), f.prize or None)
            for f in finishes
            if not is_computer(f.user) and (f.prize or f.place == 1)
        ]
        for number in sorted(tables):
            channel = self._channel(record, number)
            if told:
                await self._change(shown, channel, partial(_told, None, told))
                told = []
            await self._change(shown, channel, close_table)
        self.results.append(record.id)


def results_of(record: Night) -> dict[str, Any]:
    """An ended night's results (RULES §11.8), as stored: every entrant by place, the prize.
    A night abandoned under way (RULES §7.5a) ranks those still in by their share."""
    still_in = sorted(
        (e for e in record.entrants if e.place is None), key=lambda e: -(e.prize or 0)
    )
    prizes = [e.prize or 0 for e in still_in]  # equal shares, a shared place (RULES §7.3)
    ranked = [(1 + sum(p > (e.prize or 0) for p in prizes), e) for e in still_in]
    ranked += sorted(
        ((e.place or 0, e) for e in record.entrants if e.place is not None),
        key=lambda pair: (pair[0], -(pair[1].prize or 0)),
    )
    abandoned = record.status == CANCELLED and record.started_at is not None
    return {
        "night": record.id,
        "name": record.name,
        "lines": [[place, e.name, e.prize or 0] for place, e in ranked],
        "entrants": len(record.entrants),
        "pool": sum(e.prize or 0 for e in record.entrants),  # all of it, paid out
        "abandoned": NightTerms.model_validate_json(record.terms).options.idle_minutes
        if abandoned
        else None,
    }


async def _told(
    notice: Notice | None, finishes: list[tuple[int, int, int, int | None]], table: Table
) -> Effects:
    """A table's change that only says something (stored with it, so never lost)."""
    return Effects(notices=[] if notice is None else [notice], finishes=finishes)
