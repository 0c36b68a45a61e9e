"""Computer players end to end (issue 22, RULES §8): one person opens a table with `bots:3`,
presses Start and plays; the computer players act in turn on their own, are named as computer
players in the table message, the summaries and the histories, are never mentioned and never
sent a DM, and play with the house's chips (the harness audits every test's end)."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from bot.audit import audit
from bot.store.house import HOUSE, is_computer
from tests.e2e.conftest import Harness, start_harness, stop_bot
from tests.e2e.players import FOLD_OUT, SHOWDOWN, Table
from tests.e2e.test_games import GAMES
from tests.fakediscord.server import GUILD_ID

ROBOT = "🤖 "


async def alone_with_computers(harness: Harness, variant: str, **options: object) -> Table:
    fake = harness.fake
    channel = fake.add_channel()
    alice = fake.add_user("Alice")
    opened = await fake.slash(alice, channel, "new", variant=variant, bots=3, **options)
    assert opened["type"] == 4
    table = Table(fake, harness.bot, channel, [alice])
    await table.settle()
    message = table.message()
    assert message.content.count(ROBOT) == 3, message.content
    assert "press Start to sit down and deal" in message.content
    answer = await fake.click(alice, message.id, message.custom_ids["Start"])
    assert answer["type"] == 7
    return table


@pytest.mark.parametrize("variant", GAMES)
async def test_one_person_plays_against_three_computer_players(
    harness: Harness, variant: str
) -> None:
    table = await alone_with_computers(harness, variant)
    fake, alice = table.fake, table.players[0]
    first = await table.play_hand(SHOWDOWN)
    await table.settle()
    since = len(fake.requests)
    hands = [first, await table.play_hand(FOLD_OUT)]
    await table.settle()
    # the computer players' moves ride the latest click's token (edits, notices, summaries):
    # the channel sees the new hand's message, the old one's buttons going, and the moves made
    # before the person's first click of the hand (README: Requests per hand)
    public = [r for r in fake.rate_limited_requests(since) if f"/{table.channel}/" in r.path]
    assert len(public) <= 8, public
    for hand_id in hands:
        await table.check_privacy(hand_id)
        hand = await table.hand(hand_id)
        assert sum(is_computer(player) for player in hand.players) == 3
        acted = {action.player for action in hand.actions}
        assert any(is_computer(player) for player in acted)  # they acted in turn
    summaries = [message.content for message in table.summaries()]
    assert all(ROBOT in summary for summary in summaries), summaries
    assert any(" shows " in summary for summary in summaries)
    for message in fake.channel_messages(table.channel):
        for version in message.versions:
            assert not re.search(r"<@!?-", version), version  # never mentioned
        assert not any(user < 0 for user in message.pinged)
    thinking = [
        version
        for message in fake.channel_messages(table.channel)
        for version in message.versions
        if "is thinking." in version
    ]
    assert thinking and all(ROBOT in version for version in thinking)
    history = await fake.slash(alice, table.channel, "history", last=2)
    content = history["message"].content
    files = history["message"].files
    assert ROBOT in content or any(ROBOT in file.text for file in files)
    # RULES §8.4: practice chips, shown as such; nothing from or to a wallet or the house
    store = harness.bot.store
    assert "practice chips" in table.message().content.split("\n")[0]
    assert await store.balance(GUILD_ID, HOUSE) == 0
    assert await store.balance(GUILD_ID, alice) == 1000
    moved = await store._one(
        "SELECT COUNT(*) FROM ledger WHERE guild_id = ? AND reason IN ('buy_in', 'cash_out')",
        (GUILD_ID,),
    )
    assert moved == 0
    [audited] = await audit(store)
    assert audited.ok and audited.practice == sum((await store.seats(table_id(table))).values())
    standings = await store.standings(GUILD_ID)
    assert [standing.user_id for standing in standings] == [alice]  # RULES §8.3


async def play_one(table: Table) -> None:
    """The person checks or calls (posts the bring-in), through the button."""
    message = table.message()
    label = next(
        label for choice in SHOWDOWN for label in message.custom_ids if label.startswith(choice)
    )
    await table.fake.click(table.players[0], message.id, message.custom_ids[label])


def table_id(table: Table) -> int:
    return table.bot.dealer.tables[table.channel].id


async def test_the_table_waits_when_only_computer_players_are_left(harness: Harness) -> None:
    """Alice sits out: the hand in progress ends, and no other is dealt to the computers."""
    table = await alone_with_computers(harness, "five_card_stud")
    fake, alice = table.fake, table.players[0]
    await table.play_hand(SHOWDOWN)
    sat = await fake.slash(alice, table.channel, "sitout")
    assert sat["type"] == 4
    dealt = harness.bot.dealer.tables[table.channel].hands_dealt
    async with asyncio.timeout(10):
        while harness.bot.dealer.tables[table.channel].running:
            await table.settle()
            if table.actor() == alice and table.engine_hand() is not None:
                await play_one(table)  # still dealt in this hand: she plays it out
            await asyncio.sleep(0.01)
    live = harness.bot.dealer.tables[table.channel]
    assert not live.running and not live.in_hand
    assert live.hands_dealt <= dealt + 1
    async with asyncio.timeout(5):  # the table message is edited once the change is shown
        while "Computer players don't play alone" not in table.message().content:
            await table.settle()
            await asyncio.sleep(0.01)
    assert "Sitting out: Alice (/poker back to play)." in table.message().content


async def test_bots_command_seats_and_stands_up_computer_players(harness: Harness) -> None:
    fake = harness.fake
    channel = fake.add_channel()
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    await fake.slash(alice, channel, "new", variant="seven_card_stud")
    refused = await fake.slash(bob, channel, "bots", count=2)
    assert "Only the host" in refused["data"]["content"]
    seated = await fake.slash(alice, channel, "bots", count=2, level="strong")
    assert "2 computer players (strong) sit here" in seated["data"]["content"]
    await fake.slash(alice, channel, "join")
    await fake.slash(bob, channel, "join")
    too_many = await fake.slash(alice, channel, "bots", count=7)
    assert "room for 6 computer players" in too_many["data"]["content"]
    table = Table(fake, harness.bot, channel, [alice])
    await table.settle()
    assert table.message().content.count(ROBOT) == 2
    await fake.slash(alice, channel, "bots", count=0, level="easy")
    await table.settle()
    assert ROBOT not in table.message().content
    assert await harness.bot.store.balance(GUILD_ID, HOUSE) == 0  # every chip back


async def test_a_restart_while_a_computer_player_is_to_act(tmp_path: Path) -> None:
    """The bot stops with a computer player to act (its pause not over); started again, the
    computer player acts and the hand goes on."""
    harness, task = await start_harness(tmp_path, bot_pause_seconds="30")
    fake = harness.fake
    try:
        table = await alone_with_computers(harness, "seven_card_stud")
        for _ in range(300):  # Alice acts until a computer player is to act
            await table.settle()
            hand = table.engine_hand()
            if hand is not None and hand.actor is not None and is_computer(hand.actor):
                break
            if table.actor() == table.players[0]:
                await play_one(table)
            await asyncio.sleep(0.01)
        hand = table.engine_hand()
        assert hand is not None and hand.actor is not None and is_computer(hand.actor)
        actions = len(hand.actions)
        hand_id = harness.bot.dealer.tables[table.channel].hand_id
        assert hand_id is not None
    finally:
        await stop_bot(harness, task)
    again, task = await start_harness(tmp_path, fake=fake, bot_pause_seconds="0")
    try:
        for _ in range(500):
            stored = await again.bot.store.hand_record(hand_id)
            if len(stored["actions"]) > actions:
                break
            await asyncio.sleep(0.01)
        assert len(stored["actions"]) > actions  # the computer player acted
    finally:
        await stop_bot(again, task)
        await fake.stop()


async def test_practice_hands_and_sit_and_gos_are_shown_as_practice(harness: Harness) -> None:
    """Issue 42.15 (RULES §8.4): after practice hands, `/poker stats` shows them game by game
    (it said "No finished hands yet." above them); a practice sit & go shows no buy-in of 0,
    no prizes of 0, and its cancel no refunds of 0."""
    table = await alone_with_computers(harness, "razz")
    fake, alice = table.fake, table.players[0]
    for _ in range(2):
        await table.play_hand(SHOWDOWN)
    stats = (await fake.slash(alice, table.channel, "stats"))["message"].content
    assert "No finished hands" not in stats, stats
    lines = stats.split("\n")
    practice = next(n for n, line in enumerate(lines) if line.startswith("Practice tables"))
    assert lines[practice + 1].startswith("Razz: 2 hands · played"), lines  # a game's line
    room = fake.add_channel()
    opened = await fake.slash(alice, room, "tournament", sub="new", bots=2, seats=4)
    assert opened["type"] == 4, opened
    sit = Table(fake, harness.bot, room, [alice])
    await sit.settle()
    shown = sit.message().content
    assert "practice chips" in shown.split("\n")[0], shown
    assert "Buy-in 0" not in shown and "Prizes" not in shown and ": 0" not in shown, shown
    await fake.slash(alice, room, "tournament", sub="cancel")
    await sit.settle()
    said = [m.content for m in fake.channel_messages(room) if "cancelled" in m.content]
    assert said and not re.search(r"\b0\b", said[-1]), said
