"""`python -m bot audit`: one line per server, ``ok`` or what differs naming the accounts, and
a non-zero exit when anything differs. It only reads, so it runs beside the bot."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

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
        assert lines[0].startswith(f"{GUILD} ok: wallets 2100 + stacks 900 (of which ")
        assert lines[0].endswith(" in unfinished hands) = issued 3000")
        assert lines[1] == (
            f"{GUILD + 1} ok: wallets 1000 + stacks 0 (of which 0 in unfinished hands)"
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
