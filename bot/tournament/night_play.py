"""A table of a multi-table tournament (RULES §11): what happens at one table, under its lock,
inside the change's one transaction (as :mod:`bot.tournament.play` for a sit & go).

Such a table deals as a sit & go's (everyone with chips, absent players blinded away, §7.5),
its stakes from the tournament's one clock (§11.3). After each hand the players it knocked
out leave it, and it waits: the director (above the tables) decides who moves
where (§11.5, §11.6) and when it deals again (§11.7), and drives it through these entry points.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.dealer.errors import TableError
from bot.dealer.seat import Seat
from bot.dealer.views import Effects, Notice
from bot.poker.state import Hand
from bot.store.house import is_computer
from bot.tournament.play import out_of_chips, terms

if TYPE_CHECKING:
    from bot.dealer.table import Table


def night_of(table: Table) -> int:
    found = terms(table).night
    assert found is not None, "not a multi-table tournament's table"
    return found


async def after_hand(table: Table, hand: Hand, hand_id: int, effects: Effects) -> None:
    """RULES §11.1 (§7.3): who is out leaves the table; their places are the director's to
    give, among every player still in and, at hand for hand, with those out at the other
    tables in the same round (§11.7). The table then waits for the director
    (``effects.director_due``)."""
    night = night_of(table)
    for user, chips, _ in out_of_chips(table, hand):
        await table.store.knock_out_of_night(
            night=night, user=user, table=table.id, hand=hand_id, chips=chips
        )
    effects.director_due = True


async def seat_arrivals(table: Table) -> Effects:
    """Everyone the director sent to this table (the draw, a move, a late entry) sits down
    with the chips they carry, at the seat drawn for them (RULES §11.2, §11.4-§11.6); dealt
    in from the table's next hand."""
    night = night_of(table)
    record = await table.store.night(night)
    assert record is not None
    number = terms(table).table_no
    arrived: list[tuple[int, str]] = []
    for entrant in record.entrants:
        if entrant.table_no != number or entrant.stack is None or entrant.place is not None:
            continue
        if entrant.user_id in table.seats:
            raise TableError("error-internal")  # the same entrant twice: never
        seat_number = entrant.seat if entrant.seat is not None else table.free_seat()
        if any(seat.number == seat_number for seat in table.seats.values()):
            seat_number = table.free_seat()
        stack = await table.store.seat_from_night(
            night=night, user=entrant.user_id, table=table.id, seat=seat_number, name=entrant.name
        )
        seat = table.seats[entrant.user_id] = Seat(
            user_id=entrant.user_id,
            name=entrant.name,
            number=seat_number,
            stack=stack,
            bank=table.options.time_bank,
        )
        table.saved_seats[entrant.user_id] = seat.state()
        if entrant.moves:
            arrived.append((entrant.user_id, entrant.name))
        if not is_computer(entrant.user_id):  # RULES §7.5a: a person's arrival (a move, a
            table.attended_at = table.clock()  # late entry) counts as their being here
    effects = Effects(table_changed=True, fresh_message=table.message_id is None)
    if arrived:
        moved = {"users": [user for user, _ in arrived], "names": [name for _, name in arrived]}
        effects.notices.append(Notice("night_moved_in", moved))
    return effects


async def move_out(table: Table, user: int, to_table: int, to_seat: int) -> Effects:
    """RULES §11.5, §11.6: between hands, an entrant leaves this table for another, their
    chips with them until it seats them."""
    if table.live_hand is not None:
        raise TableError("error-internal")  # the director moves between hands only
    seat = table.seats.get(user)
    if seat is None:
        raise TableError("error-not-seated")
    await table.store.move_from_table(
        night=night_of(table), user=user, table=table.id, to_table=to_table, to_seat=to_seat
    )
    del table.seats[user]
    table.saved_seats.pop(user, None)
    moved = {"name": seat.name, "user": user, "table": to_table}
    return Effects(table_changed=True, notices=[Notice("night_moved_out", moved)])


async def deal_on(table: Table) -> Effects:
    """The director lets the table deal its next hand (after the pause between hands)."""
    if table.closed or table.live_hand is not None:
        return Effects()
    if not table.running:
        if len(table.eligible()) < 2:
            return Effects()
        return await table.start(table.host_id)
    table.schedule_next_hand()
    return Effects()
