"""What a table's clock is waiting for: its kinds of deadline."""

from __future__ import annotations

from enum import Enum


class Deadline(Enum):
    ACTION = "action"  # the actor's clock (RULES §6.1)
    BANK = "time bank"  # the clock ran out: the actor's time bank runs
    NEXT_HAND = "next hand"
    CHOICE = "choice"  # dealer's choice: the chooser's clock (RULES §10.5)
