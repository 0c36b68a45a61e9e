"""`/poker tournament` and a sit & go's buttons (issue 23): translation only, as the rest of the
cog. The rules are in ``bot.tournament``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.dealer.errors import TableError
from bot.dealer.table import Table
from bot.dealer.views import Effects
from bot.store.tournaments import Entrant, TournamentRecord
from bot.text import Msg, Name, Speaker, plain
from bot.tournament import play
from cogs.poker import _opening as opening
from cogs.poker._interactions import TableActions, answer, refuse
from cogs.poker._presenter import NO_MENTIONS
from cogs.poker._readers import speaker
from cogs.poker._views import leave_confirmation

if TYPE_CHECKING:
    from collections.abc import Callable


def can_manage(interaction: discord.Interaction[Any]) -> bool:
    permissions = interaction.permissions
    return permissions.manage_guild if permissions is not None else False


def may_host_nights(interaction: discord.Interaction[Any], host_role: int | None) -> bool:
    """Manage Server, or the role the server named for tournament nights (issue 44.1; the
    @everyone role: every member)."""
    if can_manage(interaction):
        return True
    member = interaction.user
    if host_role is None or not isinstance(member, discord.Member):
        return False
    return host_role == member.guild.id or member.get_role(host_role) is not None


def _tournament_table(table: Table) -> Table:
    if not table.tournament:
        raise TableError("error-no-tournament")
    return table


async def open_tournament(
    tables: TableActions,
    interaction: discord.Interaction[Any],
    chosen: dict[str, Any],
    *,
    private: bool = False,
) -> None:
    """``/poker tournament new``: a table whose message is the registration message."""
    settings = await opening.place_for_a_table(tables.dealer, interaction)
    if settings is None:
        return
    game = chosen.pop("variant", None) or settings.default_game
    terms = {
        key: chosen.pop(key) for key in ("buy_in", "starting_chips", "level_hands") if key in chosen
    }
    given = settings.table_defaults(game) | {"variant": game, "tournament": terms} | chosen
    if private:  # RULES §13: in a private thread of this channel
        from cogs.poker._private import open_private  # noqa: PLC0415 (it runs tables too)

        await open_private(tables, interaction, given, settings, play.open_registration)
        return
    if await opening.create(tables.dealer, interaction, given, settings):
        await tables.run(interaction, play.open_registration)


async def register(
    tables: TableActions, interaction: discord.Interaction[Any], table_id: int
) -> None:
    user = interaction.user
    await tables.run(
        interaction,
        lambda table: play.register(_tournament_table(table), user.id, user.display_name),
        registered,
        table_id=table_id,
        seats=True,
    )


def registered(table: Table) -> Msg:
    return Msg("tournament-registered", buy_in=play.terms(table).buy_in)


async def unregister(
    tables: TableActions, interaction: discord.Interaction[Any], table_id: int
) -> None:
    user = interaction.user.id
    await tables.run(
        interaction,
        lambda table: play.unregister(_tournament_table(table), user),
        lambda table: Msg("tournament-unregistered", chips=play.terms(table).buy_in),
        table_id=table_id,
    )


async def leave(tables: TableActions, interaction: discord.Interaction[Any], table: Table) -> None:
    """`/poker leave` at a sit & go: before it starts, unregistered; after, it cannot be undone,
    so it is asked first (RULES §7.5)."""
    user = interaction.user.id
    seat = table.seats.get(user)
    if play.started(table) and seat is not None and not seat.leaving:
        say = speaker(interaction)
        view = leave_confirmation(say, table.id, say("button-tournament-leave"))
        await answer(
            interaction.response.send_message(
                say("tournament-leave-confirm"), view=view, ephemeral=True
            )
        )
        return
    await tables.run(interaction, lambda table: table.leave(user), left(user))


def left(user: int) -> Callable[[Table], Msg]:
    def told(table: Table) -> Msg:
        if not table.tournament:
            return Msg("left-after-hand" if user in table.seats else "left-now")
        if play.started(table):
            return Msg("tournament-left")
        return Msg("tournament-unregistered", chips=play.terms(table).buy_in)

    return told


async def start(
    tables: TableActions, interaction: discord.Interaction[Any], table_id: int | None
) -> None:
    user = interaction.user.id

    async def started(table: Table) -> Effects:
        return await play.start(_tournament_table(table), user)

    await tables.run(interaction, started, table_id=table_id)


async def cancel(tables: TableActions, interaction: discord.Interaction[Any]) -> None:
    manager = can_manage(interaction)
    await tables.run(
        interaction,
        lambda table: play.cancel(
            _tournament_table(table), interaction.user.id, can_manage=manager
        ),
        lambda table: Msg("tournament-cancel-done"),  # no stacks: the notice says who gets what
    )


async def standings(tables: TableActions, interaction: discord.Interaction[Any]) -> None:
    """Places and chip counts, at any time (ephemeral)."""
    table = tables.dealer.tables.get(interaction.channel_id or 0)
    if table is None or not table.tournament:
        await refuse(interaction, Msg("error-no-tournament"))
        return
    record = await tables.dealer.store.tournament(table.id)
    if record is None:
        await refuse(interaction, Msg("error-no-tournament"))
        return
    say = speaker(interaction)
    chips = {seat.user_id: seat.stack for seat in table.seats.values()}
    await answer(
        interaction.response.send_message(
            standings_content(say, table, record, chips),
            ephemeral=True,
            allowed_mentions=NO_MENTIONS,
        )
    )


def standings_content(
    say: Speaker, table: Table, record: TournamentRecord, chips: dict[int, int]
) -> str:
    title = table.title
    if not play.started(table):
        head = say(
            "tournament-standings-registering",
            title=title,
            entrants=len(record.entrants),
            seats=table.options.seats,
        )
        return "\n".join([head, *(f"· {plain(entrant.name)}" for entrant in record.entrants)])
    still = sorted(
        (entrant for entrant in record.entrants if entrant.place is None),
        key=lambda entrant: (-chips.get(entrant.user_id, 0), entrant.seat),
    )
    out = sorted((e for e in record.entrants if e.place is not None), key=_place_of)
    lines = [
        say(
            "tournament-standings-head",
            title=title,
            level=play.level(table),
            left=len(still),
            entrants=len(record.entrants),
        )
    ]
    lines.extend(
        say(
            "tournament-standings-line",
            place=str(rank),
            name=Name(entrant.name),
            chips=chips.get(entrant.user_id, 0),
        )
        for rank, entrant in enumerate(still, start=1)
    )
    lines.extend(
        say("tournament-standings-out", place=str(_place_of(entrant)), name=Name(entrant.name))
        for entrant in out
    )
    return "\n".join(lines)


def _place_of(entrant: Entrant) -> int:
    assert entrant.place is not None
    return entrant.place
