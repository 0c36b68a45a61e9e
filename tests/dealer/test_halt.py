"""Issue 20.16: a table whose writes keep failing (a damaged file: "database disk image is
malformed") tells its players once and stops dealing, instead of answering every click and
every tick of its clock with the same "could not save" for ever."""

from __future__ import annotations

import sqlite3

import pytest

from bot.dealer.dealer import HALT_AFTER_FAILURES, HALTED_RETRY, NOT_SAVED, Dealer
from bot.dealer.table import Table, TableError
from bot.dealer.views import Effects
from bot.store import Database
from tests.dealer.conftest import CHANNEL, HOST, FakeClock
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
    assert table.due() == table.halted  # the clock leaves it alone until it tries again
    for _ in range(3):
        with pytest.raises(TableError) as halted:
            await dealer.change(CHANNEL, lambda table: act(table, passive(table)))
        assert halted.value.message.key == "error-table-halted"
    assert shown.notices == ["halted"]


async def test_a_halted_table_is_tried_again_and_goes_on_once_it_saves(
    dealer: Dealer, store: Database, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A database that failed for a while and works again (a PostgreSQL failover): the halted
    table is tried again every HALTED_RETRY, said to its players once only, and plays on."""
    shown = Shown()
    dealer.presenter = shown
    table = await seated(dealer, "seven_card_stud", 2)
    await dealer.change(CHANNEL, lambda table: table.start(HOST))
    real = store.log_action

    async def damaged(*args: object, **kwargs: object) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(store, "log_action", damaged)
    for _ in range(HALT_AFTER_FAILURES + 1):
        with pytest.raises(TableError):
            await dealer.change(CHANNEL, lambda table: act(table, passive(table)))
    clock.advance(HALTED_RETRY.total_seconds())
    with pytest.raises(TableError) as still:  # tried again: still failing, not told again
        await dealer.change(CHANNEL, lambda table: act(table, passive(table)))
    assert still.value.message.key == NOT_SAVED
    assert shown.notices == ["halted"]
    monkeypatch.setattr(store, "log_action", real)
    clock.advance(HALTED_RETRY.total_seconds())
    await dealer.change(CHANNEL, lambda table: act(table, passive(table)))  # it works again
    assert table.halted is None
    await dealer.change(CHANNEL, lambda table: act(table, passive(table)))


async def test_a_table_whose_reads_fail_too_is_halted(
    dealer: Dealer, store: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When reading the table back fails as well, the failures still count to the halt."""
    shown = Shown()
    dealer.presenter = shown
    await seated(dealer, "seven_card_stud", 2)
    await dealer.change(CHANNEL, lambda table: table.start(HOST))

    async def damaged(*args: object, **kwargs: object) -> None:
        raise sqlite3.DatabaseError("database disk image is malformed")

    monkeypatch.setattr(store, "log_action", damaged)
    monkeypatch.setattr(store, "load_tables", damaged)
    for _ in range(HALT_AFTER_FAILURES + 2):
        with pytest.raises(TableError):
            await dealer.change(CHANNEL, lambda table: act(table, passive(table)))
    assert shown.notices == ["halted"]
