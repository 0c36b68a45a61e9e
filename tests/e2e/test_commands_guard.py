"""Every command guards itself (issue 20.8-20.10): option ranges are checked by the bot, not
only by Discord's client; an unexpected exception in any command is answered and logged once;
a page past the end is clamped. Every refusal is private and moves nothing."""

from __future__ import annotations

import logging

import pytest

from tests.e2e.conftest import Harness
from tests.fakediscord.server import GUILD_ID, MANAGE_GUILD, UserOption


async def test_out_of_range_options_are_refused_by_the_bot(harness: Harness) -> None:
    fake = harness.fake
    channel = fake.add_channel()
    admin, member = fake.add_user("Admin"), fake.add_user("Member")
    fake.permissions[admin] = MANAGE_GUILD
    store = harness.bot.store
    cases = [
        (member, "give", "poker", {"user": UserOption(admin), "amount": 0}, "amount", "1"),
        (member, "give", "poker", {"user": UserOption(admin), "amount": -5}, "amount", "1"),
        (admin, "grant", "poker-admin", {"user": UserOption(member), "amount": -5}, "amount", "1"),
        (admin, "take", "poker-admin", {"user": UserOption(member), "amount": -5}, "amount", "1"),
        (member, "new", "poker", {"small_bet": -4}, "small_bet", "2"),
        (member, "history", "poker", {"hand_id": 10**30}, "hand_id", "1"),
        (member, "verify", "poker", {"hand_id": 0}, "hand_id", "1"),
        (admin, "config", "poker-admin", {"daily_amount": -1}, "daily_amount", "0"),
    ]
    for user, command, group, options, option, low in cases:
        # past Discord's client, which would not send these: a forged or scripted request
        reply = await fake.slash(user, channel, command, group=group, forged=True, **options)
        message = reply["message"]
        assert message.ephemeral_for == user, (command, options)
        assert f"`{option}` must be from {low} to " in message.content, (command, message.content)
        assert not message.custom_ids  # no Confirm to press
    assert await store.balance(GUILD_ID, member) == 1000
    assert await store.balance(GUILD_ID, admin) == 1000
    assert channel not in harness.bot.dealer.tables


async def test_an_unexpected_error_in_a_command_is_answered_and_logged_once(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    fake = harness.fake
    channel, member = fake.add_channel(), fake.add_user("Member")

    async def broken(guild: int, user: int) -> int:
        raise KeyError("a bug")

    monkeypatch.setattr(harness.bot.store, "balance", broken)
    with caplog.at_level(logging.ERROR):
        reply = await fake.slash(member, channel, "balance")
    assert reply["message"].ephemeral_for == member
    assert reply["message"].content == "Something went wrong; nothing was changed."
    logged = [r for r in caplog.records if r.exc_info and isinstance(r.exc_info[1], KeyError)]
    assert len(logged) == 1
    assert "/poker balance" in logged[0].getMessage()


async def test_a_ledger_page_past_the_end_shows_the_last_page(harness: Harness) -> None:
    fake = harness.fake
    channel, member = fake.add_channel(), fake.add_user("Member")
    await fake.slash(member, channel, "daily")
    first = await fake.slash(member, channel, "ledger")
    assert "page 1 of 1" in first["message"].content
    past = await fake.click(member, first["message"].id, f"ledger:{member}:7")
    content = past["data"]["content"]
    assert "page 1 of 1" in content
    assert "wallet opened" in content and "daily" in content  # the rows of the last page
