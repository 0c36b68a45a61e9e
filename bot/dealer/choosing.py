"""Dealer's choice (RULES §10.5): before each round of the table, the player the button moves
to (then the next after the last chooser) chooses its game from the table's list, with the
action clock; when the clock runs out, the game after the last one dealt is dealt. The round
is as many hands as there are players dealt in when the choice is made. A computer player
chooses as the clock would.

Called by the table under its lock, as its own changes are; the round is kept in the
options (``game_round``), written with the change."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING

from bot.dealer import seating
from bot.dealer.deadline import Deadline
from bot.dealer.errors import StalePrompt, TableError
from bot.dealer.games import DealersChoice
from bot.dealer.options import GameRound
from bot.dealer.seat import Seat
from bot.dealer.views import Effects, Notice
from bot.store.house import is_computer
from bot.text import Name

if TYPE_CHECKING:
    from bot.dealer.table import Table


def due(table: Table) -> bool:
    """A round of the table is over: its next game is to be chosen before the next deal."""
    return table.options.dealers_choice and table.options.game_round.left <= 0


def present(table: Table) -> list[Seat]:
    """The players dealt in next who are there to choose (not sitting out, not leaving)."""
    return [seat for seat in table.eligible() if not seat.sitting_out and not seat.leaving]


def chooser(table: Table) -> int | None:
    """Who chooses: the first time, the player the button moves to for the next hand; then
    the next player after the last chooser. A round is as many hands as players, so the
    button comes back to the same seat at the end of each: passing the choice on is what
    lets every player choose in turn (RULES §10.5). A player sitting out or leaving is passed
    over; ``None``: nobody is there to choose."""
    seats = present(table)
    if not seats:
        return None
    last = table.options.game_round.chooser_seat  # kept: that seat may be empty now
    after = table.button_seat if last is None else last
    return seating.seat_after(seats, after).user_id


def ask(table: Table) -> Effects:
    """The round is over: its chooser has the action clock to choose (a computer player
    chooses at once, as the clock would; with nobody there, the clock at once). Returns what
    to show; the caller deals once the game is chosen."""
    user = chooser(table)
    round_ = table.options.game_round
    table.seq += 1  # a new prompt: the Choose button of this one
    if user is None:
        _set_round(table, round_.model_copy(update={"choosing": True, "left": 0}))
        return choose(table, 0, table.seq, default_game(table))
    seat = table.seats[user]
    asking = {"chooser": user, "chooser_seat": seat.number, "chooser_name": seat.name}
    asking |= {"choosing": True, "left": 0}
    _set_round(table, round_.model_copy(update=asking))
    if is_computer(user):
        return choose(table, user, table.seq, default_game(table))
    seconds = table.options.action_seconds
    table.set_deadline(table.clock() + timedelta(seconds=seconds), Deadline.CHOICE)
    return Effects(table_changed=True, notices=[Notice("choosing", {"user": user})])


def chooser_gone(table: Table) -> Effects | None:
    """A seat changed while a game is being chosen: a chooser who left or sat out chooses
    nothing; the next player is asked, or, with too few players left, the table waits.
    ``None``: nothing to do (the caller deals once the game is chosen, as after :func:`ask`)."""
    round_ = table.options.game_round
    if not round_.choosing or any(seat.user_id == round_.chooser for seat in present(table)):
        return None
    table.set_deadline(None, None)
    if not table.can_deal():
        _set_round(table, round_.model_copy(update={"choosing": False}))
        table.running = False
        table.seq += 1  # its Choose button is gone
        return Effects(table_changed=True)
    return ask(table)


def default_game(table: Table) -> str:
    games = table.games
    assert isinstance(games, DealersChoice)
    return games.after_last()


def choose(table: Table, user: int, seq: int, game: str) -> Effects:
    """``user`` chose ``game`` for the round (or the clock did, ``user`` 0): the round is
    set; the caller deals its first hand."""
    round_ = table.options.game_round
    if not round_.choosing:
        raise StalePrompt("error-stale-prompt")
    if user and user != round_.chooser:
        raise TableError("error-not-your-choice", name=Name(round_.chooser_name))
    if seq != table.seq:
        raise StalePrompt("error-stale-prompt")
    if game not in table.options.games:
        raise TableError("error-not-a-game")
    hands = len(table.eligible())
    chosen = round_.model_copy(
        update={"game": game, "left": hands, "choosing": False, "by_clock": not user}
    )
    _set_round(table, chosen)
    table.set_deadline(None, None)
    told = {"name": round_.chooser_name, "game": game, "hands": hands, "clock": not user}
    return Effects(table_changed=True, notices=[Notice("game_chosen", told)])


def timed_out(table: Table) -> Effects:
    """The clock ran out: the game after the last one dealt."""
    return choose(table, 0, table.seq, default_game(table))


def dealt(table: Table) -> None:
    """A hand of the round was dealt: one fewer left."""
    if table.options.dealers_choice:
        round_ = table.options.game_round
        _set_round(table, round_.model_copy(update={"left": max(round_.left - 1, 0)}))


def _set_round(table: Table, round_: GameRound) -> None:
    table.options = table.options.model_validate(
        table.options.model_dump() | {"game_round": round_.model_dump()}
    )
