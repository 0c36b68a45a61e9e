"""Helpers of the tournament nights' end-to-end tests (issue 44): an admin who lets members
click fast, a night scheduled through its slash command, and the people at the night's tables
playing through the buttons in any language while the clock moves on for everyone else."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable

from bot.store.nights import ENDED, Night
from tests.dealer.conftest import FakeClock
from tests.e2e.any_language import TURN_ANY, by_name
from tests.e2e.conftest import Harness
from tests.e2e.players import table_message
from tests.fakediscord.server import FakeDiscord

MANAGE_GUILD = "32"
LOBBY = re.compile(r"multi-table tournament|tournoi multi-tables")
# a person never folds, and calls rather than raises: they last, and are moved between tables
PUSH = ("check", "bring_in", "call", "complete", "bet")


async def allowed_to_click(fake: FakeDiscord, channel: int) -> int:
    """An admin (Manage Server) who lets members click fast (a whole night is many clicks)."""
    admin = fake.add_user("Admin")
    fake.permissions[admin] = MANAGE_GUILD
    await fake.slash(admin, channel, "config", group="poker-admin", commands_per_minute=600)
    return admin


async def night_channel(harness: Harness) -> tuple[int, int]:
    """A channel to schedule nights in (the desk looking often) and its admin."""
    harness.bot.nights.tick = 0.02
    channel = harness.fake.add_channel()
    return channel, await allowed_to_click(harness.fake, channel)


async def register(fake: FakeDiscord, lobby: int, people: list[int]) -> None:
    for user in people:
        await fake.click(user, lobby, lobby_button(fake, lobby, "register"))


def ranked(night: Night) -> bool:
    """Every entrant placed, RULES §7.3's way: a place is one more than the number of entrants
    placed better (two out with equal stacks in one hand share a place, the next is skipped)."""
    places = sorted(entrant.place or 0 for entrant in night.entrants)
    return all(place == places.index(place) + 1 for place in places)


async def played_out(
    harness: Harness,
    clock: FakeClock,
    night: int,
    *,
    steps: int,
    watch: Callable[[Night], None] | None = None,
) -> Night:
    """The night played to its end within ``steps`` moves (people's clicks or the clock's);
    ``watch`` sees the night before each move."""
    for _ in range(steps):
        record = await harness.bot.store.night(night)
        assert record is not None
        if record.status == ENDED:
            return record
        if watch is not None:
            watch(record)
        await next_move(harness, clock)
    raise AssertionError("the night never ended")


async def scheduled(fake: FakeDiscord, channel: int, host: int, **options: object) -> int:
    """The lobby's message id: the answer deferred (a write a computer entered), then edited."""
    answer = await fake.slash(host, channel, "tournament", sub="schedule", **options)
    assert answer["type"] == 5, answer
    async with asyncio.timeout(5):
        while True:
            found = [m for m in fake.channel_messages(channel) if LOBBY.search(m.content)]
            if found:
                return found[-1].id
            await asyncio.sleep(0.01)


def lobby_button(fake: FakeDiscord, lobby: int, action: str) -> str:
    """The custom id of the lobby's ``register`` or ``unregister`` button, whatever its words."""
    found = [c for c in fake.messages[lobby].custom_ids.values() if c.endswith(f":{action}")]
    assert found, fake.messages[lobby].custom_ids
    return found[0]


async def next_move(harness: Harness, clock: FakeClock) -> None:
    """A person whose turn it is at a night's table clicks; else the clock moves on (the pause
    between hands, the computers' turns)."""
    fake, bot = harness.fake, harness.bot
    for table in list(bot.dealer.tables.values()):
        deal = table.options.tournament
        if deal is None or deal.night is None or table.live_hand is None:
            continue
        async with table.lock:
            pass
        await bot.presenter.idle(table.channel_id)
        message = table_message(fake, table.channel_id)
        found = TURN_ANY.search(message.content) if message is not None else None
        if message is None or found is None:
            continue
        actor = int(found[1])
        hand = table.live_hand
        if hand is None or hand.actor != actor:
            continue
        custom = by_name(message, *PUSH)
        if custom is None:
            continue
        await fake.click(actor, message.id, custom)
        return
    clock.advance(3)
    bot.dealer.wake()
    await asyncio.sleep(0.02)
