"""Dealer's choice through the fake Discord (RULES §10.5), as players met it (issue 42): at a
sit & go, the chooser's private list, a clock that picks, a chooser who left."""

from __future__ import annotations

import re

from tests.dealer.conftest import FakeClock
from tests.e2e.conftest import Harness
from tests.e2e.players import SHOWDOWN, Table
from tests.e2e.test_mixed_games import open_mixed
from tests.e2e.test_tournaments import SMALL, open_sit_and_go, register
from tests.fakediscord.model import Message

COUNTDOWN = re.compile(r"<t:\d+:R>")


async def choose(table: Table, user: int, game: str) -> Message:
    """``user`` presses Choose the game and picks ``game``: the private list, as it is after."""
    shown = table.message()
    opened = await table.fake.click(user, shown.id, shown.custom_ids["Choose the game"])
    picker: Message = opened["message"]
    assert picker.ephemeral_for == user
    assert COUNTDOWN.search(picker.content), picker.content  # the chooser's clock, counting
    answer = await table.fake.click(user, picker.id, picker.custom_ids["select"], values=[game])
    assert answer["type"] == 7, answer  # the list itself is answered: replaced
    await table.settle()
    return picker


async def test_a_dealers_choice_sit_and_go_lets_its_chooser_choose(harness: Harness) -> None:
    """Issue 42.1: between a sit & go's hands the table message had no Choose button, so the
    clock chose every round. The chooser presses it, picks, and the game is dealt; the list is
    replaced by what they chose (42.7); before the first deal the title says what it is."""
    fake = harness.fake
    channel = fake.add_channel()
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    await open_sit_and_go(
        fake, alice, channel, variant="dealers_choice", games="razz, triple_draw", seats=2,
        **SMALL,
    )  # fmt: skip
    table = Table(fake, harness.bot, channel, [alice, bob])
    await table.settle()
    head = table.message().content.split("\n")
    assert head[0].startswith("**Sit & go · Dealer's choice"), head  # issue 42.13
    assert "-# The games: Razz and 2-7 Triple Draw" in head[1], head
    await register(table, alice, bob)  # two seats: full, it starts
    shown = table.message()
    chooser = harness.bot.dealer.tables[channel].options.game_round.chooser
    assert chooser in (alice, bob)
    assert "Choose the game" in shown.custom_ids, shown.components
    picker = await choose(table, chooser, "triple_draw")
    assert picker.content == "You chose 2-7 Triple Draw.", picker.content
    assert picker.components == []
    await table.wait_for_turn()
    live = table.engine_hand()
    assert live is not None and live.variant.key == "triple_draw"
    assert table.message().content.startswith("**Sit & go · 2-7 Triple Draw")
    said = [m.id for m in fake.channel_messages(channel) if "chooses 2-7 Triple Draw" in m.content]
    assert said and said[0] < table.message().id  # told before the round's first hand


async def test_the_clock_picks_and_everyone_is_told_it_did(
    clocked: tuple[Harness, FakeClock],
) -> None:
    """Issue 42.7: when the chooser's clock runs out, the table does not say they chose; their
    private list, still open, is replaced by what the clock picked."""
    harness, clock = clocked
    fake = harness.fake
    table = await open_mixed(harness, variant="dealers_choice", games="razz, triple_draw")
    alice = table.players[0]
    await table.settle()
    shown = table.message()
    opened = await fake.click(alice, shown.id, shown.custom_ids["Choose the game"])
    picker: Message = opened["message"]
    assert COUNTDOWN.search(picker.content), picker.content
    clock.advance(61)
    harness.bot.dealer.wake()
    await table.wait_for_turn()
    said = [m.content for m in fake.channel_messages(table.channel)]
    assert "Time: Razz is dealt, the next game in the list, for 3 hands." in said
    told = next(m.id for m in fake.channel_messages(table.channel) if m.content.startswith("Time"))
    assert told < table.message().id  # before the round's first hand
    assert "-# Razz, picked by the clock for Alice · 2 more hands" in table.message().content
    assert "Alice's choice" not in table.message().content
    assert picker.content == "Time ran out: Razz is dealt, the next game in the list."
    assert picker.components == []


async def test_a_chooser_who_left_cannot_choose(harness: Harness) -> None:
    """Issue 42.5: a chooser who left chooses nothing; the next player is asked."""
    table = await open_mixed(harness, variant="dealers_choice", games="razz, triple_draw")
    alice, bob, _ = table.players
    await table.settle()
    shown = table.message()
    stale = shown.custom_ids["Choose the game"]
    left = await table.fake.slash(alice, table.channel, "leave")
    assert "left" in left["data"]["content"].lower() or left["type"] == 4, left
    await table.settle()
    assert f"<@{bob}> chooses the game of the next round" in table.message().content
    refused = await table.fake.click(alice, shown.id, stale)
    assert refused["data"]["flags"] == 64, refused
    assert table.engine_hand() is None
    await choose(table, bob, "razz")
    hand_id = await table.play_hand(SHOWDOWN)
    assert (await table.hand(hand_id)).variant.key == "razz"
