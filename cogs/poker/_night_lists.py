"""`/poker tournament list` and `/poker tournament results`: the server's nights to come and
under way, and its last nights played (issue 44); a private night only for its host and those
invited (RULES §13)."""

from __future__ import annotations

from typing import Any

import discord

from bot.store import Database
from bot.store.nights import CANCELLED, ENDED, PLAYING, SCHEDULED
from bot.text import Name
from bot.tournament.night_runner import results_of
from cogs.poker._interactions import answer
from cogs.poker._night_board import results_content
from cogs.poker._presenter import NO_MENTIONS
from cogs.poker._private import night_admits
from cogs.poker._readers import speaker
from cogs.poker._render import MESSAGE_LIMIT, messages

PAST_RESULTS = 5  # nights `/poker tournament results` shows


async def listing(store: Database, interaction: discord.Interaction[Any]) -> None:
    """`/poker tournament list`: the server's nights to come and under way."""
    say = speaker(interaction)
    lines = []
    for night_id in await store.nights_of(
        status=[SCHEDULED, PLAYING], guild=interaction.guild_id or 0
    ):
        night = await store.night(night_id)
        if night is None or not night_admits(night, interaction.user.id):
            continue
        start = int(night.starts_at.timestamp())
        lines.append(
            say(
                "night-list-line",
                name=Name(night.name),
                start=f"<t:{start}:F>",
                channel=f"<#{night.channel_id}>",
                entrants=len(night.entrants),
                playing="yes" if night.status == PLAYING else "no",
            )
        )
    text = "\n".join(lines) if lines else say("night-list-none")
    await answer(
        interaction.response.send_message(text[:2000], ephemeral=True, allowed_mentions=NO_MENTIONS)
    )


async def past_results(store: Database, interaction: discord.Interaction[Any]) -> None:
    """`/poker tournament results`: the server's last nights played, newest first, each
    with its date and the places paid (the first three where nothing was paid)."""
    say = speaker(interaction)
    over = await store.nights_of(status=[ENDED, CANCELLED], guild=interaction.guild_id or 0)
    blocks: list[str] = []
    for night_id in reversed(over):
        if len(blocks) == PAST_RESULTS:
            break
        night = await store.night(night_id)
        if night is None or night.started_at is None:  # cancelled before its start
            continue
        if not night_admits(night, interaction.user.id):  # RULES §13
            continue
        results = results_of(night)
        paid = [line for line in results["lines"] if line[2] > 0] or results["lines"][:3]
        day = int(night.started_at.timestamp())
        blocks.append(
            say("night-past-head", day=f"<t:{day}:D>")
            + "\n"
            + results_content(say, results | {"lines": paid})
        )
    text = say("night-past-none") if not blocks else _within(blocks[0])
    for block in blocks[1:]:  # whole nights after the first, within one message
        if len(text) + len(block) + 2 > MESSAGE_LIMIT:
            break
        text = f"{text}\n\n{block}"
    await answer(
        interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
    )


def _within(text: str) -> str:
    """``text`` cut at a line's end to fit one message (an ellipsis said so)."""
    cut = messages([text], MESSAGE_LIMIT - 2)
    return cut[0] if len(cut) == 1 else cut[0] + "\n…"
