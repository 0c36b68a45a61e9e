"""`/poker`: translation only. Discord in, dealer calls, Discord out (``_interactions``)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands
from pydantic import ValidationError

from bot.dealer.dealer import Refusal
from bot.dealer.hand_history import LAST_HANDS_LIMIT
from bot.dealer.options import LIMITS, TableOptions, explain
from bot.dealer.table import Table
from bot.dealer.views import Effects
from bot.poker.fairness import check_player_seed
from cogs.poker import _economy as economy
from cogs.poker._history import send_history
from cogs.poker._interactions import TableActions, answer, refuse
from cogs.poker._presenter import NO_MENTIONS, DiscordPresenter
from cogs.poker._render import GAME_NAMES, private_content, verify_content
from cogs.poker._rules import CARDS, overview, rules_card

if TYPE_CHECKING:
    from bot.client import PokerBot

log = logging.getLogger(__name__)

VARIANT_CHOICES = [app_commands.Choice(name=n, value=k) for k, n in GAME_NAMES.items()]
Chips = app_commands.Range[int, 1, LIMITS.chips]
HAND_IDS = 2**62  # hand ids are SQLite integers: anything larger names no hand


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


@app_commands.guild_only()
class PokerCog(commands.Cog, name="Poker"):
    poker = app_commands.Group(
        name="poker",
        description="Deal stud and 2-7 Triple Draw at this channel's table",
        guild_only=True,
    )

    def __init__(self, bot: PokerBot, presenter: DiscordPresenter) -> None:
        self.bot = bot
        self.dealer = bot.dealer
        self.presenter = presenter
        self.tables = TableActions(self.dealer, presenter)

    # ------------------------------------------------------------------ tables

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
        time_bank="Extra seconds each player may use when the clock runs out (0 to 600)",
    )
    @app_commands.choices(variant=VARIANT_CHOICES)
    async def new(  # noqa: PLR0917 (one parameter per slash-command option)
        self,
        interaction: discord.Interaction[Any],
        variant: str | None = None,
        small_bet: app_commands.Range[int, 2, LIMITS.small_bet] | None = None,
        ante: app_commands.Range[int, 0, LIMITS.small_bet] | None = None,
        bring_in: app_commands.Range[int, 1, LIMITS.small_bet] | None = None,
        min_buy_in: Chips | None = None,
        max_buy_in: Chips | None = None,
        max_players: app_commands.Range[int, 2, 8] | None = None,
        action_seconds: app_commands.Range[int, 10, 600] | None = None,
        time_bank: app_commands.Range[int, 0, 600] | None = None,
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
        settings = await economy.settings_of(self.dealer.store, interaction.guild_id)
        if not settings.allows(interaction.channel_id):
            where = ", ".join(f"<#{channel}>" for channel in settings.channels)
            await refuse(interaction, f"On this server, tables are opened in {where}.")
            return
        game = variant or settings.default_game
        given = {
            "variant": game,
            "small_bet": small_bet,
            "ante": ante,
            "bring_in": bring_in,
            "min_buy_in": min_buy_in,
            "max_buy_in": max_buy_in,
            "max_players": max_players,
            "action_seconds": action_seconds,
            "time_bank": time_bank,
        }
        chosen = {key: value for key, value in given.items() if value is not None}
        try:  # what the command names, else the server's defaults for the game
            options = TableOptions.model_validate(
                settings.table_defaults(game) | chosen  # type: ignore[arg-type]
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

        await self.tables.run(interaction, opened)

    @poker.command(name="join", description="Take a seat (chips move from your wallet)")
    @app_commands.describe(buy_in="Chips to bring (default: the table's default buy-in)")
    async def join(
        self, interaction: discord.Interaction[Any], buy_in: Chips | None = None
    ) -> None:
        await join(self.tables, interaction, buy_in)

    @poker.command(name="leave", description="Leave the table (your stack goes back)")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        user = interaction.user.id

        def left(table: Table) -> str:
            if user in table.seats:
                return "You leave after this hand: your stack goes back to your wallet then."
            return "You left the table: your stack is back in your wallet."

        await self.tables.run(interaction, lambda table: table.leave(user), left)

    @poker.command(name="start", description="Deal the first hand")
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await self.tables.run(interaction, lambda table: table.start(interaction.user.id))

    @poker.command(name="end", description="Close the table after this hand")
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        permissions = interaction.permissions
        can_manage = permissions.manage_guild if permissions is not None else False
        await self.tables.run(
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
        await self.tables.run(
            interaction,
            lambda table: table.sit_out(interaction.user.id),
            lambda table: "You sit out from the next hand: /poker back to play again.",
        )

    @poker.command(name="back", description="Play again after sitting out")
    async def back(self, interaction: discord.Interaction[Any]) -> None:
        await self.tables.run(
            interaction,
            lambda table: table.back(interaction.user.id),
            lambda table: "Welcome back: you are dealt in from the next hand.",
        )

    @poker.command(name="balance", description="A wallet on this server, and chips on tables")
    @app_commands.describe(user="Whose (default: yours)")
    async def balance(
        self, interaction: discord.Interaction[Any], user: discord.User | None = None
    ) -> None:
        await economy.balance(self.dealer.store, interaction, user)

    @poker.command(name="daily", description="Your daily chips, once every 24 hours")
    async def daily(self, interaction: discord.Interaction[Any]) -> None:
        await economy.daily(self.dealer.store, interaction)

    @poker.command(name="rules", description="A short card of a game's rules")
    @app_commands.describe(variant="The game (default: this channel's table)")
    @app_commands.choices(variant=VARIANT_CHOICES)
    async def rules(
        self, interaction: discord.Interaction[Any], variant: str | None = None
    ) -> None:
        table = self.dealer.tables.get(interaction.channel_id or 0)
        chosen = variant or (table.options.variant if table is not None else None)
        text = rules_card(chosen) if chosen in CARDS else overview()
        await answer(interaction.response.send_message(text, ephemeral=True))

    @poker.command(name="stats", description="A player's hands, wins and net chips")
    @app_commands.describe(user="Whose (default: yours)", variant="One game (default: all)")
    @app_commands.choices(variant=VARIANT_CHOICES)
    async def stats(
        self,
        interaction: discord.Interaction[Any],
        user: discord.User | None = None,
        variant: str | None = None,
    ) -> None:
        await economy.stats(self.dealer.store, interaction, user, variant)

    @poker.command(name="leaderboard", description="The richest players of this server")
    async def leaderboard(self, interaction: discord.Interaction[Any]) -> None:
        await economy.leaderboard(self.dealer.store, interaction)

    @poker.command(name="ledger", description="The last chip movements of a wallet")
    @app_commands.describe(user="Whose (default: yours; others' need Manage Server)")
    async def ledger(
        self, interaction: discord.Interaction[Any], user: discord.User | None = None
    ) -> None:
        await economy.ledger(self.dealer.store, interaction, user)

    @poker.command(name="give", description="Give chips from your wallet to another player")
    @app_commands.describe(user="Who gets them", amount="How many")
    async def give(
        self, interaction: discord.Interaction[Any], user: discord.User, amount: Chips
    ) -> None:
        await economy.offer_gift(self.dealer.store, interaction, user, amount)

    @poker.command(name="history", description="A hand you played, as a PHH file and a replay")
    @app_commands.describe(
        hand_id="The number after Hand # (default: your last hand here)",
        last=f"Instead: your last 1 to {LAST_HANDS_LIMIT} hands here, in one .phhs file",
    )
    async def history(
        self,
        interaction: discord.Interaction[Any],
        hand_id: app_commands.Range[int, 1, HAND_IDS] | None = None,
        last: app_commands.Range[int, 1, LAST_HANDS_LIMIT] | None = None,
    ) -> None:
        await send_history(interaction, self.dealer.store, hand_id, last)

    @poker.command(name="cards", description="See your cards in the current hand")
    async def cards(self, interaction: discord.Interaction[Any]) -> None:
        await show_cards(self.tables, interaction, None)

    @commands.Cog.listener()
    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        """A player left the server (seen with DISCORD_MEMBERS_INTENT): they leave every table
        of it, as with /poker leave (RULES §6.2: folded at their turn, paid when the hand
        ends). Without the intent, the action clock folds them and sits them out instead."""
        user = payload.user.id
        for table in list(self.dealer.tables.values()):
            if table.guild_id != payload.guild_id or user not in table.seats:
                continue
            try:
                locked, effects = await self.dealer.change(
                    table.channel_id, lambda table: table.leave(user)
                )
            except Refusal:
                continue  # already leaving, or the table closed meanwhile
            self.presenter.present(locked, effects)

    # ------------------------------------------------------------------ fairness

    @poker.command(name="seed", description="Set your own seed for the shuffle of every hand")
    @app_commands.describe(text="Up to 64 letters, digits or punctuation; leave out for random")
    async def seed(self, interaction: discord.Interaction[Any], text: str | None = None) -> None:
        user = interaction.user.id
        try:
            seed = None if text is None else check_player_seed(text)
            await self.dealer.store.set_player_seed(user, seed)
        except Refusal as error:
            await refuse(interaction, str(error))
            return
        reply = (
            "Your seed is now random for each hand."
            if seed is None
            else f"From your next hand, your seed is `{seed}`: /poker verify shows it."
        )
        await answer(interaction.response.send_message(reply, ephemeral=True))

    @poker.command(name="verify", description="Reveal the seeds and deck of a finished hand")
    @app_commands.describe(hand_id="The number after Hand # in a summary")
    async def verify(
        self, interaction: discord.Interaction[Any], hand_id: app_commands.Range[int, 1, HAND_IDS]
    ) -> None:
        hand = None
        if 1 <= hand_id <= HAND_IDS:
            hand = await self.dealer.store.verified_hand(hand_id)
        if hand is None or hand.guild_id != interaction.guild_id:
            await refuse(interaction, f"There is no Hand #{hand_id} on this server.")
            return
        if not hand.ended:
            await refuse(
                interaction,
                f"Hand #{hand_id} is still being played: its seeds are revealed when it ends,"
                " so nobody can know the cards to come.",
            )
            return
        await answer(
            interaction.response.send_message(
                verify_content(hand), ephemeral=True, allowed_mentions=NO_MENTIONS
            )
        )


async def join(
    tables: TableActions,
    interaction: discord.Interaction[Any],
    buy_in: int | None,
    table_id: int | None = None,
) -> None:
    user = interaction.user

    def seated(table: Table) -> str:
        seat = table.seats[user.id]
        return f"You are in seat {seat.number} with {seat.stack} chips."

    await tables.run(
        interaction,
        lambda table: table.join(user.id, user.display_name, buy_in),
        seated,
        table_id=table_id,
    )


async def show_cards(
    tables: TableActions, interaction: discord.Interaction[Any], table_id: int | None
) -> None:
    channel = interaction.channel_id
    assert channel is not None
    try:
        async with tables.dealer.locked(channel, table_id=table_id) as table:
            hand = table.private_hand(interaction.user.id)
    except Refusal as error:
        await refuse(interaction, str(error))
        return
    await answer(
        interaction.response.send_message(
            private_content(hand), ephemeral=True, allowed_mentions=NO_MENTIONS
        )
    )
