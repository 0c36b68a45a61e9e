"""The fake Discord's people: fake users who send slash commands and click buttons (each an
INTERACTION_CREATE on the shard of its server), and what each of them sees."""

from __future__ import annotations

import asyncio
import re
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

from tests.fakediscord.model import (
    APP_ID,
    GUILD_ID,
    PERMISSIONS_ALL,
    Interaction,
    Message,
    Request,
    RoleOption,
    UserOption,
    role_payload,
    user_payload,
)
from tests.fakediscord.threads import Thread


class People:
    """Mixed into :class:`~tests.fakediscord.server.FakeDiscord`, which holds this state."""

    users: dict[int, str]
    messages: dict[int, Message]
    channel_log: dict[int, list[int]]
    dm_channels: dict[int, int]
    interactions: dict[int, Interaction]
    by_token: dict[str, Interaction]
    commands: list[dict[str, Any]]
    requests: list[Request]
    permissions: dict[int, str]
    roles: dict[int, tuple[int, str]]
    member_roles: dict[int, list[int]]
    locales: dict[int, str]
    guild_locale: str
    app_permissions: dict[int, str]
    expired: set[int]
    gateway_latency: float
    stalled: dict[int, float]
    new_id: Callable[[], int]
    guild_of: Callable[[int], int]
    threads: dict[int, Thread]
    thread_payload: Callable[[Thread], dict[str, Any]]
    _message_payload: Callable[[Message], dict[str, Any]]
    _send: Callable[..., Awaitable[None]]

    invoked: Counter[str]  # "poker new" -> slash commands sent
    clicked: Counter[str]  # a custom id's kind (its digits left out) -> clicks

    # ------------------------------------------------------------------ roles

    async def add_role(self, name: str, members: list[int], guild: int = GUILD_ID) -> int:
        """A role the server creates (GUILD_ROLE_CREATE to the bot, as Discord sends it) and
        gives to ``members``."""
        role = self.new_id()
        self.roles[role] = (guild, name)
        for member in members:
            self.member_roles.setdefault(member, []).append(role)
        created = {"guild_id": str(guild), "role": role_payload(role, name)}
        await self._send(0, created, "GUILD_ROLE_CREATE", guild=guild)
        return role

    # ------------------------------------------------------------------ users act

    def _base_interaction(
        self, user: int, channel: int, *, dm: bool = False
    ) -> tuple[Interaction, dict[str, Any]]:
        interaction = Interaction(
            id=self.new_id(),
            token=f"token-{self.new_id()}",
            user_id=user,
            channel_id=channel,
            message_id=None,
            sent_at=0.0,
            answered=asyncio.get_running_loop().create_future(),
        )
        self.interactions[interaction.id] = interaction
        self.by_token[interaction.token] = interaction
        guild = self.guild_of(channel)
        payload: dict[str, Any] = {
            "id": str(interaction.id),
            "application_id": str(APP_ID),
            "token": interaction.token,
            "version": 1,
            "guild_id": str(guild),
            "channel_id": str(channel),
            "channel": {
                "id": str(channel),
                "type": 0,
                "guild_id": str(guild),
                "name": "poker",
                "position": 0,
                "permission_overwrites": [],
                "nsfw": False,
                "parent_id": None,
            },
            "member": {
                "user": user_payload(user, self.users[user]),
                "roles": [str(role) for role in self.member_roles.get(user, [])],
                "joined_at": "2026-01-01T00:00:00+00:00",
                "permissions": self.permissions.get(user, "0"),
                "flags": 0,
                "deaf": False,
                "mute": False,
                "nick": None,
            },
            "app_permissions": self.app_permissions.get(channel, PERMISSIONS_ALL),
            "locale": self.locales.get(user, "en-US"),
            "guild_locale": self.guild_locale,
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild)},
            "context": 0,
            "attachment_size_limit": 10_000_000,
        }
        thread = self.threads.get(channel)
        if thread is not None:  # a click in a thread: Discord sends the thread's channel
            payload["channel"] = self.thread_payload(thread)
        if dm:  # a command sent in a DM: no server, no member, a DM channel
            del payload["guild_id"], payload["member"], payload["guild_locale"]
            payload["user"] = user_payload(user, self.users[user])
            payload["channel"] = {"id": str(channel), "type": 1}
            payload["context"] = 1
        return interaction, payload

    async def _dispatch(self, interaction: Interaction, payload: dict[str, Any]) -> dict[str, Any]:
        interaction.sent_at = time.perf_counter()
        guild = int(payload["guild_id"]) if "guild_id" in payload else None
        if self.gateway_latency:  # on its way to the bot, the 3 seconds counting
            await asyncio.sleep(self.gateway_latency)
        await self._send(0, payload, "INTERACTION_CREATE", guild=guild)
        return await asyncio.wait_for(interaction.answered, timeout=10)

    async def slash(
        self,
        user: int,
        channel: int,
        name: str,
        /,
        *,
        dm: bool = False,
        group: str = "poker",
        sub: str | None = None,
        forged: bool = False,
        **options: Any,
    ) -> dict[str, Any]:
        """``/<group> <name> option:value ...`` (``sub``: ``/<group> <name> <sub> ...``, a
        subcommand group's); returns the callback (type, data, message). A
        :class:`UserOption` value names a member. The command must be one the bot registered,
        with options Discord's client lets a member send (names, types, bounds, choices), unless
        ``forged``: a payload sent by hand, past the client."""
        path = " ".join(part for part in (group, name, sub) if part)
        if not forged:
            refused = invocation_problems(
                self.commands, [group, name, *filter(None, [sub])], options
            )
            assert not refused, f"Discord's client would not send /{path}: {refused}"
        self.invoked[path] += 1
        interaction, payload = self._base_interaction(user, channel, dm=dm)
        command = next((c for c in self.commands if c["name"] == group), {"id": "1"})
        types = {str: 3, int: 4, bool: 5, UserOption: 6, RoleOption: 8}
        payload["type"] = 2
        payload["data"] = {
            "id": command["id"],
            "name": group,
            "type": 1,
            "options": [
                {
                    "name": name,
                    "type": 1,
                    "options": [
                        {
                            "name": key,
                            "type": types[type(value)],
                            "value": (
                                str(value.id)
                                if isinstance(value, UserOption | RoleOption)
                                else value
                            ),
                        }
                        for key, value in options.items()
                    ],
                }
            ],
        }
        if sub is not None:  # a subcommand group (type 2) holding the subcommand
            inner = payload["data"]["options"][0]
            payload["data"]["options"] = [
                {"name": name, "type": 2, "options": [inner | {"name": sub}]}
            ]
        named = [value.id for value in options.values() if isinstance(value, UserOption)]
        if named:
            payload["data"]["resolved"] = {
                "users": {str(i): user_payload(i, self.users[i]) for i in named},
                "members": {
                    str(i): {
                        "roles": [str(role) for role in self.member_roles.get(i, [])],
                        "joined_at": "2026-01-01T00:00:00+00:00",
                        "permissions": self.permissions.get(i, "0"),
                        "flags": 0,
                        "deaf": False,
                        "mute": False,
                        "nick": None,
                    }
                    for i in named
                },
            }
        roles = [value.id for value in options.values() if isinstance(value, RoleOption)]
        if roles:
            resolved = payload["data"].setdefault("resolved", {})
            resolved["roles"] = {str(r): role_payload(r, self.roles[r][1]) for r in roles}
        return await self._dispatch(interaction, payload)

    async def click(
        self,
        user: int,
        message_id: int,
        custom_id: str,
        values: list[str] | None = None,
        *,
        expire: bool = False,
        stall: float = 0.0,
    ) -> dict[str, Any]:
        """A button click (or a select choice when ``values`` is given). ``expire``: its
        callback gets 10062 Unknown interaction; ``stall``: its callback takes that long."""
        message = self.messages[message_id]
        self.clicked[re.sub(r"\d+", "#", custom_id)] += 1
        interaction, payload = self._base_interaction(user, message.channel_id)
        if expire:
            self.expired.add(interaction.id)
        if stall:
            self.stalled[interaction.id] = stall
        interaction.message_id = message_id
        payload["type"] = 3
        payload["message"] = self._message_payload(message)
        payload["data"] = {"custom_id": custom_id, "component_type": 2}
        if values is not None:
            payload["data"] = {"custom_id": custom_id, "component_type": 3, "values": values}
        return await self._dispatch(interaction, payload)

    # ------------------------------------------------------------------ what people see

    def channel_messages(self, channel: int) -> list[Message]:
        """Public messages of a channel, oldest first (not those deleted)."""
        return [
            self.messages[i]
            for i in self.channel_log[channel]
            if not self.messages[i].ephemeral_for and not self.messages[i].deleted
        ]

    def pings(self, user: int) -> list[Message]:
        """The messages that notified ``user`` (deleted since or not), oldest first."""
        return [m for m in self.messages.values() if user in m.pinged]

    def ephemeral_for(self, user: int) -> list[Message]:
        return [m for m in self.messages.values() if m.ephemeral_for == user]

    def dms(self, user: int) -> list[Message]:
        channel = self.dm_channels.get(user)
        return [] if channel is None else [self.messages[i] for i in self.channel_log[channel]]

    def rate_limited_requests(self, since: int = 0) -> list[Request]:
        """Requests that count against Discord's rate limits: channel posts and edits, DMs (the
        interaction callbacks and webhooks of interaction tokens are not among them)."""
        return [
            r
            for r in self.requests[since:]
            if r.path.startswith("/channels/") or r.path == "/users/@me/channels"
        ]


OPTION_TYPES = {3: str, 4: int, 5: bool, 6: UserOption, 8: RoleOption}


def invocation_problems(
    commands: list[dict[str, Any]], path: list[str], options: dict[str, Any]
) -> list[str]:
    """Why Discord's client would not send ``/path option:value ...`` to the bot: a command
    it did not register, an option it does not have or lacks, a value of the wrong type, out of
    its bounds or not among its choices."""
    level: list[dict[str, Any]] = commands
    command: dict[str, Any] | None = None
    for part in path:
        command = next((c for c in level if c.get("name") == part), None)
        if command is None:
            return [f"no command {part!r}"]
        level = command.get("options") or []
    assert command is not None
    declared = {o["name"]: o for o in level if o.get("type") not in (1, 2)}
    problems = [
        f"{name!r} is required"
        for name, o in declared.items()
        if o.get("required") and name not in options
    ]
    for name, value in options.items():
        option = declared.get(name)
        if option is None:
            problems.append(f"no option {name!r}")
            continue
        kind = OPTION_TYPES.get(option["type"])
        if kind is None or type(value) is not kind:
            problems.append(f"{name!r}: {value!r} is not of type {option['type']}")
            continue
        choices = [c["value"] for c in option.get("choices") or []]
        if choices and value not in choices:
            problems.append(f"{name!r}: {value!r} is not among {choices}")
        low, high = option.get("min_value"), option.get("max_value")
        if kind is int and (
            (low is not None and value < low) or (high is not None and value > high)
        ):
            problems.append(f"{name!r}: {value} is not within [{low}, {high}]")
        if kind is str and not option.get("min_length", 0) <= len(value) <= option.get(
            "max_length", 6000
        ):
            problems.append(f"{name!r}: {len(value)} characters")
    return problems
