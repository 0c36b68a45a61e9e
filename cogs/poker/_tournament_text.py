"""The words of a sit & go (issue 23): its lines on the table message, its knock-outs in a
hand's summary, its results and its cancelling."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.dealer.options import game_name
from bot.dealer.views import TournamentView
from bot.text import Items, Msg, Name, Speaker


def place(number: int) -> Msg:
    return Msg("place", place=number)


def table_lines(say: Speaker, view: TournamentView) -> list[str]:
    """Registration: the terms, the first levels and the prizes; then the level being played."""
    if view.registering:
        levels = " · ".join(  # the stakes hold commas: a list of their own
            say("tournament-level-item", level=number, stakes=stakes)
            for number, stakes in enumerate(view.levels, start=1)
        )
        prizes = Items(
            tuple(
                Msg("tournament-prize-item", place=place(number), chips=chips)
                for number, chips in enumerate(view.prizes, start=1)
            )
        )
        terms = say(
            "tournament-terms", buy_in=view.buy_in, chips=view.starting_chips, seats=view.seats
        )
        lines = [terms, say("tournament-levels", hands=view.level_hands, levels=levels)]
        if view.buy_in:  # practice chips (RULES §8.4): no buy-in, no prize
            lines.append(say("tournament-prizes", entrants=max(view.entrants, 2), prizes=prizes))
        return lines
    if view.next_stakes is None:  # RULES §7.2: the stakes rise no more
        return [say("tournament-level-last", level=view.level, stakes=view.stakes)]
    return [
        say(
            "tournament-level",
            level=view.level,
            stakes=view.stakes,
            left=view.hands_left,
            next=view.next_stakes,
        )
    ]


def knocked_out(say: Speaker, out: tuple[tuple[str, int], ...]) -> list[str]:
    return [say("summary-knocked-out", name=Name(name), place=place(at)) for name, at in out]


def results(say: Speaker, values: Mapping[str, Any]) -> str:
    """One message, every entrant on a line of their own in finishing order (INTERFACE.md)."""
    lines = [
        say(
            "tournament-results",
            game=game_name(str(values["game"])),
            entrants=int(values["entrants"]),
            pool=int(values["pool"]),
            hands=int(values["hands"]),
            minutes=int(values["minutes"]),
        )
    ]
    lines.extend(
        say("tournament-result-line", place=str(at), name=Name(name), chips=int(chips))
        for at, name, chips in values["lines"]
    )
    return "\n".join(lines)


def cancelled(say: Speaker, values: Mapping[str, Any]) -> str:
    paid = Items(
        tuple(
            Msg("name-chips", name=Name(name), chips=int(chips)) for name, chips in values["paid"]
        )
    )
    if not any(int(chips) for _, chips in values["paid"]):  # practice chips: nothing to pay
        said = say("tournament-cancelled-practice")
    else:
        started = "yes" if values["started"] else "no"
        said = say("tournament-cancelled", started=started, paid=paid)
    if values.get("idle"):  # RULES §7.5a: nobody left playing
        return say("tournament-abandoned", minutes=int(values["idle"])) + " " + said
    return said
