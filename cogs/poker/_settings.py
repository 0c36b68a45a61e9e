"""`/poker settings`: a player's own settings. The four-colour deck (issue 11) applies to the
pictures of their own cards; the answer shows the four aces as they will now see them."""

from __future__ import annotations

from typing import Any

import discord

from bot.poker.cards import parse_card
from cogs.poker._interactions import answer
from cogs.poker._pictures import cards_files
from cogs.poker._readers import Readers, speaker

SAMPLE = tuple(parse_card("A" + suit) for suit in "shdc")  # the four aces


async def player_settings(
    readers: Readers, interaction: discord.Interaction[Any], four_colour: bool | None
) -> None:
    """Show the player's settings, after changing what they named."""
    user = interaction.user.id
    if four_colour is not None:
        await readers.set_four_colour(user, four_colour)
    chosen = await readers.four_colour(user)
    say = speaker(interaction)
    text = say(
        "player-settings",
        saved="yes" if four_colour is not None else "no",
        four_colour="yes" if chosen else "no",
        language=(await readers.player(user)).language,
    )
    sample = f"{'four' if chosen else 'two'}-colours.png"
    files = await cards_files(SAMPLE, (True,) * len(SAMPLE), say, four_colour=chosen, name=sample)
    await answer(interaction.response.send_message(text, files=files, ephemeral=True))
