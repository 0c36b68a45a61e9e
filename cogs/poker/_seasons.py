"""Seasons and their leaderboards (issue 45, RULES §12): `/poker-admin season start|end` and
`/poker leaderboard board:points|cash [season]`, the ranking as text and as a picture. A
season's span is read from its dates: one that ended by itself at its date needs no job to
end it, and a restart changes nothing."""

from __future__ import annotations

import io
import re
from collections import defaultdict
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

import discord

from bot.pictures.drawing import DRAWING
from bot.pictures.leaderboard import BoardRow, leaderboard_png
from bot.pictures.season_chart import season_png
from bot.store import Database
from bot.store.base import StoreRefusal
from bot.store.seasons import Finish, Season
from bot.text import Items, Msg, Name, Speaker
from bot.tournament.night import zone_of
from bot.tournament.points import finish_points
from cogs.poker import _economy as economy
from cogs.poker._interactions import answer, refuse
from cogs.poker._presenter import NO_MENTIONS
from cogs.poker._readers import speaker

TOP = 10  # players a board shows (and the reader's own line below when not among them)
DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
NAMED = 10  # seasons a refusal names (the latest)
BOARDS = ("points", "cash")


@dataclass(frozen=True, slots=True)
class Span:
    since: datetime | None
    until: datetime | None
    words: Msg  # "season Winter, 2026-12-01 to 2026-12-31"


@dataclass(frozen=True, slots=True)
class Standing:
    user_id: int
    name: str
    value: int


def last_day(given: str, zone: str) -> datetime:
    """The end of ``given`` (``YYYY-MM-DD``) in the server's time zone: the next midnight."""
    try:
        if not DATE.fullmatch(given.strip()):
            raise ValueError(given)
        day = date.fromisoformat(given.strip())
        return datetime.combine(day + timedelta(days=1), time(), zone_of(zone)).astimezone(UTC)
    except (ValueError, OverflowError):
        raise StoreRefusal("error-season-date", given=given[:40]) from None


def _day(moment: datetime, zone: str) -> str:
    return moment.astimezone(zone_of(zone)).date().isoformat()


def span_of(seasons: list[Season], name: str | None, now: datetime, zone: str) -> Span | None:
    """The span a board counts: the season named, else the running one, else since the last
    season ended (the next starts at zero, RULES §12.4), else since the first hand. ``None``:
    no season of that name."""
    if name is not None:
        found = [s for s in seasons if s.name.casefold() == name.strip().casefold()]
        if not found:
            return None
        season = found[0]
    else:
        running = [s for s in seasons if s.running(now)]
        if not running:
            ended = [s.end for s in seasons if s.end is not None and s.end <= now]
            if not ended:
                return Span(None, None, Msg("board-span-ever"))
            since = max(ended)
            return Span(since, None, Msg("board-span-since", **{"from": _day(since, zone)}))
        season = running[-1]
    start = _day(season.starts_at, zone)
    end = season.end
    if end is None or now < end:
        words = Msg("board-span-running", name=Name(season.name), **{"from": start})
        return Span(season.starts_at, end, words)
    to = _day(end - timedelta(microseconds=1), zone)
    words = Msg("board-span-season", name=Name(season.name), to=to, **{"from": start})
    return Span(season.starts_at, end, words)


async def standings(store: Database, guild: int, board: str, span: Span) -> list[Standing]:
    """The board's players, best first: tournament points (RULES §12.2) or the net at cash
    tables (§12.3)."""
    if board == "cash":
        results = await store.cash_results(guild, span.since, span.until)
        return best_first([Standing(r.user_id, r.name, r.net) for r in results])
    return points_standings(await store.finishes(guild, span.since, span.until))


def points_standings(finishes: list[Finish]) -> list[Standing]:
    """RULES §12.2: each person's points over the span's tournaments, best first."""
    by_tournament: dict[str, list[Finish]] = defaultdict(list)
    for finish in finishes:
        by_tournament[finish.tournament].append(finish)
    points: dict[int, int] = defaultdict(int)
    names: dict[int, str] = {}
    for played in by_tournament.values():
        places = {f.user_id: f.place for f in played}
        for user, earned in finish_points(places, played[0].people).items():
            points[user] += earned
        names.update({f.user_id: f.name for f in played})
    return best_first([Standing(user, names[user], value) for user, value in points.items()])


def best_first(found: list[Standing]) -> list[Standing]:
    return sorted(found, key=lambda s: (-s.value, s.name.casefold(), s.user_id))


def ranks(found: list[Standing]) -> list[int]:
    """Ranks with ties sharing one (1, 2, 2, 4)."""
    ranked: list[int] = []
    for index, standing in enumerate(found):
        tied = index and found[index - 1].value == standing.value
        ranked.append(ranked[-1] if tied else index + 1)
    return ranked


def value_words(say: Speaker, board: str, value: int) -> str:
    return economy.signed(say, value) if board == "cash" else say("board-points", points=value)


async def season_start(
    store: Database,
    interaction: discord.Interaction[Any],
    name: str,
    ends: str | None,
    reset_wallets: bool,
) -> None:
    guild = interaction.guild_id or 0
    settings = await economy.settings_of(store, guild)
    balance = (
        store.starting_balance if settings.starting_balance is None else settings.starting_balance
    )
    try:
        ends_at = None if ends is None else last_day(ends, settings.time_zone)
        if reset_wallets:  # a row a wallet: it may take a while on a big server
            await answer(interaction.response.defer(ephemeral=True, thinking=True))
        season = await store.start_season(
            guild,
            name.strip()[:50],
            ends_at=ends_at,
            reset_to=balance if reset_wallets else None,
            by=interaction.user.id,
        )
    except StoreRefusal as error:
        await refuse(interaction, error)
        return
    say = speaker(interaction)
    text = say(
        "season-started",
        name=Name(season.name),
        ends="none"
        if ends_at is None
        else _day(ends_at - timedelta(microseconds=1), settings.time_zone),
        reset="yes" if reset_wallets else "no",
        balance=balance,
    )
    if interaction.response.is_done():  # deferred privately: the news goes to the channel
        await answer(interaction.followup.send(text, allowed_mentions=NO_MENTIONS))
        await answer(interaction.delete_original_response())
        return
    await answer(interaction.response.send_message(text, allowed_mentions=NO_MENTIONS))


async def season_end(store: Database, interaction: discord.Interaction[Any]) -> None:
    season = await store.end_season(interaction.guild_id or 0)
    if season is None:
        await refuse(interaction, Msg("error-season-none"))
        return
    text = speaker(interaction)("season-ended", name=Name(season.name))
    await answer(interaction.response.send_message(text, allowed_mentions=NO_MENTIONS))


async def leaderboard(
    store: Database, interaction: discord.Interaction[Any], board: str, season: str | None
) -> None:
    """`/poker leaderboard board:points|cash [season]`: the top of the board and the reader's
    own line, as text and as a picture (privately)."""
    guild = interaction.guild_id
    if guild is None:
        await refuse(interaction, Msg("error-wallets-server-only"))
        return
    zone = (await economy.settings_of(store, guild)).time_zone
    seasons = await store.seasons(guild)
    span = span_of(seasons, season, store.clock(), zone)
    if span is None:
        names = Items(tuple(Name(s.name) for s in seasons[-NAMED:]))
        await refuse(
            interaction,
            Msg("error-season-unknown", name=Name(season or ""), count=len(seasons), names=names),
        )
        return
    await answer(interaction.response.defer(ephemeral=True, thinking=True))
    say = speaker(interaction)
    found = await standings(store, guild, board, span)
    ranked = ranks(found)
    user = interaction.user.id
    rows = [
        BoardRow(rank, s.name, value_words(say, board, s.value), s.user_id == user)
        for rank, s in zip(ranked[:TOP], found[:TOP], strict=True)
    ]
    lines = [say(f"board-{board}-head", span=span.words)]
    lines += [
        say("board-season-line", rank=row.rank, name=Name(row.name), value=row.value)
        for row in rows
    ]
    mine = next((i for i, s in enumerate(found) if s.user_id == user), None)
    if mine is not None and mine >= TOP:
        value = value_words(say, board, found[mine].value)
        lines.append(say("board-season-you", rank=ranked[mine], value=value))
        rows.append(BoardRow(ranked[mine], found[mine].name, value, you=True))
    if not found:
        lines.append(say("board-season-empty"))
    picture = await DRAWING.png(
        leaderboard_png,
        say(f"board-picture-title-{board}"),
        say.render(span.words),
        rows,
        say("board-season-empty"),
    )
    await interaction.followup.send(
        "\n".join(lines),
        file=discord.File(io.BytesIO(picture), filename=f"leaderboard-{board}.png"),
        ephemeral=True,
        allowed_mentions=NO_MENTIONS,
    )


async def season_stats(
    store: Database, guild: int, member: discord.abc.User, say: Speaker
) -> tuple[str, discord.File] | None:
    """`/poker stats`' line of the running season (or the span since the last): the
    member's points and rank, their net at cash tables; and a picture of their season (net
    chips hand by hand, tournament finishes). ``None`` without a season."""
    seasons = await store.seasons(guild)
    if not seasons:
        return None
    zone = (await economy.settings_of(store, guild)).time_zone
    span = span_of(seasons, None, store.clock(), zone)
    assert span is not None
    user = member.id
    played = await store.finishes(guild, span.since, span.until)  # read once: board and chart
    points = points_standings(played)
    cash = await standings(store, guild, "cash", span)
    mine = next((i for i, s in enumerate(points) if s.user_id == user), None)
    rank = 0 if mine is None else ranks(points)[mine]
    net = next((s.value for s in cash if s.user_id == user), None)
    line = say(
        "stats-season",
        span=span.words,
        points=say("board-points", points=0 if mine is None else points[mine].value),
        rank=rank,
        place=say("place", place=rank or 1),
        cash="none" if net is None else economy.signed(say, net),
    )
    nets = await store.nets_by_hand(guild, user, span.since, span.until)
    finishes = [(f.place, say("place", place=f.place)) for f in played if f.user_id == user]
    picture = await DRAWING.png(
        season_png,
        say("season-chart-title", name=Name(member.display_name)),
        say.render(span.words),
        say("season-chart-cash", net=economy.signed(say, sum(nets)), hands=len(nets)),
        nets,
        finishes,
    )
    return line, discord.File(io.BytesIO(picture), filename="season.png")
