"""Settings from the environment or `.env` (pydantic-settings). The token is a secret."""

from __future__ import annotations

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = None
    database_url: str = "sqlite:///poker.sqlite3"
    discord_api_base: str = "https://discord.com/api/v10"
    discord_gateway_url: str = "wss://gateway.discord.gg/"
    dev_guild_id: int | None = None
    starting_balance: int = Field(default=1000, ge=0)
    log_level: str = "INFO"
    hand_pause_seconds: float = Field(default=5.0, ge=0, le=60)
