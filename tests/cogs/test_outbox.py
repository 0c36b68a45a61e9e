"""The presenter's outboxes: what is sent for a channel goes out in order, even across a table
that closes and a new table opened in the same channel while the old outbox is still sending
(its final summary before anything of the new table), and ``idle`` waits for both."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, cast

from cogs.poker._presenter import DiscordPresenter

CHANNEL = 5


class Old:  # the outboxes need a table's channel and id
    channel_id, id = CHANNEL, 1


class New:  # a later table of the same channel
    channel_id, id = CHANNEL, 2


class Leases:  # this process holds every lease: the outbox sends (issue 35.3)
    @staticmethod
    def holds(table: int) -> bool:
        return True


class Dealer:
    leases = Leases()
    store = None


def presenter() -> DiscordPresenter:
    nothing = cast("Any", None)
    return DiscordPresenter(nothing, cast("Any", Dealer()), nothing)


async def test_a_new_outbox_of_a_channel_waits_for_the_one_that_ended() -> None:
    sent: list[str] = []
    release = asyncio.Event()

    async def slow_summary() -> None:
        await release.wait()
        sent.append("old table's summary")

    async def new_table() -> None:
        sent.append("new table's message")

    outboxes = presenter()
    outboxes._enqueue(Old, slow_summary)  # type: ignore[arg-type]
    outboxes._enqueue(Old, None)  # type: ignore[arg-type]  # the old table closed
    outboxes._enqueue(New, new_table)  # type: ignore[arg-type]  # a new table there
    await asyncio.sleep(0.01)
    assert sent == []  # the new table's message does not overtake the summary
    idle = asyncio.create_task(outboxes.idle(CHANNEL))
    await asyncio.sleep(0.01)
    assert not idle.done()
    release.set()
    await asyncio.wait_for(idle, 1)
    assert sent == ["old table's summary", "new table's message"]
    await outboxes.close()


async def test_close_ends_every_outbox_including_one_that_ended_its_table() -> None:
    running: list[str] = []
    stopped: list[str] = []

    def stuck(name: str) -> Callable[[], Awaitable[None]]:
        async def send() -> None:
            running.append(name)
            try:
                await asyncio.sleep(3600)
            finally:
                stopped.append(name)

        return send

    outboxes = presenter()
    outboxes._enqueue(Old, stuck("old"))  # type: ignore[arg-type]
    outboxes._enqueue(Old, None)  # type: ignore[arg-type]
    outboxes._enqueue(New, stuck("new"))  # type: ignore[arg-type]
    await asyncio.sleep(0.01)
    await asyncio.wait_for(outboxes.close(), 5)
    assert running and sorted(stopped) == sorted(running)  # nothing left sending
    assert outboxes.outboxes == 0
