"""`/poker` and the table's buttons. Translation only: Discord in, dealer calls, Discord out.
Every table change happens inside ``dealer.locked(channel)``."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.ext import commands
from pydantic import ValidationError

from bot.dealer.options import TableOptions, explain
from bot.dealer.table import Table, TableError
from bot.dealer.views import Effects
from bot.poker.cards import parse_cards
from bot.poker.errors import PokerError
from bot.poker.events import Action, ActionKind
from bot.store import StoreError
from cogs.poker._presenter import NO_MENTIONS, DiscordPresenter, table_message
from cogs.poker._render import private_content, restart_notice
from cogs.poker._views import ACTION_NAMES, Click, draw_picker

if TYPE_CHECKING:
    from bot.client import PokerBot

log = logging.getLogger(__name__)

Refusal = (TableError, PokerError, StoreError)
Operation = Callable[[Table], Awaitable[Effects]]

VARIANT_CHOICES = [
    app_commands.Choice(name="Seven Card Stud", value="seven_card_stud"),
    app_commands.Choice(name="Stud Hi-Lo", value="stud_hi_lo"),
    app_commands.Choice(name="Five Card Stud", value="five_card_stud"),
    app_commands.Choice(name="2-7 Triple Draw", value="triple_draw"),
]


async def refuse(interaction: discord.Interaction[Any], text: str) -> None:
    """An ephemeral explanation; nothing changed."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


def missing_permissions(interaction: discord.Interaction[Any]) -> list[str]:
    """What the bot lacks in this channel to deal here: it posts each new hand's table message,
    summaries and notices itself, not only in answers to clicks."""
    granted = interaction.app_permissions
    needed = {"View Channel": granted.view_channel}
    if isinstance(interaction.channel, discord.Thread):
        needed["Send Messages in Threads"] = granted.send_messages_in_threads
    else:
        needed["Send Messages"] = granted.send_messages
    return [name for name, ok in needed.items() if not ok]


class PokerCog(commands.Cog, name="Poker"):
    poker = app_commands.Group(
        name="poker", description="Deal stud and 2-7 Triple Draw at this channel's table"
    )

    def __init__(self, bot: PokerBot) -> None:
        self.bot = bot
        self.dealer = bot.dealer
        self.presenter = DiscordPresenter(bot)
        self.dealer.presenter = self.presenter
        # The Draw click of each player drawing now: its token edits the table message.
        self._draw_prompts: dict[tuple[int, int], discord.Interaction[Any]] = {}

    async def cog_unload(self) -> None:
        await self.presenter.close()

    # ------------------------------------------------------------------ helpers

    async def _update_table(self, interaction: discord.Interaction[Any], table: Table) -> None:
        """Answer a click on the table message by updating it (UPDATE_MESSAGE, no rate limit)."""
        await interaction.response.edit_message(**table_message(table))

    async def _post_table(self, interaction: discord.Interaction[Any], table: Table) -> None:
        """Answer a command with a fresh table message, which becomes the table's message."""
        callback = await interaction.response.send_message(**table_message(table))
        message = callback.resource
        if isinstance(message, discord.InteractionMessage):
            self.presenter.retire(table, table.message_id)
            table.message_id = message.id
            await table.store.set_message(table.channel_id, message.id)

    async def _run(
        self,
        interaction: discord.Interaction[Any],
        operation: Operation,
        confirm: Callable[[Table], str] | None = None,
    ) -> None:
        """Apply ``operation`` to this channel's table and show the result."""
        channel = interaction.channel_id
        assert channel is not None
        try:
            async with self.dealer.locked(channel) as table:
                effects = await operation(table)
                message = interaction.message
                if message is not None and message.id == table.message_id:
                    await self._update_table(interaction, table)
                    await self.presenter.present(table, effects, table_shown=True)
                elif effects.fresh_message or confirm is None:
                    await self._post_table(interaction, table)
                    await self.presenter.present(table, effects, table_shown=True)
                else:
                    await interaction.response.send_message(confirm(table), ephemeral=True)
                    await self.presenter.present(table, effects)
        except Refusal as error:
            await refuse(interaction, str(error))

    # ------------------------------------------------------------------ commands

    @poker.command(name="new", description="Open a table in this channel")
    @app_commands.describe(
        variant="The game",
        small_bet="Small bet (the big bet is twice it)",
        ante="Ante (stud games)",
        bring_in="Bring-in (stud games)",
        min_buy_in="Smallest buy-in",
        max_buy_in="Largest stack a player may bring",
        max_players="Seats at the table",
        action_seconds="Seconds to act (10 to 600)",
    )
    @app_commands.choices(variant=VARIANT_CHOICES)
    async def new(  # noqa: PLR0917 (one parameter per slash-command option)
        self,
        interaction: discord.Interaction[Any],
        variant: str,
        small_bet: int | None = None,
        ante: int | None = None,
        bring_in: int | None = None,
        min_buy_in: int | None = None,
        max_buy_in: int | None = None,
        max_players: int | None = None,
        action_seconds: int | None = None,
    ) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            await refuse(interaction, "Poker tables live in server channels.")
            return
        if missing := missing_permissions(interaction):
            await refuse(
                interaction,
                f"I can't deal here: I need {' and '.join(missing)} in this channel. "
                "Ask a server admin to give me that permission, or open the table elsewhere.",
            )
            return
        given = {
            "variant": variant,
            "small_bet": small_bet,
            "ante": ante,
            "bring_in": bring_in,
            "min_buy_in": min_buy_in,
            "max_buy_in": max_buy_in,
            "max_players": max_players,
            "action_seconds": action_seconds,
        }
        try:
            options = TableOptions.model_validate(
                {key: value for key, value in given.items() if value is not None}
            )
        except ValidationError as error:
            await refuse(interaction, f"Those settings don't work:\n{explain(error)}")
            return
        try:
            await self.dealer.create(
                channel=interaction.channel_id,
                guild=interaction.guild_id,
                host=interaction.user.id,
                options=options,
            )
        except Refusal as error:
            text = str(error)
            existing = self.dealer.tables.get(interaction.channel_id)
            if existing is not None and existing.message_id is not None:
                text += (  # point to the table
                    "\nhttps://discord.com/channels/"
                    f"{existing.guild_id}/{existing.channel_id}/{existing.message_id}"
                )
            await refuse(interaction, text)
            return

        async def opened(table: Table) -> Effects:
            return Effects(table_changed=True)

        await self._run(interaction, opened)

    @poker.command(name="join", description="Take a seat (chips move from your wallet)")
    @app_commands.describe(buy_in="Chips to bring (default: the table's default buy-in)")
    async def join(self, interaction: discord.Interaction[Any], buy_in: int | None = None) -> None:
        await self._join(interaction, buy_in)

    async def _join(self, interaction: discord.Interaction[Any], buy_in: int | None) -> None:
        user = interaction.user

        def seated(table: Table) -> str:
            seat = table.seats[user.id]
            return f"You are in seat {seat.number} with {seat.stack} chips."

        await self._run(
            interaction, lambda table: table.join(user.id, user.display_name, buy_in), seated
        )

    @poker.command(name="leave", description="Leave the table (your stack goes back)")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        user = interaction.user.id

        def left(table: Table) -> str:
            if user in table.seats:
                return "You leave after this hand: your stack goes back to your wallet then."
            return "You left the table: your stack is back in your wallet."

        await self._run(interaction, lambda table: table.leave(user), left)

    @poker.command(name="start", description="Deal the first hand")
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await self._run(interaction, lambda table: table.start(interaction.user.id))

    @poker.command(name="end", description="Close the table after this hand")
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        permissions = interaction.permissions
        can_manage = permissions.manage_guild if permissions is not None else False
        await self._run(
            interaction,
            lambda table: table.end(interaction.user.id, can_manage=can_manage),
            lambda table: (
                "The table closes after this hand."
                if not table.closed
                else "The table is closed; every stack is back in its wallet."
            ),
        )

    @poker.command(name="sitout", description="Sit out from the next hand")
    async def sitout(self, interaction: discord.Interaction[Any]) -> None:
        await self._run(
            interaction,
            lambda table: table.sit_out(interaction.user.id),
            lambda table: "You sit out from the next hand: /poker back to play again.",
        )

    @poker.command(name="back", description="Play again after sitting out")
    async def back(self, interaction: discord.Interaction[Any]) -> None:
        await self._run(
            interaction,
            lambda table: table.back(interaction.user.id),
            lambda table: "Welcome back: you are dealt in from the next hand.",
        )

    @poker.command(name="balance", description="Your wallet on this server")
    async def balance(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.guild_id is None:
            await refuse(interaction, "Wallets belong to servers: ask in a server channel.")
            return
        chips = await self.dealer.store.balance(interaction.guild_id, interaction.user.id)
        await interaction.response.send_message(f"{chips} chips", ephemeral=True)

    @poker.command(name="cards", description="See your cards in the current hand")
    async def cards(self, interaction: discord.Interaction[Any]) -> None:
        await self._show_cards(interaction)

    async def _show_cards(self, interaction: discord.Interaction[Any]) -> None:
        channel = interaction.channel_id
        assert channel is not None
        try:
            async with self.dealer.locked(channel) as table:
                hand = table.private_hand(interaction.user.id)
                await interaction.response.send_message(
                    private_content(hand), ephemeral=True, allowed_mentions=NO_MENTIONS
                )
        except Refusal as error:
            await refuse(interaction, str(error))

    # ------------------------------------------------------------------ buttons

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """Once connected, say where tables were closed at start-up and where the chips went."""
        closed, self.bot.closed_at_start = self.bot.closed_at_start, []
        for table in closed:
            channel = self.bot.get_partial_messageable(table.channel, guild_id=table.guild)
            try:
                await channel.send(restart_notice(table), allowed_mentions=NO_MENTIONS)
            except discord.HTTPException as error:  # channel gone or no access: chips are safe
                log.warning("could not tell channel %d its table closed: %s", table.channel, error)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.type is not discord.InteractionType.component or not interaction.data:
            return
        click = Click.parse(str(interaction.data.get("custom_id", "")))
        if click is None:
            return
        try:
            await self._click(interaction, click)
        except Exception:
            log.exception("a click on table %d failed", click.channel)
            if not interaction.response.is_done():
                await refuse(interaction, "Something went wrong; nothing was changed.")

    async def _click(self, interaction: discord.Interaction[Any], click: Click) -> None:
        if click.channel != interaction.channel_id:
            await refuse(interaction, "That button belongs to another channel's table.")
            return
        user = interaction.user.id
        match click.name:
            case "join":
                await self._join(interaction, None)
            case "leave":
                await self._run(interaction, lambda table: table.leave(user))
            case "start":
                await self._run(interaction, lambda table: table.start(user))
            case "cards":
                await self._show_cards(interaction)
            case "draw":
                await self._open_draw(interaction, click)
            case "discard" | "pat":
                await self._draw(interaction, click)
            case name if name in ACTION_NAMES:
                action = Action(ACTION_NAMES[name])
                await self._run(interaction, lambda table: table.act(user, click.seq, action))
            case _:
                await refuse(interaction, "That button is no longer in use.")

    async def _open_draw(self, interaction: discord.Interaction[Any], click: Click) -> None:
        """Answer Draw with a private picker; the click itself is deferred so that its token can
        update the table message once the player has chosen."""
        user = interaction.user.id
        try:
            async with self.dealer.locked(click.channel) as table:
                hand = table.hand
                if hand is None or not table.in_hand or hand.actor != user:
                    raise TableError("It is not your turn.")
                if click.seq != table.seq:
                    raise TableError("That prompt is out of date: the table has moved on.")
                private = table.private_hand(user)
                await interaction.response.defer()
                self._draw_prompts[(click.channel, user)] = interaction
                await interaction.followup.send(
                    private_content(private) + "\nPick the cards to throw away, or stand pat.",
                    view=draw_picker(private, table.seq),
                    ephemeral=True,
                )
        except Refusal as error:
            await refuse(interaction, str(error))

    async def _draw(self, interaction: discord.Interaction[Any], click: Click) -> None:
        user = interaction.user.id
        data = cast("dict[str, Any]", interaction.data or {})
        values = [str(value) for value in data.get("values", [])]
        discards = parse_cards(" ".join(values)) if click.name == "discard" else ()
        action = Action(ActionKind.DRAW, discards=discards)
        try:
            async with self.dealer.locked(click.channel) as table:
                effects = await table.act(user, click.seq, action)
                done = f"You threw away {len(discards)}." if discards else "You stand pat."
                await interaction.response.edit_message(content=done, view=None)
                prompt = self._draw_prompts.pop((click.channel, user), None)
                shown = False
                if prompt and prompt.message and prompt.message.id == table.message_id:
                    try:
                        await prompt.edit_original_response(**table_message(table))
                        shown = True
                    except discord.HTTPException:
                        log.info("draw prompt expired on table %d", click.channel)
                await self.presenter.present(table, effects, table_shown=shown)
        except Refusal as error:
            await refuse(interaction, str(error))
