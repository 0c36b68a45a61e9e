"""`python -m bot audit`: one line per server, ``ok`` or what differs naming the accounts, and
a non-zero exit when anything differs. It only reads, so it runs beside the bot."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from bot.audit import audit
from bot.dealer.dealer import Dealer
from bot.dealer.entropy import Entropy
from bot.store import Database
from tests.dealer.conftest import CHANNEL, GUILD, HOST, FakeClock
from tests.dealer.helpers import act, passive, seated

ROOT = Path(__file__).resolve().parents[2]


def audit_command(path: Path) -> subprocess.CompletedProcess[str]:
    environment = os.environ | {"DATABASE_URL": f"sqlite:///{path}", "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "bot", "audit"],
        capture_output=True,
        text=True,
        env=environment,
        cwd=path.parent,
        timeout=60,
        check=False,
    )


async def test_the_audit_command_says_ok_then_names_what_differs(
    tmp_path: Path, clock: FakeClock
) -> None:
    path = tmp_path / "poker.sqlite3"
    store = await Database.open(f"sqlite:///{path}", clock=clock)
    try:
        dealer = Dealer(store, clock=clock, entropy=Entropy.seeded(2), hand_pause=2)
        await seated(dealer, "seven_card_stud", 3)
        async with dealer.locked(CHANNEL) as table:
            await table.start(HOST)
            for _ in range(4):  # chips in the pot of a hand still being played
                await act(table, passive(table))
        await store.balance(GUILD + 1, 7)  # a second server, one wallet

        done = audit_command(path)  # while the bot holds the file
        assert done.returncode == 0, done.stderr
        lines = done.stdout.splitlines()
        assert len(lines) == 2
        assert lines[0].startswith(f"{GUILD} ok: wallets 2100 + house +0 + stacks 900 (of which ")
        assert lines[0].endswith(" in unfinished hands) = issued 3000")
        assert lines[1] == (
            f"{GUILD + 1} ok: wallets 1000 + house +0 + stacks 0 (of which 0 in unfinished hands)"
            " = issued 1000"
        )
    finally:
        await store.close()

    with sqlite3.connect(path) as raw:  # chips from nowhere, in a wallet and on a seat
        raw.execute("UPDATE wallets SET balance = balance + 50 WHERE user_id = 101")
        raw.execute("UPDATE table_seats SET stack = stack + 7 WHERE user_id = 102")
    done = audit_command(path)
    assert done.returncode == 1
    first, second = done.stdout.splitlines()
    assert first.startswith(f"{GUILD} DIFFERS: wallet of user 101 is 750, its ledger says 700")
    assert "user 102 brought 300, their seat holds 307" in first
    assert "but 3000 were issued" in first
    assert second.startswith(f"{GUILD + 1} ok")


async def test_the_audit_counts_unfinished_hands_exactly_and_names_every_kind_of_fault(
    tmp_path: Path, clock: FakeClock
) -> None:
    """Issue 27.9: the chips in an unfinished hand are the exact count; a negative wallet or
    stack, ledger rows without a wallet and a hand that does not replay are each named; the
    exit status says ok (0), differs (1) or could not audit (2)."""
    path = tmp_path / "poker.sqlite3"
    store = await Database.open(f"sqlite:///{path}", clock=clock)
    try:
        dealer = Dealer(store, clock=clock, entropy=Entropy.seeded(5), hand_pause=2)
        table = await seated(dealer, "seven_card_stud", 3)
        async with dealer.locked(CHANNEL) as locked:
            await locked.start(HOST)
            for _ in range(5):
                await act(locked, passive(locked))
        hand = table.hand
        assert hand is not None
        in_pots = sum(hand.committed) + sum(hand.bets)
        assert in_pots > 0
        hand_id = table.hand_id
    finally:
        await store.close()
    done = audit_command(path)
    assert done.returncode == 0, done.stderr
    assert f"(of which {in_pots} in unfinished hands)" in done.stdout

    with sqlite3.connect(path) as raw:
        raw.execute("PRAGMA ignore_check_constraints = ON")  # as a broken writer could
        raw.execute("UPDATE wallets SET balance = -5 WHERE user_id = 101")
        raw.execute("UPDATE table_seats SET stack = -1 WHERE user_id = 102")
        raw.execute("DELETE FROM wallets WHERE user_id = ?", (HOST,))
        raw.execute("UPDATE hands SET deck = deck || ' X' WHERE id = ?", (hand_id,))
    done = audit_command(path)
    assert done.returncode == 1  # SQLite's integrity check sees the broken CHECKs first
    assert "the database is damaged: CHECK constraint failed in wallets" in done.stdout
    reader = await Database.open(f"sqlite:///{path}", exclusive=False)
    try:
        (result,) = [r for r in await audit(reader) if r.guild == GUILD]
    finally:
        await reader.close()
    line = result.line()
    assert "wallet of user 101 is negative (-5)" in line
    assert f"stack of user 102 at table {table.id} is negative (-1)" in line
    assert f"user {HOST} has ledger rows (" in line and "but no wallet" in line
    assert f"hand #{hand_id} does not replay (InvalidRecord)" in line

    empty = tmp_path / "empty.sqlite3"
    sqlite3.connect(empty).close()  # never migrated: nothing to audit
    done = audit_command(empty)
    assert done.returncode == 2
    assert "start the bot once to migrate it" in done.stderr
