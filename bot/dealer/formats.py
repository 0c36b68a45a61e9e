"""What differs between a cash table and a sit & go's table (issue 37: the table's format as a
seam of its own): who is dealt in, who may join, leave, come back or end it, what a hand is
dealt at, what happens after a hand and when it idles. The table asks its format, chosen from
its options (so a restart rebuilds it from the record); a format never reaches the dealer.

A cash table (RULES §6): seats come and go between hands with wallet chips, and it closes
when idle. A sit & go (RULES §7, ``bot.tournament.play``): registration only, everyone with
chips dealt in until one has them all, levels set the stakes, and it ends as the rules say."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Protocol

from bot.dealer import computers, private
from bot.dealer.errors import TableError
from bot.dealer.seat import Seat
from bot.dealer.views import Effects
from bot.poker.state import Hand
from bot.store.house import is_person
from bot.tournament import night_play
from bot.tournament import play as tournament_play

if TYPE_CHECKING:
    from bot.dealer.table import Table


class TableFormat(Protocol):
    """What a table asks its format (each method's meaning: :class:`CashTable`'s)."""

    stands_up: bool
    time_bank_when_away: bool

    def eligible(self, table: Table) -> list[Seat]: ...
    def can_deal(self, players: list[Seat]) -> bool: ...
    def idles(self, table: Table) -> bool: ...
    def heard(self, table: Table, user: int) -> None: ...
    def may_join(self) -> None: ...
    async def leave(self, table: Table, user: int) -> Effects | None: ...
    def may_come_back(self, seat: Seat) -> None: ...
    def may_end(self) -> None: ...
    def before_deal(self, table: Table) -> int | None: ...
    async def on_idle(self, table: Table) -> Effects: ...
    async def next_hand_due(self, table: Table, now: datetime) -> Effects | None: ...
    async def after_hand(
        self, table: Table, hand: Hand, hand_id: int, effects: Effects
    ) -> None: ...


class CashTable:
    """RULES §6: a table of wallet (or practice) chips."""

    stands_up = True  # a seat sitting out for long stands up, its chips back to its wallet
    time_bank_when_away = True

    def eligible(self, table: Table) -> list[Seat]:
        """Seats to deal in next hand (RULES §1.9, §6.1), in seat order."""
        minimum = table.minimum()
        return sorted(
            (
                seat
                for seat in table.seats.values()
                if not seat.sitting_out
                and not seat.leaving
                and seat.stack >= minimum
                and private.admits(table, seat.user_id)  # RULES §13: uninvited, never dealt
            ),
            key=lambda seat: seat.number,
        )

    def can_deal(self, players: list[Seat]) -> bool:
        """A person among them: a table of computer players alone waits (issue 22)."""
        return len(players) >= 2 and any(is_person(seat.user_id) for seat in players)

    def idles(self, table: Table) -> bool:
        return not table.closed

    def heard(self, table: Table, user: int) -> None:
        """A click: nothing more than its id (the table keeps it)."""

    def may_join(self) -> None:
        """Anyone may sit down between hands."""

    async def leave(self, table: Table, user: int) -> Effects | None:
        """``None``: the table's own leave (RULES §6.2)."""
        return None

    def may_come_back(self, seat: Seat) -> None:
        """A seat sitting out comes back."""

    def may_end(self) -> None:
        """The host (or Manage Server) ends it."""

    def before_deal(self, table: Table) -> int | None:
        """The stakes as they are; no level."""
        return None

    async def on_idle(self, table: Table) -> Effects:
        return await table.close(idle=True)

    async def next_hand_due(self, table: Table, now: datetime) -> Effects | None:
        """``None``: deal the next hand."""
        return None

    async def after_hand(self, table: Table, hand: Hand, hand_id: int, effects: Effects) -> None:
        """Leavers paid out, the table closed if asked, computers kept seated, the next hand
        scheduled (or the table stops)."""
        gone = [
            s for s in table.seats.values() if s.leaving or not private.admits(table, s.user_id)
        ]
        for seat in gone:  # RULES §6.2; §13: an uninvited player leaves after the hand
            chips = await table.cash_out(seat)
            effects.notices.append(table.left(seat, chips))
        if table.closing:
            effects.merge(await table.close())
            return
        effects.merge(await computers.keep_seated(table))
        if table.can_deal():
            table.schedule_next_hand()
        else:
            table.running = False


class SitAndGo:
    """RULES §7: registration only, played to one winner with tournament chips."""

    stands_up = False  # their chips are the tournament's (RULES §7.5)
    time_bank_when_away = False  # RULES §7.5: an absent player gets no time bank

    def eligible(self, table: Table) -> list[Seat]:
        """Everyone with chips (RULES §7.4, §7.5)."""
        return sorted(
            (seat for seat in table.seats.values() if seat.stack > 0),
            key=lambda seat: seat.number,
        )

    def can_deal(self, players: list[Seat]) -> bool:
        """Played to its end, by computer players too (RULES §7.3)."""
        return len(players) >= 2

    def idles(self, table: Table) -> bool:
        """Under way, it never idles: it deals until it has a winner."""
        return not table.closed and not table.running

    def heard(self, table: Table, user: int) -> None:
        tournament_play.attended(table, user)  # RULES §7.5a

    def may_join(self) -> None:
        raise TableError("error-tournament-join")  # RULES §7.1: registration only

    async def leave(self, table: Table, user: int) -> Effects | None:
        """For good, but dealt in till their chips are gone (RULES §7.5)."""
        return await tournament_play.leave(table, user)

    def may_come_back(self, seat: Seat) -> None:
        if seat.leaving:  # RULES §7.5: left for good
            raise TableError("error-tournament-left")

    def may_end(self) -> None:
        raise TableError("error-tournament-end")

    def before_deal(self, table: Table) -> int | None:
        tournament_play.set_level_stakes(table)  # RULES §7.2
        return tournament_play.upcoming_level(table)

    async def on_idle(self, table: Table) -> Effects:
        """Registration abandoned: everyone refunded."""
        return await tournament_play.cancel(table, table.host_id, can_manage=True)

    async def next_hand_due(self, table: Table, now: datetime) -> Effects | None:
        if tournament_play.abandoned(table, now):  # RULES §7.5a
            return await tournament_play.end_abandoned(table)
        return None

    async def after_hand(self, table: Table, hand: Hand, hand_id: int, effects: Effects) -> None:
        """RULES §7.3: knock-outs, and the end."""
        await tournament_play.after_hand(table, hand, hand_id, effects)
        if not table.closed:
            table.schedule_next_hand()


class NightTable(SitAndGo):
    """RULES §11: a table of a multi-table tournament. It deals as a sit & go's, its levels by
    the tournament's clock (§11.3); after each hand it places its knock-outs in the whole field
    and waits for the director (``bot.tournament.night_play``), who moves players, breaks it,
    or lets it deal on."""

    def idles(self, table: Table) -> bool:
        """It never idles: the director closes it."""
        return False

    async def on_idle(self, table: Table) -> Effects:
        return Effects()

    async def next_hand_due(self, table: Table, now: datetime) -> Effects | None:
        return None

    async def after_hand(self, table: Table, hand: Hand, hand_id: int, effects: Effects) -> None:
        await night_play.after_hand(table, hand, hand_id, effects)


CASH: TableFormat = CashTable()
SIT_AND_GO: TableFormat = SitAndGo()
NIGHT_TABLE: TableFormat = NightTable()
