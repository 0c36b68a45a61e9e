"""What each person sees, in order: the real bot against the fake Discord plays one hand of each
game (or of those named) with three players, and prints every message of the channel (each
version of an edited one, and whether it notified anyone), then each player's DMs and private
answers. Not a test: a way to read the table as players do, in either language.

Run from the project root: ``.venv/bin/python -m scripts.transcript [--language fr]
[--players 3] [--bots 0] [--pictures] [game ...]``
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from pathlib import Path

from bot.dealer.settings import ServerSettings
from tests.e2e.any_language import open_and_start, play_passively
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
                players = [fake.add_user(name) for name in names[: arguments.players]]
                for player in players:
                    fake.locales[player] = arguments.language
                await open_and_start(fake, harness.bot, channel, game, players, bots=arguments.bots)
                await play_passively(fake, harness.bot, channel)
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
    parser.add_argument("--bots", type=int, default=0, help="computer players at the table")
    asyncio.run(main(parser.parse_args()))
