"""`python -m bot copy-database FROM_URL TO_URL`: everything one database holds (wallets and
their ledger, tables and seats, hands and their actions, settings, preferences, seeds,
notices), copied into an empty database of either engine, ids and times unchanged.

Both sides are migrated to this bot's schema first. The target must be empty; the copy is one
transaction (all of it or nothing). Then the audit runs on both sides: the same figures for
every server, or the difference is said. Stop the bot first: a SQLite source is held by one
process, so the copy is refused while the bot runs on it.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from bot.audit import ServerAudit, audit
from bot.store.backend import DatabaseUnavailable, StoreError
from bot.store.database import Database
from bot.store.process_lock import DatabaseBusy

# parents before the rows that name them (foreign keys are checked at each insert)
TABLE_ORDER = (
    "server_settings",
    "wallets",
    "house_accounts",
    "ledger",
    "house_results",
    "card_tables",
    "table_seats",
    "hands",
    "hand_actions",
    "hand_players",
    "player_seeds",
    "player_preferences",
    "member_preferences",
    "tournaments",
    "tournament_entrants",
    "multi_tournaments",
    "multi_entrants",
    "multi_tables",
    "seasons",
    "pending_notices",
    "bot_state",
)
BATCH = 1000


class CopyRefused(StoreError):
    """The copy cannot be made (the message says why); nothing was written."""


@dataclass(frozen=True, slots=True)
class CopyReport:
    rows: dict[str, int]  # table -> rows copied
    source: list[ServerAudit]
    target: list[ServerAudit]

    @property
    def differences(self) -> list[str]:
        found: list[str] = []
        before = {result.guild: result for result in self.source}
        after = {result.guild: result for result in self.target}
        for guild in sorted(set(before) | set(after)):
            if guild not in after or guild not in before:
                side = "target" if guild not in after else "source"
                found.append(f"server {guild} is missing from the {side}")
                continue
            old, new = before[guild], after[guild]
            figures = ("wallets", "stacks", "committed", "issued")
            for name in figures:
                if getattr(old, name) != getattr(new, name):
                    found.append(
                        f"server {guild}: {name} {getattr(old, name)} before,"
                        f" {getattr(new, name)} after"
                    )
            if old.problems != new.problems:
                found.append(f"server {guild}: the audit says {new.line()!r} after the copy")
        return found


async def copy_rows(source: Database, target: Database) -> dict[str, int]:
    """Every row of every table, in one transaction of the target."""
    async with source.backend.snapshot() as reading:
        tables = await reading.table_names()
        if tables != set(TABLE_ORDER):
            raise CopyRefused(
                f"the copy knows the tables {sorted(TABLE_ORDER)}, the database has"
                f" {sorted(tables)}: update TABLE_ORDER in bot/store/copy.py"
            )
        async with target.transaction() as writing:
            for table in TABLE_ORDER:
                if await writing.fetchval(f"SELECT COUNT(*) FROM {table}"):
                    raise CopyRefused(
                        f"{target.backend.describe()} is not empty ({table} has rows):"
                        " copy into a new database"
                    )
            copied: dict[str, int] = {}
            for table in TABLE_ORDER:
                columns = await reading.column_names(table)
                names = ", ".join(columns)
                marks = ", ".join("?" * len(columns))
                rows = await reading.fetch(f"SELECT {names} FROM {table}")
                insert = f"INSERT INTO {table} ({names}) VALUES ({marks})"
                for start in range(0, len(rows), BATCH):
                    await writing.executemany(insert, rows[start : start + BATCH])
                if "id" in columns:
                    await writing.continue_ids(table)
                copied[table] = len(rows)
    return copied


async def copy_database(source_url: str, target_url: str) -> CopyReport:
    if source_url == target_url:
        raise CopyRefused("FROM and TO are the same database")
    source = await Database.open(source_url)
    try:
        target = await Database.open(target_url)
        try:
            rows = await copy_rows(source, target)
            return CopyReport(rows, await audit(source), await audit(target))
        finally:
            await target.close()
    finally:
        await source.close()


async def run_copy(source_url: str, target_url: str) -> int:
    """Exit codes: 0 copied and the audits agree, 1 they differ, 2 refused (nothing copied)."""
    try:
        report = await copy_database(source_url, target_url)
    except (DatabaseUnavailable, DatabaseBusy, StoreError) as error:
        sys.stderr.write(f"copy refused: {error}\n")
        return 2
    counts = ", ".join(f"{table} {count}" for table, count in report.rows.items())
    sys.stdout.write(f"copied: {counts}\n")
    for result in report.target:
        sys.stdout.write(f"audit after the copy: {result.line()}\n")
    if differences := report.differences:
        for line in differences:
            sys.stdout.write(f"DIFFERS: {line}\n")
        return 1
    sys.stdout.write(f"the audits agree on {len(report.target)} servers\n")
    return 0
