"""Issue 35.3: both ways a request about a table leaves the bot ask the lease first: its HTTP
client (channel messages, DMs) and the webhook adapter of interaction tokens (edits of a
clicked message, follow-ups such as turn notices, their deletion). A frozen process resumed
would otherwise put its old state back through the latest click's token."""

from __future__ import annotations

import discord
import pytest

from bot.sending import GUARDED, SENDING_FOR, LeaseGone
from tests.e2e.conftest import Harness


async def test_requests_about_a_lost_table_do_not_leave(harness: Harness) -> None:
    fake, bot = harness.fake, harness.bot
    adapter = discord.webhook.async_.async_context.get()
    assert getattr(bot.http.request, GUARDED, False)
    assert getattr(adapter.request, GUARDED, False)
    channel = fake.add_channel()
    before = len(fake.requests)
    lost = SENDING_FOR.set((7, lambda table: False))
    try:
        with pytest.raises(LeaseGone):
            await bot.get_partial_messageable(channel).send("old state")
        webhook = discord.Webhook.partial(1, "token-gone", client=bot)
        with pytest.raises(LeaseGone):
            await webhook.send("a turn notice of before")
    finally:
        SENDING_FOR.reset(lost)
    assert len(fake.requests) == before  # nothing reached Discord
    held = SENDING_FOR.set((7, lambda table: True))
    try:
        await bot.get_partial_messageable(channel).send("the table as it is")
    finally:
        SENDING_FOR.reset(held)
    assert len(fake.requests) == before + 1
