"""What the bot keeps of its direct messages (issue 43.3): each member's DM channel, opened once
(Discord warns that opening DM channels in numbers may get a bot refused them), and the
members whose DMs were refused on a server, who are not tried again until they say so; and
what it keeps of itself between runs (``bot_state``: where its commands were registered)."""

from __future__ import annotations

from collections.abc import Iterable

from bot.store.base import StoreBase


class DirectStore(StoreBase):
    async def dm_channels(self, users: Iterable[int]) -> dict[int, int]:
        """The DM channel of each of ``users`` that has one."""
        wanted = sorted(set(users))
        if not wanted:
            return {}
        marks = ", ".join("?" * len(wanted))
        rows = await self._rows(
            "SELECT user_id, dm_channel FROM player_preferences"
            f" WHERE user_id IN ({marks}) AND dm_channel IS NOT NULL",
            wanted,
        )
        return {int(row[0]): int(row[1]) for row in rows}

    async def save_dm_channel(self, user: int, channel: int) -> None:
        await self._write_one(
            "INSERT INTO player_preferences (user_id, dm_channel) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET dm_channel = excluded.dm_channel",
            (user, channel),
        )

    async def dms_refused(self, guild: int) -> set[int]:
        """The members of ``guild`` whose DMs were refused (and who have not said since that
        they may be tried again)."""
        rows = await self._rows(
            "SELECT user_id FROM member_preferences"
            " WHERE guild_id = ? AND dms_refused IS NOT NULL",
            (guild,),
        )
        return {int(row[0]) for row in rows}

    async def set_dms_refused(self, guild: int, user: int, refused: bool) -> None:
        """Their DMs were refused (now), or they may be tried again."""
        await self._write_one(
            "INSERT INTO member_preferences (guild_id, user_id, dms_refused) VALUES (?, ?, ?)"
            " ON CONFLICT (guild_id, user_id) DO UPDATE SET dms_refused = excluded.dms_refused",
            (guild, user, self._now() if refused else None),
        )

    async def bot_state(self, key: str) -> str | None:
        found = await self._one("SELECT value FROM bot_state WHERE key = ?", (key,))
        return None if found is None else str(found)

    async def set_bot_state(self, key: str, value: str | None) -> None:
        if value is None:
            await self._write_one("DELETE FROM bot_state WHERE key = ?", (key,))
            return
        await self._write_one(
            "INSERT INTO bot_state (key, value) VALUES (?, ?)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )
