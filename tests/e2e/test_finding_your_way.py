"""Finding your way (issue 21): `/poker help` by topic in the member's language, a welcome when
the bot joins a server, and a lobby that says how to start."""

from __future__ import annotations

import asyncio
import re

import pytest

from cogs.poker._help import TOPICS
from tests.e2e.conftest import Harness
from tests.fakediscord.server import EPHEMERAL, FakeDiscord

ENGLISH = re.compile(r"\b(the|press|your|you|hand|chips|players?|wins)\b")


@pytest.mark.parametrize(
    ("locale", "first", "fairness"),
    [
        ("en-US", "**Start a table**", "**Fair deals**"),
        ("fr", "**Ouvrir une table**", "**Donnes vérifiables**"),
    ],
)
async def test_help_is_one_private_page_per_topic_in_the_members_language(
    harness: Harness, locale: str, first: str, fairness: str
) -> None:
    fake = harness.fake
    channel, member = fake.add_channel(), fake.add_user("Newcomer")
    fake.locales[member] = locale
    answer = await fake.slash(member, channel, "help")
    page = answer["message"]
    assert answer["data"]["flags"] & EPHEMERAL and page.ephemeral_for == member
    assert page.content.startswith(first)
    assert "/poker " in page.content  # the commands to type
    menu = page.components[0]["components"][0]
    assert [option["value"] for option in menu["options"]] == list(TOPICS)
    turned = await fake.click(member, page.id, page.custom_ids["select"], values=["fairness"])
    assert turned["type"] == 7  # the same private message, another page
    assert page.content.startswith(fairness)
    if locale == "fr":
        for topic in TOPICS:
            shown = await fake.slash(member, channel, "help", topic=topic)
            assert not ENGLISH.search(shown["message"].content), shown["message"].content


async def test_a_welcome_in_the_system_channel_only_where_the_bot_may_post(
    harness: Harness,
) -> None:
    fake: FakeDiscord = harness.fake
    welcomed = await fake.join_guild()
    channel = fake.system_channels[welcomed]
    async with asyncio.timeout(5):
        while not fake.channel_messages(channel):
            await fake.change(channel)
    (welcome,) = fake.channel_messages(channel)
    assert "/poker new" in welcome.content and "/poker help" in welcome.content
    assert welcome.pinged == frozenset()
    quiet = await fake.join_guild(may_post=False)
    nowhere = await fake.join_guild(system_channel=False)
    await asyncio.sleep(0.2)  # the joins are seen (a negative: nothing may come of them)
    assert harness.bot.get_guild(quiet) is not None and harness.bot.get_guild(nowhere)
    assert fake.channel_messages(fake.system_channels[quiet]) == []
    posted = [r for r in fake.requests if r.method == "POST" and "/messages" in r.path]
    assert len(posted) == 1  # the welcome, nothing else (no channel guessed)


async def test_the_lobby_says_in_one_line_how_to_start(harness: Harness) -> None:
    fake = harness.fake
    channel, host, friend = fake.add_channel(), fake.add_user("Host"), fake.add_user("Friend")
    opened = (await fake.slash(host, channel, "new", variant="five_card_stud"))["message"]
    assert opened.content.split("\n")[-1] == "Need 2 players: press Join."
    assert "No one is seated" not in opened.content
    await fake.slash(host, channel, "join")
    await fake.click(friend, opened.id, opened.custom_ids["Join"])
    assert opened.content.split("\n")[-1] == "Ready: press Start to deal."
    assert list(opened.custom_ids) == ["Join", "Leave", "Start"]  # no My cards between hands


KIND = {
    "en-US": ("watching this hand", "dealt in from the next hand", "still in this hand"),
    "fr": ("Tu regardes cette main", "dès la main suivante", "encore dans cette main"),
}
LEAVE_ANYWAY = {"en-US": "Leave anyway", "fr": "Partir quand même"}


@pytest.mark.parametrize("locale", sorted(KIND))
async def test_spectators_latecomers_and_leavers_are_told_kindly(
    harness: Harness, locale: str
) -> None:
    """Issue 21: a spectator's click on anything (Draw too) is refused kindly, a player seated
    since the deal is told when they are dealt in, /poker leave in a hand asks first: in the
    clicker's language."""
    from tests.e2e.any_language import TURN_ANY, by_name, live_message, open_and_start, settle

    fake, bot = harness.fake, harness.bot
    watching, seated, asked = KIND[locale]
    channel = fake.add_channel()
    players = [fake.add_user(name) for name in ("Ann", "Bob")]
    spectator, late = fake.add_user("Zoe"), fake.add_user("Lou")
    for person in (*players, spectator, late):
        fake.locales[person] = locale
    await open_and_start(fake, bot, channel, "triple_draw", players)
    for _ in range(2):  # the button calls, the big blind checks: the first draw
        table = live_message(fake, channel)
        turn = TURN_ANY.search(table.content)
        action = by_name(table, "call", "check")
        assert turn is not None and action is not None
        await fake.click(int(turn[1]), table.id, action)
        await settle(bot, channel)
    table = live_message(fake, channel)
    assert by_name(table, "draw") is not None
    for custom in table.custom_ids.values():  # Draw and My cards
        refused = (await fake.click(spectator, table.id, custom))["message"]
        assert refused.ephemeral_for == spectator and watching in refused.content, custom
    await fake.slash(late, channel, "join")
    action = by_name(table, "draw")
    assert action is not None
    refused = (await fake.click(late, table.id, action))["message"]
    assert seated in refused.content
    leaver = players[0]
    question = (await fake.slash(leaver, channel, "leave"))["message"]
    assert asked in question.content and question.ephemeral_for == leaver
    assert not bot.dealer.tables[channel].seats[leaver].leaving  # nothing before the yes
    labels = [item["label"] for row in question.components for item in row["components"]]
    assert labels[0] == LEAVE_ANYWAY[locale]
    stay = by_name(question, "leave_stay")
    assert stay is not None
    await fake.click(leaver, question.id, stay)
    await settle(bot, channel)
    assert not bot.dealer.tables[channel].seats[leaver].leaving
