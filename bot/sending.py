"""A process writes to Discord about a table only while it holds the table's lease, checked
right before each request leaves (issue 35.3). A process frozen past its lease (SIGSTOP, then
SIGCONT after another process took the table) still had its outbox: it put its old state back
on the live table message and told the wrong player it was their turn.

The outbox marks each job with its table and the lease keeper's answer (:data:`SENDING_FOR`).
Both ways a request leaves the bot are guarded: its HTTP client (channel messages, DMs) and the
webhook adapter that interaction tokens use (edits of a clicked message, follow-ups, their
deletion). A request for a table whose lease this process may no longer hold raises
:class:`LeaseGone` instead of leaving."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from typing import Any

Holds = Callable[[int], bool]  # table id -> this process surely still holds its lease
SENDING_FOR: ContextVar[tuple[int, Holds] | None] = ContextVar("sending_for", default=None)
GUARDED = "_poker_lease_guard"  # marks a request function already guarded


class LeaseGone(Exception):
    """This process may no longer hold the table's lease: the request was not sent."""


def guard_requests(request: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
    """``request`` (discord.py's ``HTTPClient.request`` or ``AsyncWebhookAdapter.request``),
    refusing to send for a table whose lease this process may no longer hold."""
    if getattr(request, GUARDED, False):
        return request

    async def guarded(*args: Any, **kwargs: Any) -> Any:
        sending = SENDING_FOR.get()
        if sending is not None and not sending[1](sending[0]):
            raise LeaseGone(sending[0])
        return await request(*args, **kwargs)

    setattr(guarded, GUARDED, True)
    return guarded


def guard(holder: Any) -> None:
    """Guard ``holder.request`` (an HTTP client or a webhook adapter), once."""
    holder.request = guard_requests(holder.request)
