"""A multi-table tournament's terms and clock (RULES §11): what ``/poker tournament schedule``
sets, when it starts, and the level of its one clock. Pure: no store, no Discord."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, ConfigDict, Field

from bot.dealer.options import InvalidOption, TableOptions

LATEST_START = timedelta(days=60)
STARTS_AT_FORMAT = "%Y-%m-%d %H:%M"
DEFAULT_LEVEL_MINUTES = 12  # RULES §11.3
DEFAULT_LATE_LEVELS = 2  # RULES §11.4


class NightTerms(BaseModel):
    """What a scheduled tournament deals (its tables' options: the game or games, the seats of
    a table, the buy-in and starting stack in ``options.tournament``) and its clock."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=50)
    options: TableOptions
    level_minutes: int = Field(default=DEFAULT_LEVEL_MINUTES, ge=1, le=120)
    late_levels: int = Field(default=DEFAULT_LATE_LEVELS, ge=0, le=20)
    # a private night (RULES §13; ``options.private``) lives in a private thread of this channel,
    # where its tables' private threads are made too
    parent: int | None = None

    @property
    def seats(self) -> int:
        """A table's most players (RULES §11.1)."""
        found = self.options.max_players
        assert found is not None  # filled by the options' validation
        return found

    @property
    def buy_in(self) -> int:
        assert self.options.tournament is not None
        return self.options.tournament.buy_in

    @property
    def starting_chips(self) -> int:
        assert self.options.tournament is not None
        return self.options.tournament.starting_chips


def zone_of(name: str) -> ZoneInfo:
    """A server's time zone by its IANA name (``Europe/Paris``)."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise InvalidOption("option-time-zone", zone=name) from None


def start_time(
    *, starts_at: str | None, starts_in: int | None, zone: str, now: datetime
) -> datetime:
    """The start ``/poker tournament schedule`` asked for: ``starts_at`` (``YYYY-MM-DD HH:MM``
    in the server's time zone) or ``starts_in`` minutes from now; in the future, within 60
    days."""
    if (starts_at is None) == (starts_in is None):
        raise InvalidOption("option-start-one")
    if starts_in is not None:
        found = now + timedelta(minutes=starts_in)
    else:
        assert starts_at is not None
        try:
            local = datetime.strptime(starts_at.strip(), STARTS_AT_FORMAT)  # noqa: DTZ007
        except ValueError:
            raise InvalidOption("option-starts-at", given=starts_at[:40]) from None
        found = local.replace(tzinfo=zone_of(zone))
    if found <= now:
        raise InvalidOption("option-start-past")
    if found - now > LATEST_START:
        raise InvalidOption("option-start-far", days=LATEST_START.days)
    return found


def level_at(started_at: datetime, now: datetime, level_minutes: int) -> int:
    """RULES §11.3: the level of the one clock at ``now`` (1 at the start)."""
    elapsed = max((now - started_at).total_seconds(), 0.0)
    return 1 + int(elapsed // (level_minutes * 60))


def next_level_at(started_at: datetime, now: datetime, level_minutes: int) -> datetime:
    """When the level after the one at ``now`` begins."""
    return started_at + timedelta(minutes=level_minutes * level_at(started_at, now, level_minutes))


def late_registration_open(started_at: datetime, now: datetime, terms: NightTerms) -> bool:
    """RULES §11.4: until the end of level ``late_levels`` (0: none after the start)."""
    return level_at(started_at, now, terms.level_minutes) <= terms.late_levels
