"""Opening DM channels keeps its pace whatever happens to the jobs that wait for it (issue
43.3): Discord's bucket for opening them is one for the whole bot, and each 429 counts toward
the ban of invalid requests."""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

import discord

from cogs.poker._direct import DirectMessages


class Opener:
    """Stands for the bot where DirectMessages needs it: opening a DM takes a moment."""

    def __init__(self, every: float) -> None:
        self.dm_open_every = every
        self.opened: list[float] = []

    async def create_dm(self, user: discord.abc.Snowflake) -> Any:
        self.opened.append(time.monotonic())
        await asyncio.sleep(0.01)
        return discord.Object(10_000 + user.id)

    def get_partial_messageable(self, channel: int, **_: Any) -> discord.Object:
        return discord.Object(channel)


class Kept:
    """The database's DM channels: none known yet."""

    async def dm_channels(self, users: list[int]) -> dict[int, int]:
        return {}

    async def save_dm_channel(self, user: int, channel: int) -> None:
        return None


async def test_a_job_given_up_while_opening_does_not_hurry_the_next_open() -> None:
    """Hundreds of new members at a busy start: a table's DMs waited for the opener past the
    outbox's limit and were given up while the one that had just opened a channel was waiting
    out its pace, which let the next open go at once. Measured at 200 tables on two
    processes: hundreds of 429s on POST /users/@me/channels."""
    every = 0.2
    client = Opener(every)
    direct = DirectMessages(client, None, Kept())  # type: ignore[arg-type]

    async def impatient(user: int) -> None:
        with contextlib.suppress(TimeoutError):  # an outbox job given up
            await asyncio.wait_for(direct.channel_of(user), 0.05 + 0.03 * user)

    await asyncio.gather(*(impatient(user) for user in range(12)))
    for user in range(12, 15):  # and patient ones after them
        await direct.channel_of(user)
    gaps = [b - a for a, b in zip(client.opened, client.opened[1:], strict=False)]
    assert len(client.opened) >= 4
    assert min(gaps) >= every * 0.95, [round(gap, 3) for gap in gaps]
