"""Stakes and the configuration of one hand, validated against the rules."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.poker.errors import InvalidConfig
from bot.poker.variants import VARIANTS, Variant


@dataclass(frozen=True, slots=True)
class Stakes:
    """Fixed-limit stakes. The big bet is always twice the small bet (RULES §2.6, §5.3)."""

    small_bet: int
    ante: int = 0
    bring_in: int = 0

    @property
    def big_bet(self) -> int:
        return 2 * self.small_bet

    @property
    def big_blind(self) -> int:
        """2-7 Triple Draw: the small bet equals the big blind (RULES §5.3)."""
        return self.small_bet

    @property
    def small_blind(self) -> int:
        """2-7 Triple Draw: the big blind is twice the small blind (RULES §5.2)."""
        return self.small_bet // 2

    @classmethod
    def default(cls, variant: Variant, small_bet: int) -> Stakes:
        """Defaults from RULES: ante a tenth (§2.3, none in Five Card Stud §4.1), bring-in a
        quarter (§2.3) or half (§4.3) of the small bet, rounded, at least 1 chip."""
        if not variant.is_stud:
            return cls(small_bet)

        def rounded(divisor: int) -> int:  # half up: a 10/20 game has ante 1, bring-in 3
            return (small_bet + divisor // 2) // divisor if divisor else 0

        ante = rounded(variant.ante_divisor)
        bring_in = max(1, rounded(variant.bring_in_divisor))
        return cls(small_bet, ante=ante, bring_in=min(bring_in, small_bet - 1))

    def validate(self, variant: Variant) -> None:
        if self.small_bet < 2:
            raise InvalidConfig("the small bet must be at least 2 chips", "small-bet-minimum")
        if variant.is_stud:
            if not 1 <= self.bring_in < self.small_bet:
                raise InvalidConfig(
                    f"the bring-in must be from 1 to {self.small_bet - 1} chips "
                    "(less than the small bet)",
                    "bring-in-range",
                    high=self.small_bet - 1,
                )
            if not 0 <= self.ante <= self.small_bet:
                raise InvalidConfig(
                    f"the ante must be from 0 to {self.small_bet} chips",
                    "ante-range",
                    high=self.small_bet,
                )
        else:
            if self.ante or self.bring_in:
                raise InvalidConfig(
                    f"{variant.name} has blinds, not an ante or a bring-in",
                    "blinds-only",
                    game=variant.key,
                )
            if self.small_bet % 2:
                raise InvalidConfig(
                    "the small bet (the big blind) must be even: the small blind is half of it",
                    "small-bet-even",
                )

    def forced_minimum(self, variant: Variant) -> int:
        """Chips a player needs to be dealt in (RULES §1.9)."""
        return self.ante + self.bring_in if variant.is_stud else self.big_blind


@dataclass(frozen=True, slots=True)
class HandConfig:
    """Everything about a hand except its deck and its actions.

    ``tournament``: RULES §7.4, forced bets short of chips are posted all-in, and every
    player with chips is dealt in (cash tables: RULES §1.9).

    ``players`` are player ids in hand-history order: the first is the first seat left of the
    button (seat 1 in stud, the small blind in Triple Draw with three or more players; heads-up
    the big blind, the button being last). ``seats`` are their table seat numbers, for display.
    """

    variant_key: str
    players: tuple[int, ...]
    stacks: tuple[int, ...]
    stakes: Stakes
    seats: tuple[int, ...] = field(default=())
    tournament: bool = False

    def __post_init__(self) -> None:
        variant = VARIANTS.get(self.variant_key)
        if variant is None:
            raise InvalidConfig(f"unknown game {self.variant_key!r}")
        count = len(self.players)
        if not variant.min_players <= count <= variant.max_players:
            raise InvalidConfig(
                f"{variant.name} is for {variant.min_players} to {variant.max_players} players"
            )
        if len(set(self.players)) != count:
            raise InvalidConfig("a player is seated twice")
        if len(self.stacks) != count:
            raise InvalidConfig("one stack per player")
        if self.seats and (len(self.seats) != count or len(set(self.seats)) != count):
            raise InvalidConfig("one distinct seat per player")
        self.stakes.validate(variant)
        minimum = 1 if self.tournament else self.stakes.forced_minimum(variant)
        for player, stack in zip(self.players, self.stacks, strict=True):
            if stack < minimum:
                raise InvalidConfig(
                    f"player {player} has {stack} chips and needs {minimum} to be dealt in"
                )

    @property
    def variant(self) -> Variant:
        return VARIANTS[self.variant_key]

    @property
    def seat_numbers(self) -> tuple[int, ...]:
        return self.seats or tuple(range(1, len(self.players) + 1))

    def to_dict(self) -> dict[str, Any]:
        return {
            "variant": self.variant_key,
            "players": list(self.players),
            "stacks": list(self.stacks),
            "seats": list(self.seat_numbers),
            "small_bet": self.stakes.small_bet,
            "ante": self.stakes.ante,
            "bring_in": self.stakes.bring_in,
        } | ({"tournament": True} if self.tournament else {})

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HandConfig:
        try:
            return cls(
                variant_key=str(data["variant"]),
                players=tuple(int(p) for p in data["players"]),
                stacks=tuple(int(s) for s in data["stacks"]),
                seats=tuple(int(s) for s in data.get("seats", ())),
                stakes=Stakes(
                    small_bet=int(data["small_bet"]),
                    ante=int(data.get("ante", 0)),
                    bring_in=int(data.get("bring_in", 0)),
                ),
                tournament=bool(data.get("tournament", False)),
            )
        except InvalidConfig:
            raise
        except (KeyError, TypeError, ValueError) as error:
            raise InvalidConfig(f"incomplete hand config: {error}") from error
