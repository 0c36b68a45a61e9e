"""Issue 20.13: a table where no hand is dealt for its idle time (a server setting, 60 minutes
by default) closes by itself: every stack back to its wallet, a closing line in its channel.
A hand dealt, or a restart, starts the idle time again."""

from __future__ import annotations

from bot.dealer.dealer import Dealer
from bot.dealer.options import TableOptions
from bot.store import Database
from tests.dealer.conftest import CHANNEL, GUILD, HOST, FakeClock
from tests.dealer.helpers import seated


async def test_an_idle_table_closes_and_pays_back(
    dealer: Dealer, store: Database, clock: FakeClock
) -> None:
    table = await seated(dealer, "seven_card_stud", 2)
    assert table.options.idle_minutes == 60
    assert table.due() == table.idle_until
    clock.advance(59 * 60)
    _, effects = await dealer.change(CHANNEL, lambda table: table.on_deadline(clock()))
    assert not table.closed
    clock.advance(61)
    _, effects = await dealer.change(CHANNEL, lambda table: table.on_deadline(clock()))
    assert table.closed and effects.closed
    (notice,) = [notice for notice in effects.notices if notice.key == "closed"]
    assert notice.values["idle"] == 60
    assert sorted(chips for _, chips in notice.values["paid"]) == [300, 300]
    assert await store.balance(GUILD, HOST) == 1000  # the buy-in is back
    assert CHANNEL not in dealer.tables


async def test_a_hand_dealt_starts_the_idle_time_again(dealer: Dealer, clock: FakeClock) -> None:
    await dealer.create(
        channel=CHANNEL,
        guild=GUILD,
        host=HOST,
        options=TableOptions.model_validate({"variant": "triple_draw", "idle_minutes": 5}),
    )
    async with dealer.locked(CHANNEL) as table:
        await table.join(HOST, "Host", 300)
        await table.join(101, "Bob", 300)
    clock.advance(4 * 60)
    await dealer.change(CHANNEL, lambda table: table.start(HOST))
    assert table.due() != table.idle_until  # in a hand: the action clock, never idle
    clock.advance(2 * 60)
    await dealer.change(CHANNEL, lambda table: table.on_deadline(clock()))
    assert not table.closed
