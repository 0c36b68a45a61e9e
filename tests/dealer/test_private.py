"""Private tables at the dealer (issue 45.4, RULES §13): only the host and the members they
invite sit or register; the host alone invites and uninvites; an uninvited player between
hands leaves at once with their stack, one in the hand finishes it first; invitations are
stored with the table and survive a restart."""

from __future__ import annotations

import pytest

from bot.dealer import private
from bot.dealer.dealer import Dealer
from bot.dealer.entropy import Entropy
from bot.dealer.errors import TableError
from bot.dealer.options import TableOptions
from bot.store import Database
from bot.tournament import play
from tests.dealer.conftest import CHANNEL, GUILD, HOST, FakeClock
from tests.dealer.helpers import act, passive, sql
from tests.dealer.test_tournaments import new_tournament

FRIEND, STRANGER = 101, 102


async def private_table(dealer: Dealer) -> None:
    options = TableOptions(variant="seven_card_stud", private=True)
    await dealer.create(channel=CHANNEL, guild=GUILD, host=HOST, options=options)


async def test_only_the_host_and_those_invited_sit_and_only_the_host_invites(
    dealer: Dealer,
) -> None:
    """RULES §13.1: a member not invited is refused a seat; the host invites (nobody else
    may), and the invited member sits."""
    await private_table(dealer)
    async with dealer.locked(CHANNEL) as table:
        await table.join(HOST, "Host", 300)
        with pytest.raises(TableError) as refused:
            await table.join(STRANGER, "Stranger", 300)
        assert refused.value.message.key == "error-private-table"
        with pytest.raises(TableError) as not_host:
            await private.invite(table, FRIEND, STRANGER, "Stranger")
        assert not_host.value.message.key == "error-private-host"
        await private.invite(table, HOST, FRIEND, "Friend")
        with pytest.raises(TableError) as twice:
            await private.invite(table, HOST, FRIEND, "Friend")
        assert twice.value.message.key == "error-already-invited"
        await table.join(FRIEND, "Friend", 300)
    assert set(table.seats) == {HOST, FRIEND}


async def test_uninvited_between_hands_leaves_now_and_in_a_hand_after_it(
    dealer: Dealer, store: Database
) -> None:
    """RULES §13.1: an uninvited player not in a hand leaves at once with their stack; one in
    the hand plays it to its end (no fold for them) and leaves with their stack then."""
    await private_table(dealer)
    async with dealer.locked(CHANNEL) as table:
        for user in (FRIEND, STRANGER):
            await private.invite(table, HOST, user, f"P{user}")
        for user in (HOST, FRIEND, STRANGER):
            await table.join(user, f"P{user}", 300)
        await private.uninvite(table, HOST, STRANGER, "P102")  # no hand yet: gone now
        assert STRANGER not in table.seats
        assert await store.balance(GUILD, STRANGER) == 1000
        await table.start(HOST)
        assert table.dealt_in(FRIEND)
        await private.uninvite(table, HOST, FRIEND, "P101")
        assert FRIEND in table.seats and not table.seats[FRIEND].leaving  # plays on
        while table.hand is not None and not table.hand.is_complete:
            await act(table, passive(table))
    assert FRIEND not in table.seats  # gone with the hand's end, their stack with them
    [(stack,)] = await sql(
        store, "SELECT delta FROM ledger WHERE user_id = ? AND reason = 'cash_out'", (FRIEND,)
    )
    assert stack > 0 and await store.balance(GUILD, FRIEND) == 1000 - 300 + stack


async def test_invitations_survive_a_restart(store: Database, clock: FakeClock) -> None:
    """RULES §13: the invitations are the table's, stored with it."""
    first = Dealer(store, clock=clock, entropy=Entropy.seeded(7), hand_pause=2)
    await private_table(first)
    async with first.locked(CHANNEL) as table:
        await private.invite(table, HOST, FRIEND, "Friend")
    again = Dealer(store, clock=clock, entropy=Entropy.seeded(7), hand_pause=2)
    await again.resume()
    restored = again.tables[CHANNEL]
    assert restored.options.private and restored.options.invited == (FRIEND,)
    assert private.admits(restored, FRIEND) and not private.admits(restored, STRANGER)


async def test_a_private_sit_and_go_registers_only_those_invited(
    dealer: Dealer, store: Database
) -> None:
    """RULES §13.1: registration too; an invitation taken back before the start gives the
    buy-in back (RULES §7.1)."""
    table = await new_tournament(dealer, "razz", max_players=4, private=True)
    async with dealer.locked(CHANNEL) as locked:
        with pytest.raises(TableError) as refused:
            await play.register(locked, STRANGER, "Stranger")
        assert refused.value.message.key == "error-private-table"
        await private.invite(locked, HOST, FRIEND, "Friend")
        await play.register(locked, FRIEND, "Friend")
        assert await store.balance(GUILD, FRIEND) == 900
        await private.uninvite(locked, HOST, FRIEND, "Friend")
    assert FRIEND not in table.seats and await store.balance(GUILD, FRIEND) == 1000
