"""A table's settings, from `/poker new`, validated with pydantic (RULES gives the defaults)."""

from __future__ import annotations

from typing import Final, Literal, NamedTuple, Self

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, ValidationError, model_validator

from bot.poker.errors import InvalidConfig
from bot.poker.stakes import Stakes
from bot.poker.variants import VARIANTS, Variant
from bot.text import Arg, Msg, Refused, catalogue

VariantKey = Literal["seven_card_stud", "razz", "stud_hi_lo", "five_card_stud", "triple_draw"]
BotLevel = Literal["easy", "standard", "strong"]

DEFAULT_SMALL_BET = 10
DEFAULT_ACTION_SECONDS = 60  # RULES §6.1
DEFAULT_TIME_BANK = 30  # seconds on top of the clock, per player (issue 10)
MIN_BUY_IN_BETS = 10  # the default minimum buy-in, in small bets
MAX_BUY_IN_BETS = 100
DEFAULT_BUY_IN_BETS = 50
DEFAULT_HANDS_PER_GAME = 6  # RULES §10.1: a mixed table's hands of each game


class Limits(NamedTuple):
    """The largest values an option may take: far beyond any home game, far within 64 bits."""

    small_bet: int = 1_000_000
    chips: int = 1_000_000_000


LIMITS: Final = Limits()


class TournamentTerms(BaseModel):
    """A sit & go's terms (RULES §7, issue 23): the table dealing it takes its stakes from the
    level. ``entrants`` is fixed when it starts (0 before)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    buy_in: int = Field(default=500, ge=0, le=LIMITS.chips)  # 0: practice (RULES §8.4)
    starting_chips: int = Field(default=1500, ge=100, le=LIMITS.small_bet)
    level_hands: int = Field(default=8, ge=1, le=100)
    entrants: int = Field(default=0, ge=0, le=10_000)
    # a table of a multi-table tournament (RULES §11): the tournament, this table's number,
    # and its one clock of levels (§11.3): levels last ``level_minutes`` from ``started_at``
    night: int | None = None
    table_no: int = Field(default=0, ge=0, le=10_000)
    level_minutes: int = Field(default=12, ge=1, le=120)
    started_at: AwareDatetime | None = None


class GameRound(BaseModel):
    """Dealer's choice (RULES §10.5): the round's game, the hands of it still to deal, who
    chose it (or must choose now). Kept with the options, so written with each change."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    game: VariantKey | None = None  # none chosen yet
    left: int = Field(default=0, ge=0, le=100)
    chooser: int | None = None
    chooser_seat: int | None = None  # where they sat: the choice passes on from there
    chooser_name: str = Field(default="", max_length=100)
    choosing: bool = False  # the chooser has the action clock to choose
    by_clock: bool = False  # the chooser's clock ran out: the clock picked the round's game


class TableOptions(BaseModel):
    """Everything `/poker new` may set. Missing values take the game's defaults; every value is
    checked, and a refusal names the allowed range."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    variant: VariantKey
    small_bet: int = Field(default=DEFAULT_SMALL_BET, ge=2, le=LIMITS.small_bet)
    ante: int | None = Field(default=None, ge=0, le=LIMITS.small_bet)
    bring_in: int | None = Field(default=None, ge=0, le=LIMITS.small_bet)  # stakes check it
    min_buy_in: int | None = Field(default=None, ge=1, le=LIMITS.chips)
    max_buy_in: int | None = Field(default=None, ge=1, le=LIMITS.chips)
    max_players: int | None = Field(default=None, ge=2, le=1_000)
    action_seconds: int = Field(default=DEFAULT_ACTION_SECONDS, ge=10, le=600)
    time_bank: int = Field(default=DEFAULT_TIME_BANK, ge=0, le=600)  # seconds, per player
    idle_minutes: int = Field(default=60, ge=5, le=1440)  # no hand dealt this long: it closes
    bots: int = Field(default=0, ge=0, le=7)  # computer players seated (RULES §8)
    bot_level: BotLevel = "standard"
    tournament: TournamentTerms | None = None  # a sit & go's table (issue 23)
    # RULES §8.4: a table (or sit & go) opened with computer players plays for practice chips:
    # nothing is taken from or paid to a wallet (a sit & go's buy-in is 0)
    practice: bool = False
    # RULES §8.4: where a server chose real stakes with computer players, the daily cap on a
    # member's net result at this table; set when computers first sit here, and kept
    house_cap: int | None = Field(default=None, ge=0, le=LIMITS.chips)
    # RULES §10: a mixed table's games, in the order dealt (each once; ``variant`` is the
    # first), each for ``hands_per_game`` hands; empty at a table of one game
    games: tuple[VariantKey, ...] = ()
    hands_per_game: int = Field(default=DEFAULT_HANDS_PER_GAME, ge=1, le=50)
    dealers_choice: bool = False  # RULES §10.5: the button chooses each round's game
    game_round: GameRound = GameRound()
    # RULES §13: a private table (in a private thread): only its host and those they invited
    private: bool = False
    invited: tuple[int, ...] = Field(default=(), max_length=200)

    @model_validator(mode="after")
    def _fill_and_check(self) -> Self:
        if self.dealers_choice and not self.games:
            raise InvalidOption("option-games")
        if self.games:
            self._check_games()
        variants = [VARIANTS[key] for key in self.games or (self.variant,)]
        for variant in variants:
            try:
                self._stakes_of(variant).validate(variant)
            except InvalidConfig as error:
                raise InvalidOption(f"stakes-{error.code}", **named_games(error.values)) from None
        variant = min(variants, key=lambda game: game.max_players)  # RULES §10.3
        stakes = self._stakes_of(self.game)
        max_players = variant.max_players if self.max_players is None else self.max_players
        if not variant.min_players <= max_players <= variant.max_players:
            raise InvalidOption(
                "option-max-players",
                low=variant.min_players,
                high=variant.max_players,
                game=game_name(variant.key) if not self.games else Msg("game-mixed"),
            )
        if self.bots > max_players - 1:  # a seat is left for a person
            raise InvalidOption("option-bots", most=max_players - 1)
        if self.tournament is not None and self.practice:  # RULES §8.4: no wallet chips
            object.__setattr__(self, "tournament", self.tournament.model_copy(update={"buy_in": 0}))
        elif self.tournament is not None and self.tournament.buy_in < 1:
            raise InvalidOption("option-buy-in", minimum=1)
        minimum = self.forced_minimum
        min_buy_in = self.min_buy_in or MIN_BUY_IN_BETS * self.small_bet
        max_buy_in = self.max_buy_in or min(
            max(MAX_BUY_IN_BETS * self.small_bet, min_buy_in), LIMITS.chips
        )
        if min_buy_in < minimum:
            raise InvalidOption("option-min-buy-in", minimum=minimum)
        if max_buy_in < min_buy_in:
            raise InvalidOption("option-max-buy-in", minimum=min_buy_in)
        # Frozen model: fill the resolved values in place once, during validation (a mixed
        # table's forced bets stay as given: each game has its own defaults, RULES §10.2)
        resolved = () if self.games else (("ante", stakes.ante), ("bring_in", stakes.bring_in))
        for name, value in (
            *resolved,
            ("max_players", max_players),
            ("min_buy_in", min_buy_in),
            ("max_buy_in", max_buy_in),
        ):
            object.__setattr__(self, name, value)
        return self

    def _check_games(self) -> None:
        """RULES §10.1: two games or more, each once; the first is the table's ``variant`` (at
        dealer's choice: the round's game, once chosen)."""
        if len(self.games) < 2 or len(set(self.games)) < len(self.games):
            raise InvalidOption("option-games")
        chosen = self.game_round.game if self.dealers_choice else None
        object.__setattr__(self, "variant", chosen if chosen in self.games else self.games[0])

    def _stakes_of(self, variant: Variant) -> Stakes:
        """The forced bets of ``variant`` at this table: what was set, else its defaults."""
        if not variant.is_stud:  # a mixed table's ante and bring-in are its stud games'
            if self.games:
                return Stakes(self.small_bet)
            return Stakes(self.small_bet, ante=self.ante or 0, bring_in=self.bring_in or 0)
        defaults = Stakes.default(variant, self.small_bet)
        return Stakes(
            self.small_bet,
            ante=defaults.ante if self.ante is None else self.ante,
            bring_in=defaults.bring_in if self.bring_in is None else self.bring_in,
        )

    @property
    def game(self) -> Variant:
        return VARIANTS[self.variant]

    @property
    def mixed(self) -> bool:
        return bool(self.games)

    @property
    def stakes(self) -> Stakes:
        return self.stakes_for(self.variant)

    def stakes_for(self, variant: str) -> Stakes:
        """The stakes of a hand of ``variant`` here (a mixed table's games each have theirs)."""
        if not self.games:
            return Stakes(self.small_bet, ante=self.ante or 0, bring_in=self.bring_in or 0)
        return self._stakes_of(VARIANTS[variant])

    @property
    def forced_minimum(self) -> int:
        """Chips a player needs to be dealt in, in any of the table's games (RULES §1.9)."""
        return max(
            self.stakes_for(key).forced_minimum(VARIANTS[key])
            for key in self.games or (self.variant,)
        )

    @property
    def seats(self) -> int:
        assert self.max_players is not None
        return self.max_players

    @property
    def buy_in_range(self) -> tuple[int, int]:
        assert self.min_buy_in is not None
        assert self.max_buy_in is not None
        return self.min_buy_in, self.max_buy_in

    @property
    def default_buy_in(self) -> int:
        low, high = self.buy_in_range
        return min(high, max(low, DEFAULT_BUY_IN_BETS * self.small_bet))


def game_name(variant: str) -> Msg:
    return Msg(f"game-{variant.replace('_', '-')}")


def named_games(values: dict[str, int | str]) -> dict[str, Arg]:
    """An engine error's values, a game's key replaced by its name."""
    return {
        name: game_name(str(value)) if name == "game" else value for name, value in values.items()
    }


class InvalidOption(Refused, ValueError):
    """A setting refused by a validator (pydantic wraps value errors), with the reason as a
    catalogue message."""


def _option(name: str) -> Msg | str:
    """An option as the user's Discord shows it (French names are translated)."""
    key = f"opt-name-{name}"
    return Msg(key) if catalogue().has("en", key) else name


def explain(error: ValidationError) -> list[Msg]:
    """One message per problem: ``small_bet: must be at least 2``."""
    found = []
    for problem in error.errors():
        where = _option(".".join(str(part) for part in problem["loc"]))
        context = problem.get("ctx") or {}
        if problem["type"] == "greater_than_equal":
            found.append(Msg("option-at-least", option=where, limit=int(context["ge"])))
        elif problem["type"] == "less_than_equal":
            found.append(Msg("option-at-most", option=where, limit=int(context["le"])))
        elif isinstance(context.get("error"), InvalidOption):
            found.append(context["error"].message)
        else:  # a type Discord's own checks rule out; pydantic's words, with the option
            found.append(Msg("option-other", option=where or "-", problem=problem["msg"]))
    return found
