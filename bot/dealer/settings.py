"""A server's settings (`/poker-admin config`, issue 10): one validated document per server,
stored as JSON, so adding a setting needs no migration. Missing values take the defaults."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from bot.dealer.options import LIMITS

DEFAULT_DAILY = 500


class ServerSettings(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")

    daily_amount: int = Field(default=DEFAULT_DAILY, ge=0, le=LIMITS.chips)
