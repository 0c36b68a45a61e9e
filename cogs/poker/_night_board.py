"""A tournament night's lobby message, then its board, and its results (INTERFACE.md,
"Multi-table tournaments"): what ``cogs.poker._nights`` posts and edits, in words only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from bot.dealer.options import TableOptions, game_name
from bot.dealer.table import Table
from bot.dealer.wording import mix_name
from bot.store.nights import CANCELLED, PLAYING, SCHEDULED, Night
from bot.text import Msg, Name, Speaker, plain
from bot.tournament import director
from bot.tournament.night import NightTerms, level_at, next_level_at
from cogs.poker._views import StaticView

NAMES_ROOM = 1_400  # characters of names a lobby message lists (Discord: 2,000 a message)
ACTIONS = ("register", "unregister")


def custom_id(night: int, action: str) -> str:
    return f"night:{night}:{action}"


def parse_click(custom: str) -> tuple[int, str] | None:
    parts = custom.split(":")
    if len(parts) != 3 or parts[0] != "night" or not parts[1].isdigit() or parts[2] not in ACTIONS:
        return None
    return int(parts[1]), parts[2]


def lobby_view(say: Speaker, night: int) -> StaticView:
    view = StaticView()
    for action, style in zip(
        ACTIONS, (discord.ButtonStyle.success, discord.ButtonStyle.secondary), strict=True
    ):
        view.add_item(
            discord.ui.Button(
                label=say(f"button-night-{action}"), style=style, custom_id=custom_id(night, action)
            )
        )
    return view


def names_line(say: Speaker, key: str, names: list[str], **values: Any) -> str:
    """``key`` with ``names`` joined, as many as fit the lobby's room (then how many more)."""
    shown: list[str] = []
    used = 0
    for name in names:
        used += len(name) + 2
        if used > NAMES_ROOM // 2:
            break
        shown.append(name)
    more = len(names) - len(shown)
    listed = ", ".join(shown) + (say("night-more", count=more) if more else "")
    return say(key, players=listed or "—", count=len(names), **values)


def lobby_content(
    say: Speaker, night: Night, terms: NightTerms, now_tables: dict[int, Table]
) -> str:
    """The lobby before the start; the tournament's board once it plays (INTERFACE.md)."""
    start = int((night.started_at or night.starts_at).timestamp())
    lines = [
        say(
            "night-lobby-head",
            name=Name(night.name),
            game=say.render(game_of(terms.options)),
        ),
        say(
            "night-lobby-terms",
            start=f"<t:{start}:F> (<t:{start}:R>)",
            buy_in=terms.buy_in,
            chips=terms.starting_chips,
            minutes=terms.level_minutes,
            seats=terms.seats,
        ),
    ]
    if night.status == SCHEDULED:
        names = [plain(entrant.name) for entrant in night.entrants]
        lines.append(names_line(say, "night-lobby-entrants", names))
        return "\n".join(lines)
    if night.status == CANCELLED:
        key = "night-board-cancelled" if night.started_at is None else "night-board-abandoned"
        lines.append(say(key))
        return "\n".join(lines)
    still = night.still_in
    if night.status != PLAYING:
        lines.append(say("night-board-ended"))
        return "\n".join(lines)
    if night.started_at is not None:
        now = discord.utils.utcnow()
        level = level_at(night.started_at, now, terms.level_minutes)
        following = int(next_level_at(night.started_at, now, terms.level_minutes).timestamp())
        lines.append(say("night-board-level", level=level, next=f"<t:{following}:R>"))
    chips = sum(seat.stack for table in now_tables.values() for seat in table.seats.values())
    average = chips // len(still) if still else 0
    lines.append(
        say("night-board-left", left=len(still), entrants=len(night.entrants), average=average)
    )
    paid = director.places_paid(len(night.entrants))
    lines.append(say("night-board-paid", paid=paid, pool=night.pool))
    if director.hand_for_hand(len(still) + len(night.awaiting_place), len(night.entrants)):
        lines.append(say("night-board-hand-for-hand"))
    room = NAMES_ROOM
    for number, table in sorted(now_tables.items()):
        names = [plain(seat.name) for seat in sorted(table.seats.values(), key=lambda s: s.number)]
        line = say("night-board-table", number=number, players=", ".join(names) or "—")
        room -= len(line)
        if room < 0:
            break
        lines.append(line)
    return "\n".join(lines)


def game_of(options: TableOptions) -> Msg:
    """The game (or the mix) a night deals, with ``practice chips`` where it plays for them."""
    game = mix_name(options) if options.mixed else game_name(options.variant)
    return Msg("title-practice", title=game) if options.practice else game


def results_content(say: Speaker, values: Mapping[str, Any]) -> str:
    """The end: one message in the channel, every entrant on a line in finishing order."""
    lines = [
        say(
            "night-results",
            name=Name(str(values["name"])),
            entrants=int(values["entrants"]),
            pool=int(values["pool"]),
        )
    ]
    if values.get("abandoned") is not None:  # RULES §7.5a
        lines.append(say("night-abandoned", minutes=int(values["abandoned"])))
    lines.extend(
        say("tournament-result-line", place=str(place), name=Name(str(name)), chips=int(chips))
        for place, name, chips in values["lines"]
    )
    return "\n".join(lines)
