"""The poker cog: `/poker` commands and the table's buttons."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.poker._admin import AdminCog
from cogs.poker._clicks import TableButtons
from cogs.poker._commands import PokerCog
from cogs.poker._guards import on_command_error
from cogs.poker._help import Welcome
from cogs.poker._nights import NightDesk
from cogs.poker._presenter import DiscordPresenter
from cogs.poker._readers import Readers
from cogs.poker._restart import RestartNotices
from cogs.poker._translator import CatalogueTranslator

if TYPE_CHECKING:
    from bot.client import PokerBot


async def setup(bot: PokerBot) -> None:
    await bot.tree.set_translator(CatalogueTranslator())
    bot.tree.error(on_command_error)
    presenter = DiscordPresenter(bot, bot.dealer, Readers(bot, bot.store))
    bot.dealer.presenter = presenter
    bot.presenter = presenter
    bot.nights = NightDesk(bot, presenter)
    bot.nights.start()
    await bot.add_cog(PokerCog(bot, presenter))
    await bot.add_cog(TableButtons(bot, presenter))
    await bot.add_cog(RestartNotices(bot, presenter))
    await bot.add_cog(AdminCog(bot, presenter.readers))
    await bot.add_cog(Welcome(presenter.readers))


async def teardown(bot: PokerBot) -> None:
    await bot.nights.close()
    await bot.presenter.close()
