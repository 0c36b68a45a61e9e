"""A process writes to Discord about a table only while it holds the table's lease, checked
right before each request leaves (issue 35.3). A process frozen past its lease (SIGSTOP, then
SIGCONT after another process took the table) still had its outbox: it put its old state back
on the live table message and told the wrong player it was their turn.

The outbox marks each job with its table (:data:`SENDING_FOR`); the bot's HTTP client asks the
dealer's lease keeper before every request made for one, and a request for a table whose lease
this process may no longer hold raises :class:`LeaseGone` instead of leaving."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from typing import Any

SENDING_FOR: ContextVar[int | None] = ContextVar("sending_for", default=None)


class LeaseGone(Exception):
    """This process may no longer hold the table's lease: the request was not sent."""


def guard_requests(
    request: Callable[..., Awaitable[Any]], holds: Callable[[int], bool]
) -> Callable[..., Awaitable[Any]]:
    """``request`` (discord.py's ``HTTPClient.request``), refusing to send for a table whose
    lease ``holds`` says this process may not hold."""

    async def guarded(*args: Any, **kwargs: Any) -> Any:
        table = SENDING_FOR.get()
        if table is not None and not holds(table):
            raise LeaseGone(table)
        return await request(*args, **kwargs)

    return guarded
