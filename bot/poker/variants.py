"""One declarative spec per game. The state machine (:mod:`bot.poker.state`) is shared.

A game is data: its streets (cards dealt up or down, or a draw), the bet size of each round,
who opens each round, how board ties are broken, the forced bets and how hands are valued.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Final


class Opener(Enum):
    """Who acts first in a betting round."""

    BRING_IN = "lowest up card brings in (Razz: the highest)"  # RULES §2.3, §4.3, §9.2
    BEST_BOARD = "best up cards"  # RULES §2.5, §3.2, §4.5
    LEFT_OF_BIG_BLIND = "left of the big blind"  # RULES §5.4, round 1
    LEFT_OF_BUTTON = "first active player left of the button"  # RULES §5.4, rounds 2-4


class ShowdownStart(Enum):
    """Who shows first when nobody bet in the last round (RULES §1.8, §4.6)."""

    FIRST_CHECKER = "the first player to have checked"
    BEST_BOARD = "the best open hand"
    LEFT_OF_BUTTON = "the first player left of the button"


class ForcedBets(Enum):
    ANTE_AND_BRING_IN = "ante and bring-in"
    BLINDS = "blinds"


class Evaluation(Enum):
    HIGH = "high"  # RULES §2.8
    HIGH_LOW8 = "high-low split, eight or better"  # RULES §3.3, §3.4
    DEUCE_TO_SEVEN = "deuce-to-seven low"  # RULES §5.7
    ACE_TO_FIVE = "ace-to-five low"  # RULES §9.4 (Razz)


class BoardTieBreak(Enum):
    SEAT = "lowest seat"  # RULES §2.5
    SUIT = "best single up card, by rank then suit"  # RULES §3.2


@dataclass(frozen=True, slots=True)
class Street:
    """One dealing (or draw) step followed by one betting round."""

    name: str
    deal: tuple[bool, ...] = ()  # one entry per card dealt to each player: True = face up
    draw: bool = False  # RULES §5.5: players discard and draw before the betting
    big_bet: bool = False  # RULES §2.6, §4.4, §5.3
    opener: Opener = Opener.BEST_BOARD
    cap: int = 4  # completions, bets and raises allowed: one bet and three raises (RULES §1.3)


@dataclass(frozen=True, slots=True)
class Variant:
    key: str
    name: str
    phh_code: str
    min_players: int
    max_players: int
    streets: tuple[Street, ...]
    forced_bets: ForcedBets
    evaluation: Evaluation
    board_tie_break: BoardTieBreak = BoardTieBreak.SEAT
    open_pair: bool = False  # RULES §4.4
    showdown_start: ShowdownStart = ShowdownStart.FIRST_CHECKER
    ante_divisor: int = 10  # default ante = small bet / ante_divisor (0: no default ante)
    bring_in_divisor: int = 4  # default bring-in = small bet / bring_in_divisor

    @property
    def is_stud(self) -> bool:
        return self.forced_bets is ForcedBets.ANTE_AND_BRING_IN

    @property
    def is_lowball_stud(self) -> bool:
        """Razz: the highest up card brings in, the best low board opens (RULES §9.2, §9.3)."""
        return self.evaluation is Evaluation.ACE_TO_FIVE

    @property
    def is_draw(self) -> bool:
        return any(street.draw for street in self.streets)


_DOWN, _UP = False, True

_SEVEN_CARD_STREETS: Final = (
    Street("3rd street", deal=(_DOWN, _DOWN, _UP), opener=Opener.BRING_IN),
    Street("4th street", deal=(_UP,)),
    Street("5th street", deal=(_UP,), big_bet=True),
    Street("6th street", deal=(_UP,), big_bet=True),
    Street("7th street", deal=(_DOWN,), big_bet=True),
)

SEVEN_CARD_STUD: Final = Variant(
    key="seven_card_stud",
    name="Seven Card Stud",
    phh_code="F7S",
    min_players=2,
    max_players=8,  # RULES §2.1
    streets=_SEVEN_CARD_STREETS,
    forced_bets=ForcedBets.ANTE_AND_BRING_IN,
    evaluation=Evaluation.HIGH,
)

STUD_HI_LO: Final = Variant(
    key="stud_hi_lo",
    name="Seven Card Stud Hi-Lo",
    phh_code="F7S/8",
    min_players=2,
    max_players=6,  # RULES §3.1
    streets=_SEVEN_CARD_STREETS,
    forced_bets=ForcedBets.ANTE_AND_BRING_IN,
    evaluation=Evaluation.HIGH_LOW8,
    board_tie_break=BoardTieBreak.SUIT,
)

FIVE_CARD_STUD: Final = Variant(
    key="five_card_stud",
    name="Five Card Stud",
    phh_code="F5S",  # no standard PHH code exists; see README
    min_players=2,
    max_players=10,  # RULES §4.1
    streets=(
        Street("2nd street", deal=(_DOWN, _UP), opener=Opener.BRING_IN),
        Street("3rd street", deal=(_UP,)),
        Street("4th street", deal=(_UP,), big_bet=True),
        Street("5th street", deal=(_UP,), big_bet=True),
    ),
    forced_bets=ForcedBets.ANTE_AND_BRING_IN,
    evaluation=Evaluation.HIGH,
    open_pair=True,
    showdown_start=ShowdownStart.BEST_BOARD,
    ante_divisor=0,  # RULES §4.1: the ante is optional
    bring_in_divisor=2,  # RULES §4.3
)

# RULES §9: Seven Card Stud for the lowest hand (the bring-in and the opener follow from the
# evaluation: ``Variant.is_lowball_stud``)
RAZZ: Final = replace(
    SEVEN_CARD_STUD, key="razz", name="Razz", phh_code="FR", evaluation=Evaluation.ACE_TO_FIVE
)

TRIPLE_DRAW: Final = Variant(
    key="triple_draw",
    name="2-7 Triple Draw",
    phh_code="F2L3D",
    min_players=2,
    max_players=6,  # RULES §5.1
    streets=(
        # RULES §5.4: the big blind is the round's first bet, then three raises.
        Street("Before the first draw", deal=(_DOWN,) * 5, opener=Opener.LEFT_OF_BIG_BLIND, cap=3),
        Street("After the first draw", draw=True, opener=Opener.LEFT_OF_BUTTON),
        Street("After the second draw", draw=True, big_bet=True, opener=Opener.LEFT_OF_BUTTON),
        Street("After the third draw", draw=True, big_bet=True, opener=Opener.LEFT_OF_BUTTON),
    ),
    forced_bets=ForcedBets.BLINDS,
    evaluation=Evaluation.DEUCE_TO_SEVEN,
    showdown_start=ShowdownStart.LEFT_OF_BUTTON,
    ante_divisor=0,
    bring_in_divisor=0,
)

VARIANTS: Final[dict[str, Variant]] = {
    variant.key: variant
    for variant in (SEVEN_CARD_STUD, RAZZ, STUD_HI_LO, FIVE_CARD_STUD, TRIPLE_DRAW)
}
