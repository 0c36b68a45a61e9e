"""Sit & go tournaments end to end (issue 23, RULES §7): opened with `/poker tournament new`,
entered with Register, played through the table's buttons down to one winner while the stakes
rise on the table message, players knocked out with their places in the summaries, the prizes
paid into wallets, the results posted; with computer players; across a restart; unregistering
and cancelling. The audit holds after every hand (and the harness audits every test's end)."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from bot.audit import audit
from bot.store.house import HOUSE
from bot.tournament import play
from bot.tournament.structure import split_by_chips, stakes_at
from tests.e2e.conftest import Harness, start_harness, stop_bot
from tests.e2e.players import Table
from tests.e2e.test_games import GAMES
from tests.fakediscord.server import GUILD_ID, FakeDiscord

PUSH = ("Bet", "Complete", "Call", "Bring-in", "Check")  # bets, calls, never raises
LEVEL = re.compile(r"\*\*Level (\d+)\*\*")
OUT = re.compile(r"(\w+) is out in (\d+)(?:st|nd|rd|th) place\.")
MANAGE_GUILD = "32"
SMALL = {"buy_in": 100, "starting_chips": 100, "level_hands": 2}


async def open_sit_and_go(fake: FakeDiscord, host: int, channel: int, **options: object) -> None:
    """Opened by ``host``; a whole tournament is many clicks: the server allows 600 a minute."""
    admin = fake.add_user("Admin")
    fake.permissions[admin] = MANAGE_GUILD
    allowed = await fake.slash(
        admin, channel, "config", group="poker-admin", commands_per_minute=600
    )
    assert "600" in allowed["message"].content
    opened = await fake.slash(host, channel, "tournament", sub="new", **options)
    assert opened["type"] == 4, opened


def registration(table: Table) -> dict[str, str]:
    return table.message().custom_ids


async def register(table: Table, *users: int) -> None:
    for user in users:
        message = table.message()
        answer = await table.fake.click(user, message.id, message.custom_ids["Register"])
        assert answer["type"] == 7, answer  # the registration message, updated
        await table.settle()


def results(fake: FakeDiscord, channel: int) -> str | None:
    found = [m.content for m in fake.channel_messages(channel) if "Sit & go over" in m.content]
    return found[-1] if found else None


async def play_to_the_end(harness: Harness, table: Table, most: int = 200) -> str:
    """Every person pushes through the buttons until the results are posted; the audit holds
    after every hand."""
    fake = table.fake
    for _ in range(most):
        await table.settle()
        done = results(fake, table.channel)
        if done is not None:
            return done
        live = harness.bot.dealer.tables.get(table.channel)
        if live is None or not live.in_hand or table.actor() is None:
            await asyncio.sleep(0.02)
            continue
        before = len(table.summaries())
        await table.play_hand(PUSH, check_view=False)
        assert len(table.summaries()) > before
        [audited] = await audit(harness.bot.store)
        assert audited.ok, audited.line()
    raise AssertionError("the sit & go never ended")


@pytest.mark.parametrize("variant", GAMES)
async def test_a_four_player_sit_and_go_is_played_to_its_winner(
    harness: Harness, variant: str
) -> None:
    fake = harness.fake
    channel = fake.add_channel()
    people = [fake.add_user(name) for name in ("Alice", "Bob", "Carol", "Dave")]
    await open_sit_and_go(fake, people[0], channel, variant=variant, seats=4, **SMALL)
    table = Table(fake, harness.bot, channel, people)
    await table.settle()
    shown = table.message().content
    assert "Sit & go" in shown and "Buy-in 100" in shown and "Prizes for 2 entrants" in shown
    assert list(registration(table)) == ["Register", "Unregister"]  # Start: two entrants
    await register(table, *people)  # the fourth fills the table: it starts at once
    assert harness.bot.dealer.tables[channel].in_hand
    first = harness.bot.dealer.tables[channel].hand_id
    over = await play_to_the_end(harness, table)
    assert first is not None
    await table.check_privacy(first)
    # its history names the sit & go and the level
    history = await fake.slash(people[0], channel, "history", hand_id=first)
    replay = history["message"].content + "".join(f.text for f in history["message"].files)
    assert re.search(r"Sit & go #\d+ · level 1", replay), replay
    # the stakes rose on the table message, level by level
    levels = [
        int(match[1])
        for message in fake.channel_messages(channel)
        for version in message.versions
        for match in [LEVEL.search(version)]
        if match
    ]
    assert levels and levels == sorted(levels) and levels[-1] >= 2, levels
    # knocked out with their places; the results name every entrant in finishing order
    outs = [
        (match[1], int(match[2]))
        for summary in table.summaries()
        for match in OUT.finditer(summary.content)
    ]
    places = {place for _, place in outs}
    assert places <= {2, 3, 4} and 2 in places, outs
    lines = over.split("\n")[1:]
    assert len(lines) == 4 and lines[0].startswith("1. ") and lines[0].endswith("· 400 chips")
    winner = lines[0][3:].split(" · ")[0]
    winner_id = people[["Alice", "Bob", "Carol", "Dave"].index(winner)]
    assert await harness.bot.store.balance(GUILD_ID, winner_id) == 1300
    for other in people:
        if other != winner_id:
            assert await harness.bot.store.balance(GUILD_ID, other) == 900
    assert channel not in harness.bot.dealer.tables
    # a DM told each person their finish
    for person in people:
        assert any("sit & go" in dm.content for dm in fake.dms(person)), person


async def test_two_people_and_two_computer_players(harness: Harness) -> None:
    """The host opens with `bots:2`, Bob registers, the host starts. With computer players
    it is a practice sit & go (RULES §8.4): no buy-in, no prize, the house pays nothing."""
    fake = harness.fake
    channel = fake.add_channel()
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    await open_sit_and_go(fake, alice, channel, variant="seven_card_stud", seats=4, bots=2, **SMALL)
    table = Table(fake, harness.bot, channel, [alice, bob])
    await table.settle()
    assert table.message().content.count("🤖") == 2
    assert await harness.bot.store.balance(GUILD_ID, HOUSE) == 0
    assert "practice chips" in table.message().content
    await register(table, alice)
    refused = await fake.click(bob, table.message().id, registration(table)["Start"])
    assert "Only the host" in refused["data"]["content"]
    await register(table, bob)  # four: full, it starts
    over = await play_to_the_end(harness, table)
    assert "🤖" in over
    assert len(over.split("\n")) == 5
    store = harness.bot.store
    wallets = [await store.balance(GUILD_ID, user) for user in (HOUSE, alice, bob)]
    assert wallets == [0, 1000, 1000]  # practice: nothing taken, nothing paid
    assert (await store.tournament_stats(GUILD_ID, alice)).played == 0  # counted apart


async def test_unregistering_and_cancelling_before_the_start(harness: Harness) -> None:
    fake = harness.fake
    channel = fake.add_channel()
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    await open_sit_and_go(fake, alice, channel, variant="triple_draw", buy_in=250)
    table = Table(fake, harness.bot, channel, [alice, bob])
    await table.settle()
    await register(table, alice, bob)
    assert await harness.bot.store.balance(GUILD_ID, bob) == 750
    message = table.message()
    answer = await fake.click(bob, message.id, message.custom_ids["Unregister"])
    assert answer["type"] == 7
    await table.settle()
    assert await harness.bot.store.pending_notices() == []  # every notice could be posted
    assert await harness.bot.store.balance(GUILD_ID, bob) == 1000
    ledger = await fake.slash(bob, channel, "ledger")
    rows = ledger["message"].content.split("\n")
    assert "+250 · sit & go refund" in rows[1] and "sit & go #" in rows[1], rows
    assert "-250 · sit & go buy-in" in rows[2] and "sit & go #" in rows[2], rows
    refused = await fake.slash(bob, channel, "tournament", sub="cancel")
    assert "Only the host" in refused["data"]["content"]
    done = await fake.slash(alice, channel, "tournament", sub="cancel")
    assert done["type"] == 4
    await table.settle()
    assert await harness.bot.store.balance(GUILD_ID, alice) == 1000
    assert any("Buy-ins refunded" in m.content for m in fake.channel_messages(channel))


async def test_cancelling_after_the_start_shares_the_pool_by_chips(harness: Harness) -> None:
    fake = harness.fake
    channel = fake.add_channel()
    alice, bob, admin = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Manager")
    fake.permissions[admin] = MANAGE_GUILD
    await open_sit_and_go(fake, alice, channel, variant="five_card_stud", seats=2, **SMALL)
    table = Table(fake, harness.bot, channel, [alice, bob])
    await table.settle()
    await register(table, alice, bob)
    await table.play_hand(("Call", "Check", "Bring-in"), check_view=False)
    refused = await fake.slash(alice, channel, "tournament", sub="cancel")
    assert "Manage Server" in refused["data"]["content"]
    standings = await fake.slash(bob, channel, "tournament", sub="standings")
    assert "still in" in standings["data"]["content"]
    chips = await harness.bot.store.seats(harness.bot.dealer.tables[channel].id)
    await fake.slash(admin, channel, "tournament", sub="cancel")
    await table.settle()
    shares = split_by_chips(200, {user: chips[user] for user in (alice, bob)})
    for user in (alice, bob):
        assert await harness.bot.store.balance(GUILD_ID, user) == 900 + shares[user]
    assert any("shared by chip counts" in m.content for m in fake.channel_messages(channel))


async def test_a_restart_in_the_middle(tmp_path: Path) -> None:
    """Stopped after some hands, started again: the same level, places already given, and it
    plays on to its end."""
    harness, task = await start_harness(tmp_path)
    fake = harness.fake
    channel = fake.add_channel()
    people = [fake.add_user(name) for name in ("Alice", "Bob", "Carol")]
    try:
        await open_sit_and_go(fake, people[0], channel, variant="stud_hi_lo", seats=3, **SMALL)
        table = Table(fake, harness.bot, channel, people)
        await table.settle()
        await register(table, *people)
        for _ in range(3):  # checked and called down: nobody is out yet
            await table.play_hand(("Check", "Call", "Bring-in"), check_view=False)
    finally:
        await stop_bot(harness, task)
    stopped = harness.bot.dealer.tables[channel]  # as it was when the bot stopped
    dealt, level = stopped.hands_dealt, stopped.options.small_bet
    again, task = await start_harness(tmp_path, fake=fake)
    try:
        live = again.bot.dealer.tables[channel]
        assert live.hands_dealt in (dealt, dealt + 1)  # the next hand may be dealt already
        if live.hands_dealt == dealt:
            assert live.options.small_bet == level
        game = live.options.game
        assert live.options.stakes == stakes_at(game, 100, play.level(live))  # RULES §7.2
        table = Table(fake, again.bot, channel, people)
        over = await play_to_the_end(again, table)
        assert len(over.split("\n")) == 4
    finally:
        await stop_bot(again, task)
        await fake.stop()


async def test_in_french(harness: Harness) -> None:
    fake = harness.fake
    channel = fake.add_channel()
    alice = fake.add_user("Alice")
    fake.locales[alice] = "fr"
    fake.permissions[alice] = MANAGE_GUILD
    await fake.slash(alice, channel, "config", group="poker-admin", language="fr")
    await open_sit_and_go(fake, alice, channel, variant="seven_card_stud")
    table = Table(fake, harness.bot, channel, [alice])
    await table.settle()
    message = table.message()
    assert list(message.custom_ids) == ["S'inscrire", "Se désinscrire"]
    assert "Cave 500" in message.content and "Premiers niveaux (8 mains chacun)" in message.content
