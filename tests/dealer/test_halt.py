"""Issue 20.16: a table whose writes keep failing (a damaged file: "database disk image is
malformed") tells its players once and stops dealing, instead of answering every click and
every tick of its clock with the same "could not save" for ever."""

from __future__ import annotations

import sqlite3

import pytest

from bot.dealer.dealer import HALT_AFTER_FAILURES, NOT_SAVED, Dealer
from bot.dealer.table import Table, TableError
from bot.dealer.views import Effects
from bot.store import Database
from tests.dealer.conftest import CHANNEL, HOST
from tests.dealer.helpers import act, passive, seated


class Shown:
    def __init__(self) -> None:
        self.notices: list[str] = []

    def present(self, table: Table, effects: Effects, *, table_shown: bool = False) -> None:
        self.notices.extend(notice.key for notice in effects.notices)


async def test_a_table_that_cannot_save_stops_and_says_so_once(
    dealer: Dealer, store: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown = Shown()
    dealer.presenter = shown
    table = await seated(dealer, "seven_card_stud", 2)
    await dealer.change(CHANNEL, lambda table: table.start(HOST))

    async def damaged(*args: object, **kwargs: object) -> None:
        raise sqlite3.DatabaseError("database disk image is malformed")

    monkeypatch.setattr(store, "log_action", damaged)
    for _ in range(HALT_AFTER_FAILURES):
        with pytest.raises(TableError) as failed:
            await dealer.change(CHANNEL, lambda table: act(table, passive(table)))
        assert failed.value.message.key == NOT_SAVED
    assert shown.notices == ["halted"]  # told once
    assert table.due() is None  # the clock leaves it alone: no more deals, no timeouts
    for _ in range(3):
        with pytest.raises(TableError) as halted:
            await dealer.change(CHANNEL, lambda table: act(table, passive(table)))
        assert halted.value.message.key == "error-table-halted"
    assert shown.notices == ["halted"]
