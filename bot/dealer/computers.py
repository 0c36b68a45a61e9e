"""Computer players at a table (RULES §8): seated and stood up to the number its options name,
topped up by the house between hands, and found when it is their turn. How they decide is
``bot.players``; the dealer asks it off the event loop (``bot.dealer.thinking``).

A computer player sits under an id below zero (``-1`` to ``-8``, one per seat at a table), so
its buy-in comes from the house and its stack goes back there (``bot.store.house``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.dealer.errors import StalePrompt, TableError
from bot.dealer.options import BotLevel, TableOptions
from bot.dealer.seat import Seat
from bot.dealer.views import Effects
from bot.players.view import SeatView, seat_view
from bot.store.house import is_computer, is_person
from bot.text.catalogue import clean_name

if TYPE_CHECKING:
    from bot.dealer.table import Table

# first names that read the same in English and French, of people who taught machines to think
NAMES = ("Ada", "Alan", "Grace", "Blaise", "Marie", "Niels", "Hedy", "Emmy")
MARK = "🤖"  # before the name, with a space: the same in both languages (INTERFACE.md)
MOST = len(NAMES)


def name_of(user: int) -> str:
    """A computer player's name, marked as such: ``🤖 Ada``."""
    return f"{MARK} {NAMES[(-user - 1) % MOST]}"


def seat_name(user: int, name: str) -> str:
    """A name as a seat shows it, in summaries and histories too: on one line, and with the
    mark only for a computer player (RULES §8.1)."""
    if not is_computer(user):
        name = name.replace(MARK, "")
    return clean_name(name) or str(user)


def computer_seats(table: Table) -> list[Seat]:
    return sorted((s for s in table.seats.values() if s.computer), key=lambda s: s.number)


def only_computers(table: Table) -> bool:
    """No person is seated (whoever presses Start then is seated first)."""
    return not any(is_person(user) for user in table.seats)


async def set_count(
    table: Table,
    count: int,
    level: BotLevel | None,
    *,
    user: int,
    can_manage: bool,
    house_cap: int | None = None,
) -> Effects:
    """``/poker bots``: how many computer players sit here, and how well they play.
    ``house_cap``: the server plays real stakes with computers, capped per day (RULES §8.4)."""
    if table.tournament:  # registered with the tournament, paid by the house
        raise TableError("error-tournament-bots")
    if user != table.host_id and not can_manage:
        raise TableError("error-host-bots")
    if table.closing:
        raise TableError("error-table-closing")
    people = sum(1 for seat in table.seats.values() if not seat.computer)
    most = table.options.seats - max(people, 1)  # a seat stays for a person
    if count > most:
        raise TableError("error-bots-room", most=most)
    chosen: dict[str, object] = {"bots": count, "bot_level": level or table.options.bot_level}
    if count > table.options.bots and not table.options.practice:  # RULES §8.4: practice
        if house_cap is not None:  # unless the server chose real stakes: capped per day
            if table.options.house_cap is None:  # a table keeps the cap it was first given
                chosen["house_cap"] = house_cap
        elif table.seats:  # its seats hold wallet chips (or, at a table of before practice
            raise TableError("error-bots-practice")  # chips, the house's): they stay so
        else:  # nobody sits here yet: the table becomes a practice one
            chosen["practice"] = True
    table.options = TableOptions.model_validate(table.options.model_dump() | chosen)
    effects = await keep_seated(table)
    effects.table_changed = True
    return effects


async def keep_seated(table: Table) -> Effects:
    """As many computer players as the table's options say: new ones sit down (dealt in from
    the next hand), ones too many stand up once they are not in a hand, and one short of half
    a buy-in is topped up to the default buy-in by the house (RULES §6.3, §8.2)."""
    effects = Effects()
    if table.closing or table.closed:
        return effects
    seated = computer_seats(table)
    extra = len(seated) - table.options.bots
    for seat in reversed(seated):
        if extra <= 0:
            break
        if not table.dealt_in(seat.user_id):
            await table.cash_out(seat)
            effects.table_changed = True
            extra -= 1
    full = table.options.default_buy_in
    for seat in computer_seats(table):
        if seat.stack < full // 2 and not table.dealt_in(seat.user_id):
            await table.join(seat.user_id, seat.name, full - seat.stack)
            effects.table_changed = True
    missing = table.options.bots - len(computer_seats(table))
    for _ in range(min(missing, table.options.seats - len(table.seats))):
        user = next(-number for number in range(1, MOST + 1) if -number not in table.seats)
        await table.join(user, name_of(user), full)
        effects.table_changed = True
    return effects


async def make_room(table: Table, user: int) -> bool:
    """A person who can sit down asks for a seat at a full table: a computer player not in
    the hand gives up its own, and one fewer sits here from now on. ``False``: none can (no
    computer player, or all of them in the hand: the person asks again after it). Nothing
    changes until the person actually sits down (issue 35.2: asking again and again stood
    every computer up)."""
    seated = computer_seats(table)
    free = [seat for seat in seated if not table.dealt_in(seat.user_id)]
    if is_computer(user) or not free:
        return False
    await table.cash_out(free[-1])
    fewer = {"bots": max(min(table.options.bots, len(seated) - 1), 0)}
    table.options = TableOptions.model_validate(table.options.model_dump() | fewer)
    return True


async def start(table: Table, user: int, name: str) -> Effects:
    """Start: at a table of computer players alone, whoever presses it sits down first, so
    that ``/poker new bots:3`` then Start is all one person needs."""
    effects = Effects()
    if only_computers(table) and table.seats and not table.running:
        effects.merge(await table.join(user, name))
    effects.merge(await table.start(user))
    return effects


async def act_for(table: Table, user: int, seq: int) -> Effects:
    """What the clock would do for a computer player whose decision failed."""
    hand = table.live_hand
    if hand is None:
        raise StalePrompt("error-no-hand-prompt")
    return await table.act(user, seq, hand.timeout_action())


def turn(table: Table) -> tuple[int, int] | None:
    """The computer player to act now and the prompt's number, or ``None``."""
    hand = table.live_hand
    if hand is None or hand.actor is None or not is_computer(hand.actor):
        return None
    seat = table.seats.get(hand.actor)
    if seat is None or seat.leaving:
        return None  # the dealer acts for a leaver at once
    return hand.actor, table.seq


def view_of(table: Table, user: int) -> SeatView:
    """What ``user``'s seat may see, and nothing more (RULES §8.1)."""
    hand = table.live_hand
    assert hand is not None
    return seat_view(hand, user)
