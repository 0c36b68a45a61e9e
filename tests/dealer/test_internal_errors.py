"""Issue 27.1: a crash is not a refusal. A bug in the engine or the table (a KeyError, an
AssertionError) was answered "could not save" and logged in one line without its traceback;
now a failed write stays "could not save", any other exception is an internal error: the
player reads error-internal, the log has the traceback once with the table and hand, and the
change is undone whole either way."""

from __future__ import annotations

import logging
import sqlite3

import pytest

from bot.dealer.dealer import NOT_SAVED, Dealer
from bot.dealer.table import Table, TableError
from bot.store import Database
from tests.dealer.conftest import CHANNEL, HOST
from tests.dealer.crash import fingerprint
from tests.dealer.helpers import act, passive, seated


@pytest.mark.parametrize(
    ("failure", "key", "traceback"),
    [
        (KeyError("a bug"), "error-internal", True),
        (AssertionError("a broken invariant"), "error-internal", True),
        (sqlite3.OperationalError("database is locked"), NOT_SAVED, False),
    ],
)
async def test_a_bug_is_an_internal_error_and_a_failed_write_is_not_saved(  # noqa: PLR0917
    dealer: Dealer,
    store: Database,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    failure: Exception,
    key: str,
    traceback: bool,
) -> None:
    table = await seated(dealer, "seven_card_stud", 2)
    await dealer.change(CHANNEL, lambda table: table.start(HOST))
    before = fingerprint(table)
    real = Table._apply

    async def broken(self: Table, *args: object, **kwargs: object) -> object:
        await real(self, *args, **kwargs)  # type: ignore[arg-type]
        raise failure

    monkeypatch.setattr(Table, "_apply", broken)
    with caplog.at_level(logging.ERROR), pytest.raises(TableError) as refused:
        await dealer.change(CHANNEL, lambda table: act(table, passive(table)))
    assert refused.value.message.key == key
    assert fingerprint(dealer.tables[CHANNEL]) == before  # undone whole
    logged = [r for r in caplog.records if r.exc_info and r.exc_info[1] is failure]
    assert len(logged) == (1 if traceback else 0)
    if traceback:
        assert f"hand #{table.hand_id}" in logged[0].getMessage()
