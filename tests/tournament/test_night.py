"""A multi-table tournament's start and clock (RULES §11.1, §11.3, §11.4)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.dealer.options import InvalidOption, TableOptions
from bot.tournament.night import (
    NightTerms,
    late_registration_open,
    level_at,
    next_level_at,
    start_time,
)

NOW = datetime(2026, 11, 27, 18, 30, tzinfo=UTC)


def test_a_start_in_minutes_or_at_a_local_time_of_the_servers_zone() -> None:
    assert start_time(starts_at=None, starts_in=90, zone="UTC", now=NOW) == NOW + timedelta(
        minutes=90
    )
    paris = start_time(starts_at="2026-11-27 21:00", starts_in=None, zone="Europe/Paris", now=NOW)
    assert paris == datetime(2026, 11, 27, 20, 0, tzinfo=UTC)  # Paris is UTC+1 in November


@pytest.mark.parametrize(
    ("starts_at", "starts_in", "zone", "key"),
    [
        (None, None, "UTC", "option-start-one"),
        ("2026-11-27 21:00", 5, "UTC", "option-start-one"),
        ("friday 9pm", None, "UTC", "option-starts-at"),
        ("2026-11-27 18:00", None, "UTC", "option-start-past"),
        ("2027-06-01 18:00", None, "UTC", "option-start-far"),
        ("2026-11-27 21:00", None, "Mars/Olympus", "option-time-zone"),
    ],
)
def test_a_start_that_cannot_be_is_refused_with_its_reason(
    starts_at: str | None, starts_in: int | None, zone: str, key: str
) -> None:
    with pytest.raises(InvalidOption) as refused:
        start_time(starts_at=starts_at, starts_in=starts_in, zone=zone, now=NOW)
    assert refused.value.message.key == key


def test_one_clock_of_levels_and_late_registration_to_the_end_of_its_level() -> None:
    """RULES §11.3: levels of a fixed time from the start; §11.4: late registration until
    the end of level ``late_levels``."""
    terms = NightTerms(
        name="Friday",
        options=TableOptions(variant="razz", tournament={"buy_in": 100}),
        level_minutes=10,
        late_levels=2,
    )
    assert [level_at(NOW, NOW + timedelta(minutes=m), 10) for m in (0, 9.9, 10, 25)] == [1, 1, 2, 3]
    assert next_level_at(NOW, NOW + timedelta(minutes=12), 10) == NOW + timedelta(minutes=20)
    assert late_registration_open(NOW, NOW + timedelta(minutes=19), terms)
    assert not late_registration_open(NOW, NOW + timedelta(minutes=20), terms)
    assert terms.seats == 8
    assert (terms.buy_in, terms.starting_chips) == (100, 1500)
