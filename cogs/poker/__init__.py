"""The poker cog: `/poker` commands and the table's buttons."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.poker._commands import PokerCog

if TYPE_CHECKING:
    from bot.client import PokerBot


async def setup(bot: PokerBot) -> None:
    await bot.add_cog(PokerCog(bot))
