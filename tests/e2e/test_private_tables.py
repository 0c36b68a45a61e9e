"""Private tables through the fake Discord (issue 45.4, RULES §13): `/poker new private:true`
opens the table in a private thread (the host in it, nobody else, nothing posted in the
channel); the host invites a friend (added to the thread, who then sits), a stranger is
refused in their language, the host uninvites (taken out of the thread, gone with their
stack); where the bot may not create private threads it says what to grant and opens
nothing."""

from __future__ import annotations

import asyncio

from bot.audit import audit
from tests.e2e.conftest import Harness
from tests.e2e.players import table_message
from tests.fakediscord.model import PERMISSIONS_ALL
from tests.fakediscord.server import FakeDiscord, UserOption
from tests.fakediscord.threads import CREATE_PRIVATE_THREADS, PRIVATE_THREAD


async def ephemeral_text(fake: FakeDiscord, user: int, words: str) -> str:
    """The newest private message to ``user`` holding ``words`` (the deferred answer's
    follow-up)."""
    async with asyncio.timeout(5):
        while True:
            found = [m.content for m in fake.ephemeral_for(user) if words in m.content]
            if found:
                return found[-1]
            await asyncio.sleep(0.02)


async def test_a_private_table_in_its_own_thread_for_those_invited(harness: Harness) -> None:
    fake, bot = harness.fake, harness.bot
    channel = fake.add_channel()
    host, friend, stranger = (fake.add_user(n) for n in ("Host", "Friend", "Stranger"))
    fake.locales[stranger] = "fr"
    opened = await fake.slash(host, channel, "new", private=True, variant="razz")
    assert opened["type"] == 5  # deferred: a thread to create
    told = await ephemeral_text(fake, host, "private table is open")
    [thread] = [t for t in fake.threads.values() if t.parent == channel]
    assert thread.kind == PRIVATE_THREAD and not thread.invitable
    assert thread.members == {host} and f"<#{thread.id}>" in told, told
    async with asyncio.timeout(5):
        while table_message(fake, thread.id) is None:
            await asyncio.sleep(0.02)
    assert not fake.channel_messages(channel)  # nothing of it in the channel itself
    assert (await fake.slash(host, thread.id, "join"))["type"] in (4, 5)
    refused = await fake.slash(stranger, thread.id, "join")
    assert "Cette table est privée" in refused["data"]["content"], refused
    not_host = await fake.slash(stranger, thread.id, "invite", member=UserOption(stranger))
    assert "Seul l'hôte" in not_host["data"]["content"], not_host
    invited = await fake.slash(host, thread.id, "invite", member=UserOption(friend))
    assert "Friend is invited" in str(invited), invited
    await asyncio.sleep(0.1)
    assert thread.members == {host, friend}
    assert (await fake.slash(friend, thread.id, "join"))["type"] in (4, 5)
    assert set(bot.dealer.tables[thread.id].seats) == {host, friend}
    taken = await fake.slash(host, thread.id, "uninvite", member=UserOption(friend))
    assert "no longer invited" in str(taken), taken
    await asyncio.sleep(0.1)
    assert thread.members == {host}
    table = bot.dealer.tables[thread.id]
    assert table.live_hand is None and friend not in table.seats  # no hand: gone now
    guild = fake.guild_of(channel)
    assert await bot.store.balance(guild, friend) == bot.store.starting_balance  # their stack
    refused = await fake.slash(friend, thread.id, "join")
    assert "private" in refused["data"]["content"], refused
    [result] = await audit(bot.store)
    assert result.ok, result.line()


async def test_without_private_threads_the_bot_says_what_to_grant(harness: Harness) -> None:
    fake, bot = harness.fake, harness.bot
    channel = fake.add_channel()
    host = fake.add_user("Host")
    fake.app_permissions[channel] = str(int(PERMISSIONS_ALL) & ~CREATE_PRIVATE_THREADS)
    refused = await fake.slash(host, channel, "new", private=True)
    assert "Create Private Threads" in refused["data"]["content"], refused
    assert not fake.threads and channel not in bot.dealer.tables
