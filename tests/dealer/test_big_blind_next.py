"""Who posts the big blind next (RULES §5.2, §10.4): what balancing moves in a draw game's hand
next (§11.5). Checked against the blinds the next hand really posts."""

from __future__ import annotations

from bot.dealer.dealer import Dealer
from bot.dealer.options import TableOptions
from bot.dealer.seating import big_blind_next
from bot.dealer.table import Table
from bot.poker.events import Action, ActionKind, ForcedBet
from tests.dealer.conftest import CHANNEL, GUILD, HOST, FakeClock


def _fold_or_check(table: Table) -> Action:
    hand = table.live_hand
    assert hand is not None
    for kind in (ActionKind.CHECK, ActionKind.BRING_IN, ActionKind.DRAW):
        option = next((o for o in hand.legal_actions() if o.kind == kind), None)
        if option is not None:
            return Action(kind, option.amount)
    return Action(ActionKind.FOLD)


async def _play_out(dealer: Dealer, table: Table) -> None:
    while (hand := table.live_hand) is not None:
        actor = hand.actor
        assert actor is not None
        await dealer.change(CHANNEL, lambda t, actor=actor: t.act(actor, t.seq, _fold_or_check(t)))


async def _big_blinds(
    dealer: Dealer, clock: FakeClock, variant: str, players: int, hands: int
) -> None:
    table = await dealer.create(
        channel=CHANNEL, guild=GUILD, host=HOST, options=TableOptions(variant=variant)
    )
    async with dealer.locked(CHANNEL) as locked:
        for user in range(players):
            await locked.join(HOST + user, f"P{user}", 300)
    for number in range(hands):
        due = big_blind_next(table)
        if number == 0:
            await dealer.change(CHANNEL, lambda t: t.start(HOST))
        else:
            clock.now = max(table.deadline or clock(), clock())  # the pause between hands
            await dealer.change(CHANNEL, lambda t: t.on_deadline(clock()))
        hand = table.live_hand
        assert hand is not None
        posted = [e.player for e in hand.events if isinstance(e, ForcedBet)]
        if variant == "triple_draw":
            big = [e.player for e in hand.events if isinstance(e, ForcedBet) and "big" in e.kind]
            assert big == [due], (number, posted)
        else:
            assert due is None
        await _play_out(dealer, table)


async def test_the_big_blind_due_next_is_the_one_posted(dealer: Dealer, clock: FakeClock) -> None:
    await _big_blinds(dealer, clock, "triple_draw", players=4, hands=5)


async def test_heads_up_the_big_blind_is_not_the_button(dealer: Dealer, clock: FakeClock) -> None:
    await _big_blinds(dealer, clock, "triple_draw", players=2, hands=3)


async def test_no_big_blind_before_a_stud_hand(dealer: Dealer, clock: FakeClock) -> None:
    await _big_blinds(dealer, clock, "razz", players=3, hands=2)
