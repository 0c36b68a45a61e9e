"""Dealer's choice at the table runtime (RULES §10.5), the defects a review found (issue 42):
the chooser's clock against the idle close and across a restart, a chooser who leaves, and
a game the clock picked, which nobody chose."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.dealer.deadline import Deadline
from bot.dealer.dealer import Dealer
from bot.dealer.options import TableOptions
from bot.dealer.table import Table, TableError
from bot.store import Database
from bot.text import Msg, Name, render
from tests.dealer.conftest import CHANNEL, GUILD, HOST, FakeClock
from tests.dealer.helpers import PLAYERS, act, passive
from tests.dealer.test_table import next_hand


async def choosing_table(
    dealer: Dealer, players: int = 3, name: str = "P{}", **options: object
) -> Table:
    """A dealer's-choice table of Razz and Triple Draw, started: its first chooser is asked.
    ``name``: the players' names (``{}``: their id)."""
    chosen = {"variant": "razz", "dealers_choice": True, "games": ("razz", "triple_draw")}
    await dealer.create(
        channel=CHANNEL,
        guild=GUILD,
        host=HOST,
        options=TableOptions.model_validate(chosen | options),
    )
    async with dealer.locked(CHANNEL) as table:
        for player in PLAYERS[:players]:
            await table.join(player, name.format(player), 300)
        await table.start(HOST)
        assert table.options.game_round.choosing
        assert table.deadline_kind is Deadline.CHOICE
    return table


async def test_the_idle_close_waits_for_the_choosers_clock(
    dealer: Dealer, clock: FakeClock
) -> None:
    """RULES §10.5: the chooser has the whole action clock, even a clock longer than the
    table's idle time; the table deals then, it does not close as idle."""
    table = await choosing_table(dealer, action_seconds=600, idle_minutes=5)
    due = table.due()
    assert due == clock() + timedelta(seconds=600), due  # the choice, not the idle close
    clock.advance(301)
    async with dealer.locked(CHANNEL) as locked:
        await locked.on_deadline(clock())
        assert not locked.closed
        assert locked.options.game_round.choosing
    clock.advance(300)
    async with dealer.locked(CHANNEL) as locked:
        await locked.on_deadline(clock())
        assert locked.in_hand and not locked.closed  # the clock chose: dealt
        assert locked.options.game_round.by_clock


async def test_a_restart_gives_the_chooser_their_clock_again(
    dealer: Dealer, store: Database, clock: FakeClock
) -> None:
    """As a hand's actor after a restart (RULES §6.1), the chooser gets the whole clock
    again: two minutes down does not choose for them at once."""
    await choosing_table(dealer, action_seconds=60)
    clock.advance(120)
    again = Dealer(store, clock=clock, hand_pause=2)
    await again.resume()
    table = again.tables[CHANNEL]
    assert table.deadline_kind is Deadline.CHOICE
    assert table.deadline == clock() + timedelta(seconds=60)
    async with again.locked(CHANNEL) as locked:
        await locked.on_deadline(clock())
        assert locked.options.game_round.choosing and not locked.in_hand


@pytest.mark.parametrize("how", ["leave", "sitout"])
async def test_a_chooser_who_goes_passes_the_choice_on(dealer: Dealer, how: str) -> None:
    """A chooser who leaves (or sits out) chooses nothing: the choice passes to the next
    player, and the one who went is refused (RULES §10.5: a player dealt in chooses)."""
    table = await choosing_table(dealer)
    chooser = table.options.game_round.chooser
    assert chooser is not None
    seq = table.seq
    async with dealer.locked(CHANNEL) as locked:
        if how == "leave":
            await locked.leave(chooser)
        else:
            await locked.sit_out(chooser)
        after = locked.options.game_round
        assert after.choosing and after.chooser not in (None, chooser)
        assert locked.deadline_kind is Deadline.CHOICE
        with pytest.raises(TableError):
            await locked.choose_game(chooser, seq, "razz")
        with pytest.raises(TableError):
            await locked.choose_game(chooser, locked.seq, "razz")
        assert after.chooser is not None
        await locked.choose_game(after.chooser, locked.seq, "triple_draw")
        assert locked.hand is not None and locked.hand.variant.key == "triple_draw"
        assert chooser not in locked.hand.players


async def test_a_chooser_leaving_two_handed_stops_the_table(dealer: Dealer) -> None:
    """Alone after the chooser left, nobody chooses: the table waits for players."""
    table = await choosing_table(dealer, players=2)
    chooser = table.options.game_round.chooser
    assert chooser is not None
    async with dealer.locked(CHANNEL) as locked:
        await locked.leave(chooser)
        assert not locked.options.game_round.choosing
        assert not locked.running and locked.deadline is None


async def test_the_clocks_pick_is_not_said_to_be_the_players_choice(
    dealer: Dealer, clock: FakeClock
) -> None:
    """Issue 42.7: when the clock picks, the table line says so, not "Sam's choice"."""
    table = await choosing_table(dealer, action_seconds=30)
    name = table.options.game_round.chooser_name
    clock.advance(31)
    async with dealer.locked(CHANNEL) as locked:
        await locked.on_deadline(clock())
        line = locked.games.line(locked.hands_dealt, in_hand=True)
    assert line is not None
    words = {language: render(language, line) for language in ("en", "fr")}
    assert "clock" in words["en"] and f"{name}'s choice" not in words["en"], words
    assert f"choisi par {name}" not in words["fr"], words


async def test_the_choice_line_escapes_the_choosers_name(dealer: Dealer) -> None:
    """Issue 42.2: the chooser's name is a Name (escaped when rendered), never raw text."""
    table = await choosing_table(dealer, name="[Free{}](https://evil.example)")
    chooser = table.options.game_round.chooser
    assert chooser is not None
    async with dealer.locked(CHANNEL) as locked:
        await locked.choose_game(chooser, locked.seq, "razz")
        line = locked.games.line(locked.hands_dealt, in_hand=True)
    assert isinstance(line, Msg)
    assert Name(f"[Free{chooser}](https://evil.example)") in dict(line.args).values()
    assert "](https" not in render("en", line)


async def test_the_choice_passes_on_from_a_chooser_who_left(
    dealer: Dealer, clock: FakeClock
) -> None:
    """RULES §10.5: the choice passes to the next player after the last chooser, even once
    that chooser's seat is empty (it was counted from the button then: seat 1 chose again)."""
    table = await choosing_table(dealer, players=4)
    async with dealer.locked(CHANNEL) as locked:
        first = locked.options.game_round.chooser
        assert first is not None and locked.seats[first].number == 1
        await locked.choose_game(first, locked.seq, "razz")
        while locked.hands_dealt < 4 or locked.in_hand:
            if locked.in_hand:
                await act(locked, passive(locked))
            else:
                await next_hand(locked, clock)
        await next_hand(locked, clock)  # the round is over: the next player chooses
        second = locked.options.game_round.chooser
        assert second is not None and locked.options.game_round.choosing
        assert locked.seats[second].number == 2
        await locked.leave(second)
        third = locked.options.game_round.chooser
        assert third is not None and locked.seats[third].number == 3, third
        await locked.choose_game(third, locked.seq, "triple_draw")
        while locked.in_hand or locked.options.game_round.left:
            if locked.in_hand:
                await act(locked, passive(locked))
            else:
                await next_hand(locked, clock)
        await next_hand(locked, clock)
        fourth = locked.options.game_round.chooser
        assert fourth is not None and locked.seats[fourth].number == 4, fourth
    assert table.id
