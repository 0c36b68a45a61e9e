"""Settings from the environment or `.env` (pydantic-settings). The token is a secret."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR"]


class Settings(BaseSettings):
    # an empty line of .env (DEV_GUILD_ID=) means "the default", as .env.example shows them
    # hide_input_in_errors: an error names the setting, never the values given (the token)
    model_config = SettingsConfigDict(
        env_file=".env",
        env_file_encoding="utf-8",
        extra="ignore",
        env_ignore_empty=True,
        hide_input_in_errors=True,
    )

    discord_token: SecretStr | None = None
    database_url: str = "sqlite:///poker.sqlite3"
    # every member's language, whatever their Discord client says (the local try-out's page
    # gives every click an en-US locale); None: each member's own
    member_language: Literal["en", "fr"] | None = None
    database_lock_wait: float = Field(default=0.0, ge=0, le=3600)
    # messages link the table's message on discord.com (a turn notice, the cards' DM, the
    # table already open); False where there is no discord.com to open (the local try-out's
    # page): they name the channel instead
    message_links: bool = True
    discord_api_base: str = "https://discord.com/api/v10"
    discord_gateway_url: str = "wss://gateway.discord.gg/"
    dev_guild_id: int | None = None
    starting_balance: int = Field(default=1000, ge=0, le=10**9)
    log_level: LogLevel = "INFO"
    hand_pause_seconds: float = Field(default=5.0, ge=0, le=60)
    # how long a computer player waits before it acts: a range in seconds drawn uniformly
    # ("1-3"), or one number; 0 for no pause
    bot_pause_seconds: str = "1-3"
    # processes that compute computer players' decisions beside the bot's own (0: a thread of
    # the bot's process, which slows its other tables while a decision is computed)
    bot_workers: int = Field(default=1, ge=0, le=32)
    # processes that draw the pictures beside the bot's own (0: a thread of the bot's process,
    # which slows its other tables' clicks while a picture is drawn)
    picture_workers: int = Field(default=1, ge=0, le=8)
    # where players can read the repository's docs/ folder (for example
    # https://github.com/you/poker-bot/blob/main/docs/): rules cards link the rules pages
    # there; empty: they name the pages' paths in the repository
    docs_url: str = Field(default="", pattern=r"^(https?://\S+/)?$")
    # seconds discord.py waits after the last server arrives before it calls itself ready
    # (its own default); the tests' fake Discord sends them all at once
    guild_ready_timeout: float = Field(default=2.0, ge=0, le=60)
    # the privileged Server Members intent (enable it in the developer portal first): a player
    # who leaves the server leaves their tables at once instead of timing out
    discord_members_intent: bool = False
    # several processes (README, "Running many processes"): this process runs the shards
    # SHARD_IDS (for example 0,1) of SHARD_COUNT; without them, it runs every shard Discord
    # recommends, and drives every table
    shard_count: int | None = Field(default=None, ge=1, le=10_000)
    shard_ids: str | None = None
    # the bot token's requests a second (Discord allows 50 for all its processes together)
    # this bot keeps to, shared by its processes by their shards (issue 43.2); 0: none kept,
    # behind a rate-limit proxy that keeps the token's budget for every process (nirn-proxy)
    global_requests_per_second: int = Field(default=40, ge=0, le=50)
    # DM channels the bot opens a second (all its processes together), each member's once
    # ever: Discord limits opening them for the whole bot (issue 43.3)
    dm_opens_per_second: float = Field(default=0.8, gt=0, le=50)
    # how long a table stays with a process that stopped renewing it (died) before another
    # process (or the same one, started again) takes it over
    lease_seconds: float = Field(default=30.0, ge=3, le=600)
    # /healthz and Prometheus /metrics on this port (127.0.0.1 unless METRICS_HOST says)
    metrics_port: int | None = Field(default=None, ge=1, le=65535)
    metrics_host: str = "127.0.0.1"

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper(cls, value: object) -> object:
        return value.upper() if isinstance(value, str) else value

    @field_validator("shard_ids")
    @classmethod
    def _shard_list(cls, value: str | None) -> str | None:
        if value is None or not value.strip():
            return None
        parts = [part.strip() for part in value.split(",")]
        if not all(part.isdigit() for part in parts):
            raise ValueError("must be shard numbers separated by commas, for example 0,1")
        return ",".join(parts)

    @field_validator("bot_pause_seconds")
    @classmethod
    def _pause_range(cls, value: str) -> str:
        parts = value.replace(" ", "").split("-")
        try:
            numbers = [float(part) for part in parts]
        except ValueError:
            numbers = []
        if len(numbers) not in (1, 2) or not all(0 <= n <= 60 for n in numbers):
            raise ValueError("must be seconds from 0 to 60, or a range such as 1-3")
        if numbers != sorted(numbers):
            raise ValueError("a range goes from the shorter pause to the longer, such as 1-3")
        return value

    def bot_pause(self) -> tuple[float, float]:
        """The range of a computer player's pause, in seconds."""
        numbers = [float(part) for part in self.bot_pause_seconds.replace(" ", "").split("-")]
        return numbers[0], numbers[-1]

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("SHARD_IDS needs SHARD_COUNT (for example SHARD_COUNT=2)")
            too_big = [shard for shard in self.shards() or () if shard >= self.shard_count]
            if too_big:
                raise ValueError(
                    f"SHARD_IDS {too_big} are not below SHARD_COUNT {self.shard_count}"
                )
        return self

    def shards(self) -> tuple[int, ...] | None:
        """The shards this process runs, when told (SHARD_IDS, else all of SHARD_COUNT)."""
        if self.shard_ids is not None:
            return tuple(sorted({int(part) for part in self.shard_ids.split(",")}))
        if self.shard_count is not None:
            return tuple(range(self.shard_count))
        return None

    def owns(self, guild: int) -> bool:
        """This process drives the tables of ``guild``: its shard is one of ours, by
        Discord's rule ``(guild_id >> 22) % shard_count``."""
        shards = self.shards()
        if shards is None or self.shard_count is None:
            return True
        return (guild >> 22) % self.shard_count in shards

    @field_validator("database_url")
    @classmethod
    def _known_engine(cls, value: str) -> str:
        if not value.startswith(("sqlite:///", "postgresql://", "postgres://")):
            raise ValueError(
                "must start with sqlite:/// (for example sqlite:///poker.sqlite3)"
                " or postgresql:// (for example postgresql://poker@localhost/poker)"
            )
        return value


class GivenSettings(Settings):
    """Settings from the arguments alone: neither the environment nor a `.env` file (the
    local try-out, which must not pick up a deployment's token, database or shards)."""

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return (init_settings,)


def message_links(client: object) -> bool:
    """Do the bot's messages link to discord.com (its ``message_links`` setting)? A client
    without settings (a test's) links."""
    return bool(getattr(getattr(client, "settings", None), "message_links", True))
