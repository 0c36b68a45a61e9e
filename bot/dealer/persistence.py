"""A table's state to the database and back: :func:`save` writes what changed since the last
save; :func:`restore` rebuilds the table from what is stored, replaying its hand in progress.

Used three ways: at the end of every change (save), at start-up (restore every table, the
actor's clock restarting in full), and after a failed change (restore, so that memory is
exactly what the database kept)."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.dealer.deadline import Deadline
from bot.dealer.options import TableOptions
from bot.dealer.seat import Seat
from bot.dealer.table import Table
from bot.poker.errors import PokerError
from bot.poker.record import from_record
from bot.store.records import StoredTable


async def save(table: Table) -> None:
    if table.closed:
        return
    if table.options != table.saved_options:  # /poker bots
        await table.store.save_options(
            table.id, table.options.model_dump_json(), practice=table.options.practice
        )
        table.saved_options = table.options
    state = table.state()
    if state != table.saved_state:
        await table.store.save_state(table.id, state)
        table.saved_state = state
    for user, seat in table.seats.items():
        seat_state = seat.state()
        if table.saved_seats.get(user) != seat_state:
            await table.store.save_seat(table.id, user, seat_state)
            table.saved_seats[user] = seat_state


def restore(table: Table, stored: StoredTable, *, now: datetime, fresh_clock: bool) -> str | None:
    """Set every part of ``table`` from ``stored``. With ``fresh_clock`` (a restart), the actor
    (or the dealer's choice's chooser) gets the full action time again and the table says the
    dealer restarted. Returns why the hand in progress cannot be resumed, if it cannot (the
    caller voids it)."""
    table.options = table.saved_options = TableOptions.model_validate_json(stored.options)
    table.host_id = stored.host_id
    clicks = {user: seat.click for user, seat in table.seats.items()}  # kept in memory only
    table.seats = {
        seat.user_id: Seat(
            user_id=seat.user_id,
            name=seat.name,
            number=seat.seat,
            stack=seat.stack,
            sitting_out=seat.sitting_out,
            leaving=seat.leaving,
            timeouts=seat.timeouts,
            bank=table.options.time_bank if seat.bank is None else seat.bank,
            sat_out_at=seat.sat_out_at,
            click=clicks.get(seat.user_id),
        )
        for seat in stored.seats
    }
    table.saved_seats = {user: seat.state() for user, seat in table.seats.items()}
    state = table.saved_state = stored.state
    table.running, table.closing = state.running, state.closing
    table.seq, table.button_seat = state.seq, state.button_seat
    table.hands_dealt = state.hands_dealt
    # a table from before schema 9 has none: drawn now, shown from now on
    table.next_seed = (
        bytes.fromhex(state.next_seed) if state.next_seed else table.entropy.server_seed()
    )
    table.message_id, table.hand_id = state.message_id, state.hand_id
    table.deadline = state.deadline
    table.deadline_kind = Deadline(state.deadline_kind) if state.deadline_kind else None
    table.hand, table.last_hand_id = None, None
    table.by_clock.clear()
    table.closed = table.broken = False
    problem = _restore_hand(table, stored)
    if table.in_hand and fresh_clock:
        seconds = table.options.action_seconds
        table.deadline, table.deadline_kind = now + timedelta(seconds=seconds), Deadline.ACTION
    elif fresh_clock and table.deadline_kind is Deadline.CHOICE:  # the chooser's, as an actor's
        table.deadline = now + timedelta(seconds=table.options.action_seconds)
    elif not table.in_hand and table.deadline_kind in (Deadline.ACTION, Deadline.BANK):
        # the hand could not be resumed: the game goes on with the next one
        table.deadline, table.deadline_kind = None, None
        if table.running and not table.closing:
            table.deadline, table.deadline_kind = now + table.hand_pause, Deadline.NEXT_HAND
    if fresh_clock:
        table.restarted_at_seq = table.seq
        table.idle_since = now  # idle time counts again from a restart
        table.attended_at = now  # and so does a sit & go's (RULES §7.5a)
    return problem


def _restore_hand(table: Table, stored: StoredTable) -> str | None:
    hand_id = stored.state.hand_id
    if hand_id is None:
        return None
    saved = stored.hand
    if saved is None:
        return stored.problems[0] if stored.problems else f"hand #{hand_id} is missing"
    try:
        hand = from_record(saved.record)
    except PokerError as error:
        if saved.ended:  # a finished hand is history: the table goes on without it
            table.last_hand_id = saved.id
            return None
        # the kind of error only: its text may quote the stored deck
        return f"hand #{saved.id} does not replay ({type(error).__name__})"
    if saved.ended != hand.is_complete:
        return f"hand #{saved.id} is stored as {'ended' if saved.ended else 'running'}"
    if not saved.ended and any(player not in table.seats for player in hand.players):
        return f"hand #{saved.id} has a player without a seat"
    table.hand = hand
    if saved.ended:
        table.last_hand_id = saved.id
    table.by_clock[:] = saved.by_clock
    return None
