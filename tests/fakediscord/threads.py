"""Threads and scheduled events for the fake Discord.

Threads (issue 44: a tournament night's tables) are created in a text channel (``POST
/channels/{id}/threads``, Create Public Threads or Create Private Threads needed), take members
(``PUT /channels/{thread}/thread-members/{user}``) and hold messages as any channel.

Threads that Discord archived (after their inactivity), or that a moderator locked (issue
43.6): in an archived thread a message cannot be edited (50083); a new message unarchives it,
unless it is locked (then nothing is posted: 50083 too); a PATCH of the thread with
``archived: false`` unarchives it (a locked one needs Manage Threads).

Scheduled events (``POST /guilds/{id}/scheduled-events``, Manage Events needed): an external
one, then its status moved as Discord allows (scheduled to active or cancelled, active to
completed)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from aiohttp import web

from tests.fakediscord.model import PERMISSIONS_ALL
from tests.fakediscord.model import json_response as _json

ARCHIVED = 50083  # "Operation cannot be performed on an archived thread"
EDIT = re.compile(r"^/channels/(\d+)/messages/\d+$")
POST = re.compile(r"^/channels/(\d+)/messages$")
THREAD = re.compile(r"^/channels/(\d+)$")


CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
MANAGE_EVENTS = 1 << 33
PUBLIC_THREAD, PRIVATE_THREAD = 11, 12
SCHEDULED, ACTIVE, COMPLETED, CANCELED = 1, 2, 3, 4
EVENT_MOVES = {SCHEDULED: {ACTIVE, CANCELED}, ACTIVE: {COMPLETED}}  # Discord's documented ones


@dataclass
class Thread:
    id: int
    parent: int
    name: str
    kind: int
    members: set[int] = field(default_factory=set)
    invitable: bool = True  # a private thread's members may add others (Discord's default)


@dataclass
class ScheduledEvent:
    id: int
    guild: int
    body: dict[str, Any]
    status: int = SCHEDULED
    moves: list[int] = field(default_factory=list)


def _missing_permissions() -> web.Response:
    return _json({"message": "Missing Permissions", "code": 50013}, 403)


class Threads:
    """Mixed into the fake Discord: ``archived`` holds each archived thread, ``True`` where
    it is locked too; ``threads`` each thread made, ``events`` each scheduled event."""

    archived: dict[int, bool]
    refusals: int
    threads: dict[int, Thread]
    events: dict[int, ScheduledEvent]
    app_permissions: dict[int, str]
    channel_guild: dict[int, int]
    users: dict[int, str]

    def new_id(self) -> int:
        raise NotImplementedError

    def guild_of(self, channel: int) -> int:
        raise NotImplementedError

    def _granted(self, channel: int) -> int:
        return int(self.app_permissions.get(channel, PERMISSIONS_ALL))

    def thread_payload(self, thread: Thread) -> dict[str, Any]:
        return {
            "id": str(thread.id),
            "type": thread.kind,
            "guild_id": str(self.guild_of(thread.id)),
            "parent_id": str(thread.parent),
            "name": thread.name,
            "owner_id": "1",
            "member_count": len(thread.members),
            "message_count": 0,
            "rate_limit_per_user": 0,
            "thread_metadata": {
                "archived": thread.id in self.archived,
                "auto_archive_duration": 1440,
                "archive_timestamp": "2026-01-01T00:00:00+00:00",
                "locked": bool(self.archived.get(thread.id)),
            },
        }

    def thread_route(self, method: str, parts: list[str], body: Any) -> web.Response | None:
        """Discord's answer to a request about threads or scheduled events (None: another's)."""
        match method, parts:
            case "POST", ["channels", channel, "threads"]:
                parent = int(channel)
                kind = int(body.get("type") or PRIVATE_THREAD)
                needed = CREATE_PRIVATE_THREADS if kind == PRIVATE_THREAD else CREATE_PUBLIC_THREADS
                if parent in self.threads:  # no thread in a thread
                    return _json({"message": "Invalid Form Body", "code": 50024}, 400)
                if not self._granted(parent) & needed:
                    return _missing_permissions()
                thread = Thread(self.new_id(), parent, str(body["name"]), kind)
                thread.invitable = bool(body.get("invitable", True))
                self.threads[thread.id] = thread
                self.channel_guild[thread.id] = self.guild_of(parent)
                return _json(self.thread_payload(thread), 201)
            case "PUT", ["channels", channel, "thread-members", user]:
                found = self.threads.get(int(channel))
                if found is None:
                    return _json({"message": "Unknown Channel", "code": 10003}, 404)
                if found.id in self.archived:
                    return _json({"message": "Thread is archived", "code": ARCHIVED}, 400)
                if int(user) not in self.users:
                    return _json({"message": "Unknown Member", "code": 10007}, 404)
                found.members.add(int(user))
                return web.Response(status=204)
            case "DELETE", ["channels", channel, "thread-members", user]:
                found = self.threads.get(int(channel))
                if found is None:
                    return _json({"message": "Unknown Channel", "code": 10003}, 404)
                if found.id in self.archived:
                    return _json({"message": "Thread is archived", "code": ARCHIVED}, 400)
                found.members.discard(int(user))
                return web.Response(status=204)
            case "DELETE", ["channels", channel] if int(channel) in self.threads:
                found = self.threads.pop(int(channel))
                return _json(self.thread_payload(found))
            case "POST", ["guilds", guild, "scheduled-events"]:
                if not self._granted(int(guild)) & MANAGE_EVENTS:
                    return _missing_permissions()
                if refused := _external_event_refusal(body):
                    return _json({"message": refused, "code": 50035}, 400)
                event = ScheduledEvent(self.new_id(), int(guild), dict(body))
                self.events[event.id] = event
                return _json(self.event_payload(event))
            case "PATCH", ["guilds", guild, "scheduled-events", event_id]:
                if not self._granted(int(guild)) & MANAGE_EVENTS:
                    return _missing_permissions()
                event = self.events.get(int(event_id))
                if event is None:
                    return _json({"message": "Unknown Guild Scheduled Event", "code": 10070}, 404)
                if "status" in body:
                    status = int(body["status"])
                    if status not in EVENT_MOVES.get(event.status, set()):
                        return _json({"message": "Invalid Form Body", "code": 50035}, 400)
                    event.status = status
                    event.moves.append(status)
                return _json(self.event_payload(event))
        return None

    def event_payload(self, event: ScheduledEvent) -> dict[str, Any]:
        return {
            "id": str(event.id),
            "guild_id": str(event.guild),
            "channel_id": None,
            "creator_id": "1",
            "name": event.body.get("name", ""),
            "description": event.body.get("description"),
            "scheduled_start_time": event.body.get("scheduled_start_time"),
            "scheduled_end_time": event.body.get("scheduled_end_time"),
            "privacy_level": 2,
            "status": event.status,
            "entity_type": 3,
            "entity_id": None,
            "entity_metadata": event.body.get("entity_metadata"),
            "user_count": 0,
            "image": None,
        }

    def thread_refusal(
        self, method: str, path: str, body: Any, channel_of_webhook: int | None
    ) -> tuple[int, dict[str, Any]] | None:
        """Discord's answer to a request an archived thread refuses (``None``: none), the
        thread unarchived where the request does so."""
        if method == "PATCH" and (found := THREAD.match(path)) and isinstance(body, dict):
            thread = int(found[1])
            if thread in self.archived and body.get("archived") is False:
                del self.archived[thread]  # the bot may manage threads in the fake
            return None
        edited = EDIT.match(path) if method == "PATCH" else None
        thread = int(edited[1]) if edited else channel_of_webhook if method == "PATCH" else None
        if thread is not None and thread in self.archived:
            return 400, {"message": "Thread is archived", "code": ARCHIVED}
        posted = POST.match(path) if method == "POST" else None
        if posted and int(posted[1]) in self.archived:
            if self.archived[int(posted[1])]:
                return 400, {"message": "Thread is locked", "code": ARCHIVED}
            del self.archived[int(posted[1])]  # a message brings it back
        return None


def _external_event_refusal(body: Any) -> str | None:
    """Discord's rules for an external scheduled event beyond its schema: a location, an end
    after the start, a start in the future."""
    if not isinstance(body, dict) or body.get("entity_type") != 3:
        return None
    location = (body.get("entity_metadata") or {}).get("location")
    if not location or len(location) > 100:
        return "entity_metadata.location is required (1 to 100 characters)"
    start, end = body.get("scheduled_start_time"), body.get("scheduled_end_time")
    if not start or not end:
        return "scheduled_end_time is required for an external event"
    begins, ends = datetime.fromisoformat(start), datetime.fromisoformat(end)
    if ends <= begins:
        return "scheduled_end_time must be after scheduled_start_time"
    if begins <= datetime.now(UTC):
        return "Cannot schedule event in the past"
    return None
