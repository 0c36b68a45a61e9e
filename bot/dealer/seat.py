"""A seat at a table: who sits there, their stack, and how they are doing at the clock."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.store.house import is_computer
from bot.store.records import SeatState


@dataclass(slots=True)
class Seat:
    user_id: int
    name: str
    number: int
    stack: int
    sitting_out: bool = False
    leaving: bool = False
    timeouts: int = 0
    bank: int = 0  # seconds left in the time bank
    sat_out_at: datetime | None = None
    click: int | None = None  # the id Discord gave this player's latest interaction here

    def deal_seed(self, own: str | None) -> str:
        """This player's part of the next deal: their own seed, and the id Discord gave their
        latest interaction here, which came after the commitment if they clicked since (else
        their user id): ``own:click``, or the click alone. Never a value the bot drew."""
        click = str(self.click if self.click is not None else self.user_id)
        return f"{own}:{click}" if own else click

    def state(self) -> SeatState:
        return SeatState(
            self.name, self.sitting_out, self.leaving, self.timeouts, self.bank, self.sat_out_at
        )

    @property
    def computer(self) -> bool:
        """A computer player (RULES §8): never mentioned, never sent a DM."""
        return is_computer(self.user_id)
