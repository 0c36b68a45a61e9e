"""Issue 35.1: every command and every component, in English and in French, through the fake
Discord that Discord's published specification judges (tests/fakediscord/conformance.py; the
autouse fixture of tests/conftest.py fails a test for any request the spec refuses). The tour
lists the request kinds and commands it saw and fails if one the bot registered was never sent,
or a component the bot posted was never clicked."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest

from tests.e2e.any_language import by_name, live_message, open_and_start, play_passively, settle
from tests.e2e.conftest import Harness
from tests.fakediscord.server import MANAGE_GUILD, FakeDiscord, Message, UserOption

# What the bot sends Discord in a tour: each must have been checked against the spec
REQUEST_KINDS = {
    "PUT /applications/{application_id}/guilds/{guild_id}/commands",
    "POST /interactions/{interaction_id}/{interaction_token}/callback",
    "POST /channels/{channel_id}/messages",
    "PATCH /channels/{channel_id}/messages/{message_id}",
    "POST /users/@me/channels",
    "POST /webhooks/{webhook_id}/{webhook_token}",
    "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original",
    "DELETE /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
}


def leaf_commands(commands: list[dict[str, Any]]) -> set[str]:
    """Every command a member can send, as ``"poker tournament new"``."""

    def walk(prefix: str, options: list[dict[str, Any]]) -> set[str]:
        groups = [o for o in options if o.get("type") in (1, 2)]
        if not groups:
            return {prefix}
        return {
            name
            for option in groups
            for name in walk(f"{prefix} {option['name']}", option.get("options") or [])
        }

    return {
        name for command in commands for name in walk(command["name"], command.get("options") or [])
    }


def kinds_posted(fake: FakeDiscord) -> set[str]:
    """Every component the bot posted (a custom id with its digits left out)."""
    return {
        re.sub(r"\d+", "#", custom)
        for message in fake.messages.values()
        for custom in message.custom_ids.values()
    }


def select_values(message: Message) -> list[str]:
    return [o["value"] for o in message.components[0]["components"][0]["options"]]


async def press(harness: Harness, user: int, channel: int, *names: str) -> None:
    """``user`` presses the live message's buttons ``names``, one after the other."""
    for name in names:
        lobby = live_message(harness.fake, channel)
        custom = by_name(lobby, name)
        assert custom is not None, (name, lobby.content)
        assert (await harness.fake.click(user, lobby.id, custom))["type"] in (4, 7)
        await settle(harness.bot, channel)


async def tour(harness: Harness, language: str) -> None:
    fake, bot = harness.fake, harness.bot
    locale = "fr" if language == "fr" else "en-US"
    channel = fake.add_channel()
    host, guest, third = (fake.add_user(name) for name in ("Ann", "Bob", "Cleo"))
    for user in (host, guest, third):
        fake.locales[user] = locale
    fake.permissions[host] = MANAGE_GUILD

    config = await fake.slash(
        host, channel, "config", group="poker-admin", language=language, commands_per_minute=600
    )
    assert config["type"] == 4
    for command in ("grant", "take"):
        for _ in range(6):  # eleven ledger lines or more: the ledger has pages
            done = await fake.slash(
                host, channel, command, group="poker-admin", user=UserOption(guest), amount=5
            )
            assert done["type"] == 4
    for name in ("balance", "daily", "leaderboard", "stats", "settings", "notify", "seed"):
        assert (await fake.slash(guest, channel, name))["type"] in (4, 5)
    # a season (issue 45): its boards as text and picture, the stats' season picture
    season = await fake.slash(
        host, channel, "season", group="poker-admin", sub="start", name="Tour", ends="2099-12-31"
    )
    assert season["type"] == 4
    for board in ("points", "cash"):
        assert (await fake.slash(guest, channel, "leaderboard", board=board))["type"] == 5
    assert (await fake.slash(guest, channel, "stats"))["type"] == 4
    assert (await fake.slash(host, channel, "season", group="poker-admin", sub="end"))["type"] == 4
    # a private table (RULES §13): its private thread, an invitation given and taken back
    hideout = fake.add_channel()
    assert (await fake.slash(host, hideout, "new", private=True))["type"] == 5
    async with asyncio.timeout(5):
        while not [t for t in fake.threads.values() if t.parent == hideout]:
            await asyncio.sleep(0.01)
    [private] = [t.id for t in fake.threads.values() if t.parent == hideout]
    for command in ("invite", "uninvite"):
        assert (await fake.slash(host, private, command, member=UserOption(guest)))["type"] == 4

    helped = await fake.slash(guest, channel, "help")
    menu = helped["message"]
    for topic in select_values(menu):
        assert (await fake.click(guest, menu.id, menu.custom_ids["select"], values=[topic]))[
            "type"
        ] == 7
    assert (await fake.slash(guest, channel, "rules", variant="triple_draw"))["type"] == 4

    ledger = await fake.slash(guest, channel, "ledger")
    pages = ledger["message"]
    forward = next(c for c in pages.custom_ids.values() if c.endswith(":1"))
    assert (await fake.click(guest, pages.id, forward))["type"] == 7
    board = await fake.slash(host, channel, "ledger", user=UserOption(guest))
    assert board["type"] == 4

    offer = await fake.slash(host, channel, "give", user=UserOption(guest), amount=10)
    confirm = next(c for c in offer["message"].custom_ids.values() if c.endswith(":yes"))
    assert (await fake.click(host, offer["message"].id, confirm))["type"] == 7
    offer = await fake.slash(host, channel, "give", user=UserOption(guest), amount=10)
    cancel = next(c for c in offer["message"].custom_ids.values() if c.endswith(":no"))
    assert (await fake.click(host, offer["message"].id, cancel))["type"] == 7

    # a Triple Draw table: the draw picker, both its choices; the seat's buttons
    await open_and_start(fake, bot, channel, "triple_draw", [host, guest])
    hand_id = await play_passively(fake, bot, channel)
    await settle(bot, channel)
    for name in ("cards", "sitout", "back"):
        assert (await fake.slash(guest, channel, name))["type"] in (4, 5)
    assert (await fake.slash(host, channel, "history"))["type"] in (4, 5)
    assert (await fake.slash(host, channel, "history", hand_id=hand_id))["type"] in (4, 5)
    assert (await fake.slash(host, channel, "verify", hand_id=hand_id))["type"] in (4, 5)
    assert (await fake.slash(host, channel, "bots", count=1))["type"] == 4
    assert (await fake.slash(guest, channel, "leave"))["type"] == 4
    leaving = fake.ephemeral_for(guest)[-1]
    stay = by_name(leaving, "leave_stay", "leave_fold")
    if stay is not None:
        await fake.click(guest, leaving.id, stay)
    assert (await fake.slash(host, channel, "end"))["type"] == 4
    await settle(bot, channel)

    # a lobby: Join, Leave and Start by their buttons, then /poker start
    other = fake.add_channel()
    assert (await fake.slash(host, other, "new", variant="five_card_stud"))["type"] == 4
    assert (await fake.slash(host, other, "join", buy_in=100))["type"] == 4
    await press(harness, third, other, "join", "leave", "join")
    assert (await fake.slash(host, other, "start"))["type"] == 4
    await settle(bot, other)
    table = live_message(fake, other)
    cards = by_name(table, "cards")
    assert cards is not None, table.content
    assert (await fake.click(third, table.id, cards))["type"] in (4, 5)
    for name in ("bring_in", "fold"):  # the bring-in posts it, the other folds
        table = live_message(fake, other)
        custom = by_name(table, name)
        turn = re.search(r"<@(\d+)>", table.content)
        assert custom is not None and turn is not None, table.content
        assert (await fake.click(int(turn[1]), table.id, custom))["type"] == 7
        await settle(bot, other)
    await fake.slash(host, other, "end")
    await settle(bot, other)

    # a sit & go: Register, Unregister, the standings, the cancel
    third_channel = fake.add_channel()
    opened = await fake.slash(host, third_channel, "tournament", sub="new", buy_in=100, seats=3)
    assert opened["type"] == 4
    await press(harness, guest, third_channel, "register", "unregister", "register")
    assert (await fake.slash(guest, third_channel, "tournament", sub="standings"))["type"] == 4
    assert (await fake.slash(host, third_channel, "tournament", sub="cancel"))["type"] == 4

    # a tournament night: scheduled, Register and Unregister on its lobby, listed, cancelled
    nights = fake.add_channel()
    lobby = await fake.slash(host, nights, "tournament", sub="schedule", starts_in=60, buy_in=100)
    assert lobby["type"] == 5, lobby  # deferred, then the lobby
    async with asyncio.timeout(5):
        while not [m for m in fake.channel_messages(nights) if m.custom_ids]:
            await asyncio.sleep(0.01)
    message = next(m for m in fake.channel_messages(nights) if m.custom_ids)
    for label in ("Register", "Unregister"):
        name = next(n for n in message.custom_ids if n in (label, "S'inscrire", "Se désinscrire")
                    and message.custom_ids[n].endswith(label.lower()))  # fmt: skip
        assert (await fake.click(guest, message.id, message.custom_ids[name]))["type"] == 4
    assert (await fake.slash(guest, nights, "tournament", sub="list"))["type"] == 4
    assert (await fake.slash(guest, nights, "tournament", sub="results"))["type"] == 4
    assert (await fake.slash(host, nights, "tournament", sub="cancel"))["type"] == 4


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_every_command_and_component_meets_discords_spec(
    harness: Harness, language: str
) -> None:
    fake = harness.fake
    await tour(harness, language)
    await settle(harness.bot, 0)

    registered = leaf_commands(fake.commands)
    assert "poker tournament new" in registered and "poker-admin config" in registered
    never_sent = registered - set(fake.invoked)
    assert not never_sent, f"commands the tour never sent: {sorted(never_sent)}"

    posted = kinds_posted(fake)
    never_clicked = {kind for kind in posted if kind not in fake.clicked}
    # the actions a hand offers depend on its cards; one of each was clicked above
    never_clicked -= {k for k in never_clicked if re.search(r":(bet|raise|complete)(_#)?$", k)}
    assert not never_clicked, f"components the tour never clicked: {sorted(never_clicked)}"

    unchecked = REQUEST_KINDS - set(fake.checked)
    assert not unchecked, f"request kinds never checked against the spec: {sorted(unchecked)}"
    assert fake.spec_violations == []
