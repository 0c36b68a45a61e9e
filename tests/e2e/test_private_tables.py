"""Private tables through the fake Discord (issue 45.4, RULES §13): `/poker new private:true`
opens the table in a private thread (the host in it, nobody else, nothing posted in the
channel); the host invites a friend (added to the thread, who then sits), a stranger is
refused in their language, the host uninvites (taken out of the thread, gone with their
stack); where the bot may not create private threads it says what to grant and opens
nothing."""

from __future__ import annotations

import asyncio

from bot.audit import audit
from tests.dealer.conftest import FakeClock
from tests.e2e.conftest import Harness
from tests.e2e.nights import LOBBY, lobby_button, night_channel, played_out, register
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
    assert "C'est privé" in refused["data"]["content"], refused
    not_host = await fake.slash(stranger, thread.id, "invite", member=UserOption(stranger))
    assert "Seul l'hôte" in not_host["data"]["content"], not_host
    invited = await fake.slash(host, thread.id, "invite", member=UserOption(friend))
    assert "Friend is invited" in str(invited), invited
    await asyncio.sleep(0.1)
    assert thread.members == {host, friend}
    assert (await fake.slash(friend, thread.id, "join"))["type"] in (4, 5)
    assert set(bot.dealer.tables[thread.id].seats) == {host, friend}
    # a refused uninvite changes nothing, the thread's members included (the host stays)
    refused = await fake.slash(friend, thread.id, "uninvite", member=UserOption(host))
    assert "Only this private table's host" in refused["data"]["content"], refused
    await asyncio.sleep(0.1)
    assert thread.members == {host, friend}
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


async def test_a_private_tournament_night_for_those_invited(
    clocked: tuple[Harness, FakeClock],
) -> None:
    """RULES §13 with §11: `schedule private:true` puts the night's lobby in a private thread
    (no scheduled event, nothing in the channel); only those invited register; its tables
    are private threads of the channel; its results are posted in its thread; the list and
    the past results leave it out for anyone else."""
    harness, clock = clocked
    fake, bot = harness.fake, harness.bot
    channel, host = await night_channel(harness)
    friend, stranger = fake.add_user("Friend"), fake.add_user("Stranger")
    options = {"starts_in": 1, "seats": 3, "starting_chips": 100, "level_minutes": 2}
    answer = await fake.slash(
        host, channel, "tournament", sub="schedule", name="Hideout", bots=2, private=True, **options
    )
    assert answer["type"] == 5
    await ephemeral_text(fake, host, "private tournament night is in")
    [lobby_thread] = [t for t in fake.threads.values() if t.parent == channel]
    assert lobby_thread.kind == PRIVATE_THREAD and lobby_thread.members == {host}
    lobby = next(m for m in fake.channel_messages(lobby_thread.id) if LOBBY.search(m.content))
    assert not fake.channel_messages(channel) and not fake.events
    refused = await fake.click(stranger, lobby.id, lobby_button(fake, lobby.id, "register"))
    assert "private" in refused["data"]["content"], refused
    listed = await fake.slash(stranger, channel, "tournament", sub="list")
    assert "Hideout" not in listed["data"]["content"], listed
    invited = await fake.slash(host, lobby_thread.id, "invite", member=UserOption(friend))
    assert invited["type"] == 5  # deferred: the night's terms written, its threads joined
    await ephemeral_text(fake, host, "Friend is invited")
    assert lobby_thread.members == {host, friend}
    await register(fake, lobby.id, [friend])
    clock.advance(61)
    night = 0
    async with asyncio.timeout(120):
        while not night:
            night = next(iter(await bot.store.nights_of(status=["playing"])), 0)
            await asyncio.sleep(0.02)
        tables = [t for t in fake.threads.values() if t.id != lobby_thread.id]
        assert tables and all(t.kind == PRIVATE_THREAD and t.parent == channel for t in tables)
        await played_out(harness, clock, night, steps=40_000)
    async with asyncio.timeout(5):
        while not [m for m in fake.channel_messages(lobby_thread.id) if "over" in m.content]:
            await asyncio.sleep(0.02)
    assert not fake.channel_messages(channel)  # nothing of it in the channel itself
    past = await fake.slash(stranger, channel, "tournament", sub="results")
    assert "Hideout" not in past["data"]["content"], past
    theirs = await fake.slash(friend, channel, "tournament", sub="results")
    assert "Hideout" in theirs["data"]["content"], theirs
    [result] = await audit(bot.store)
    assert result.ok, result.line()
