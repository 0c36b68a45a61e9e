"""A sit & go killed at any statement of its changes (issue 23): registering the entrant who
fills it and deals its first hand, and the action that ends it and pays its prizes. The dealer
restarts with everything as before the change or as after it, and the audit holds."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.dealer.dealer import Dealer
from bot.dealer.options import TableOptions
from bot.dealer.table import Table
from bot.store import Database
from bot.tournament import play
from tests.conftest import BACKENDS
from tests.dealer.conftest import CHANNEL, GUILD, HOST, FakeClock
from tests.dealer.crash import Killed, KillSwitch, Places, audited, fingerprint, start
from tests.dealer.test_tournaments import pushing

PEOPLE = (HOST, 101, 102)
TERMS = {"buy_in": 100, "starting_chips": 100, "level_hands": 2}


@pytest.fixture(params=BACKENDS)
def places(request: pytest.FixtureRequest, tmp_path: Any) -> Places:
    if request.param == "postgresql":
        return Places(tmp_path, request.getfixturevalue("postgres_server"))
    return Places(tmp_path)


async def opened(url: str, clock: FakeClock, registered: int) -> None:
    store, dealer = await start(url, clock)
    options = TableOptions.model_validate(
        {"variant": "seven_card_stud", "max_players": 3, "tournament": TERMS}
    )
    await dealer.create(channel=CHANNEL, guild=GUILD, host=HOST, options=options)
    async with dealer.locked(CHANNEL) as table:
        await play.open_registration(table)
    for user in PEOPLE[:registered]:
        async with dealer.locked(CHANNEL) as table:
            await play.register(table, user, f"P{user}")
    await store.close()


async def step(table: Table, clock: FakeClock) -> object:
    """The next thing that happens: an action, or the next deal after the pause."""
    hand = table.live_hand
    if hand is None:
        clock.advance(3)
        return await table.on_deadline(clock())
    return await table.act(hand.actor or 0, table.seq, pushing(table))


async def steps(dealer: Dealer, clock: FakeClock, count: int | None) -> int:
    """``count`` steps (``None``: until the sit & go ends); how many were taken."""
    taken = 0
    while (count is None or taken < count) and CHANNEL in dealer.tables:
        await dealer.change(CHANNEL, lambda table: step(table, clock))
        taken += 1
    return taken


async def wallets(store: Database) -> list[int]:
    return [await store.balance(GUILD, user) for user in PEOPLE]


async def killed_at_each_statement(
    places: Places,
    clock: FakeClock,
    change: Callable[[Dealer], Awaitable[object]],
    statements: int,
    check: Callable[[Database, Dealer, bool], Awaitable[None]],
) -> None:
    """``change`` run on copies of ``base``, killed at each of its ``statements`` and once
    after them; restarted, ``check`` (told whether it committed) and the audit hold."""
    for at in range(statements + 1):
        copy = await places.copy("base", "killed")
        store, dealer = await start(copy, clock)
        KillSwitch(store).arm(at if at < statements else None)
        try:
            await change(dealer)
        except Killed:
            assert at < statements
        finally:
            await store.close()  # the process is gone; its transaction never committed
        store, resumed = await start(copy, clock)
        try:
            await check(store, resumed, at == statements)
            await audited(store)
        finally:
            await store.close()


async def test_killed_while_the_last_entrant_registers(places: Places, clock: FakeClock) -> None:
    await opened(await places.fresh("base"), clock, 2)
    store, dealer = await start(await places.copy("base", "clean"), clock)
    switch = KillSwitch(store)
    before = fingerprint(dealer.tables[CHANNEL])
    switch.arm(None)
    table, _ = await dealer.change(CHANNEL, lambda table: play.register(table, 102, "P102"))
    statements, after = switch.count, fingerprint(table)
    await store.close()
    assert table.in_hand and statements > 5

    async def register(dealer: Dealer) -> object:
        return await dealer.change(CHANNEL, lambda table: play.register(table, 102, "P102"))

    async def check(store: Database, resumed: Dealer, committed: bool) -> None:
        assert fingerprint(resumed.tables[CHANNEL]) == (after if committed else before)
        assert await store.balance(GUILD, 102) == (900 if committed else 1000)

    await killed_at_each_statement(places, clock, register, statements, check)


async def test_killed_in_the_action_that_ends_it_and_pays_the_prizes(
    places: Places, clock: FakeClock
) -> None:
    script = await places.fresh("script")
    await opened(script, clock, 3)
    store, dealer = await start(script, clock)
    total = await steps(dealer, clock, None)  # to the end, once, to count its steps
    paid = await wallets(store)
    await store.close()
    assert sorted(paid) == [900, 900, 1200]

    base = await places.fresh("base")
    await opened(base, clock, 3)
    store, dealer = await start(base, clock)
    await steps(dealer, clock, total - 1)  # the last step ends it
    before = fingerprint(dealer.tables[CHANNEL])
    await store.close()
    store, dealer = await start(await places.copy("base", "clean"), clock)
    switch = KillSwitch(store)
    switch.arm(None)
    await steps(dealer, clock, 1)
    statements = switch.count
    assert CHANNEL not in dealer.tables and await wallets(store) == paid
    await store.close()

    async def check(store: Database, resumed: Dealer, committed: bool) -> None:
        if not committed:  # as before: the hand still to finish, nobody paid
            assert fingerprint(resumed.tables[CHANNEL]) == before
            assert await wallets(store) == [900, 900, 900]
        else:  # over: the prizes paid, the table gone, the results waiting to be posted
            assert CHANNEL not in resumed.tables
            assert await wallets(store) == paid
            waiting = [notice.notice["key"] for notice in await store.pending_notices()]
            assert "tournament_results" in waiting, waiting

    await killed_at_each_statement(
        places, clock, lambda dealer: steps(dealer, clock, 1), statements, check
    )
