"""Settings from the environment or `.env` (pydantic-settings). The token is a secret."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR"]


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = None
    database_url: str = "sqlite:///poker.sqlite3"
    database_lock_wait: float = Field(default=0.0, ge=0, le=3600)
    discord_api_base: str = "https://discord.com/api/v10"
    discord_gateway_url: str = "wss://gateway.discord.gg/"
    dev_guild_id: int | None = None
    starting_balance: int = Field(default=1000, ge=0, le=10**9)
    log_level: LogLevel = "INFO"
    hand_pause_seconds: float = Field(default=5.0, ge=0, le=60)
    # the privileged Server Members intent (enable it in the developer portal first): a player
    # who leaves the server leaves their tables at once instead of timing out
    discord_members_intent: bool = False

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper(cls, value: object) -> object:
        return value.upper() if isinstance(value, str) else value

    @field_validator("database_url")
    @classmethod
    def _sqlite(cls, value: str) -> str:
        if not value.startswith("sqlite:///"):
            raise ValueError("must start with sqlite:/// (for example sqlite:///poker.sqlite3)")
        return value
