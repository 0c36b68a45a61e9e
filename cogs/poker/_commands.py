"""`/poker`: translation only. Discord in, dealer calls, Discord out (``_interactions``)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast, get_args

import discord
from discord import app_commands
from discord.ext import commands

from bot.dealer import computers
from bot.dealer.dealer import Refusal
from bot.dealer.hand_history import LAST_HANDS_LIMIT
from bot.dealer.options import LIMITS, BotLevel, InvalidOption, VariantKey, game_name
from bot.dealer.table import Table
from bot.dealer.views import Effects
from bot.poker.fairness import check_player_seed, commitment
from bot.text import Msg
from cogs.poker import _economy as economy
from cogs.poker import _night_lists as night_lists
from cogs.poker import _opening as opening
from cogs.poker import _seasons as seasons
from cogs.poker import _tournament as sit_and_go
from cogs.poker._games_option import DEALERS_CHOICE, MIXED, mix_options
from cogs.poker._guards import command_check
from cogs.poker._help import TOPICS, send_help
from cogs.poker._history import send_history
from cogs.poker._interactions import TableActions, answer, refuse
from cogs.poker._pictures import hand_files
from cogs.poker._presenter import NO_MENTIONS, DiscordPresenter
from cogs.poker._private import invitation, open_private
from cogs.poker._readers import speaker
from cogs.poker._render import GAME_KEYS, private_content, verify_content
from cogs.poker._rules import overview, rules_card
from cogs.poker._settings import player_settings
from cogs.poker._translator import choice, described, options_described
from cogs.poker._views import leave_confirmation

if TYPE_CHECKING:
    from bot.client import PokerBot

log = logging.getLogger(__name__)

VARIANT_CHOICES = [choice(game_name(key).key, key) for key in GAME_KEYS]
# a table's (or stats'): a game, or the games in rotation (RULES §10)
TABLE_CHOICES = [
    *VARIANT_CHOICES,
    choice("choice-variant-mixed", MIXED),
    choice("choice-variant-dealers-choice", DEALERS_CHOICE),
]
LEVEL_CHOICES = [choice(f"bot-level-{level}", level) for level in get_args(BotLevel)]
Chips = app_commands.Range[int, 1, LIMITS.chips]
HAND_IDS = 2**53 - 1  # Discord's largest INTEGER option bound; hand ids never come near it


@app_commands.guild_only()
class PokerCog(commands.Cog, name="Poker"):
    poker = app_commands.Group(
        name="poker",
        description=described("cmd-desc-poker"),
        guild_only=True,
    )

    tournament = app_commands.Group(
        name="tournament", description=described("cmd-desc-tournament"), parent=poker
    )

    def __init__(self, bot: PokerBot, presenter: DiscordPresenter) -> None:
        self.bot = bot
        self.dealer = bot.dealer
        self.presenter = presenter
        self.tables = TableActions(self.dealer, presenter)

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        """Every command: keep the user's locale for their DMs."""
        return await command_check(self.presenter.readers, interaction)

    # ------------------------------------------------------------------ tables

    @poker.command(name="new", description=described("cmd-desc-new"))
    @options_described(
        "new",
        "variant",
        "small_bet",
        "ante",
        "bring_in",
        "min_buy_in",
        "max_buy_in",
        "max_players",
        "action_seconds",
        "time_bank",
        "bots",
        "bot_level",
        "games",
        "hands_per_game",
        "private",
    )
    @app_commands.choices(variant=TABLE_CHOICES, bot_level=LEVEL_CHOICES)
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
        bots: app_commands.Range[int, 0, 7] | None = None,
        bot_level: str | None = None,
        games: app_commands.Range[str, 1, 100] | None = None,
        hands_per_game: app_commands.Range[int, 1, 50] | None = None,
        private: bool = False,
    ) -> None:
        settings = await opening.place_for_a_table(self.dealer, interaction)
        if settings is None:
            return
        try:  # a mixed table: its games, in rotation (RULES §10.1)
            mix = mix_options(variant, games, hands_per_game)
        except InvalidOption as error:
            await refuse(interaction, error)
            return
        game = mix["variant"] or settings.default_game
        given = mix | {
            "variant": game,
            "small_bet": small_bet,
            "ante": ante,
            "bring_in": bring_in,
            "min_buy_in": min_buy_in,
            "max_buy_in": max_buy_in,
            "max_players": max_players,
            "action_seconds": action_seconds,
            "time_bank": time_bank,
            "bots": bots,
            "bot_level": bot_level,
        }
        chosen = {key: value for key, value in given.items() if value is not None}
        # what the command names, else the server's defaults for the game
        defaults = settings.table_defaults(cast("VariantKey", game))

        async def opened(table: Table) -> Effects:
            effects = await computers.keep_seated(table)  # bots: computer players sit down
            effects.table_changed = True
            return effects

        if private:  # RULES §13: in a private thread of this channel
            await open_private(self.tables, interaction, defaults | chosen, settings, opened)
            return
        if not await opening.create(self.dealer, interaction, defaults | chosen, settings):
            return
        await self.tables.run(interaction, opened)

    @poker.command(name="invite", description=described("cmd-desc-invite"))
    @options_described("invite", "member")
    async def invite(self, interaction: discord.Interaction[Any], member: discord.User) -> None:
        await invitation(self.tables, interaction, member, take_back=False)

    @poker.command(name="uninvite", description=described("cmd-desc-uninvite"))
    @options_described("uninvite", "member")
    async def uninvite(self, interaction: discord.Interaction[Any], member: discord.User) -> None:
        await invitation(self.tables, interaction, member, take_back=True)

    @poker.command(name="join", description=described("cmd-desc-join"))
    @app_commands.describe(buy_in=described("opt-desc-join-buy_in"))
    async def join(
        self, interaction: discord.Interaction[Any], buy_in: Chips | None = None
    ) -> None:
        await join(self.tables, interaction, buy_in)

    @poker.command(name="leave", description=described("cmd-desc-leave"))
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        user = interaction.user.id
        table = self.dealer.tables.get(interaction.channel_id or 0)
        if table is not None and table.tournament:
            await sit_and_go.leave(self.tables, interaction, table)
            return
        if table is not None and still_in_hand(table, user):  # nothing changes before a yes
            say = speaker(interaction)
            await answer(
                interaction.response.send_message(
                    say("leave-confirm"), view=leave_confirmation(say, table.id), ephemeral=True
                )
            )
            return
        await self.tables.run(interaction, lambda table: table.leave(user), left_message(user))

    @poker.command(name="start", description=described("cmd-desc-start"))
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        user = interaction.user
        table = self.dealer.tables.get(interaction.channel_id or 0)
        if table is not None and table.tournament:
            await sit_and_go.start(self.tables, interaction, None)
            return
        await self.tables.run(  # at a table of computers only, Start seats whoever presses it
            interaction,
            lambda table: computers.start(table, user.id, user.display_name),
            seats=table is not None and computers.only_computers(table),
        )

    @poker.command(name="bots", description=described("cmd-desc-bots"))
    @options_described("bots", "count", "level")
    @app_commands.choices(level=LEVEL_CHOICES)
    async def bots(
        self,
        interaction: discord.Interaction[Any],
        count: app_commands.Range[int, 0, 7],
        level: str | None = None,
    ) -> None:
        """How many computer players sit at this table (the host, or Manage Server)."""
        permissions = interaction.permissions
        can_manage = permissions.manage_guild if permissions is not None else False
        chosen = cast("BotLevel | None", level)
        settings = await economy.settings_of(self.dealer.store, interaction.guild_id or 0)

        async def seated(table: Table) -> Effects:
            return await computers.set_count(
                table,
                count,
                chosen,
                user=interaction.user.id,
                can_manage=can_manage,
                house_cap=settings.real_stakes_cap,
            )

        def told(table: Table) -> Msg:
            level_now = Msg(f"bot-level-{table.options.bot_level}")
            return Msg("bots-set", count=table.options.bots, level=level_now)

        await self.tables.run(interaction, seated, told)

    # ------------------------------------------------------------------ sit & go (issue 23)

    @tournament.command(name="new", description=described("cmd-desc-tournament-new"))
    @options_described(
        "tournament-new",
        "variant",
        "seats",
        "buy_in",
        "starting_chips",
        "level_hands",
        "bots",
        "bot_level",
        "games",
        "hands_per_game",
        "private",
    )
    @app_commands.choices(variant=TABLE_CHOICES, bot_level=LEVEL_CHOICES)
    async def tournament_new(  # noqa: PLR0917 (one parameter per slash-command option)
        self,
        interaction: discord.Interaction[Any],
        variant: str | None = None,
        seats: app_commands.Range[int, 2, 10] | None = None,
        buy_in: Chips | None = None,
        starting_chips: app_commands.Range[int, 100, LIMITS.small_bet] | None = None,
        level_hands: app_commands.Range[int, 1, 100] | None = None,
        bots: app_commands.Range[int, 0, 7] | None = None,
        bot_level: str | None = None,
        games: app_commands.Range[str, 1, 100] | None = None,
        hands_per_game: app_commands.Range[int, 1, 50] | None = None,
        private: bool = False,
    ) -> None:
        try:  # a mixed sit & go (RULES §10.6)
            mix = mix_options(variant, games, hands_per_game)
        except InvalidOption as error:
            await refuse(interaction, error)
            return
        given = mix | {
            "max_players": seats,
            "buy_in": buy_in,
            "starting_chips": starting_chips,
            "level_hands": level_hands,
            "bots": bots,
            "bot_level": bot_level,
        }
        chosen = {key: value for key, value in given.items() if value is not None}
        await sit_and_go.open_tournament(self.tables, interaction, chosen, private=private)

    # ------------------------------------------------------------------ nights (issue 44)

    @tournament.command(name="schedule", description=described("cmd-desc-tournament-schedule"))
    @options_described(
        "tournament-schedule",
        "variant",
        "starts_at",
        "starts_in",
        "buy_in",
        "starting_chips",
        "level_minutes",
        "late_levels",
        "seats",
        "name",
        "bots",
        "bot_level",
        "games",
        "hands_per_game",
        "private",
    )
    @app_commands.choices(variant=TABLE_CHOICES, bot_level=LEVEL_CHOICES)
    async def tournament_schedule(  # noqa: PLR0917 (one parameter per slash-command option)
        self,
        interaction: discord.Interaction[Any],
        variant: str | None = None,
        starts_at: app_commands.Range[str, 1, 40] | None = None,
        starts_in: app_commands.Range[int, 1, 86_400] | None = None,
        buy_in: Chips | None = None,
        starting_chips: app_commands.Range[int, 100, LIMITS.small_bet] | None = None,
        level_minutes: app_commands.Range[int, 1, 120] | None = None,
        late_levels: app_commands.Range[int, 0, 20] | None = None,
        seats: app_commands.Range[int, 2, 10] | None = None,
        name: app_commands.Range[str, 1, 50] | None = None,
        bots: app_commands.Range[int, 0, 59] | None = None,
        bot_level: str | None = None,
        games: app_commands.Range[str, 1, 100] | None = None,
        hands_per_game: app_commands.Range[int, 1, 50] | None = None,
        private: bool = False,
    ) -> None:
        try:  # a mixed tournament (RULES §10.6, §11.1)
            mix = mix_options(variant, games, hands_per_game)
        except InvalidOption as error:
            await refuse(interaction, error)
            return
        given = mix | {
            "starts_at": starts_at,
            "starts_in": starts_in,
            "buy_in": buy_in,
            "starting_chips": starting_chips,
            "level_minutes": level_minutes,
            "late_levels": late_levels,
            "max_players": seats,
            "name": name,
            "bots": bots,
            "bot_level": bot_level,
            "private": private or None,
        }
        chosen = {key: value for key, value in given.items() if value is not None}
        await self.bot.nights.schedule(interaction, chosen)

    @tournament.command(name="list", description=described("cmd-desc-tournament-list"))
    async def tournament_list(self, interaction: discord.Interaction[Any]) -> None:
        await night_lists.listing(self.dealer.store, interaction)

    @tournament.command(name="results", description=described("cmd-desc-tournament-results"))
    async def tournament_results(self, interaction: discord.Interaction[Any]) -> None:
        await night_lists.past_results(self.dealer.store, interaction)

    @tournament.command(name="standings", description=described("cmd-desc-tournament-standings"))
    async def tournament_standings(self, interaction: discord.Interaction[Any]) -> None:
        await sit_and_go.standings(self.tables, interaction)

    @tournament.command(name="cancel", description=described("cmd-desc-tournament-cancel"))
    async def tournament_cancel(self, interaction: discord.Interaction[Any]) -> None:
        here = self.tables.dealer.tables.get(interaction.channel_id or 0)
        if here is not None and here.options.tournament and here.options.tournament.night:
            await refuse(interaction, Msg("error-night-table-cancel"))  # a night's table
            return
        if here is None and (await self.bot.nights.cancel(interaction)):
            return  # a tournament night waiting to start in this channel
        await sit_and_go.cancel(self.tables, interaction)

    @poker.command(name="end", description=described("cmd-desc-end"))
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        permissions = interaction.permissions
        can_manage = permissions.manage_guild if permissions is not None else False
        await self.tables.run(
            interaction,
            lambda table: table.end(interaction.user.id, can_manage=can_manage),
            lambda table: Msg("ended-after-hand" if not table.closed else "ended-now"),
        )

    @poker.command(name="sitout", description=described("cmd-desc-sitout"))
    async def sitout(self, interaction: discord.Interaction[Any]) -> None:
        await self.tables.run(
            interaction,
            lambda table: table.sit_out(interaction.user.id),
            lambda table: Msg("sat-out"),
        )

    @poker.command(name="back", description=described("cmd-desc-back"))
    async def back(self, interaction: discord.Interaction[Any]) -> None:
        await self.tables.run(
            interaction,
            lambda table: table.back(interaction.user.id),
            lambda table: Msg("welcome-back"),
        )

    @poker.command(name="balance", description=described("cmd-desc-balance"))
    @app_commands.describe(user=described("opt-desc-whose"))
    async def balance(
        self, interaction: discord.Interaction[Any], user: discord.User | None = None
    ) -> None:
        await economy.balance(self.dealer.store, interaction, user)

    @poker.command(name="daily", description=described("cmd-desc-daily"))
    async def daily(self, interaction: discord.Interaction[Any]) -> None:
        await economy.daily(self.dealer.store, interaction)

    @poker.command(name="rules", description=described("cmd-desc-rules"))
    @app_commands.describe(variant=described("opt-desc-rules-variant"))
    @app_commands.choices(variant=VARIANT_CHOICES)
    async def rules(
        self, interaction: discord.Interaction[Any], variant: str | None = None
    ) -> None:
        table = self.dealer.tables.get(interaction.channel_id or 0)
        chosen = variant or (table.game_now if table is not None else None)
        # a mixed table's own: its mix first (RULES §10), then the game dealt
        mix = table.options if table is not None and table.options.mixed and not variant else None
        say = speaker(interaction)
        docs = self.bot.settings.docs_url
        text = rules_card(say, chosen, docs, mix=mix) if chosen in GAME_KEYS else overview(say)
        await answer(interaction.response.send_message(text, ephemeral=True))

    @poker.command(name="stats", description=described("cmd-desc-stats"))
    @app_commands.describe(
        user=described("opt-desc-whose"), variant=described("opt-desc-stats-variant")
    )
    @app_commands.choices(variant=TABLE_CHOICES)
    async def stats(
        self,
        interaction: discord.Interaction[Any],
        user: discord.User | None = None,
        variant: str | None = None,
    ) -> None:
        mix = variant in (MIXED, DEALERS_CHOICE)  # a mixed table's hands, however dealt
        await economy.stats(self.dealer.store, interaction, user, MIXED if mix else variant)

    @poker.command(name="leaderboard", description=described("cmd-desc-leaderboard"))
    @options_described("leaderboard", "board", "season")
    @app_commands.choices(board=[choice(f"choice-board-{key}", key) for key in seasons.BOARDS])
    async def leaderboard(
        self,
        interaction: discord.Interaction[Any],
        board: str | None = None,
        season: app_commands.Range[str, 1, 50] | None = None,
    ) -> None:
        if board is None and season is None:  # the richest wallets
            await economy.leaderboard(self.dealer.store, interaction)
            return
        await seasons.leaderboard(self.dealer.store, interaction, board or "points", season)

    @poker.command(name="ledger", description=described("cmd-desc-ledger"))
    @app_commands.describe(user=described("opt-desc-ledger-user"))
    async def ledger(
        self, interaction: discord.Interaction[Any], user: discord.User | None = None
    ) -> None:
        await economy.ledger(self.dealer.store, interaction, user)

    @poker.command(name="give", description=described("cmd-desc-give"))
    @app_commands.describe(
        user=described("opt-desc-give-user"), amount=described("opt-desc-amount")
    )
    async def give(
        self, interaction: discord.Interaction[Any], user: discord.User, amount: Chips
    ) -> None:
        await economy.offer_gift(self.dealer.store, interaction, user, amount)

    @poker.command(name="history", description=described("cmd-desc-history"))
    @app_commands.describe(
        hand_id=described("opt-desc-history-hand_id"),
        last=described("opt-desc-history-last"),
    )
    async def history(
        self,
        interaction: discord.Interaction[Any],
        hand_id: app_commands.Range[int, 1, HAND_IDS] | None = None,
        last: app_commands.Range[int, 1, LAST_HANDS_LIMIT] | None = None,
    ) -> None:
        await send_history(interaction, self.dealer.store, hand_id, last)

    @poker.command(name="cards", description=described("cmd-desc-cards"))
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

    @poker.command(name="settings", description=described("cmd-desc-settings"))
    @options_described("settings", "four_colour")
    async def settings(
        self, interaction: discord.Interaction[Any], four_colour: bool | None = None
    ) -> None:
        await player_settings(self.presenter.readers, interaction, four_colour)

    @poker.command(name="help", description=described("cmd-desc-help"))
    @options_described("help", "topic")
    @app_commands.choices(topic=[choice(f"help-title-{name}", name) for name in TOPICS])
    async def help(self, interaction: discord.Interaction[Any], topic: str | None = None) -> None:
        await send_help(interaction, topic)

    @poker.command(name="notify", description=described("cmd-desc-notify"))
    @options_described("notify", "state")
    @app_commands.choices(state=[choice("choice-on", "on"), choice("choice-off", "off")])
    async def notify(self, interaction: discord.Interaction[Any], state: str | None = None) -> None:
        """Whether the member is pinged when it is their turn at this server's tables."""
        guild, user = interaction.guild_id, interaction.user.id
        if guild is None:
            await refuse(interaction, Msg("error-server-only"))
            return
        readers = self.presenter.readers
        if state is not None:
            await readers.set_notified(guild, user, state == "on")
        on = await readers.notified(guild, user)
        reply = speaker(interaction)("notify-state", on="yes" if on else "no")
        await answer(interaction.response.send_message(reply, ephemeral=True))

    # ------------------------------------------------------------------ fairness

    @poker.command(name="seed", description=described("cmd-desc-seed"))
    @app_commands.describe(text=described("opt-desc-seed-text"))
    async def seed(self, interaction: discord.Interaction[Any], text: str | None = None) -> None:
        user = interaction.user.id
        try:
            seed = None if text is None else check_player_seed(text)
            await self.dealer.store.set_player_seed(user, seed)
        except Refusal as error:
            await refuse(interaction, error)
            return
        say = speaker(interaction)
        reply = say("seed-random") if seed is None else say("seed-set", seed=seed)
        await answer(interaction.response.send_message(reply, ephemeral=True))

    @poker.command(name="verify", description=described("cmd-desc-verify"))
    @app_commands.describe(hand_id=described("opt-desc-verify-hand_id"))
    async def verify(
        self, interaction: discord.Interaction[Any], hand_id: app_commands.Range[int, 1, HAND_IDS]
    ) -> None:
        hand = None
        if 1 <= hand_id <= HAND_IDS:
            hand = await self.dealer.store.verified_hand(hand_id)
        if hand is None or hand.guild_id != interaction.guild_id:
            await refuse(interaction, Msg("error-no-such-hand", hand=str(hand_id)))
            return
        if not hand.ended:
            await refuse(interaction, Msg("error-verify-in-play", hand=str(hand_id)))
            return
        permissions = interaction.permissions
        manager = permissions is not None and permissions.manage_guild
        if interaction.user.id not in hand.players and not manager:
            # verifying shows every card of the hand, folded ones too: as /poker history
            await refuse(interaction, Msg("error-not-your-hand", hand=str(hand_id)))
            return
        await answer(
            interaction.response.send_message(
                verify_content(speaker(interaction), hand),
                ephemeral=True,
                allowed_mentions=NO_MENTIONS,
            )
        )


def still_in_hand(table: Table, user: int) -> bool:
    """Whether leaving now would fold a hand ``user`` is still playing."""
    hand = table.live_hand
    seat = table.seats.get(user)
    if hand is None or seat is None or seat.leaving or user not in hand.players:
        return False
    return hand.live[hand.index_of(user)]


def left_message(user: int) -> Callable[[Table], Msg]:
    return sit_and_go.left(user)  # a cash table's words too


async def join(
    tables: TableActions,
    interaction: discord.Interaction[Any],
    buy_in: int | None,
    table_id: int | None = None,
) -> None:
    user = interaction.user

    def seated(table: Table) -> Msg:
        seat = table.seats[user.id]
        if table.in_hand and table.next_seed:  # their join is part of the next deal: the
            # commitment that binds it, shown now (the table shows it again between hands)
            ahead = commitment(table.next_seed)
            return Msg("seated-ahead", seat=seat.number, chips=seat.stack, commitment=ahead)
        return Msg("seated", seat=seat.number, chips=seat.stack)

    await tables.run(
        interaction,
        lambda table: table.join(user.id, user.display_name, buy_in),
        seated,
        table_id=table_id,
        seats=True,
    )


async def show_cards(
    tables: TableActions, interaction: discord.Interaction[Any], table_id: int | None
) -> None:
    channel = interaction.channel_id
    assert channel is not None
    try:
        async with tables.dealer.locked(channel, table_id=table_id) as table:
            table.heard(interaction.user.id, interaction.id)
            hand = table.private_hand(interaction.user.id)
    except Refusal as error:
        await refuse(interaction, error)
        return
    say = speaker(interaction)
    four_colour = await tables.presenter.readers.four_colour(interaction.user.id)
    text = private_content(say, hand)
    if await tables.presenter.direct.may_try_again(table.guild_id, interaction.user.id):
        text += "\n" + say("dm-try-again")  # their DMs were refused: tried again from now
    await answer(
        interaction.response.send_message(
            text,
            files=await hand_files(hand, say, four_colour=four_colour),
            ephemeral=True,
            allowed_mentions=NO_MENTIONS,
        )
    )
