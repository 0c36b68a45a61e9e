"""A tournament night end to end (issue 44, RULES §11): scheduled with `/poker tournament
schedule`, entered with the lobby's Register button (people) and at once (computers), started at
its time by the desk, one thread a table with its table message, players moved with a ping in
their new thread, the lobby become the board, and the results posted in the channel; the prizes
paid and the audit holding after every hand. Also: the refusals (no permission, a bad start),
unregistering, the list, a cancel that pays every buy-in back."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path

from bot.audit import audit
from tests.dealer.conftest import FakeClock
from tests.e2e.conftest import Harness, start_harness, stop_bot
from tests.e2e.nights import (
    allowed_to_click,
    night_channel,
    played_out,
    ranked,
    register,
    scheduled,
)
from tests.fakediscord.server import RoleOption


async def test_a_night_from_its_lobby_to_its_results(clocked: tuple[Harness, FakeClock]) -> None:
    harness, clock = clocked
    fake, bot = harness.fake, harness.bot
    channel, host = await night_channel(harness)
    people = [fake.add_user(f"Player{n}") for n in range(3)]
    lobby_id = await scheduled(
        fake,
        channel,
        host,
        variant="seven_card_stud",
        starts_in=5,
        seats=3,
        buy_in=100,
        starting_chips=100,
        level_minutes=2,
        bots=4,
        bot_level="easy",
        name="Friday",
    )
    message = fake.messages[lobby_id]
    assert "**Friday**" in message.content and "<t:" in message.content
    assert set(message.custom_ids) >= {"Register", "Unregister"}
    for user in people:
        answer = await fake.click(user, lobby_id, message.custom_ids["Register"])
        assert "registered" in answer["data"]["content"], answer
    again = await fake.click(people[0], lobby_id, message.custom_ids["Register"])
    assert "already registered" in again["data"]["content"]
    await asyncio.sleep(0.1)
    assert "Entrants (7)" in fake.messages[lobby_id].content, fake.messages[lobby_id].content

    clock.advance(5 * 60 + 1)  # the start
    async with asyncio.timeout(10):
        while len(fake.threads) < 3:
            await asyncio.sleep(0.02)
    names = sorted(thread.name for thread in fake.threads.values())
    assert names == ["Friday · Table 1", "Friday · Table 2", "Friday · Table 3"], names

    levels = {t.options.bot_level for t in bot.dealer.tables.values() if t.options.tournament}
    assert levels == {"easy"}  # the computers play as the host chose

    def members() -> set[int]:
        return set().union(*(thread.members for thread in fake.threads.values()))

    async with asyncio.timeout(10):  # each person added to their table's thread
        while members() != set(people):
            await asyncio.sleep(0.02)

    # RULES §11.4: a late entrant, by the lobby's Register, seated and added to their thread
    late = fake.add_user("Latecomer")
    board = fake.messages[lobby_id]
    entered = await fake.click(late, lobby_id, board.custom_ids["Register"])
    assert entered["type"] == 5, entered  # deferred: the seat is drawn, then told

    def told() -> bool:
        texts = [m.content for m in fake.ephemeral_for(late)]
        return any("You are in" in t and "dealt in from its next hand" in t for t in texts)

    async with asyncio.timeout(5):  # added to their table's thread, and told where it is
        while not (told() and any(late in t.members for t in fake.threads.values())):
            await asyncio.sleep(0.02)
    people.append(late)

    night = (await bot.store.nights_of(status=["playing"]))[0]
    record = await played_out(harness, clock, night, steps=4_000)
    await asyncio.sleep(0.2)
    ended = [m.content for m in fake.channel_messages(channel) if "Tournament over" in m.content]
    assert ended and "Friday" in ended[-1], [m.content for m in fake.channel_messages(channel)]
    # with computers entered, a night plays for practice chips (RULES §8.4): nothing to pay
    assert record.pool == 0 and record.buy_in == 0
    assert ranked(record), sorted(e.place or 0 for e in record.entrants)
    board = fake.messages[lobby_id].content
    assert "Over: the results are below." in board, board
    assert "Seven Card Stud · practice chips · multi-table tournament" in board, board
    # a move was told in the new thread, the player pinged there (INTERFACE.md)
    moved = [
        m for thread in fake.threads for m in fake.channel_messages(thread)
        if "was moved to this table" in m.content
    ]  # fmt: skip
    assert moved
    assert len(fake.threads) >= 4  # the three drawn and the final table
    [result] = await audit(bot.store)
    assert result.ok, result.line()


async def test_refusals_unregistering_and_a_cancel(clocked: tuple[Harness, FakeClock]) -> None:
    harness, clock = clocked
    fake, bot = harness.fake, harness.bot
    channel = fake.add_channel()
    host = await allowed_to_click(fake, channel)
    member = fake.add_user("Member")
    refused = await fake.slash(member, channel, "tournament", sub="schedule", starts_in=30)
    assert "manage the server" in refused["data"]["content"], refused
    past = await fake.slash(
        host, channel, "tournament", sub="schedule", starts_at="2020-01-01 20:00"
    )
    assert "must be in the future" in past["data"]["content"], past
    both = await fake.slash(host, channel, "tournament", sub="schedule")
    assert "one of the two" in both["data"]["content"], both
    lobby_id = await scheduled(fake, channel, host, starts_in=30, buy_in=100, name="Sunday")
    buttons = fake.messages[lobby_id].custom_ids
    before = await bot.store.balance(fake.guild_of(channel), member)
    await fake.click(member, lobby_id, buttons["Register"])
    assert await bot.store.balance(fake.guild_of(channel), member) == before - 100
    out = await fake.click(member, lobby_id, buttons["Unregister"])
    assert "unregistered" in out["data"]["content"], out
    assert await bot.store.balance(fake.guild_of(channel), member) == before
    await fake.click(member, lobby_id, buttons["Register"])
    listed = await fake.slash(member, channel, "tournament", sub="list")
    assert "**Sunday**" in listed["data"]["content"] and "1 entrant" in listed["data"]["content"]
    cancelled = await fake.slash(host, channel, "tournament", sub="cancel")
    assert "cancelled" in cancelled["data"]["content"], cancelled
    assert await bot.store.balance(fake.guild_of(channel), member) == before
    await asyncio.sleep(0.1)
    assert "Cancelled" in fake.messages[lobby_id].content
    clock.advance(timedelta(hours=1).total_seconds())
    [result] = await audit(bot.store)
    assert result.ok, result.line()


async def test_a_role_the_server_names_hosts_nights(clocked: tuple[Harness, FakeClock]) -> None:
    """Issue 44.1: besides Manage Server, the members of a role the server names schedule and
    cancel nights (anyone's); the setting is shown to admins and can be taken back."""
    harness, _clock = clocked
    fake = harness.fake
    channel, other_channel = fake.add_channel(), fake.add_channel()
    admin = await allowed_to_click(fake, channel)
    host, cohost, member = (fake.add_user(name) for name in ("Host", "Cohost", "Member"))
    role = await fake.add_role("Tournament hosts", [host, cohost])
    refused = await fake.slash(host, channel, "tournament", sub="schedule", starts_in=30)
    assert "the role the server named" in refused["data"]["content"], refused
    shown = await fake.slash(
        admin, channel, "config", group="poker-admin", host_role=RoleOption(role)
    )
    assert f"manage the server and members of <@&{role}>" in shown["data"]["content"], shown
    lobby = await scheduled(fake, channel, host, starts_in=30, name="Friday")
    refused = await fake.slash(member, other_channel, "tournament", sub="schedule", starts_in=30)
    assert "the role the server named" in refused["data"]["content"], refused
    not_theirs = await fake.slash(member, channel, "tournament", sub="cancel")
    assert "the role the server named" in not_theirs["data"]["content"], not_theirs
    cancelled = await fake.slash(cohost, channel, "tournament", sub="cancel")
    assert "cancelled" in cancelled["data"]["content"], cancelled
    await asyncio.sleep(0.1)
    assert "Cancelled" in fake.messages[lobby].content
    shown = await fake.slash(admin, channel, "config", group="poker-admin", no_host_role=True)
    assert "members who may manage the server\n" in shown["data"]["content"] + "\n", shown
    assert f"<@&{role}>" not in shown["data"]["content"]
    refused = await fake.slash(host, channel, "tournament", sub="schedule", starts_in=30)
    assert "the role the server named" in refused["data"]["content"], refused


async def test_results_lost_to_a_kill_are_posted_at_the_next_start(tmp_path: Path) -> None:
    """RULES §11.8: the prizes and places are written before the results message; a kill in
    between loses no message: the next start posts it (once; Discord refusing it the first
    time, it is sent again in that run). `/poker tournament results` then
    lists the night with its date and places; before any night ended it says there is none."""
    clock = FakeClock()
    harness, task = await start_harness(tmp_path, clock=clock)
    fake, bot = harness.fake, harness.bot
    channel, host = await night_channel(harness)
    none = await fake.slash(host, channel, "tournament", sub="results")
    assert "No tournament night has ended" in none["data"]["content"], none

    async def killed_first(night: int) -> None:  # the process dies before it posts
        return None

    bot.nights._post_results = killed_first  # type: ignore[method-assign]
    player = fake.add_user("Solo")
    lobby = await scheduled(
        fake,
        channel,
        host,
        starts_in=1,
        seats=3,
        starting_chips=100,
        level_minutes=2,
        bots=2,
        name="Tuesday",
    )
    await register(fake, lobby, [player])
    clock.advance(61)
    night = 0
    async with asyncio.timeout(120):  # two computers heads-up may take a few levels
        while not night:
            night = next(iter(await bot.store.nights_of(status=["playing"])), 0)
            await asyncio.sleep(0.02)
        await played_out(harness, clock, night, steps=40_000)
    assert not [m for m in fake.channel_messages(channel) if "Tournament over" in m.content]
    await stop_bot(harness, task)

    fake.unavailable["**Tournament over"] = 1  # Discord refuses the first (a 503)
    harness, task = await start_harness(tmp_path, fake=fake, clock=clock)
    try:
        async with asyncio.timeout(10):
            while await harness.bot.store.nights_to_announce():
                await asyncio.sleep(0.02)
        await asyncio.sleep(0.1)
        over = [m.content for m in fake.channel_messages(channel) if "Tournament over" in m.content]
        assert len(over) == 1 and "**Tournament over: Tuesday** · 3 entrants" in over[0], over
        sent = [  # sent once, not only kept once by the nonce (which Discord keeps minutes)
            r
            for r in fake.requests
            if r.method == "POST"
            and r.path == f"/channels/{channel}/messages"
            and "Tournament over" in str((r.body or {}).get("content", ""))
        ]
        assert len(sent) == 2 and fake.unavailable["**Tournament over"] == 0, sent
        past = (await fake.slash(player, channel, "tournament", sub="results"))["data"]
        assert past["content"].startswith("Played <t:") and "Tuesday" in past["content"], past
        assert "\n1. " in past["content"] and past["flags"] & 64  # private to who asked
        # a hand of the night in the history: named by the night and its table
        thread = next(iter(fake.threads))
        history = (await fake.slash(player, thread, "history"))["data"]["content"]
        assert "\nTuesday · Table 1 · level " in history, history
        [result] = await audit(harness.bot.store)
        assert result.ok, result.line()
    finally:
        await stop_bot(harness, task)
