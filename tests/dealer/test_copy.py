"""`python -m bot copy-database FROM TO`: a SQLite database that has been played on moves to
PostgreSQL whole (and back), refuses a target that is not empty, and audits both sides."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path
from typing import Any

from bot.audit import ServerAudit
from bot.dealer import computers
from bot.dealer.dealer import Dealer
from bot.dealer.entropy import Entropy
from bot.dealer.options import TableOptions
from bot.store import Database
from bot.store.copy import TABLE_ORDER, CopyReport
from bot.tournament import play as tournament_play
from tests.dealer.conftest import CHANNEL, GUILD, HOST, FakeClock
from tests.dealer.crash import fingerprint
from tests.dealer.helpers import act, passive, seated

ROOT = Path(__file__).resolve().parents[2]


def copy_command(source: str, target: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(  # noqa: S603 (our own arguments)
        [sys.executable, "-m", "bot", "copy-database", source, target],
        capture_output=True,
        text=True,
        env=os.environ | {"PYTHONPATH": str(ROOT)},
        cwd=ROOT,
        timeout=120,
        check=False,
    )


async def played(url: str, clock: FakeClock) -> None:
    """A server that has lived: a finished hand and one in progress, a computer player (the
    house's account), a sit & go registering, the economy used, a server setting, a player's
    preferences and seed, a notice waiting to be posted, DM channels and refusals, the bot's
    own state."""
    store = await Database.open(url, clock=clock)
    try:
        dealer = Dealer(store, clock=clock, entropy=Entropy.seeded(5), hand_pause=2)
        await seated(dealer, "seven_card_stud", 3)
        # a tournament night drawn, its entrants' chips on their way to its tables (RULES §11)
        night = await store.schedule_night(
            guild=GUILD,
            channel=CHANNEL,
            host=HOST,
            name="Friday",
            terms="{}",
            buy_in=10,
            starting_chips=100,
            starts_at=clock() + timedelta(hours=1),
        )
        for user in (201, 202):
            await store.enter_night(night=night, user=user, name=f"P{user}")
        await store.start_night(night, {1: {1: 201, 2: 202}}, 100)
        night_terms = {"buy_in": 10, "starting_chips": 100, "night": night, "table_no": 1}
        night_table = await store.create_table(
            channel=CHANNEL + 500,
            guild=GUILD,
            host=HOST,
            options=TableOptions(variant="razz", tournament=night_terms).model_dump_json(),
            lease=("test", clock() + timedelta(minutes=1)),
            next_seed="00",
            practice=False,
        )
        await store.open_night_table(night, 1, thread=CHANNEL + 500, table=night_table)
        async with dealer.locked(CHANNEL) as table:
            # a computer player for wallet chips, as a table of real stakes has: the house
            table.options = TableOptions.model_validate(
                table.options.model_dump() | {"bots": 1, "house_cap": 1000}
            )
            await computers.keep_seated(table)
            await table.start(HOST)
        finished = False
        while not finished:
            async with dealer.locked(CHANNEL) as table:
                await act(table, passive(table))
                assert table.hand is not None
                finished = table.hand.is_complete
        clock.advance(3)
        async with dealer.locked(CHANNEL) as table:
            # a person whose stack moved leaves: the day's result against the house (§8.4)
            people = [seat for seat in table.seats.values() if not seat.computer]
            await table.leave(next(seat.user_id for seat in people if seat.stack != 300))
            await table.on_deadline(clock())  # the next hand, after the pause
            for _ in range(4):  # which stays unfinished
                await act(table, passive(table))
        options = TableOptions.model_validate(
            {"variant": "triple_draw", "bots": 1, "tournament": {"buy_in": 50}}
        )
        await dealer.create(channel=CHANNEL + 1, guild=GUILD, host=HOST, options=options)
        async with dealer.locked(CHANNEL + 1) as sit_and_go:  # registering, a computer paid for
            await tournament_play.open_registration(sit_and_go)
            await tournament_play.register(sit_and_go, 104, "P104")
        await store.claim_daily(GUILD, 104, 200)
        await store.give(GUILD, 104, 105, 50)
        await store.adjust(GUILD + 1, 106, 70, by=HOST, note="prize")
        await store.save_server_settings(GUILD, '{"starting_balance": 500}')
        # a season, its wallets reset (RULES §12.4: a ledger row a wallet)
        await store.start_season(GUILD, "Winter", ends_at=None, reset_to=500, by=HOST)
        await store.set_player_language(101, "fr")
        await store.set_four_colour(102, True)
        await store.set_member_notified(GUILD, 103, False)
        await store.set_player_seed(HOST, "my seed")
        await store.add_notice(channel=CHANNEL, guild=GUILD, notice={"kind": "test"})
        await store.save_dm_channel(101, 9_000)  # issue 43.3: a DM channel, DMs refused
        await store.set_dms_refused(GUILD, 102, refused=True)
        await store.set_bot_state("dev_guild_commands", str(GUILD))  # issue 43.6
    finally:
        await store.close()


async def everything(url: str) -> dict[str, list[tuple[Any, ...]]]:
    store = await Database.open(url, exclusive=False)
    try:
        found = {}
        for table in TABLE_ORDER:
            async with store.backend.reader() as session:
                columns = ", ".join(await session.column_names(table))
            rows = await store._rows(f"SELECT {columns} FROM {table}")  # noqa: S608
            found[table] = sorted(tuple(row) for row in rows)
        return found
    finally:
        await store.close()


async def resumed(url: str, clock: FakeClock) -> tuple[Any, ...]:
    store = await Database.open(url, clock=clock)
    try:
        dealer = Dealer(store, clock=clock, entropy=Entropy.seeded(5), hand_pause=2)
        await dealer.resume()
        return fingerprint(dealer.tables[CHANNEL])
    finally:
        await store.close()


async def test_a_played_sqlite_database_moves_to_postgresql_whole_and_back(
    tmp_path: Path, clock: FakeClock, postgres_url: str
) -> None:
    source = f"sqlite:///{tmp_path / 'poker.sqlite3'}"
    await played(source, clock)
    before = await everything(source)
    assert all(before[table] for table in TABLE_ORDER), "every table has something to copy"

    done = copy_command(source, postgres_url)
    assert done.returncode == 0, done.stderr
    assert f"ledger {len(before['ledger'])}," in done.stdout
    assert "the audits agree on 2 servers" in done.stdout
    assert await everything(postgres_url) == before
    # the hand in progress resumes on PostgreSQL exactly as it would have on SQLite
    assert await resumed(postgres_url, clock) == await resumed(source, clock)
    kept = await everything(postgres_url)  # as the resume left it (it took the table's lease)

    again = copy_command(source, postgres_url)  # the target is no longer empty
    assert again.returncode == 2
    assert "is not empty (server_settings has rows): copy into a new database" in again.stderr
    assert await everything(postgres_url) == kept

    back = f"sqlite:///{tmp_path / 'back.sqlite3'}"
    assert copy_command(postgres_url, back).returncode == 0
    assert await everything(back) == kept

    store = await Database.open(postgres_url, clock=clock)  # new rows get new ids
    try:
        table = await store.create_table(channel=999, guild=GUILD, host=HOST, options="{}")
        assert table > max(row[0] for row in before["card_tables"])
    finally:
        await store.close()


def test_what_differs_after_a_copy_is_said() -> None:
    source = [ServerAudit(1, (), wallets=900, house=0, stacks=100, committed=0, issued=1000)]
    target = [ServerAudit(1, (), wallets=800, house=0, stacks=100, committed=0, issued=1000)]
    report = CopyReport({"wallets": 1}, source, target)
    assert report.differences == [
        "server 1: wallets 900 before, 800 after",
    ]
    assert CopyReport({}, source, []).differences == ["server 1 is missing from the target"]
    assert CopyReport({}, source, source).differences == []
