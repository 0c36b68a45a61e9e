"""A fake Discord on 127.0.0.1: the REST routes and the gateway websocket the bot uses, with
fake users who send slash commands and click buttons.

It keeps every message (channel, DM, ephemeral) so tests read what each person saw, logs every
REST request (to count the rate-limited ones), can refuse DMs with 50007, answer 429s and 500s,
fail or stall interaction callbacks, refuse a wrong token, drop the gateway connection (the
client resumes). Discord's published specification judges every request before the fake acts
on it (``conformance``): what Discord would refuse is refused, and fails the test.

It has shards, as Discord does: each gateway connection IDENTIFYs with ``[shard_id,
shard_count]`` and gets the READY, GUILD_CREATE and interactions of the servers on its shard
only (``(guild_id >> 22) % shard_count``); DMs go to shard 0.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
from collections import Counter, defaultdict
from typing import Any

from aiohttp import BodyPartReader, WSMsgType, web

from tests.fakediscord import conformance
from tests.fakediscord.limits import DiscordLimits
from tests.fakediscord.model import (
    APP_ID,
    ATTACH_FILES,
    BOT_ID,
    BOT_USERS,
    EPHEMERAL,
    GUILD_ID,
    MANAGE_GUILD,
    PERMISSIONS_ALL,
    TOKEN,
    Interaction,
    Message,
    Request,
    RoleOption,
    SentFile,
    UserOption,
    json_response,
    role_payload,
    user_payload,
)
from tests.fakediscord.people import People
from tests.fakediscord.threads import ScheduledEvent, Thread, Threads

__all__ = [  # what the tests import from here
    "APP_ID",
    "BOT_ID",
    "BOT_USERS",
    "EPHEMERAL",
    "GUILD_ID",
    "MANAGE_GUILD",
    "PERMISSIONS_ALL",
    "TOKEN",
    "FakeDiscord",
    "Interaction",
    "Message",
    "Request",
    "RoleOption",
    "SentFile",
    "UserOption",
    "user_payload",
]


# every fake of the running test, for the spec's verdict (tests/conftest.py clears it): strong
# references, as a fake kept alive only by reference cycles could be collected before the verdict
LIVE: list[FakeDiscord] = []

ANSWER_DEADLINE = 3.0  # seconds Discord gives an interaction's first answer
DISCORD_EPOCH = 1_420_070_400_000  # ms: the first second of 2015, snowflakes count from it


MENTION = re.compile(r"<@!?(\d+)>")
WEBHOOK = re.compile(r"^/webhooks/\d+/([^/]+)")


def _pinged(content: str, allowed: dict[str, Any] | None) -> frozenset[int]:
    """Who Discord notifies of a message as it is created: the users it mentions, as far as
    ``allowed_mentions`` lets it (no ``allowed_mentions``: every mention). An edit notifies
    nobody, even if it adds a mention."""
    mentioned = {int(found) for found in MENTION.findall(content)}
    if allowed is None:
        return frozenset(mentioned)
    if "users" in (allowed.get("parse") or []):
        return frozenset(mentioned)
    return frozenset(mentioned & {int(user) for user in allowed.get("users") or []})


_json = json_response


async def _multipart(request: web.Request) -> dict[str, Any]:
    """A message with files: ``payload_json`` and ``files[n]`` parts. The files go with the
    message, under ``_files`` (in ``data`` for an interaction callback)."""
    body: dict[str, Any] = {}
    files: list[SentFile] = []
    reader = await request.multipart()
    while (part := await reader.next()) is not None:
        assert isinstance(part, BodyPartReader)
        if part.name == "payload_json":
            body = json.loads(await part.text())
        else:
            files.append(SentFile(part.filename or "", bytes(await part.read())))
    target = body.setdefault("data", {}) if "type" in body else body
    target["_files"] = files
    return body


class FakeDiscord(People, Threads):
    def __init__(
        self, *, judged: bool = True, limits: bool = True, route_pace: float = 0.1
    ) -> None:
        """``limits``: Discord's rate limits kept; ``route_pace``: the per-route buckets'
        windows as a fraction of Discord's (the tests play ten times as fast as people)."""
        """``judged``: Discord's specification judges every request (the tests); a benchmark
        of the bot's speed may leave the judge out, whose cost is the fake's, not the bot's."""
        self.judged = judged
        self._last_id = 0
        self.gateway_latency = 0.0  # seconds an event takes to reach the bot (Discord's 3 s count)
        self.users: dict[int, str] = {BOT_ID: "Dealer"}
        self.channels: list[int] = []
        self.guilds: list[int] = [GUILD_ID]
        self.channel_guild: dict[int, int] = {}  # channel -> its server
        self.recommended_shards = 1  # what GET /gateway/bot answers
        self.messages: dict[int, Message] = {}
        self.channel_log: dict[int, list[int]] = defaultdict(list)  # channel -> message ids
        self.dm_channels: dict[int, int] = {}  # user -> dm channel
        self.dm_closed: set[int] = set()
        self.archived: dict[int, bool] = {}  # thread -> locked too (tests/fakediscord/threads)
        self.threads: dict[int, Thread] = {}  # each thread made (tests/fakediscord/threads)
        self.events: dict[int, ScheduledEvent] = {}  # each scheduled event made
        # Discord's rate limits, shared by every client of this fake (tests/fakediscord/limits)
        self.limits = DiscordLimits(enabled=limits, route_pace=route_pace)
        self.dm_errors: dict[int, tuple[int, int]] = {}  # user: (status, code) of their DMs
        self.rate_limits: dict[str, int] = {}  # "PATCH /channels" prefix -> 429s to answer
        self.server_errors: dict[str, int] = {}  # route prefix -> 500s to answer
        # route (or content) prefix -> 503s to answer (discord.py does not try them again)
        self.unavailable: dict[str, int] = {}
        self.expired: set[int] = set()  # interaction ids whose callback gets 10062
        self.late: list[int] = []  # interactions the bot answered after Discord's 3 seconds
        self.stalled: dict[int, float] = {}  # interaction id -> seconds its callback takes
        self.spec_violations: list[conformance.Violation] = []  # refused by Discord's spec
        self.checked: Counter[str] = Counter()  # "METHOD /spec/template" -> requests checked
        self.invoked: Counter[str] = Counter()  # "poker new" -> slash commands sent
        self.clicked: Counter[str] = Counter()  # a custom id's kind -> clicks
        self.requests: list[Request] = []
        self.interactions: dict[int, Interaction] = {}
        self.by_token: dict[str, Interaction] = {}
        self.commands: list[dict[str, Any]] = []
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.permissions: dict[int, str] = {}  # user -> their permissions (default none)
        self.locales: dict[int, str] = {}  # user -> their Discord locale (default en-US)
        self.guild_locale = "en-US"  # the server's preferred locale
        self.app_permissions: dict[int, str] = {}  # channel -> the bot's (default all)
        self.nonces: dict[tuple[int, str], int] = {}  # (channel, nonce) -> the message posted
        self.system_channels: dict[int, int] = {}  # server -> its system channel
        self.everyone: dict[int, str] = {}  # server -> @everyone's permissions (default none)
        self.roles: dict[int, tuple[int, str]] = {}  # role -> its server and name (add_role)
        self.member_roles: dict[int, list[int]] = {}  # user -> the roles they have
        self._sockets: list[web.WebSocketResponse] = []
        self._shard_of_socket: dict[int, tuple[int, int]] = {}  # id(socket) -> (shard, count)
        self._seq = 0
        self._waiting: dict[int, list[asyncio.Future[None]]] = defaultdict(list)
        self.identified = asyncio.Event()
        self.resumed = asyncio.Event()
        self.guild_sent = asyncio.Event()
        self.runner: web.AppRunner | None = None
        self.port = 0
        LIVE.append(self)

    # ------------------------------------------------------------------ life cycle

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        self.runner = web.AppRunner(app, shutdown_timeout=1, access_log=None)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        for socket in list(self._sockets):
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(socket.close(), 1)
        if self.runner is not None:
            await self.runner.cleanup()

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def new_id(self) -> int:
        """A snowflake, as Discord's: the time it was made (ms since Discord's epoch) in its
        high bits, so that a bot may read an interaction's age from its id; never the same
        twice, always growing."""
        made = (int(time.time() * 1000) - DISCORD_EPOCH) << 22
        self._last_id = max(self._last_id + 1, made)
        return self._last_id

    def add_user(self, name: str, *, bot: bool = False) -> int:
        user_id = self.new_id() + (BOT_USERS if bot else 0)
        self.users[user_id] = name
        return user_id

    def add_channel(self, guild: int = GUILD_ID) -> int:
        channel_id = self.new_id()
        self.channels.append(channel_id)
        self.channel_guild[channel_id] = guild
        return channel_id

    def add_guild(self, shard: int, count: int) -> int:
        """A new server whose id falls on ``shard`` of ``count``."""
        guild = ((max(self.guilds) >> 22) + 1) << 22
        while (guild >> 22) % count != shard:
            guild += 1 << 22
        self.guilds.append(guild)
        return guild

    async def join_guild(self, *, system_channel: bool = True, may_post: bool = True) -> int:
        """The bot is added to a new server (GUILD_CREATE after READY: ``on_guild_join``), with
        a system channel or none, where @everyone (the bot too) may post or not."""
        guild = self.add_guild(0, 1)
        if system_channel:
            self.system_channels[guild] = self.add_channel(guild)
        self.everyone[guild] = PERMISSIONS_ALL if may_post else "0"
        joined = self._guild(guild)
        joined["owner_id"] = str(self.add_user("Owner"))  # somebody else than the bot
        del joined["unavailable"]  # as Discord: a server joined, not one coming back
        await self._send(0, joined, "GUILD_CREATE", guild=guild)
        return guild

    def guild_of(self, channel: int) -> int:
        return self.channel_guild.get(channel, GUILD_ID)

    def _on_shard(self, socket: web.WebSocketResponse, guild: int | None) -> bool:
        """Whether ``socket``'s shard gets the events of ``guild`` (None: a DM, shard 0)."""
        shard, count = self._shard_of_socket.get(id(socket), (0, 1))
        return shard == (0 if guild is None else (guild >> 22) % count)

    # ------------------------------------------------------------------ gateway

    async def _send(
        self, op: int, data: Any, event: str | None = None, *, guild: int | None = GUILD_ID
    ) -> None:
        """An event to the shard of ``guild`` (None: a DM's, shard 0)."""
        payload: dict[str, Any] = {"op": op, "d": data, "s": None, "t": event}
        if op == 0:
            self._seq += 1
            payload["s"] = self._seq
        for socket in self._sockets:
            if self._on_shard(socket, guild):
                await socket.send_str(json.dumps(payload))

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        self._sockets.append(socket)
        await socket.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 45000}}))
        async for message in socket:
            if message.type is not WSMsgType.TEXT:
                continue
            payload = json.loads(message.data)
            if payload["op"] == 1:
                await socket.send_str(json.dumps({"op": 11}))
            elif payload["op"] == 2:
                shard = payload["d"].get("shard") or [0, 1]
                self._shard_of_socket[id(socket)] = (int(shard[0]), int(shard[1]))
                await self._ready(socket)
            elif payload["op"] == 6:  # RESUME after a dropped connection
                await socket.send_str(
                    json.dumps({"op": 0, "t": "RESUMED", "s": self._seq, "d": {}})
                )
                self.resumed.set()
        self._sockets.remove(socket)
        self._shard_of_socket.pop(id(socket), None)
        return socket

    async def member_left(self, user: int) -> None:
        """GUILD_MEMBER_REMOVE: ``user`` left (or was removed from) the server."""
        await self._send(
            0,
            {"guild_id": str(GUILD_ID), "user": user_payload(user, self.users[user])},
            "GUILD_MEMBER_REMOVE",
        )

    async def drop_connections(self) -> None:
        """Close the gateway connection as a network failure would (code 4000: resumable)."""
        self.resumed.clear()
        for socket in list(self._sockets):
            await socket.close(code=4000, message=b"dropped")

    def _guild(self, guild: int) -> dict[str, Any]:
        return {
            "id": str(guild),
            "name": "Home game",
            "preferred_locale": self.guild_locale,
            "owner_id": str(next(iter(u for u in self.users if u != BOT_ID), BOT_ID)),
            "unavailable": False,
            "member_count": len(self.users),
            "roles": [
                {
                    "id": str(guild),
                    "name": "@everyone",
                    "permissions": self.everyone.get(guild, "0"),
                    "position": 0,
                },
                *(role_payload(r, name) for r, (g, name) in self.roles.items() if g == guild),
            ],
            "system_channel_id": (
                str(self.system_channels[guild]) if guild in self.system_channels else None
            ),
            "channels": [
                {
                    "id": str(c),
                    "type": 0,
                    "name": f"poker-{i}",
                    "position": i,
                    "guild_id": str(guild),
                }
                for i, c in enumerate(self.channels)
                if self.guild_of(c) == guild
            ],
            "members": [
                {
                    "user": user_payload(BOT_ID, "Dealer"),
                    "roles": [],
                    "joined_at": "2026-01-01T00:00:00+00:00",
                    "flags": 0,
                    "deaf": False,
                    "mute": False,
                }
            ],
            "threads": [],
            "emojis": [],
            "stickers": [],
            "features": [],
            "premium_tier": 0,
            "large": False,
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    async def _ready(self, socket: web.WebSocketResponse) -> None:
        self.identified.set()
        shard, count = self._shard_of_socket[id(socket)]
        mine = [guild for guild in self.guilds if self._on_shard(socket, guild)]
        await self._send_to(
            socket,
            {
                "v": 10,
                "user": {**user_payload(BOT_ID, "Dealer"), "verified": True, "mfa_enabled": False},
                "session_id": "fake-session",
                "resume_gateway_url": self.gateway_url,
                "guilds": [{"id": str(guild), "unavailable": True} for guild in mine],
                "application": {"id": str(APP_ID), "flags": 0},
                "shard": [shard, count],
            },
            "READY",
        )
        for guild in mine:
            await self._send_to(socket, self._guild(guild), "GUILD_CREATE")
        self.guild_sent.set()

    async def _send_to(self, socket: web.WebSocketResponse, data: Any, event: str) -> None:
        self._seq += 1
        await socket.send_str(json.dumps({"op": 0, "d": data, "s": self._seq, "t": event}))

    # ------------------------------------------------------------------ REST

    def _message_payload(self, message: Message) -> dict[str, Any]:
        data = {
            "id": str(message.id),
            "channel_id": str(message.channel_id),
            "author": user_payload(message.author_id, self.users.get(message.author_id, "?")),
            "content": message.content,
            "components": message.components,
            "embeds": [],
            "attachments": [
                {
                    "id": str(message.id + number),
                    "filename": sent.filename,
                    "size": len(sent.data),
                    "url": f"https://cdn.invalid/{message.id}/{sent.filename}",
                    "proxy_url": f"https://cdn.invalid/{message.id}/{sent.filename}",
                }
                for number, sent in enumerate(message.files)
            ],
            "mentions": [],
            "mention_roles": [],
            "mention_everyone": False,
            "pinned": False,
            "tts": False,
            "type": 0,
            "timestamp": "2026-11-22T12:00:00+00:00",
            "edited_timestamp": None,
            "flags": EPHEMERAL if message.ephemeral_for else 0,
        }
        if message.channel_id in self.channels:
            data["guild_id"] = str(self.guild_of(message.channel_id))
        data.update(message.payload)
        return data

    def _post(
        self, channel: int, body: dict[str, Any], *, ephemeral_for: int | None = None
    ) -> Message:
        message = Message(
            id=self.new_id(),
            channel_id=channel,
            content=body.get("content") or "",
            components=body.get("components") or [],
            ephemeral_for=ephemeral_for,
            files=list(body.get("_files") or []),
        )
        message.versions.append(message.content)
        message.uploaded.extend(message.files)
        message.pinged = _pinged(message.content, body.get("allowed_mentions"))
        self.messages[message.id] = message
        self.channel_log[channel].append(message.id)
        self._changed(channel)
        return message

    def _edit(self, message: Message, body: dict[str, Any]) -> None:
        if "content" in body and body["content"] is not None:
            message.content = body["content"]
            message.versions.append(message.content)
        if "components" in body:
            message.components = body["components"] or []
        if "attachments" in body:  # as Discord: the files kept are those listed by id
            kept = {str(attachment.get("id")) for attachment in body["attachments"] or []}
            message.files = [
                sent
                for number, sent in enumerate(message.files)
                if str(message.id + number) in kept
            ]
        if "_files" in body:  # new uploads are added
            message.files = message.files + list(body["_files"])
            message.uploaded.extend(body["_files"])
        message.edits += 1
        self._changed(message.channel_id)

    def _delete(self, message_id: int) -> web.Response:
        message = self.messages.get(message_id)
        if message is None or message.deleted:
            return _json({"message": "Unknown Message", "code": 10008}, status=404)
        message.deleted = True
        self._changed(message.channel_id)
        return web.Response(status=204)

    def _changed(self, channel: int) -> None:
        for waiter in self._waiting.pop(channel, []):
            if not waiter.done():
                waiter.set_result(None)

    async def change(self, channel: int, timeout: float = 10) -> None:
        """Wait until a message of ``channel`` is posted or edited."""
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting[channel].append(waiter)
        await asyncio.wait_for(waiter, timeout)

    async def _rest(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        body: Any = None
        multipart = request.content_type.startswith("multipart")
        if request.can_read_body:
            if multipart:
                body = await _multipart(request)
            elif text := await request.text():
                body = json.loads(text)
        self.requests.append(Request(request.method, path, body, time.perf_counter()))
        response = await self._answer(request, path, body, multipart=multipart)
        self.limits.answered(response.status, f"{request.method} {path}")
        if response.status != 429:  # the bucket's state, as Discord sends it with each answer
            response.headers.update(self.limits.headers(request.method, path))
        return response

    async def _answer(
        self, request: web.Request, path: str, body: Any, *, multipart: bool
    ) -> web.Response:
        route = f"{request.method} {path}"
        token = request.headers.get("Authorization", "")
        if token != f"Bot {TOKEN}" and "/interactions/" not in path and "/webhooks/" not in path:
            return _json({"message": "401: Unauthorized", "code": 0}, status=401)
        webhook = WEBHOOK.match(path)
        interaction = self.by_token.get(webhook[1]) if webhook else None
        on = interaction.channel_id if interaction is not None else None
        if (thread := self.thread_refusal(request.method, path, body, on)) is not None:
            return _json(thread[1], status=thread[0])
        limited = self.limits.check(token, request.method, path)
        if limited is not None:  # Discord's rate limits (tests/fakediscord/limits.py)
            status, refusal = limited
            headers = refusal.pop("headers")
            assert isinstance(headers, dict)
            return _json(refusal, status=status, headers=headers)
        for prefix, left in list(self.server_errors.items()):
            if left and route.startswith(prefix):
                self.server_errors[prefix] = left - 1
                return _json({"message": "Internal Server Error", "code": 0}, status=500)
        content = str(body.get("content") or "") if isinstance(body, dict) else ""
        for prefix, left in list(self.unavailable.items()):
            if left and (route.startswith(prefix) or (content and content.startswith(prefix))):
                self.unavailable[prefix] = left - 1
                return _json({"message": "Service Unavailable", "code": 0}, status=503)
        if self.judged and (
            refused := self._judged(request.method, path, body, multipart=multipart)
        ):
            return refused  # Discord's spec and docs first: nothing else may let it pass
        for prefix, left in list(self.rate_limits.items()):
            if left and route.startswith(prefix):
                self.rate_limits[prefix] = left - 1
                return _json(
                    {
                        "message": "You are being rate limited.",
                        "retry_after": 0.05,
                        "global": False,
                    },
                    status=429,
                    headers={"Via": "1.1 google", "X-RateLimit-Scope": "user"},
                )
        return await self._route(request.method, path.split("/")[1:], body or {})

    def _judged(self, method: str, path: str, body: Any, *, multipart: bool) -> web.Response | None:
        """Discord's specification judges the request (:mod:`conformance`): refused as Discord
        refuses a body it does not accept (400, 50035), and recorded for the test to fail."""
        operation = conformance.operation(method, path)
        self.checked[f"{method} {operation.template if operation else path}"] += 1
        broken = conformance.check(method, path, body, multipart=multipart)
        if not broken:
            return None
        self.spec_violations.extend(broken)
        errors = {v.pointer or "/": {"_errors": [{"message": v.rule}]} for v in broken}
        return _json({"message": "Invalid Form Body", "code": 50035, "errors": errors}, 400)

    async def _route(self, method: str, parts: list[str], body: dict[str, Any]) -> web.Response:
        if (threaded := self.thread_route(method, parts, body)) is not None:
            return threaded
        match method, parts:
            case "GET", ["users", "@me"]:
                return _json(user_payload(BOT_ID, "Dealer"))
            case "GET", ["oauth2", "applications", "@me"]:
                return _json(
                    {
                        "id": str(APP_ID),
                        "name": "Dealer",
                        "description": "",
                        "icon": None,
                        "bot_public": True,
                        "bot_require_code_grant": False,
                        "verify_key": "0" * 64,
                        "flags": 0,
                        "owner": user_payload(self.new_id(), "owner"),
                        "team": None,
                    }
                )
            case "GET", ["gateway", *_]:
                return _json(
                    {
                        "url": self.gateway_url,
                        "shards": self.recommended_shards,
                        "session_start_limit": {
                            "total": 1000,
                            "remaining": 1000,
                            "reset_after": 0,
                            "max_concurrency": 1,
                        },
                    }
                )
            case "PUT", ["applications", _, "guilds", guild, "commands"] if (
                int(guild) not in self.guilds
            ):  # a server the bot is not in (or without the applications.commands scope)
                return _json({"message": "Missing Access", "code": 50001}, 403)
            case "PUT", ["applications", _, *scope]:
                self.commands = [  # the last list registered, wherever
                    {
                        **command,
                        "id": str(self.new_id()),
                        "application_id": str(APP_ID),
                        "version": "1",
                    }
                    for command in body
                ]
                if scope[0] == "guilds":  # a server's own copy, beside the global ones
                    self.guild_commands[int(scope[1])] = self.commands
                else:
                    self.global_commands = self.commands
                return _json(self.commands)
            case "POST", ["users", "@me", "channels"]:
                user = int(body["recipient_id"])
                channel = self.dm_channels.setdefault(user, self.new_id())
                return _json(
                    {
                        "id": str(channel),
                        "type": 1,
                        "recipients": [user_payload(user, self.users.get(user, "?"))],
                        "last_message_id": None,
                    }
                )
            case "POST", ["channels", channel, "messages"]:
                channel_id = int(channel)
                owner = next((u for u, c in self.dm_channels.items() if c == channel_id), None)
                if owner is not None and owner in self.dm_closed:
                    return _json(
                        {"message": "Cannot send messages to this user", "code": 50007},
                        status=403,
                    )
                if owner is not None and owner in self.dm_errors:  # another refusal
                    status, code = self.dm_errors[owner]
                    return _json({"message": "Refused", "code": code}, status=status)
                granted = int(self.app_permissions.get(channel_id, PERMISSIONS_ALL))
                if owner is None and body.get("_files") and not granted & ATTACH_FILES:
                    return _json({"message": "Missing Permissions", "code": 50013}, status=403)
                nonce = (channel_id, str(body["nonce"])) if body.get("enforce_nonce") else None
                if nonce is not None and nonce in self.nonces:  # as Discord, for minutes
                    return _json(self._message_payload(self.messages[self.nonces[nonce]]))
                posted = self._post(channel_id, body)
                if nonce is not None:
                    self.nonces[nonce] = posted.id
                return _json(self._message_payload(posted))
            case "PATCH", ["channels", channel]:  # a thread unarchived (threads.py)
                return _json({"id": channel, "type": 11, "guild_id": str(GUILD_ID)})
            case "PATCH", ["channels", _, "messages", message_id]:
                message = self.messages.get(int(message_id))
                if message is None:
                    return _json({"message": "Unknown Message", "code": 10008}, status=404)
                self._edit(message, body)
                return _json(self._message_payload(message))
            case "DELETE", ["channels", _, "messages", message_id]:
                return self._delete(int(message_id))
            case "DELETE", ["webhooks", _, token, "messages", which]:
                interaction = self.by_token[token]
                target = interaction.original_id if which == "@original" else int(which)
                if target not in interaction.created:  # as Discord: only its own messages
                    return _json({"message": "Unknown Message", "code": 10008}, status=404)
                return self._delete(target)
            case "POST", ["interactions", interaction_id, token, "callback"]:
                waited = time.perf_counter() - self.interactions[int(interaction_id)].sent_at
                if waited > ANSWER_DEADLINE:  # as Discord: too late, the interaction is gone
                    self.late.append(int(interaction_id))
                    self.expired.add(int(interaction_id))
                stall = self.stalled.get(int(interaction_id))
                if stall:
                    await asyncio.sleep(stall)
                if int(interaction_id) in self.expired:
                    expired = self.interactions[int(interaction_id)].answered
                    if not expired.done():
                        expired.set_result({"type": None, "code": 10062, "message": None})
                    return _json({"message": "Unknown interaction", "code": 10062}, status=404)
                return self._callback(int(interaction_id), token, body)
            case "POST", ["webhooks", _, token]:
                interaction = self.by_token[token]
                ephemeral = bool((body.get("flags") or 0) & EPHEMERAL)
                granted = int(self.app_permissions.get(interaction.channel_id, PERMISSIONS_ALL))
                if body.get("_files") and not ephemeral and not granted & ATTACH_FILES:
                    # a public follow-up is held to the app's permissions in the channel
                    return _json({"message": "Missing Permissions", "code": 50013}, status=403)
                message = self._post(
                    interaction.channel_id,
                    body,
                    ephemeral_for=interaction.user_id if ephemeral else None,
                )
                interaction.created.add(message.id)
                return _json(self._message_payload(message))
            case "PATCH" | "GET", ["webhooks", _, token, "messages", which]:
                interaction = self.by_token[token]
                target = interaction.original_id if which == "@original" else int(which)
                message = self.messages.get(target or 0)
                if message is None:
                    return _json({"message": "Unknown Message", "code": 10008}, status=404)
                if method == "PATCH":
                    self._edit(message, body)
                return _json(self._message_payload(message))
        return _json({"message": f"404: {method} /{'/'.join(parts)}", "code": 0}, status=404)

    def _callback(self, interaction_id: int, token: str, body: dict[str, Any]) -> web.Response:
        interaction = self.interactions[interaction_id]
        if interaction.answered.done():
            return _json(
                {"message": "Interaction has already been acknowledged.", "code": 40060}, status=400
            )
        kind = body["type"]
        data = body.get("data") or {}
        message: Message | None = None
        if kind == 4:  # CHANNEL_MESSAGE_WITH_SOURCE
            ephemeral = bool((data.get("flags") or 0) & EPHEMERAL)
            message = self._post(
                interaction.channel_id,
                data,
                ephemeral_for=interaction.user_id if ephemeral else None,
            )
            message.payload["interaction_metadata"] = {
                "id": str(interaction.id),
                "type": 2,
                "user": user_payload(interaction.user_id, self.users[interaction.user_id]),
                "authorizing_integration_owners": {},
            }
            interaction.original_id = message.id
            interaction.created.add(message.id)
        elif kind in (6, 7):  # DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE
            interaction.original_id = interaction.message_id
            if kind == 7:
                assert interaction.message_id is not None
                message = self.messages[interaction.message_id]
                self._edit(message, data)
        elif kind == 5:  # deferred: the followup or @original edit comes later
            ephemeral = bool((data.get("flags") or 0) & EPHEMERAL)
            message = self._post(
                interaction.channel_id,
                {"content": ""},
                ephemeral_for=interaction.user_id if ephemeral else None,
            )
            interaction.original_id = message.id
            interaction.created.add(message.id)
        interaction.answered_at = time.perf_counter()
        interaction.answered.set_result({"type": kind, "data": data, "message": message})
        response: dict[str, Any] = {
            "interaction": {
                "id": str(interaction.id),
                "type": 2 if interaction.message_id is None else 3,
                "response_message_id": str(message.id) if message else None,
                "response_message_loading": kind == 5,
                "response_message_ephemeral": bool(message and message.ephemeral_for),
            }
        }
        if message is not None:
            response["resource"] = {"type": kind, "message": self._message_payload(message)}
        return _json(response)
