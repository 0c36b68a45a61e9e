"""`/poker stats`' figures (issue 10), from the facts each finished hand stores: they agree
with the table's own stacks and with the hands replayed from the database."""

from __future__ import annotations

import pytest

from bot.dealer.dealer import Dealer
from bot.poker.events import Action, ActionKind, HandShown
from bot.poker.record import from_record
from bot.store import Database
from tests.dealer.conftest import CHANNEL, GUILD, HOST, FakeClock
from tests.dealer.helpers import act, passive, seated

PLAYERS = (HOST, 101, 102)


async def test_stats_agree_with_the_hands_played(
    dealer: Dealer, store: Database, clock: FakeClock
) -> None:
    await seated(dealer, "seven_card_stud", 3)
    hand_ids = []
    async with dealer.locked(CHANNEL) as table:
        await table.start(HOST)
        for number in range(4):
            hand = table.hand
            assert hand is not None
            hand_ids.append(table.hand_id)
            while not hand.is_complete:  # two hands to a showdown, two folded out
                options = {o.kind for o in hand.legal_actions()}
                if number % 2 and ActionKind.FOLD in options:
                    await act(table, Action(ActionKind.FOLD))
                else:
                    await act(table, passive(table))
            clock.advance(2)
            await table.on_deadline(clock())
        stacks = {user: table.seats[user].stack for user in PLAYERS}
    hands = [from_record(await store.hand_record(h or 0)) for h in hand_ids]
    for user in PLAYERS:
        (game,) = await store.stats(GUILD, user)
        assert game.variant == "seven_card_stud"
        assert game.hands == 4
        assert game.net == stacks[user] - 300
        assert game.net_big_bets == pytest.approx(game.net / 20)  # a sum of floats
        mine = [h for h in hands if user in h.players]
        shown = sum(
            any(isinstance(e, HandShown) and e.player == user for e in h.events) for h in mine
        )
        assert game.showdowns == shown
        assert game.won == sum(h.winnings[h.index_of(user)] > 0 for h in mine)
        assert game.biggest == max(h.winnings[h.index_of(user)] for h in mine)
        voluntary = sum(
            any(
                e.player == user
                and e.kind
                in {ActionKind.CALL, ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE}
                for e in h.actions
            )
            for h in mine
        )
        assert game.voluntary == voluntary
    totals = [(await store.stats(GUILD, user))[0].net for user in PLAYERS]
    assert sum(totals) == 0  # chips only change hands
    assert await store.stats(GUILD, HOST, "triple_draw") == []
