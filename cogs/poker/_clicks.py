"""The table's buttons and the draw picker. Every component interaction gets an answer: a
custom id that is not ours, forged or from an older version is refused, never dropped."""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import timedelta
from typing import TYPE_CHECKING, Any, cast

import discord
from discord.ext import commands

from bot.dealer import computers
from bot.dealer.dealer import Refusal
from bot.dealer.table import Table, TableError
from bot.dealer.views import Effects, PrivateHand
from bot.metrics import CLICK_SECONDS, CLICKS, Timer
from bot.poker.cards import parse_cards
from bot.poker.events import Action, ActionKind
from bot.text import Msg
from cogs.poker import _tournament as tournament
from cogs.poker._choice import chosen, open_choice
from cogs.poker._commands import join, left_message, show_cards
from cogs.poker._economy import answer_gift, turn_page
from cogs.poker._guards import too_fast
from cogs.poker._help import HELP_MENU, turn_help_page
from cogs.poker._interactions import TableActions, answer, refuse
from cogs.poker._pictures import hand_files
from cogs.poker._presenter import DiscordPresenter
from cogs.poker._readers import speaker
from cogs.poker._render import cards_text, private_content, swap_text
from cogs.poker._views import ACTION_NAMES, Click, draw_picker

if TYPE_CHECKING:
    from bot.client import PokerBot

log = logging.getLogger(__name__)

PROMPT_LIFETIME = timedelta(minutes=15)  # an interaction token's life
MAX_DISCARDS = 5


class TableButtons(commands.Cog, name="Table buttons"):
    def __init__(self, bot: PokerBot, presenter: DiscordPresenter) -> None:
        self.bot = bot
        self.dealer = bot.dealer
        self.presenter = presenter
        self.tables = TableActions(self.dealer, presenter)
        # The Draw click of each player drawing now: its token edits the table message.
        self._draw_prompts: dict[tuple[int, int], discord.Interaction[Any]] = {}

    @property
    def draw_prompts(self) -> int:
        return len(self._draw_prompts)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.type is not discord.InteractionType.component:
            return
        data = cast("dict[str, Any]", interaction.data or {})
        custom = str(data.get("custom_id", ""))
        await self.presenter.readers.remember(interaction)
        if await too_fast(self.presenter.readers, interaction):
            return
        if await answer_gift(self.bot.store, interaction, custom) or await turn_page(
            self.bot.store, interaction, custom
        ):
            return
        if await self.bot.nights.click(interaction, custom):  # a tournament night's lobby
            return
        if custom == HELP_MENU:
            await turn_help_page(interaction)
            return
        click = Click.parse(custom)
        if click is None:
            await refuse(interaction, Msg("error-unknown-button"))
            return
        try:
            with Timer(CLICK_SECONDS):
                await self._click(interaction, click)
            CLICKS.inc()
        except Exception:
            log.exception("a click on table %d failed", click.table)
            if not interaction.response.is_done():
                await refuse(interaction, Msg("error-internal"))

    async def _click(self, interaction: discord.Interaction[Any], click: Click) -> None:
        user = interaction.user.id
        tables, table_id = self.tables, click.table
        match click.name:
            case "join":
                await join(tables, interaction, None, table_id)
            case "leave":
                await tables.run(interaction, lambda table: table.leave(user), table_id=table_id)
            case "leave_fold":  # confirmed: fold the hand at its turn, and go
                await tables.run(
                    interaction,
                    lambda table: table.leave(user),
                    left_message(user),
                    table_id=table_id,
                )
            case "leave_stay":
                stay = speaker(interaction)("leave-stayed")
                await answer(interaction.response.edit_message(content=stay, view=None))
            case "start" if self._tournament(table_id):
                await tournament.start(tables, interaction, table_id)
            case "start":
                name = interaction.user.display_name
                shown = self.dealer.tables.get(interaction.channel_id or 0)
                await tables.run(  # at a table of computers only, it seats whoever presses it
                    interaction,
                    lambda table: computers.start(table, user, name),
                    table_id=table_id,
                    seats=shown is not None and computers.only_computers(shown),
                )
            case "register":
                await tournament.register(tables, interaction, table_id)
            case "unregister":
                await tournament.unregister(tables, interaction, table_id)
            case "cards":
                await show_cards(tables, interaction, table_id)
            case "choose":  # dealer's choice (RULES §10.5)
                await open_choice(tables, interaction, click)
            case "chosen":
                await chosen(tables, interaction, click)
            case "draw":
                await self._open_draw(interaction, click)
            case "discard" | "pat":
                await self._draw(interaction, click)
            case name if name in ACTION_NAMES:  # the amount shown, when the button had one
                action = Action(ACTION_NAMES[name], click.amount)
                await tables.run(
                    interaction,
                    lambda table: table.act(user, click.seq, action),
                    table_id=table_id,
                )
            case _:
                await refuse(interaction, Msg("error-unknown-button"))

    def _tournament(self, table_id: int) -> bool:
        """Whether the button is a sit & go's (its table is in this process)."""
        return any(t.id == table_id and t.tournament for t in self.dealer.tables.values())

    async def _open_draw(self, interaction: discord.Interaction[Any], click: Click) -> None:
        """Answer Draw with a private picker; the click itself is deferred so that its token can
        update the table message once the player has chosen."""
        user, channel = interaction.user.id, interaction.channel_id
        try:
            if channel is None:
                raise TableError("error-no-table")
            async with self.dealer.locked(channel, table_id=click.table) as table:
                table.heard(user, interaction.id)
                hand = table.live_hand
                if hand is not None and user not in hand.players:
                    raise TableError(
                        "error-not-dealt" if user not in table.seats else "error-dealt-next"
                    )
                if hand is None or hand.actor != user:
                    raise TableError("error-not-your-turn")
                if click.seq != table.seq:
                    raise TableError("error-stale-prompt")
                if not any(option.kind is ActionKind.DRAW for option in hand.legal_actions()):
                    raise TableError("error-no-draw")
                private = table.private_hand(user)
                seq = table.seq
        except Refusal as error:
            await refuse(interaction, error)
            return
        if not await answer(interaction.response.defer()):
            return
        self._forget_old_prompts()
        self._draw_prompts[(channel, user)] = interaction
        say = speaker(interaction)
        four_colour = await self.presenter.readers.four_colour(user)
        await answer(
            interaction.followup.send(
                private_content(say, replace(private, next_commitment=None))
                + "\n"
                + say("draw-prompt"),
                files=await hand_files(private, say, four_colour=four_colour),
                view=draw_picker(say, private, click.table, seq),
                ephemeral=True,
            )
        )

    def _forget_old_prompts(self) -> None:
        now = discord.utils.utcnow()
        for key, prompt in list(self._draw_prompts.items()):
            if now - prompt.created_at > PROMPT_LIFETIME:
                del self._draw_prompts[key]

    def forget_table(self, channel: int) -> None:
        for key in [key for key in self._draw_prompts if key[0] == channel]:
            del self._draw_prompts[key]

    async def _draw(self, interaction: discord.Interaction[Any], click: Click) -> None:
        user, channel = interaction.user.id, interaction.channel_id
        data = cast("dict[str, Any]", interaction.data or {})
        try:
            if channel is None:
                raise TableError("error-no-table")
            values = data.get("values", []) if click.name == "discard" else []
            if not isinstance(values, list) or len(values) > MAX_DISCARDS:
                raise TableError("error-pick-cards", most=MAX_DISCARDS)
            discards = parse_cards([str(value)[:3] for value in values])
            if click.name == "discard" and not discards:
                raise TableError("error-pick-cards", most=MAX_DISCARDS)
            action = Action(ActionKind.DRAW, discards=discards)
            after: list[PrivateHand] = []  # the drawer's cards once drawn, to tell them now

            async def draw(table: Table) -> Effects:
                effects = await table.act(user, click.seq, action)
                mine = [hand for hand in effects.private if hand.user_id == user]
                if not mine and table.in_hand:  # standing pat deals none
                    mine = [table.private_hand(user)]
                after.extend(mine)  # none if the draw ended the hand (the rest all in)
                return effects

            table, effects = await self.dealer.change(
                channel, draw, table_id=click.table, click=(user, interaction.id)
            )
        except Refusal as error:
            await refuse(interaction, error)
            return
        prompt = self._draw_prompts.pop((channel, user), None)
        self.presenter.present(table, effects, table_shown=True, turn=False)
        # the table first (through the Draw click's token: no rate limit), then the picker
        shown = False
        if prompt is not None and prompt.message and prompt.message.id == table.message_id:
            public = await self.presenter.table_message(table)
            shown = await answer(prompt.edit_original_response(**public))
        if not shown:
            self.presenter.present(table, Effects(table_changed=True))
        say = speaker(interaction)
        done = say("draw-done", count=len(discards))
        if after:  # what went and what came (or that they stood pat), and the cards now
            mine = after[0]
            swap = mine.swap or ((), ())
            done = swap_text(say, swap) + "\n" + say("draw-now", cards=cards_text(mine.cards))
        # the picture showed the cards before the draw: it goes with the picker
        await answer(interaction.response.edit_message(content=done, view=None, attachments=[]))
        answered = interaction.response.is_done()
        self.presenter.tell_turn(table, interaction if answered else None, user, effects.seq)
        if effects.closed:
            self.forget_table(channel)
