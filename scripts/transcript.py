"""What each person sees, in order: the real bot against the fake Discord plays one hand of each
game (or of those named) with three players, and prints every message of the channel (each
version of an edited one, and whether it notified anyone), then each player's DMs and private
answers. Not a test: a way to read the table as players do, in either language.

Run from the project root: ``.venv/bin/python -m scripts.transcript [--language fr]
[--players 3] [--pictures] [game ...]``
"""

from __future__ import annotations

import argparse
import asyncio
import re
import tempfile
from pathlib import Path

from bot.dealer.settings import ServerSettings
from tests.e2e.conftest import start_harness, stop_bot
from tests.e2e.test_games import GAMES
from tests.fakediscord.server import GUILD_ID, FakeDiscord, Message


def shown(fake: FakeDiscord, message: Message) -> str:
    labels = [
        item.get("label") or "select"
        for row in message.components
        for item in row.get("components", [])
    ]
    marks = []
    if message.pinged:
        marks.append("notifies " + ", ".join(fake.users[user] for user in sorted(message.pinged)))
    if message.deleted:
        marks.append("deleted since")
    if message.uploaded:
        marks.append("pictures " + ", ".join(file.filename for file in message.uploaded))
    if labels:
        marks.append("buttons " + " | ".join(labels))
    head = f"--- message {message.id % 10_000}" + (f" ({'; '.join(marks)})" if marks else "")
    versions = message.versions
    body = "\n".join(
        (f"[version {n + 1}/{len(versions)}]\n" if len(versions) > 1 else "") + text
        for n, text in enumerate(versions)
    )
    return f"{head}\n{body}"


def by_name(message: Message, *names: str) -> str | None:
    """The custom id of the first enabled component named one of ``names`` (language-free)."""
    ids = list(message.custom_ids.values())
    return next((c for name in names for c in ids if c.endswith(f":{name}")), None)


async def play(fake: FakeDiscord, channel: int, players: list[int]) -> None:
    """/poker new, everyone /poker join, Start, then each actor calls or checks (draws stand
    pat every other time) until the hand's summary: by custom ids, in any language."""
    await fake.slash(players[0], channel, "new", variant=GAME[channel])
    for player in players:
        await fake.slash(player, channel, "join")
    lobby = [m for m in fake.channel_messages(channel) if m.components][-1]
    start = by_name(lobby, "start")
    assert start is not None
    await fake.click(players[1], lobby.id, start)
    turns = 0
    async with asyncio.timeout(30):
        while not any(SUMMARY.match(m.content) for m in fake.channel_messages(channel)):
            await asyncio.sleep(0.02)
            table = [m for m in fake.channel_messages(channel) if m.components][-1]
            turn = MENTION.search(table.content)
            action = by_name(table, "check", "call", "bring_in", "draw")
            if turn is None or action is None:
                continue
            actor = int(turn[1])
            if action.endswith(":draw"):
                before = len(fake.ephemeral_for(actor))
                await fake.click(actor, table.id, action)
                while len(fake.ephemeral_for(actor)) == before:
                    await asyncio.sleep(0.01)
                picker = fake.ephemeral_for(actor)[-1]
                turns += 1
                if turns % 2:
                    await fake.click(
                        actor,
                        picker.id,
                        picker.custom_ids["select"],
                        values=[picker.components[0]["components"][0]["options"][0]["value"]],
                    )
                else:
                    pat = by_name(picker, "pat")
                    assert pat is not None
                    await fake.click(actor, picker.id, pat)
            else:
                await fake.click(actor, table.id, action)
            await asyncio.sleep(0.05)


GAME: dict[int, str] = {}
MENTION = re.compile(r"<@(\d+)>, (?:it's your turn|à toi de jouer)")
SUMMARY = re.compile(r"\*\*(?:Hand|Main) #")


async def main(arguments: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as folder:
        harness, task = await start_harness(Path(folder))
        fake = harness.fake
        try:
            settings = ServerSettings(
                language=arguments.language, table_pictures=arguments.pictures
            )
            await harness.bot.store.save_server_settings(GUILD_ID, settings.model_dump_json())
            names = ("Alice", "Bob", "Carol", "Dave", "Erin", "Finn")
            for game in arguments.games or GAMES:
                channel = fake.add_channel()
                GAME[channel] = game
                players = [fake.add_user(name) for name in names[: arguments.players]]
                for player in players:
                    fake.locales[player] = arguments.language
                await play(fake, channel, players)
                await harness.bot.presenter.idle(channel)
                print(f"\n===================== {game}: the channel")
                for message in fake.messages.values():
                    if message.channel_id == channel and not message.ephemeral_for:
                        print(shown(fake, message))
                for player in players:
                    print(f"\n===================== {game}: what {fake.users[player]} saw alone")
                    private = fake.dms(player) + fake.ephemeral_for(player)
                    for message in sorted(private, key=lambda m: m.id):
                        if message.channel_id in (channel, fake.dm_channels.get(player)):
                            print(shown(fake, message))
                await fake.slash(players[0], channel, "end")
        finally:
            await stop_bot(harness, task)
            await fake.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", choices=[*GAMES, []], metavar="game")
    parser.add_argument("--language", choices=("en", "fr"), default="en")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--pictures", action="store_true", help="stud table pictures on")
    asyncio.run(main(parser.parse_args()))
