"""The economy's commands (issue 10): the daily refill, gifts with a Confirm / Cancel step,
balances. Translation only: the store does the chip movements, each with its ledger rows.

A gift's buttons say everything
(``gift:<giver>:<receiver>:<amount>:<expires>:<offer>:<signature>:yes``), so they survive a
restart; the offer token makes a double click give once. The signature (an HMAC keyed by the
bot's token) proves the bot made the offer after checking its receiver: a Confirm whose id was
rewritten (to pay a bot, the application or a made-up user) is refused."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from datetime import datetime, timedelta
from typing import Any

import discord

from bot.dealer.dealer import Refusal
from bot.dealer.options import game_name
from bot.dealer.settings import ServerSettings
from bot.store import Database
from bot.store.economy import MIX, GameStats, TooSoon
from bot.store.tournaments import TOURNAMENT_REASONS, TournamentStats
from bot.text import Msg, Speaker, plain
from cogs.poker._interactions import answer, refuse
from cogs.poker._presenter import NO_MENTIONS
from cogs.poker._readers import speaker
from cogs.poker._render import GAME_KEYS
from cogs.poker._views import StaticView

GIFT_ID = re.compile(
    r"gift:(?P<giver>\d{1,20}):(?P<receiver>\d{1,20}):(?P<amount>\d{1,10}):"
    r"(?P<expires>\d{1,12}):(?P<offer>[0-9a-f]{8}):(?P<signature>[0-9a-f]{16}):"
    r"(?P<choice>yes|no)"
)
GIFT_LIFETIME = timedelta(seconds=60)


def gift_signature(client: discord.Client, guild: int, offer: str) -> str:
    """The HMAC of ``server:<offer>`` (``giver:receiver:amount:expires:token``, as the button
    carries it), keyed by the bot's token."""
    token = client.http.token or ""
    key = hashlib.sha256(f"gift-offer:{token}".encode()).digest()
    return hmac.new(key, f"{guild}:{offer}".encode(), hashlib.sha256).hexdigest()[:16]


async def settings_of(store: Database, guild: int) -> ServerSettings:
    return ServerSettings.from_stored(await store.server_settings(guild))


def chips_line(wallet: int, on_tables: int) -> Msg:
    """``1,000 chips`` (INTERFACE.md), and what is on tables, if anything."""
    return Msg("wallet-chips", chips=wallet, on_tables=on_tables)


async def balance(
    store: Database, interaction: discord.Interaction[Any], member: discord.abc.User | None
) -> None:
    guild = interaction.guild_id
    if guild is None:
        await refuse(interaction, Msg("error-wallets-server-only"))
        return
    whose = member or interaction.user
    wallet = await store.balance(guild, whose.id)
    say = speaker(interaction)
    line = chips_line(wallet, await store.on_tables(guild, whose.id))
    text = say.render(line)
    if member is not None and member.id != interaction.user.id:
        text = say("wallet-of", mention=f"<@{member.id}>", wallet=line)
    await answer(
        interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
    )


async def daily(store: Database, interaction: discord.Interaction[Any]) -> None:
    guild = interaction.guild_id
    if guild is None:
        await refuse(interaction, Msg("error-wallets-server-only"))
        return
    amount = (await settings_of(store, guild)).daily_amount
    try:
        wallet, due = await store.claim_daily(guild, interaction.user.id, amount)
    except TooSoon as early:
        await refuse(interaction, Msg("error-daily-too-soon", due=when(early.due)))
        return
    text = speaker(interaction)("daily-claimed", amount=amount, wallet=wallet, due=when(due))
    await answer(interaction.response.send_message(text, ephemeral=True))


async def offer_gift(
    store: Database,
    interaction: discord.Interaction[Any],
    receiver: discord.abc.User,
    amount: int,
) -> None:
    guild, giver = interaction.guild_id, interaction.user.id
    if guild is None:
        await refuse(interaction, Msg("error-wallets-server-only"))
        return
    if receiver.id == giver:
        await refuse(interaction, Msg("error-give-yourself"))
        return
    if receiver.bot:
        await refuse(interaction, Msg("error-give-bot"))
        return
    wallet = await store.balance(guild, giver)
    if amount > wallet:
        await refuse(interaction, Msg("error-give-too-much", wallet=wallet, amount=amount))
        return
    say = speaker(interaction)
    expires = int((discord.utils.utcnow() + GIFT_LIFETIME).timestamp())
    offer = f"{giver}:{receiver.id}:{amount}:{expires}:{secrets.token_hex(4)}"
    signed = f"gift:{offer}:{gift_signature(interaction.client, guild, offer)}"
    view = StaticView()
    for label, choice, style in (
        ("button-confirm", "yes", discord.ButtonStyle.success),
        ("button-cancel", "no", discord.ButtonStyle.secondary),
    ):
        custom = f"{signed}:{choice}"
        view.add_item(discord.ui.Button(label=say(label), style=style, custom_id=custom))
    await answer(
        interaction.response.send_message(
            say("gift-offer", amount=amount, mention=f"<@{receiver.id}>", due=f"<t:{expires}:R>"),
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
        await refuse(interaction, Msg("error-gift-not-yours"))
        return True
    say = speaker(interaction)
    if match["choice"] == "no":
        await answer(interaction.response.edit_message(content=say("gift-cancelled"), view=None))
        return True
    if discord.utils.utcnow().timestamp() > int(match["expires"]):
        await answer(interaction.response.edit_message(content=say("gift-expired"), view=None))
        return True
    offer = f"{giver}:{receiver}:{amount}:{match['expires']}:{match['offer']}"
    signature = gift_signature(interaction.client, guild, offer)
    if not hmac.compare_digest(signature, match["signature"]):
        await refuse(interaction, Msg("error-gift-forged"))
        return True
    try:
        left = await store.give(guild, giver, receiver, amount, offer=match["offer"])
    except Refusal as error:
        await refuse(interaction, error)
        return True
    await answer(
        interaction.response.edit_message(
            content=say("gift-given", amount=amount, mention=f"<@{receiver}>", wallet=left),
            view=None,
            allowed_mentions=NO_MENTIONS,
        )
    )
    return True


# ---------------------------------------------------------------------- pages

PAGE = 10
BOARD_ID = re.compile(r"board:(?P<page>\d{1,6})")
LEDGER_ID = re.compile(r"ledger:(?P<user>\d{1,20}):(?P<page>\d{1,6})")
REASONS = (
    "open",
    "daily",
    "give",
    "gift",
    "grant",
    "take",
    "buy_in",
    "cash_out",
    "house_cap",
    "hand_voided",
    "entry",
    "refund",
    "prize",
)


def when(moment: datetime) -> str:
    """A Discord timestamp that counts down by itself: ``<t:1700000000:R>``."""
    return f"<t:{int(moment.timestamp())}:R>"


def pager(say: Speaker, prefix: str, page: int, pages: int) -> StaticView:
    """Previous and Next, each naming the page it opens; none for a single page (the two would
    share a custom id, which Discord refuses)."""
    view = StaticView()
    if pages <= 1:
        return view
    for label, target in (("button-previous", page - 1), ("button-next", page + 1)):
        view.add_item(
            discord.ui.Button(
                label=say(label),
                style=discord.ButtonStyle.secondary,
                custom_id=f"{prefix}{max(0, min(target, pages - 1))}",
                disabled=not 0 <= target < pages,
            )
        )
    return view


async def board_page(
    say: Speaker, store: Database, guild: int, user: int, page: int
) -> dict[str, Any]:
    """Wallet plus table stacks, ten a page; the caller's own rank even off the page."""
    standings = await store.standings(guild)
    pages = max(1, -(-len(standings) // PAGE))
    page = max(0, min(page, pages - 1))
    lines = [say("board-head", page=page + 1, pages=pages)]
    for rank, standing in enumerate(standings[page * PAGE : (page + 1) * PAGE], page * PAGE + 1):
        lines.append(
            say(
                "board-line",
                rank=rank,
                mention=f"<@{standing.user_id}>",
                chips=standing.total,
                on_tables=standing.on_tables,
            )
        )
    if not standings:
        lines.append(say("board-empty"))
    mine = next((i for i, s in enumerate(standings) if s.user_id == user), None)
    if mine is not None and not page * PAGE <= mine < (page + 1) * PAGE:
        lines.append(say("board-you", rank=mine + 1, chips=standings[mine].total))
    return {
        "content": "\n".join(lines),
        "view": pager(say, "board:", page, pages),
        "allowed_mentions": NO_MENTIONS,
    }


async def ledger_page(
    say: Speaker, store: Database, guild: int, user: int, page: int
) -> dict[str, Any]:
    """A member's movements, newest first, ten a page."""
    rows, total = await store.ledger_rows(guild, user, offset=page * PAGE, limit=PAGE)
    pages = max(1, -(-total // PAGE))
    if page >= pages:  # past the end (an old button, a forged one): the last page
        page = pages - 1
        rows, total = await store.ledger_rows(guild, user, offset=page * PAGE, limit=PAGE)
    head = say("ledger-head", mention=f"<@{user}>", page=page + 1, pages=pages)
    lines = [head]
    for row in rows:
        facts = [
            f"<t:{int(row.at.timestamp())}:f>",
            signed(say, row.delta),
            say(f"reason-{row.reason.replace('_', '-')}") if row.reason in REASONS else row.reason,
        ]
        if row.channel_id:
            facts.append(f"<#{row.channel_id}>")
        if row.reason in TOURNAMENT_REASONS and row.table_id:
            facts.append(say("ledger-tournament", tournament=str(row.table_id)))
        if row.hand_id:
            facts.append(say("hand-number", hand=str(row.hand_id)))
        if row.note:
            facts.append(plain(row.note, 100))
        facts.append(say("ledger-after", balance=row.balance_after))
        lines.append(" · ".join(facts))
    return {
        "content": "\n".join(lines),
        "view": pager(say, f"ledger:{user}:", page, pages),
        "allowed_mentions": NO_MENTIONS,
    }


def may_read_ledger(interaction: discord.Interaction[Any], user: int) -> bool:
    permissions = interaction.permissions
    return user == interaction.user.id or (permissions is not None and permissions.manage_guild)


async def leaderboard(store: Database, interaction: discord.Interaction[Any]) -> None:
    if interaction.guild_id is None:
        await refuse(interaction, Msg("error-wallets-server-only"))
        return
    say = speaker(interaction)
    page = await board_page(say, store, interaction.guild_id, interaction.user.id, 0)
    await answer(interaction.response.send_message(ephemeral=True, **page))


async def ledger(
    store: Database, interaction: discord.Interaction[Any], member: discord.abc.User | None
) -> None:
    user = (member or interaction.user).id
    if interaction.guild_id is None:
        await refuse(interaction, Msg("error-wallets-server-only"))
        return
    if not may_read_ledger(interaction, user):
        await refuse(interaction, Msg("error-ledger-others"))
        return
    page = await ledger_page(speaker(interaction), store, interaction.guild_id, user, 0)
    await answer(interaction.response.send_message(ephemeral=True, **page))


async def turn_page(store: Database, interaction: discord.Interaction[Any], custom: str) -> bool:
    """Previous / Next on a leaderboard or a ledger; ``False`` if ``custom`` is neither."""
    guild = interaction.guild_id
    board, book = BOARD_ID.fullmatch(custom), LEDGER_ID.fullmatch(custom)
    if board is None and book is None:
        return False
    say = speaker(interaction)
    if guild is None:
        await refuse(interaction, Msg("error-unknown-button"))
    elif board is not None:
        page = await board_page(say, store, guild, interaction.user.id, int(board["page"]))
        await answer(interaction.response.edit_message(**page))
    elif book is not None:
        user = int(book["user"])
        if may_read_ledger(interaction, user):
            page = await ledger_page(say, store, guild, user, int(book["page"]))
            await answer(interaction.response.edit_message(**page))
        else:
            await refuse(interaction, Msg("error-ledger-others"))
    return True


# ---------------------------------------------------------------------- stats


def signed(say: Speaker, chips: int) -> str:
    """``+26`` or ``−274``, as the language writes a signed number of chips."""
    return say("signed", sign="plus" if chips >= 0 else "minus", amount=abs(chips))


def stats_content(
    say: Speaker,
    user: int,
    games: list[GameStats],
    sit_and_go: TournamentStats | None = None,
    practice: list[GameStats] | None = None,
) -> str:
    """One line per game, then all games together; then sit & go results, and practice
    tables' hands (RULES §8.4) game by game, apart, if any."""
    lines = [say("stats-head", mention=f"<@{user}>")]
    lines.extend(_game_line(say, game) for game in games)
    if sit_and_go is not None and sit_and_go.played:
        lines.append(
            say(
                "stats-tournaments",
                played=sit_and_go.played,
                wins=sit_and_go.wins,
                paid=sit_and_go.in_the_money,
                net=signed(say, sit_and_go.net),
            )
        )
    if practice:
        lines.append(say("stats-practice-head"))
        lines.extend(_game_line(say, game) for game in practice)
    if len(lines) == 1:
        lines.append(say("stats-empty"))
    return "\n".join(lines)


def _game_line(say: Speaker, game: GameStats) -> str:
    name = game_name(game.variant) if game.variant in (*GAME_KEYS, MIX) else Msg("game-all")
    played = round(100 * game.voluntary / game.hands) if game.hands else 0
    per_100 = round(game.big_bets_per_100, 1)
    return say(
        "stats-line",
        game=name,
        hands=game.hands,
        played=played,
        won=game.won,
        showdowns=game.showdowns,
        showdowns_won=game.showdowns_won,
        net=signed(say, game.net),
        per_100=say(
            "signed-decimal", sign="plus" if per_100 >= 0 else "minus", amount=abs(per_100)
        ),
        biggest=game.biggest,
    )


async def stats(
    store: Database,
    interaction: discord.Interaction[Any],
    member: discord.abc.User | None,
    variant: str | None,
) -> None:
    guild = interaction.guild_id
    if guild is None:
        await refuse(interaction, Msg("error-wallets-server-only"))
        return
    user = (member or interaction.user).id
    games = await store.stats(guild, user, variant)
    sit_and_go = await store.tournament_stats(guild, user)
    practiced = await store.stats(guild, user, variant, practice=True)
    say = speaker(interaction)
    content = stats_content(say, user, games, sit_and_go, practiced)
    from cogs.poker._seasons import season_stats  # noqa: PLC0415 (it reads this module)

    await answer(
        interaction.response.send_message(content, ephemeral=True, allowed_mentions=NO_MENTIONS)
    )
    # the season's line and picture follow (no 3 seconds to keep, a message of their own)
    season = await season_stats(store, guild, member or interaction.user, say)
    if season is not None:
        line, picture = season
        await answer(
            interaction.followup.send(
                line, file=picture, ephemeral=True, allowed_mentions=NO_MENTIONS
            )
        )
