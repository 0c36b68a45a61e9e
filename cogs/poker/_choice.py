"""Dealer's choice on Discord (RULES §10.5): the chooser presses Choose on the table message
and picks the round's game in a private list; anyone else is told whose choice it is."""

from __future__ import annotations

from typing import Any, cast

import discord

from bot.dealer.dealer import Refusal
from bot.dealer.errors import TableError
from bot.dealer.options import game_name
from bot.dealer.table import Table
from bot.dealer.views import Effects
from bot.text import Msg, Name
from cogs.poker._interactions import TableActions, answer, refuse
from cogs.poker._readers import speaker
from cogs.poker._views import Click, game_picker


async def open_choice(
    tables: TableActions, interaction: discord.Interaction[Any], click: Click
) -> None:
    """Choose: the chooser gets the table's games, privately; anyone else a refusal."""
    user, channel = interaction.user.id, interaction.channel_id
    try:
        if channel is None:
            raise TableError("error-no-table")
        async with tables.dealer.locked(channel, table_id=click.table) as table:
            table.heard(user, interaction.id)
            round_ = table.options.game_round
            if not round_.choosing or click.seq != table.seq:
                raise TableError("error-stale-prompt")
            if user != round_.chooser:
                raise TableError("error-not-your-choice", name=Name(round_.chooser_name))
            games, seq, deadline = tuple(table.options.games), table.seq, table.deadline
    except Refusal as error:
        await refuse(interaction, error)
        return
    say = speaker(interaction)
    clock = f"<t:{int(deadline.timestamp())}:R>" if deadline is not None else "-"
    prompt = say("choose-prompt", deadline=clock)
    if await answer(
        interaction.response.send_message(
            prompt, view=game_picker(say, games, click.table, seq), ephemeral=True
        )
    ):
        tables.presenter.choices.opened(channel, interaction)


async def chosen(tables: TableActions, interaction: discord.Interaction[Any], click: Click) -> None:
    """The game picked: the round is set and its first hand dealt."""
    user = interaction.user.id
    data = cast("dict[str, Any]", interaction.data or {})
    values = data.get("values", [])
    game = str(values[0]) if isinstance(values, list) and len(values) == 1 else ""

    async def choose(table: Table) -> Effects:
        return await table.choose_game(user, click.seq, game)

    await tables.run(  # the list is answered: replaced by what was chosen
        interaction,
        choose,
        lambda table: Msg("choose-done", game=game_name(game)),
        table_id=click.table,
        private_question=True,
    )
