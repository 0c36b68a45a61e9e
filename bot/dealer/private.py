"""Private tables (RULES §13): a table, or a sit & go, that only its host and the members they
invited may sit at or register for. The invitations are the table's options (stored with it);
the host invites or uninvites between hands, and an uninvited player still in the hand finishes
it and leaves with their stack when it ends (``TableFormat.after_hand``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.dealer.errors import TableError
from bot.dealer.views import Effects, Notice
from bot.store.house import is_computer

if TYPE_CHECKING:
    from bot.dealer.table import Table

MOST_INVITED = 200


def admits(table: Table, user: int) -> bool:
    """Whether ``user`` may sit or register here: any table that is not private; at a private
    one its host, those invited, and the computers the host seated."""
    options = table.options
    return (
        not options.private or user == table.host_id or user in options.invited or is_computer(user)
    )


def check_admitted(table: Table, user: int) -> None:
    if not admits(table, user):
        raise TableError("error-private-table")


def _host_of_private(table: Table, by: int) -> None:
    if not table.options.private:
        raise TableError("error-not-private")
    if by != table.host_id:
        raise TableError("error-private-host")


async def invite(table: Table, by: int, user: int, name: str) -> Effects:
    """The host lets ``user`` sit, register and watch (RULES §13.1)."""
    _host_of_private(table, by)
    invited = table.options.invited
    if user == table.host_id or user in invited:
        raise TableError("error-already-invited", name=name)
    if len(invited) >= MOST_INVITED:
        raise TableError("error-invited-full", most=MOST_INVITED)
    table.options = table.options.model_copy(update={"invited": (*invited, user)})
    return Effects(notices=[Notice("invited", {"name": name})])


async def uninvite(table: Table, by: int, user: int, name: str) -> Effects:
    """The host takes an invitation back (RULES §13.1): a player seated and not in the hand
    leaves now with their stack; one in the hand finishes it first."""
    _host_of_private(table, by)
    if user == table.host_id or user not in table.options.invited:
        raise TableError("error-not-invited", name=name)
    seat = table.seats.get(user)
    effects = Effects(table_changed=True, notices=[Notice("uninvited", {"name": name})])
    if seat is not None and table.tournament:  # registered: their buy-in back, if not started
        from bot.tournament import play  # noqa: PLC0415 (it checks invitations here)

        effects.merge(await play.unregister(table, user))
    kept = tuple(u for u in table.options.invited if u != user)
    table.options = table.options.model_copy(update={"invited": kept})
    if seat is not None and not table.tournament and not table.dealt_in(user):
        chips = await table.cash_out(seat)
        effects.notices.append(table.left(seat, chips))
    return effects
