"""Players who play through the buttons in any language: they find buttons by the name in their
custom id (``poker:<table>:<seq>:call``), never by their label, and the player to act by the
turn line's mention. Used by the tests that read a hand in French and English and by
``scripts/transcript.py``."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable

from bot.client import PokerBot
from tests.fakediscord.server import FakeDiscord, Message

TURN_ANY = re.compile(r"<@(\d+)>, (?:it's your turn|à toi de jouer)")
SUMMARY_ANY = re.compile(r"\*\*(?:Hand|Main) #(\d+)\*\*")
PASSIVE = ("check", "call", "bring_in", "draw")


def by_name(message: Message, *names: str) -> str | None:
    """The custom id of the first enabled component named one of ``names`` (an action's id
    ends with its amount: ``:call_10``)."""
    ids = list(message.custom_ids.values())
    named = [re.compile(rf":{name}(?:_\d+)?$") for name in names]
    return next((c for pattern in named for c in ids if pattern.search(c)), None)


def live_message(fake: FakeDiscord, channel: int) -> Message:
    return [m for m in fake.channel_messages(channel) if m.components][-1]


def summaries(fake: FakeDiscord, channel: int) -> list[Message]:
    return [m for m in fake.channel_messages(channel) if SUMMARY_ANY.match(m.content)]


async def settle(bot: PokerBot, channel: int) -> None:
    table = bot.dealer.tables.get(channel)
    if table is not None:
        async with table.lock:
            pass
    await bot.presenter.idle(channel)


async def open_and_start(
    fake: FakeDiscord,
    bot: PokerBot,
    channel: int,
    variant: str,
    players: list[int],
    *,
    bots: int = 0,
    **options: object,
) -> None:
    """/poker new (with ``bots`` computer players, and ``options``), everyone /poker join,
    then Start: slash commands and a custom id."""
    await fake.slash(
        players[0], channel, "new", variant=variant, **({"bots": bots} if bots else {}), **options
    )
    for player in players:
        await fake.slash(player, channel, "join")
    await settle(bot, channel)
    lobby = live_message(fake, channel)
    start = by_name(lobby, "start")
    assert start is not None, lobby.content
    await fake.click(players[1 % len(players)], lobby.id, start)
    await settle(bot, channel)


Observer = Callable[[int, Message], Awaitable[None]]
Chooser = Callable[[FakeDiscord, int, Message], Awaitable[None]]
MENTION = re.compile(r"<@(\d+)>")


async def play_passively(
    fake: FakeDiscord,
    bot: PokerBot,
    channel: int,
    after: Observer | None = None,
    *,
    choose: Chooser | None = None,
) -> int:
    """Each actor checks or calls (in a draw, throws one card, then stands pat, in turn)
    until the hand's summary; ``after(clicker, table message)`` runs after each click has been
    shown; ``choose(fake, chooser, table message)`` when a dealer's choice is asked of a
    person. Returns the hand's id (0: the table closed first)."""
    before = len(summaries(fake, channel))
    draws = 0
    async with asyncio.timeout(30):
        while len(summaries(fake, channel)) == before:
            await settle(bot, channel)
            if not any(m.components for m in fake.channel_messages(channel)):
                if bot.dealer.tables.get(channel) is None:
                    return 0  # the table closed (a sit & go's end): no hand
                await asyncio.sleep(0.01)
                continue
            table = live_message(fake, channel)
            chooser = MENTION.search(table.content)
            if choose is not None and by_name(table, "choose") and chooser is not None:
                await choose(fake, int(chooser[1]), table)
                continue
            turn = TURN_ANY.search(table.content)
            action = by_name(table, *PASSIVE)
            if turn is None or action is None:
                await asyncio.sleep(0.01)
                continue
            actor = int(turn[1])
            if action.endswith(":draw"):
                await draw(fake, actor, table, action, throw=draws % 2 == 0)
                draws += 1
            else:
                await fake.click(actor, table.id, action)
            await settle(bot, channel)
            if after is not None:
                await after(actor, table)
    match = SUMMARY_ANY.match(summaries(fake, channel)[-1].content)
    assert match is not None
    return int(match[1])


async def draw(fake: FakeDiscord, actor: int, table: Message, action: str, *, throw: bool) -> None:
    before = len(fake.ephemeral_for(actor))
    await fake.click(actor, table.id, action)
    async with asyncio.timeout(5):
        while len(fake.ephemeral_for(actor)) == before:
            await asyncio.sleep(0.005)
    picker = fake.ephemeral_for(actor)[-1]
    if throw:
        first = picker.components[0]["components"][0]["options"][0]["value"]
        await fake.click(actor, picker.id, picker.custom_ids["select"], values=[first])
    else:
        pat = by_name(picker, "pat")
        assert pat is not None
        await fake.click(actor, picker.id, pat)
