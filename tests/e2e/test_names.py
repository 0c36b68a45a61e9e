"""Display names that would rewrite a line (issue 20.3): bidirectional controls reverse
what follows them (``Seat 3 \u202eevil 96`` shows the stack as 69 and mirrors every later name),
so no name reaches a message, a picture or a history with one."""

from __future__ import annotations

import asyncio
import contextlib
import re

from bot.text.catalogue import plain
from tests.dealer.conftest import FakeClock
from tests.e2e.conftest import Harness
from tests.e2e.players import SHOWDOWN, Table
from tests.e2e.test_history import ask
from tests.e2e.test_tournaments import SMALL, open_sit_and_go, play_to_the_end, register
from tests.fakediscord.model import MANAGE_GUILD
from tests.fakediscord.server import FakeDiscord

BIDI = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")
NAMES = ("Ann\u202eevil", "\u2067Bob\u2069 \u200f", "\u202dCa\u200erol\u202c")


def test_every_bidirectional_control_is_dropped_from_a_shown_name() -> None:
    for name in NAMES:
        assert not BIDI.search(plain(name))
    assert plain("Ann\u202eevil") == "Annevil"


async def test_no_bidirectional_control_reaches_a_message_or_a_history(harness: Harness) -> None:
    fake = harness.fake
    channel = fake.add_channel()
    players = [fake.add_user(name) for name in NAMES]
    await fake.slash(players[0], channel, "new", variant="seven_card_stud")
    table = Table(fake, harness.bot, channel, players)
    for player in players:
        joined = await fake.slash(player, channel, "join", buy_in=300)
        assert "seat" in joined["data"]["content"]
    await table.settle()
    await fake.click(players[0], table.message().id, table.message().custom_ids["Start"])
    hand_id = await table.play_hand(SHOWDOWN)
    shown = [v for m in fake.channel_messages(channel) for v in m.versions]
    assert any("Annevil" in version for version in shown)
    for version in shown:
        assert not BIDI.search(version), version
    content, sent = await ask(table, players[0], hand_id=hand_id)
    assert sent is not None
    assert not BIDI.search(content)
    assert not BIDI.search(sent.text)
    assert "Annevil" in sent.text


# each a display name of 32 characters or fewer, as Discord allows (issue 42.2)
MARKDOWN_NAMES = ("[Free](https://evil.example)", "<@123456789012345678>", "||spoiler|| **bold**")


def every_text(fake: FakeDiscord, channel: int, people: list[int]) -> list[str]:
    """Every version of every public message of the channel, and every private answer and DM
    its players received."""
    texts = [version for message in fake.channel_messages(channel) for version in message.versions]
    for person in people:
        for message in [*fake.ephemeral_for(person), *fake.dms(person)]:
            texts.extend(message.versions or [message.content])
    return texts


def nothing_raw(texts: list[str]) -> None:
    for text in texts:
        for name in MARKDOWN_NAMES:
            assert name not in text, text
        assert "](http" not in text, text


async def test_markdown_names_are_written_as_names_in_every_message(
    clocked: tuple[Harness, FakeClock],
) -> None:
    """Issue 42.2: a name with a masked link, a mention, spoilers and bold is escaped in every
    message that names a player: the table message's seats, recent actions and the dealer's
    choice line, the choice and clock notices, a refusal naming the chooser, summaries, a
    player leaving, the table closing."""
    harness, clock = clocked
    fake = harness.fake
    channel = fake.add_channel()
    people = [fake.add_user(name) for name in MARKDOWN_NAMES]
    admin = fake.add_user("Admin")
    fake.permissions[admin] = MANAGE_GUILD
    await fake.slash(admin, channel, "config", group="poker-admin", commands_per_minute=600)
    await fake.slash(people[0], channel, "new", variant="dealers_choice", games="razz, 2-7")
    for person in people:
        await fake.slash(person, channel, "join", buy_in=300)
    table = Table(fake, harness.bot, channel, people)
    await table.settle()
    await fake.click(people[0], table.message().id, table.message().custom_ids["Start"])
    await table.settle()
    chooser = harness.bot.dealer.tables[channel].options.game_round.chooser
    other = next(person for person in people if person != chooser)
    shown = table.message()
    refused = await fake.click(other, shown.id, shown.custom_ids["Choose the game"])
    assert refused["data"]["content"].startswith("It is "), refused
    clock.advance(61)  # the clock picks: the clock's line names the chooser too
    harness.bot.dealer.wake()
    for _ in range(3):
        await table.play_hand(SHOWDOWN)
        clock.advance(6)
        harness.bot.dealer.wake()
    async with asyncio.timeout(5):  # the round is over: the next player chooses
        while "Choose the game" not in table.message().custom_ids:
            await table.settle()
            await asyncio.sleep(0.01)
    chooser = harness.bot.dealer.tables[channel].options.game_round.chooser
    assert chooser is not None
    shown = table.message()
    opened = await fake.click(chooser, shown.id, shown.custom_ids["Choose the game"])
    picker = opened["message"]
    await fake.click(chooser, picker.id, picker.custom_ids["select"], values=["razz"])
    await table.play_hand(SHOWDOWN)
    clock.advance(6)
    harness.bot.dealer.wake()
    await table.settle()
    leaving = next(p for p in people if p not in harness.bot.dealer.tables[channel].hand.players
                   ) if harness.bot.dealer.tables[channel].in_hand else people[2]  # fmt: skip
    await fake.slash(leaving, channel, "leave")
    await fake.slash(people[0], channel, "end")
    for _ in range(3):
        if harness.bot.dealer.tables.get(channel) is None:
            break
        with contextlib.suppress(AssertionError, TimeoutError):
            await table.play_hand(SHOWDOWN)
    await table.settle()
    texts = every_text(fake, channel, people)
    for said in ("It is ", "picked by the clock for", "chooses Razz", "left with", "Table closed"):
        assert any(said in text for text in texts), said
    for name in MARKDOWN_NAMES:  # each name was written, escaped
        assert any(plain(name) in text for text in texts), name
    nothing_raw(texts)


async def test_markdown_names_in_a_sit_and_go(harness: Harness) -> None:
    """Issue 42.2, a sit & go: its standings (registering and running), knock-outs and
    results write each name escaped."""
    fake = harness.fake
    people = [fake.add_user(name) for name in MARKDOWN_NAMES]
    room = fake.add_channel()
    await open_sit_and_go(fake, people[0], room, variant="five_card_stud", seats=3, **SMALL)
    sit = Table(fake, harness.bot, room, people)
    await sit.settle()
    await register(sit, people[0], people[1])
    await fake.slash(people[0], room, "tournament", sub="standings")
    await register(sit, people[2])  # full: it starts
    await fake.slash(people[1], room, "tournament", sub="standings")
    await play_to_the_end(harness, sit)
    texts = every_text(fake, room, people)
    for said in ("is out in", "Sit & go over", "registered"):
        assert any(said in text for text in texts), said
    for name in MARKDOWN_NAMES:
        assert any(plain(name) in text for text in texts), name
    nothing_raw(texts)
