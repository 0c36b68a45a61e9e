"""Seasons and their boards in the store (issue 45, RULES §12), on both backends: the points
board from sit & gos and nights inside the season (practice and small fields left out), the
cash board without practice chips or computers, a season ending by itself at its date across
a restart, and a wallet reset at a new season, one ledger row a wallet, audited."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime, timedelta

import pytest

from bot.store import Database
from bot.store.base import StoreRefusal
from cogs.poker._seasons import last_day, span_of, standings
from tests.dealer.conftest import GUILD, FakeClock
from tests.dealer.helpers import sql

ADMIN = 900


async def sit_and_go(
    store: Database,
    ended: datetime,
    places: dict[int, int],
    *,
    buy_in: int = 100,
    guild: int = GUILD,
    names: Mapping[int, str] | None = None,
) -> None:
    """A sit & go that ended at ``ended`` with these places (as if played: no chips move
    here, the boards read only the places)."""
    number = int((await sql(store, "SELECT COALESCE(MAX(id), 0) + 1 FROM tournaments"))[0][0])
    await sql(
        store,
        "INSERT INTO tournaments (id, guild_id, channel_id, host_id, variant, buy_in,"
        " starting_chips, pool, status, hands, created_at, started_at, ended_at)"
        " VALUES (?, ?, ?, ?, 'razz', ?, 1500, 0, 'ended', 10, ?, ?, ?)",
        (number, guild, 1000 + number, 100, buy_in, *[ended.isoformat()] * 3),
    )
    for seat, (user, place) in enumerate(places.items(), 1):
        await sql(
            store,
            "INSERT INTO tournament_entrants (tournament_id, user_id, name, seat, place)"
            " VALUES (?, ?, ?, ?, ?)",
            (number, user, (names or {}).get(user, f"P{user}"), seat, place),
        )


async def cash_hand(
    store: Database,
    ended: datetime,
    nets: dict[int, int],
    *,
    practice: bool = False,
    guild: int = GUILD,
    names: Mapping[int, str] | None = None,
) -> None:
    """A cash table's hand that ended at ``ended`` with these nets."""
    named = json.dumps({str(u): (names or {}).get(u, f"P{u}") for u in nets})
    await sql(
        store,
        "INSERT INTO hands (channel_id, guild_id, config, deck, reshuffle_seed, started_at,"
        " ended_at, result, names) VALUES (10, ?, '{}', '', '', ?, ?, '{}', ?)",
        (guild, ended.isoformat(), ended.isoformat(), named),
    )
    [(hand,)] = await sql(store, "SELECT MAX(id) FROM hands")
    for user, net in nets.items():
        await sql(
            store,
            "INSERT INTO hand_players (hand_id, guild_id, user_id, variant, big_bet, net,"
            " voluntary, won, showdown, practice) VALUES (?, ?, ?, 'razz', 20, ?, 1, ?, 0, ?)",
            (hand, guild, user, net, int(net > 0), int(practice)),
        )


async def board(store: Database, kind: str, season: str | None = None) -> dict[int, int]:
    span = span_of(await store.seasons(GUILD), season, store.clock(), "UTC")
    assert span is not None
    return {s.user_id: s.value for s in await standings(store, GUILD, kind, span)}


async def test_points_count_the_season_s_real_finishes_shared_places_sharing(
    store: Database, clock: FakeClock
) -> None:
    """RULES §12.2: points from each finish inside the season; two sharing 3rd share the
    points of 3rd and 4th; a practice sit & go (§8.4), a field of two people, a computer
    (§8.3) and a finish before the season earn nothing."""
    await sit_and_go(store, clock() - timedelta(days=1), {1: 1, 2: 2, 3: 3})  # before
    await store.start_season(GUILD, "Winter", ends_at=None, reset_to=None, by=ADMIN)
    clock.advance(3600)
    await sit_and_go(store, clock(), {1: 1, 2: 2, 3: 3, 4: 3, -5: 5})  # 4 people, a computer
    await sit_and_go(store, clock(), {1: 2, 2: 1}, buy_in=100)  # two people: no points
    await sit_and_go(store, clock(), {3: 1, 4: 2, 5: 3}, buy_in=0)  # practice
    # 4 people: 1st 20, 2nd 14, 3rd and 4th share (11 + 10) // 2 = 10
    assert await board(store, "points") == {1: 20, 2: 14, 3: 10, 4: 10}
    assert (await board(store, "points", "winter"))[1] == 20  # by name, any case


async def test_the_cash_board_leaves_out_practice_chips_and_computers(
    store: Database, clock: FakeClock
) -> None:
    """RULES §12.3: net chips won at cash tables during the season; practice hands (§8.4)
    and computer players (§8.3) never appear."""
    await store.start_season(GUILD, "Winter", ends_at=None, reset_to=None, by=ADMIN)
    clock.advance(60)
    await cash_hand(store, clock(), {1: 40, 2: -25, 3: -15})
    await cash_hand(store, clock(), {1: -10, 2: 30, 3: -20})
    await cash_hand(store, clock(), {1: 500, -7: -500}, practice=True)
    await cash_hand(store, clock(), {2: 60, -7: -60})  # real stakes against a computer
    assert await board(store, "cash") == {1: 30, 2: 65, 3: -35}


async def test_a_season_ends_by_itself_at_its_date_across_a_restart(
    database_url: str, clock: FakeClock
) -> None:
    """RULES §12.1, §12.4: a season set to end on a date ends then, whether or not the bot
    ran at that moment; its board is frozen (a hand after it counts in the next span only),
    and the next starts at zero."""
    store = await Database.open(database_url, clock=clock)
    try:
        ends = last_day((clock() + timedelta(days=2)).date().isoformat(), "UTC")
        await store.start_season(GUILD, "Autumn", ends_at=ends, reset_to=None, by=ADMIN)
        await cash_hand(store, clock(), {1: 50, 2: -50})
    finally:
        await store.close()
    clock.now = ends + timedelta(hours=5)  # the bot was down when it ended
    store = await Database.open(database_url, clock=clock)
    try:
        [season] = await store.seasons(GUILD)
        assert not season.running(clock()) and season.end == ends
        await cash_hand(store, clock(), {1: -80, 2: 80})
        assert await board(store, "cash", "Autumn") == {1: 50, 2: -50}  # frozen
        assert await board(store, "cash") == {1: -80, 2: 80}  # since it ended
        assert await store.end_season(GUILD) is None  # nothing runs
        clock.advance(60)
        await store.start_season(GUILD, "Winter", ends_at=None, reset_to=None, by=ADMIN)
        assert await board(store, "cash") == {}  # the next starts at zero
    finally:
        await store.close()


async def test_a_wallet_reset_is_one_ledger_row_a_wallet_and_the_audit_holds(
    store: Database,
) -> None:
    """RULES §12.4: at a new season the server may set every wallet back to the starting
    balance; each change is one ledger row (issuing or taking back chips), and the audit (the
    store fixture's, after the test) holds."""
    for user, delta in ((1, 500), (2, -300), (3, 0)):
        await store.balance(GUILD, user)  # opened at 1,000
        if delta:
            await store.adjust(GUILD, user, delta, by=ADMIN, note=None)
    await store.start_season(GUILD, "Spring", ends_at=None, reset_to=1000, by=ADMIN)
    assert [await store.balance(GUILD, user) for user in (1, 2, 3)] == [1000] * 3
    rows = await sql(
        store,
        "SELECT user_id, delta FROM ledger WHERE reason = 'season_reset' ORDER BY user_id",
    )
    assert rows == [(1, -500), (2, 300)]  # the wallet already at 1,000 needs no row


async def test_a_season_is_refused_while_one_runs_under_a_used_name_or_ending_before_now(
    store: Database, clock: FakeClock
) -> None:
    await store.start_season(GUILD, "Winter", ends_at=None, reset_to=None, by=ADMIN)
    with pytest.raises(StoreRefusal) as running:
        await store.start_season(GUILD, "Spring", ends_at=None, reset_to=None, by=ADMIN)
    assert running.value.message.key == "error-season-running"
    await store.end_season(GUILD)
    with pytest.raises(StoreRefusal) as taken:
        await store.start_season(GUILD, "WINTER", ends_at=None, reset_to=None, by=ADMIN)
    assert taken.value.message.key == "error-season-name"
    with pytest.raises(StoreRefusal) as past:
        await store.start_season(GUILD, "Spring", ends_at=clock(), reset_to=None, by=ADMIN)
    assert past.value.message.key == "error-season-ends"
