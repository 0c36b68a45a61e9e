"""The economy's commands (issue 10): the daily refill, gifts with a Confirm / Cancel step,
balances. Translation only: the store does the chip movements, each with its ledger rows.

A gift's buttons say everything (``gift:<giver>:<receiver>:<amount>:<expires>:<offer>:yes``),
so they survive a restart; the offer token makes a double click give once."""

from __future__ import annotations

import re
import secrets
from datetime import timedelta
from typing import Any

import discord

from bot.dealer.dealer import Refusal
from bot.dealer.settings import ServerSettings
from bot.store import Database
from bot.store.economy import GameStats, TooSoon
from cogs.poker._interactions import answer, refuse
from cogs.poker._presenter import NO_MENTIONS
from cogs.poker._render import GAME_NAMES, plain
from cogs.poker._views import StaticView

GIFT_ID = re.compile(
    r"gift:(?P<giver>\d{1,20}):(?P<receiver>\d{1,20}):(?P<amount>\d{1,10}):"
    r"(?P<expires>\d{1,12}):(?P<offer>[0-9a-f]{12}):(?P<choice>yes|no)"
)
GIFT_LIFETIME = timedelta(seconds=60)


async def settings_of(store: Database, guild: int) -> ServerSettings:
    stored = await store.server_settings(guild)
    return ServerSettings.model_validate_json(stored) if stored else ServerSettings()


def chips_line(wallet: int, on_tables: int) -> str:
    """``1000 chips`` (INTERFACE.md), and what is on tables, if anything."""
    return f"{wallet} chips" + (f" ({on_tables} more on tables)" if on_tables else "")


async def balance(
    store: Database, interaction: discord.Interaction[Any], member: discord.abc.User | None
) -> None:
    guild = interaction.guild_id
    if guild is None:
        await refuse(interaction, "Wallets belong to servers: ask in a server channel.")
        return
    whose = member or interaction.user
    wallet = await store.balance(guild, whose.id)
    text = chips_line(wallet, await store.on_tables(guild, whose.id))
    if member is not None and member.id != interaction.user.id:
        text = f"<@{member.id}>: {text}"
    await answer(
        interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
    )


async def daily(store: Database, interaction: discord.Interaction[Any]) -> None:
    guild = interaction.guild_id
    if guild is None:
        await refuse(interaction, "Wallets belong to servers: ask in a server channel.")
        return
    amount = (await settings_of(store, guild)).daily_amount
    try:
        wallet, due = await store.claim_daily(guild, interaction.user.id, amount)
    except TooSoon as early:
        await refuse(
            interaction,
            "You already had your daily chips: the next are due"
            f" <t:{int(early.due.timestamp())}:R>.",
        )
        return
    await answer(
        interaction.response.send_message(
            f"+{amount} chips: you have {wallet} chips. Next daily chips"
            f" <t:{int(due.timestamp())}:R>.",
            ephemeral=True,
        )
    )


async def offer_gift(
    store: Database,
    interaction: discord.Interaction[Any],
    receiver: discord.abc.User,
    amount: int,
) -> None:
    guild, giver = interaction.guild_id, interaction.user.id
    if guild is None:
        await refuse(interaction, "Wallets belong to servers: ask in a server channel.")
        return
    if receiver.id == giver:
        await refuse(interaction, "You cannot give chips to yourself.")
        return
    if receiver.bot:
        await refuse(interaction, "Bots have no wallets: give your chips to a player.")
        return
    wallet = await store.balance(guild, giver)
    if amount > wallet:
        await refuse(interaction, f"You have {wallet} chips: you cannot give {amount}.")
        return
    expires = int((discord.utils.utcnow() + GIFT_LIFETIME).timestamp())
    offer = secrets.token_hex(6)
    view = StaticView()
    for label, choice, style in (
        ("Confirm", "yes", discord.ButtonStyle.success),
        ("Cancel", "no", discord.ButtonStyle.secondary),
    ):
        custom = f"gift:{giver}:{receiver.id}:{amount}:{expires}:{offer}:{choice}"
        view.add_item(discord.ui.Button(label=label, style=style, custom_id=custom))
    await answer(
        interaction.response.send_message(
            f"Give {amount} chips to <@{receiver.id}>? This offer expires <t:{expires}:R>.",
            view=view,
            ephemeral=True,
            allowed_mentions=NO_MENTIONS,
        )
    )


async def answer_gift(store: Database, interaction: discord.Interaction[Any], custom: str) -> bool:
    """Handle a gift's Confirm or Cancel; ``False`` if ``custom`` is not a gift's id."""
    match = GIFT_ID.fullmatch(custom)
    if match is None:
        return False
    guild, giver = interaction.guild_id, int(match["giver"])
    receiver, amount = int(match["receiver"]), int(match["amount"])
    if guild is None or interaction.user.id != giver:
        await refuse(interaction, "Only the giver can confirm or cancel this gift.")
        return True
    if match["choice"] == "no":
        await answer(interaction.response.edit_message(content="Gift cancelled.", view=None))
        return True
    if discord.utils.utcnow().timestamp() > int(match["expires"]):
        await answer(
            interaction.response.edit_message(
                content="This offer expired: nothing was given. Use /poker give again.", view=None
            )
        )
        return True
    try:
        left = await store.give(guild, giver, receiver, amount, offer=match["offer"])
    except Refusal as error:
        await refuse(interaction, str(error))
        return True
    await answer(
        interaction.response.edit_message(
            content=f"You gave {amount} chips to <@{receiver}>: you have {left} chips.",
            view=None,
            allowed_mentions=NO_MENTIONS,
        )
    )
    return True


# ---------------------------------------------------------------------- pages

PAGE = 10
BOARD_ID = re.compile(r"board:(?P<page>\d{1,6})")
LEDGER_ID = re.compile(r"ledger:(?P<user>\d{1,20}):(?P<page>\d{1,6})")
REASONS = {
    "open": "wallet opened",
    "daily": "daily chips",
    "give": "gift to",
    "gift": "gift from",
    "grant": "granted by",
    "take": "taken by",
    "buy_in": "buy-in",
    "cash_out": "back from the table",
    "hand_voided": "hand void",
}


def pager(prefix: str, page: int, pages: int) -> StaticView:
    view = StaticView()
    for label, target in (("Previous", page - 1), ("Next", page + 1)):
        view.add_item(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"{prefix}{max(0, min(target, pages - 1))}",
                disabled=not 0 <= target < pages,
            )
        )
    return view


async def board_page(store: Database, guild: int, user: int, page: int) -> dict[str, Any]:
    """Wallet plus table stacks, ten a page; the caller's own rank even off the page."""
    standings = await store.standings(guild)
    pages = max(1, -(-len(standings) // PAGE))
    page = max(0, min(page, pages - 1))
    lines = [f"**Leaderboard** · page {page + 1} of {pages}"]
    for rank, standing in enumerate(standings[page * PAGE : (page + 1) * PAGE], page * PAGE + 1):
        lines.append(
            f"{rank}. <@{standing.user_id}> {standing.total} chips"
            + (f" ({standing.on_tables} on tables)" if standing.on_tables else "")
        )
    if not standings:
        lines.append("No wallets yet: /poker daily or /poker join opens one.")
    mine = next((i for i, s in enumerate(standings) if s.user_id == user), None)
    if mine is not None and not page * PAGE <= mine < (page + 1) * PAGE:
        lines.append(f"You: #{mine + 1}, {standings[mine].total} chips")
    return {
        "content": "\n".join(lines),
        "view": pager("board:", page, pages),
        "allowed_mentions": NO_MENTIONS,
    }


async def ledger_page(store: Database, guild: int, user: int, page: int) -> dict[str, Any]:
    """A member's movements, newest first, ten a page."""
    rows, total = await store.ledger_rows(guild, user, offset=page * PAGE, limit=PAGE)
    pages = max(1, -(-total // PAGE))
    lines = [f"**Ledger of <@{user}>** · page {min(page, pages - 1) + 1} of {pages}"]
    for row in rows:
        what = REASONS.get(row.reason, row.reason)
        where = f" · <#{row.channel_id}>" if row.channel_id else ""
        hand = f" · Hand #{row.hand_id}" if row.hand_id else ""
        note = f" · {plain(row.note, 100)}" if row.note else ""
        lines.append(
            f"<t:{int(row.at.timestamp())}:f> · {row.delta:+d} · {what}{where}{hand}{note}"
            f" · {row.balance_after} after"
        )
    return {
        "content": "\n".join(lines),
        "view": pager(f"ledger:{user}:", page, pages),
        "allowed_mentions": NO_MENTIONS,
    }


def may_read_ledger(interaction: discord.Interaction[Any], user: int) -> bool:
    permissions = interaction.permissions
    return user == interaction.user.id or (permissions is not None and permissions.manage_guild)


async def leaderboard(store: Database, interaction: discord.Interaction[Any]) -> None:
    if interaction.guild_id is None:
        await refuse(interaction, "Leaderboards belong to servers: ask in a server channel.")
        return
    page = await board_page(store, interaction.guild_id, interaction.user.id, 0)
    await answer(interaction.response.send_message(ephemeral=True, **page))


async def ledger(
    store: Database, interaction: discord.Interaction[Any], member: discord.abc.User | None
) -> None:
    user = (member or interaction.user).id
    if interaction.guild_id is None:
        await refuse(interaction, "Ledgers belong to servers: ask in a server channel.")
        return
    if not may_read_ledger(interaction, user):
        await refuse(interaction, "Only members with Manage Server can read another's ledger.")
        return
    page = await ledger_page(store, interaction.guild_id, user, 0)
    await answer(interaction.response.send_message(ephemeral=True, **page))


async def turn_page(store: Database, interaction: discord.Interaction[Any], custom: str) -> bool:
    """Previous / Next on a leaderboard or a ledger; ``False`` if ``custom`` is neither."""
    guild = interaction.guild_id
    board, book = BOARD_ID.fullmatch(custom), LEDGER_ID.fullmatch(custom)
    if board is None and book is None:
        return False
    if guild is None:
        await refuse(interaction, "That button is no longer in use.")
    elif board is not None:
        page = await board_page(store, guild, interaction.user.id, int(board["page"]))
        await answer(interaction.response.edit_message(**page))
    elif book is not None:
        user = int(book["user"])
        if may_read_ledger(interaction, user):
            page = await ledger_page(store, guild, user, int(book["page"]))
            await answer(interaction.response.edit_message(**page))
        else:
            await refuse(interaction, "Only members with Manage Server can read another's ledger.")
    return True


# ---------------------------------------------------------------------- stats


def stats_content(user: int, games: list[GameStats]) -> str:
    """One line per game, then all games together."""
    lines = [f"**Stats of <@{user}>**"]
    if not games:
        lines.append("No finished hands yet.")
    for game in games:
        name = GAME_NAMES.get(game.variant, "All games")
        played = round(100 * game.voluntary / game.hands) if game.hands else 0
        lines.append(
            f"{name}: {game.hands} hands · played {played}% · won {game.won}"
            f" · showdowns {game.showdowns} (won {game.showdowns_won})"
            f" · net {game.net:+d} ({game.big_bets_per_100:+.1f} big bets / 100 hands)"
            f" · biggest pot won {game.biggest}"
        )
    return "\n".join(lines)


async def stats(
    store: Database,
    interaction: discord.Interaction[Any],
    member: discord.abc.User | None,
    variant: str | None,
) -> None:
    guild = interaction.guild_id
    if guild is None:
        await refuse(interaction, "Stats belong to servers: ask in a server channel.")
        return
    user = (member or interaction.user).id
    games = await store.stats(guild, user, variant)
    await answer(
        interaction.response.send_message(
            stats_content(user, games), ephemeral=True, allowed_mentions=NO_MENTIONS
        )
    )
