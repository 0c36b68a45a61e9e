"""A server's settings (`/poker-admin config`): one validated document per server, stored as
JSON, so adding a setting needs no migration. Missing values take the defaults."""

from __future__ import annotations

from typing import Literal, Self

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from bot.dealer.options import (
    DEFAULT_ACTION_SECONDS,
    LIMITS,
    InvalidOption,
    TableOptions,
    VariantKey,
    explain,
    game_name,
)
from bot.text import Items

DEFAULT_DAILY = 500
DEFAULT_GAME: VariantKey = "seven_card_stud"
Language = Literal["en", "fr"]


class ServerSettings(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")

    starting_balance: int | None = Field(default=None, ge=0, le=LIMITS.chips)  # None: the bot's
    daily_amount: int = Field(default=DEFAULT_DAILY, ge=0, le=LIMITS.chips)
    default_game: VariantKey = DEFAULT_GAME
    small_bets: dict[VariantKey, int] = Field(default_factory=dict)  # a game's default small bet
    action_seconds: dict[VariantKey, int] = Field(default_factory=dict)
    channels: tuple[int, ...] = ()  # where tables may be opened; empty: anywhere
    language: Language | None = None  # public messages (issue 11); None: the server's locale
    table_pictures: bool = False  # a picture of stud tables at each street: one edit each
    # limits per member (issue 20.13): one member cannot take a server's tables or the bot
    host_tables: int = Field(default=3, ge=1, le=50)  # tables a member may host at once
    member_seats: int = Field(default=5, ge=1, le=50)  # seats a member may hold at once
    commands_per_minute: int = Field(default=30, ge=5, le=600)  # commands and clicks
    idle_minutes: int = Field(default=60, ge=5, le=1440)  # a table with no hand dealt closes
    # RULES §8.4: computer players play for practice chips, unless the server chose real stakes;
    # then a member's net winnings at such tables are capped per day (None: the daily amount)
    computer_stakes: Literal["practice", "real"] = "practice"
    house_cap: int | None = Field(default=None, ge=0, le=LIMITS.chips)
    # a tournament night's start, given as a date and time, is in this zone (IANA name)
    time_zone: str = "UTC"
    # who may schedule and cancel tournament nights besides Manage Server (issue 44.1): members
    # of this role (None: nobody else)
    host_role: int | None = None

    @field_validator("time_zone")
    @classmethod
    def _time_zone(cls, value: str) -> str:
        from bot.tournament.night import zone_of  # noqa: PLC0415 (the night's terms use these)

        zone_of(value)
        return value

    @field_validator("small_bets")
    @classmethod
    def _small_bets(cls, value: dict[VariantKey, int]) -> dict[VariantKey, int]:
        for game, bet in value.items():
            if not 2 <= bet <= LIMITS.small_bet:
                raise InvalidOption(
                    "setting-small-bet", game=game_name(game), high=LIMITS.small_bet
                )
        return value

    @field_validator("action_seconds")
    @classmethod
    def _clocks(cls, value: dict[VariantKey, int]) -> dict[VariantKey, int]:
        for game, seconds in value.items():
            if not 10 <= seconds <= 600:
                raise InvalidOption("setting-clock", game=game_name(game))
        return value

    @model_validator(mode="after")
    def _tables_can_use_them(self) -> Self:
        """Each game's defaults must make a table `/poker new` can open (Triple Draw's small
        bet is even, RULES §5.3)."""
        for game in set(self.small_bets) | set(self.action_seconds):
            try:
                TableOptions.model_validate({"variant": game, **self.table_defaults(game)})
            except ValidationError as error:
                raise InvalidOption(
                    "setting-game-defaults",
                    game=game_name(game),
                    problems=Items(tuple(explain(error))),
                ) from None
        return self

    def table_defaults(self, game: VariantKey) -> dict[str, int]:
        """What `/poker new` takes for ``game`` when its options are left out."""
        defaults = {}
        if game in self.small_bets:
            defaults["small_bet"] = self.small_bets[game]
        defaults["action_seconds"] = self.action_seconds.get(game, DEFAULT_ACTION_SECONDS)
        defaults["idle_minutes"] = self.idle_minutes
        return defaults

    @classmethod
    def from_stored(cls, stored: str | None) -> ServerSettings:
        """The settings as stored (JSON), or the defaults for a server that never set any."""
        return cls.model_validate_json(stored) if stored else cls()

    @property
    def real_stakes_cap(self) -> int | None:
        """With real stakes at tables of computer players, the daily cap on a member's net
        winnings there (RULES §8.4); ``None``: such tables play for practice chips."""
        if self.computer_stakes == "practice":
            return None
        return self.daily_amount if self.house_cap is None else self.house_cap

    def with_computers(self) -> dict[str, object]:
        """What a table or sit & go opened with computer players takes (RULES §8.4)."""
        cap = self.real_stakes_cap
        return {"practice": True} if cap is None else {"house_cap": cap}

    def allows(self, channel: int) -> bool:
        return not self.channels or channel in self.channels
