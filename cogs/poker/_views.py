"""Components for the table message and the draw picker.

Custom ids say everything a click needs, ``poker:<table>:<seq>:<name>`` (an action that has an
amount adds it, ``bet_20``: with an open pair a player may bet either of two sizes, RULES §4.4,
and no two buttons of a message may share a custom id), so clicks are routed by the cog's
listener, survive restarts, and a click on an older prompt (an older ``seq``) is recognised as
stale. Table ids are never reused, so a button of a closed table can never act on
a later table of the same channel. The views are never registered with discord.py's view
store.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import discord

from bot.dealer import wording
from bot.dealer.options import game_name
from bot.dealer.views import PrivateHand, TableView
from bot.poker.events import ActionKind
from bot.store.house import is_computer
from bot.text import Speaker
from bot.text.catalogue import readable_suits

CUSTOM_ID = re.compile(
    r"poker:(?P<table>\d{1,18}):(?P<seq>\d{1,18}):(?P<name>[a-z_]{1,16})(?:_(?P<amount>\d{1,12}))?"
)
ACTION_NAMES = {kind.value: kind for kind in ActionKind if kind is not ActionKind.DRAW}

_STYLES = {
    ActionKind.FOLD: discord.ButtonStyle.danger,
    ActionKind.CHECK: discord.ButtonStyle.success,
    ActionKind.CALL: discord.ButtonStyle.success,
}


@dataclass(frozen=True, slots=True)
class Click:
    table: int
    seq: int
    name: str
    amount: int | None = None  # the amount the button showed (a bet, raise, call…)

    @classmethod
    def parse(cls, custom_id: str) -> Click | None:
        """The click a custom id describes, or ``None`` for anything else (forged, garbage,
        or from an older version of the bot)."""
        match = CUSTOM_ID.fullmatch(custom_id)
        if match is None:
            return None
        amount = None if match["amount"] is None else int(match["amount"])
        if amount is not None and match["name"] not in ACTION_NAMES:
            return None  # only an action has an amount
        return cls(int(match["table"]), int(match["seq"]), match["name"], amount)


def custom_id(table: int, seq: int, name: str, amount: int | None = None) -> str:
    return f"poker:{table}:{seq}:{name}" + ("" if amount is None else f"_{amount}")


class StaticView(discord.ui.View):
    """Components only: the cog's listener answers the clicks, so discord.py keeps no state."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    def is_finished(self) -> bool:
        return True

    def is_dispatchable(self) -> bool:
        return False


def _button(
    table: int,
    seq: int,
    name: str,
    label: str,
    style: discord.ButtonStyle,
    *,
    amount: int | None = None,
    **kwargs: Any,
) -> discord.ui.Button[StaticView]:
    return discord.ui.Button(
        label=label, style=style, custom_id=custom_id(table, seq, name, amount), **kwargs
    )


def table_components(say: Speaker, view: TableView) -> StaticView:
    """The table's buttons; none once the table is closed."""
    components = StaticView()
    if not view.open:
        return components
    table, seq = view.table_id, view.seq
    grey = discord.ButtonStyle.secondary
    primary = discord.ButtonStyle.primary
    if view.choosing is not None:  # dealer's choice: the chooser's private list (RULES §10.5)
        choose = _button(table, seq, "choose", say("button-choose"), primary, row=1)
        components.add_item(choose)
    if view.tournament is not None and view.street is None:  # a sit & go (issue 23)
        if view.tournament.registering:
            register = say("button-register")
            components.add_item(_button(table, 0, "register", register, primary, row=0))
            unregister = say("button-unregister")
            components.add_item(_button(table, 0, "unregister", unregister, grey, row=0))
            start = _button(table, 0, "start", say("button-start"), grey, row=0)
            start.disabled = not view.can_start
            components.add_item(start)
        return components  # between its hands: nobody joins, leaves or starts (but chooses)
    if view.street is None:  # between hands: seats change now, never during a hand
        # Join stands out until the first hand; then it is for newcomers, not for the seated
        join = primary if view.hand_id is None else grey
        components.add_item(_button(table, 0, "join", say("button-join"), join, row=0))
        components.add_item(_button(table, 0, "leave", say("button-leave"), grey, row=0))
        start = _button(table, 0, "start", say("button-start"), grey, row=0)
        start.disabled = not view.can_start
        components.add_item(start)
        return components
    thinking = view.actor_id is not None and is_computer(view.actor_id)  # nobody may click
    for option in view.legal:
        label = say.render(wording.button(option.kind, option.amount))
        if option.kind is ActionKind.DRAW:
            button = _button(table, seq, "draw", label, primary, row=1)
        else:
            style = _STYLES.get(option.kind, primary)
            name = option.kind.value
            button = _button(table, seq, name, label, style, amount=option.amount, row=1)
        button.disabled = thinking
        components.add_item(button)
    components.add_item(_button(table, 0, "cards", say("button-my-cards"), grey, row=2))
    return components


def leave_confirmation(say: Speaker, table: int, label: str | None = None) -> StaticView:
    """`/poker leave` in the middle of a hand one is still in: fold it and go, or stay (a sit
    & go's: leave it for good, or stay)."""
    components = StaticView()
    danger, grey = discord.ButtonStyle.danger, discord.ButtonStyle.secondary
    leave = label or say("button-leave-fold")
    components.add_item(_button(table, 0, "leave_fold", leave, danger))
    components.add_item(_button(table, 0, "leave_stay", say("button-stay"), grey))
    return components


def game_picker(say: Speaker, games: tuple[str, ...], table: int, seq: int) -> StaticView:
    """Dealer's choice: the table's games, one to pick for the round (RULES §10.5)."""
    components = StaticView()
    select: discord.ui.Select[StaticView] = discord.ui.Select(
        custom_id=custom_id(table, seq, "chosen"),
        placeholder=say("choose-placeholder"),
        options=[
            discord.SelectOption(label=say.render(game_name(game)), value=game) for game in games
        ],
    )
    components.add_item(select)
    return components


def draw_picker(say: Speaker, hand: PrivateHand, table: int, seq: int) -> StaticView:
    """RULES §5.5: discard 1 to 5 cards, or stand pat."""
    components = StaticView()
    select: discord.ui.Select[StaticView] = discord.ui.Select(
        custom_id=custom_id(table, seq, "discard"),
        placeholder=say("draw-placeholder"),
        min_values=1,
        max_values=len(hand.cards),
        options=[
            discord.SelectOption(label=readable_suits(card.symbol), value=str(card))
            for card in hand.cards
        ],
    )
    components.add_item(select)
    components.add_item(
        _button(table, seq, "pat", say("button-stand-pat"), discord.ButtonStyle.secondary)
    )
    return components
