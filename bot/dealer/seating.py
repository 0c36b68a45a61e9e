"""A seat at a cash table (RULES §6.3): a buy-in from the wallet (practice chips at a practice
table, RULES §8.4), a computer player giving its seat to a person who sits down at a full
table, and a top-up between hands. A sit & go seats its entrants at registration instead
(``bot.tournament.play``). And the order the seats are dealt in: where the button is."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from bot.dealer import computers
from bot.dealer.deadline import Deadline
from bot.dealer.errors import TableError
from bot.dealer.seat import Seat
from bot.dealer.views import Effects
from bot.poker.variants import VARIANTS
from bot.store.house import is_person

if TYPE_CHECKING:
    from bot.dealer.table import Table
    from bot.poker.variants import Variant

STAND_UP_AFTER = timedelta(minutes=10)  # sitting out this long: the stack goes back


async def sit_down(table: Table, user: int, name: str, buy_in: int | None) -> Effects:
    """A new seat (a seated player's buy-in tops up)."""
    name = computers.seat_name(user, name)
    low, high = table.options.buy_in_range
    seat = table.seats.get(user)
    if seat is not None:
        return await top_up(table, seat, buy_in, high)
    given = buy_in is not None
    if buy_in is None and table.options.practice:  # practice chips: nobody's wallet
        buy_in = table.options.default_buy_in
    elif buy_in is None:  # first whether they can sit down: a refusal changes nothing
        balance = await table.store.balance(table.guild_id, user)
        if balance < low:
            raise TableError("error-buy-in-short", balance=balance, minimum=low)
        buy_in = min(table.options.default_buy_in, balance)
    elif not low <= buy_in <= high:
        raise TableError("error-buy-in-range", low=low, high=high)
    full = len(table.seats) >= table.options.seats  # a computer gives its seat as they sit
    if full and given and is_person(user) and not table.options.practice:
        balance = await table.store.balance(table.guild_id, user)  # before it stands up
        if balance < buy_in:
            raise TableError("error-insufficient-chips", balance=balance, asked=buy_in)
    if full and not await computers.make_room(table, user):
        in_hand = computers.computer_seats(table)
        raise TableError(
            "error-computers-in-hand" if in_hand else "error-table-full",
            seats=table.options.seats,
        )
    number = table.free_seat()
    stack, _ = await table.store.buy_in(
        guild=table.guild_id,
        channel=table.channel_id,
        table=table.id,
        user=user,
        seat=number,
        name=name,
        amount=buy_in,
        practice=table.options.practice,
    )
    seat = table.seats[user] = Seat(
        user_id=user, name=name, number=number, stack=stack, bank=table.options.time_bank
    )
    table.saved_seats[user] = seat.state()  # the row buy_in wrote
    return Effects(table_changed=True)


async def top_up(table: Table, seat: Seat, buy_in: int | None, high: int) -> Effects:
    """RULES §6.3: between hands, up to the maximum buy-in."""
    room = high - seat.stack
    if buy_in is None:
        raise TableError(
            "error-already-seated", seat=seat.number, stack=seat.stack, room=max(room, 0)
        )
    if table.dealt_in(seat.user_id):
        raise TableError("error-top-up-in-hand")
    if not 1 <= buy_in <= room:
        raise TableError("error-top-up-range", room=max(room, 0), high=high)
    seat.stack, _ = await table.store.buy_in(
        guild=table.guild_id,
        channel=table.channel_id,
        table=table.id,
        user=seat.user_id,
        seat=seat.number,
        name=seat.name,
        amount=buy_in,
        practice=table.options.practice,
    )
    return Effects(table_changed=True)


def seat_after(seats: list[Seat], number: int | None) -> Seat:
    """The first of ``seats`` (in seat order) after seat ``number``, round the table; the
    first of them when there is none yet."""
    later = [seat for seat in seats if number is not None and seat.number > number]
    return (later or seats)[0]


def next_button(table: Table, seats: list[Seat]) -> int:
    """The seat the button moves to for the next hand: the next of ``seats`` after it."""
    return seat_after(seats, table.button_seat).number


def deal_order(table: Table, seats: list[Seat], variant: Variant) -> list[Seat]:
    """Hand-history order: stud from seat 1; Triple Draw from the seat left of the button,
    which moves one seat a hand (RULES §5.2); at a mixed table it moves every hand, stud
    hands included, so that the blinds fall in turn (§10.4)."""
    if variant.is_stud and not table.options.mixed:
        return seats
    button = table.button_seat = next_button(table, seats)
    if variant.is_stud:
        return seats
    at = [seat.number for seat in seats].index(button)
    return seats[at + 1 :] + seats[: at + 1]


def big_blind_next(table: Table) -> int | None:
    """The player due to post the big blind in the table's next hand, when it is a draw
    game's (RULES §5.2, §10.4); None before a stud hand, or with fewer than two to deal."""
    if table.live_hand is not None or VARIANTS[table.game_now].is_stud:
        return None
    seats = table.eligible()
    if len(seats) < 2:
        return None
    button = [seat.number for seat in seats].index(next_button(table, seats))
    order = seats[button + 1 :] + seats[: button + 1]
    return order[1 if len(order) > 2 else 0].user_id  # heads-up, the button posts the small


async def stand_up_absent(table: Table, now: datetime) -> Effects:
    """Players sitting out for :data:`STAND_UP_AFTER` stand up, their stacks back to their
    wallets (a sit & go's never: tournament chips never go to a wallet, RULES §7.1)."""
    effects = Effects()
    if not table.format.stands_up:
        return effects
    for seat in list(table.seats.values()):
        due = seat.sat_out_at is not None and seat.sat_out_at + STAND_UP_AFTER <= now
        if due and seat.sitting_out and not table.dealt_in(seat.user_id):
            chips = await table.cash_out(seat)
            effects.table_changed = True
            effects.notices.append(table.left(seat, chips))
    if effects.table_changed and not table.in_hand and not table.can_deal():
        table.running = False
        if table.deadline_kind is Deadline.NEXT_HAND:
            table.set_deadline(None, None)
    return effects
