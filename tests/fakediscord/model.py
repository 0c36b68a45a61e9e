"""What the fake Discord keeps and sends: its ids and constants, the payload of a user, and the
requests, interactions, messages and files it records."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

APP_ID = 900_000_000_000_000_001
BOT_ID = 900_000_000_000_000_002
GUILD_ID = 800_000_000_000_000_001
PERMISSIONS_ALL = str((1 << 50) - 1)
ATTACH_FILES = 1 << 15  # the permission bits, as Discord numbers them
EMBED_LINKS = 1 << 14
EPHEMERAL = 64
MANAGE_GUILD = str(1 << 5)  # the permission bit, as Discord sends permissions
TOKEN = "fake-token"
BOT_USERS = 4_000_000_000_000_000_000  # ids from here on are other bots (snowflakes of 2045)


def user_payload(user_id: int, name: str) -> dict[str, Any]:
    return {
        "id": str(user_id),
        "username": name,
        "global_name": name,
        "discriminator": "0",
        "avatar": None,
        "bot": user_id == BOT_ID or user_id >= BOT_USERS,
    }


@dataclass(frozen=True)
class UserOption:
    """A slash-command option naming a member (type 6, resolved as Discord does)."""

    id: int


@dataclass(frozen=True)
class RoleOption:
    """A slash-command option naming a role (type 8, resolved as Discord does)."""

    id: int


def role_payload(role_id: int, name: str) -> dict[str, Any]:
    """A role as Discord's spec has it (every field it requires)."""
    return {
        "id": str(role_id),
        "name": name,
        "permissions": "0",
        "position": 1,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "managed": False,
        "mentionable": True,
        "icon": None,
        "unicode_emoji": None,
        "flags": 0,
    }


@dataclass
class Request:
    method: str
    path: str
    body: Any
    at: float


@dataclass
class Interaction:
    id: int
    token: str
    user_id: int
    channel_id: int
    message_id: int | None  # the message a clicked component is on
    sent_at: float
    answered: asyncio.Future[dict[str, Any]]
    answered_at: float | None = None
    original_id: int | None = None  # the message "@original" edits
    created: set[int] = field(default_factory=set)  # messages posted with its token


@dataclass(frozen=True)
class SentFile:
    """A file attached to a message (multipart ``files[n]``)."""

    filename: str
    data: bytes

    @property
    def text(self) -> str:
        return self.data.decode()


@dataclass
class Message:
    id: int
    channel_id: int
    content: str
    components: list[Any]
    author_id: int = BOT_ID
    ephemeral_for: int | None = None  # a user id: seen by that user only
    edits: int = 0
    payload: dict[str, Any] = field(default_factory=dict)
    versions: list[str] = field(default_factory=list)  # every content it has shown
    files: list[SentFile] = field(default_factory=list)  # attached now
    uploaded: list[SentFile] = field(default_factory=list)  # every file it was ever sent with
    pinged: frozenset[int] = frozenset()  # users notified: mentioned when it was created
    deleted: bool = False

    @property
    def custom_ids(self) -> dict[str, str]:
        """Enabled components: label (or "select") -> custom id."""
        found = {}
        for row in self.components:
            for item in row.get("components", []):
                if item.get("disabled"):
                    continue
                found[item.get("label") or "select"] = item["custom_id"]
        return found


def json_response(
    data: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    """A JSON answer as Discord's: ``Content-Type: application/json`` exactly (discord.py
    reads no other as JSON)."""
    return web.Response(
        body=json.dumps(data).encode(),
        status=status,
        headers={"Content-Type": "application/json", **(headers or {})},
    )
