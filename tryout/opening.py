"""The try-out's table, as the command line asks for it (issue 36.2).

A first run opens a table of computer players. A later run resumes the table its database
holds; the options named on the command line still apply: another number or level of computer
players through `/poker bots`, another game by closing the old table (every stack back to the
wallet) and opening a new one; a table in the middle of a hand closes once the hand is over,
and the new one opens then. The terminal says which game the table deals, in one line.

Nobody typed those commands: the channel shows neither their private answers ("Done") nor a
"Sam used /poker …" over a public one (issue 42.12)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import simcord
from pydantic import ValidationError

from bot.dealer.options import TableOptions, explain, game_name
from bot.text import Msg, render
from cogs.poker._games_option import DEALERS_CHOICE, MIXED, mix_options

if TYPE_CHECKING:
    from bot.client import PokerBot
    from bot.dealer.table import Table
    from tryout.app import Options


MIXES = {MIXED: "choice-variant-mixed", DEALERS_CHOICE: "choice-variant-dealers-choice"}


def named(game: str) -> str:
    """A game's name, or a mix's: ``Mixed games (in rotation)``, ``Dealer's choice``."""
    return render("en", Msg(MIXES[game]) if game in MIXES else game_name(game))


def kind(table: Table) -> str:
    """What ``--game`` names a table by: its game, or ``mixed`` or ``dealers_choice``."""
    if table.options.dealers_choice:
        return DEALERS_CHOICE
    return MIXED if table.options.games else table.options.variant


def said(answer: simcord.InteractionResult) -> str:
    """The dealer's answer to the try-out's command, on one line (why it was refused)."""
    response = getattr(answer, "response", None)
    text = str(getattr(response, "content", "") or "the dealer said nothing")
    return " ".join(text.split())


class Opening:
    def __init__(
        self,
        bot: PokerBot,
        channel: simcord.ChannelHandle,
        member: simcord.MemberActor,
        options: Options,
    ) -> None:
        self.bot, self.channel, self.member, self.options = bot, channel, member, options
        self.pending = False  # a new table opens once the old one has closed
        self.where = options.database_url.removeprefix("sqlite:///")

    async def first(self) -> str:
        """The table this run shows; the line that says which game it deals."""
        options, table = self.options, self.bot.dealer.tables.get(self.channel.id)
        refused = self._refused()
        if refused is not None:  # said in one line; an old table stays as it is
            kept = (
                "" if table is None else f"; the table resumed deals {named(kind(table))}"
            )
            return f"No table of {named(options.game)} opens: {refused}{kept}."
        if table is None:
            return await self._opened(f"A new table deals {named(options.game)}.")
        game = named(kind(table))
        if "game" not in options.given or options.game == kind(table):
            wanted = self._computers_wanted(table)
            if wanted != (table.options.bots, table.options.bot_level) and not table.tournament:
                return await self._computers(table, game, *wanted)
            return f"The table in {self.where} deals {game}, resumed where it was."
        new = named(options.game)
        if table.tournament:
            return (
                f"The sit & go in {self.where} deals {game} and goes on: --game {options.game}"
                " applies at a run after it is over."
            )
        in_hand = table.in_hand
        await self._command("poker end")
        if not in_hand:
            return await self._opened(
                f"The table of {game} in {self.where} is closed (every stack back to the"
                f" wallet): a new table deals {new}."
            )
        self.pending = True
        return (
            f"The table of {game} in {self.where} is in the middle of a hand: it closes once the"
            f" hand is over (play it out, or fold), then a new table deals {new}."
        )

    async def when_closed(self) -> None:
        """Called every tick: the new table, once the old one has closed."""
        if self.pending and self.channel.id not in self.bot.dealer.tables:
            await self._open()
            self.pending = False

    def _computers_wanted(self, table: Table) -> tuple[int, str]:
        """``--bots`` and ``--level`` at the table resumed: what is not named stays as it is."""
        given = self.options.given
        count = self.options.bots if "bots" in given else table.options.bots
        level = self.options.level if "level" in given else table.options.bot_level
        return count, level

    async def _computers(self, table: Table, game: str, count: int, level: str) -> str:
        """Its computer players changed through `/poker bots`; the line that says so."""
        answer = await self._command("poker bots", count=count, level=level)
        if (table.options.bots, table.options.bot_level) != (count, level):
            return f"The table in {self.where} deals {game}, resumed; {said(answer)}"
        return (
            f"The table in {self.where} deals {game}, resumed, now with {count} computer"
            f" players ({level})."
        )

    def _refused(self) -> str | None:
        """Why a table of the options given could not open (checked first, so that an old
        table is not closed for a new one that would be refused), or ``None``."""
        options = self.options
        try:
            mix = {k: v for k, v in mix_options(options.game, None, None).items() if v is not None}
            TableOptions.model_validate({**mix, "bots": options.bots, "bot_level": options.level})
        except ValidationError as error:
            return "; ".join(render("en", problem) for problem in explain(error))
        return None

    async def _opened(self, line: str) -> str:
        """Opens the table of the options given; ``line`` if it opened, else why not."""
        answer = await self._open()
        table = self.bot.dealer.tables.get(self.channel.id)
        if table is not None and kind(table) == self.options.game:
            return line
        return f"No table of {named(self.options.game)} was opened: {said(answer)}"

    async def _open(self) -> simcord.InteractionResult:
        options = self.options
        return await self._command(
            "poker new", variant=options.game, bots=options.bots, bot_level=options.level
        )

    async def _command(self, name: str, **options: Any) -> simcord.InteractionResult:
        """The member's command, run for the try-out's options; its answers are then made the
        channel's own: a private one is deleted, a public one loses its "used /poker" line."""
        answer = await self.member.slash(self.channel, name, **options)
        backend = self.channel._env.backend
        found = [answer.response, *answer.followups]
        for message in (backend.messages.get(self.channel.id, {}).get(m.id) for m in found if m):
            if message is None:
                continue
            if message.is_ephemeral:
                backend.delete_message(self.channel.id, message.id)
            else:
                message.interaction_metadata = None
        return answer
