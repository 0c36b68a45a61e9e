"""What each person sees, in order: the real bot against the fake Discord plays one hand of each
game (or of those named) with three players, and prints every message of the channel (each
version of an edited one, and whether it notified anyone), then each player's DMs and private
answers. Not a test: a way to read the table as players do, in either language.

Run from the project root: ``.venv/bin/python -m scripts.transcript [--language fr]
[--players 3] [--bots 0] [--pictures] [--hands 1] [--games "razz, 2-7"] [--sit-and-go]
[game ...]``; a game may be ``mixed`` or ``dealers_choice`` (its games: ``--games``), whose
chooser picks the first game offered; ``--sit-and-go`` plays a sit & go to its results.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from pathlib import Path

from bot.client import PokerBot
from bot.dealer.settings import ServerSettings
from tests.e2e.any_language import by_name, live_message, open_and_start, play_passively, settle
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
                language=arguments.language,
                table_pictures=arguments.pictures,
                commands_per_minute=600,
            )
            await harness.bot.store.save_server_settings(GUILD_ID, settings.model_dump_json())
            names = ("Alice", "Bob", "Carol", "Dave", "Erin", "Finn")
            for game in arguments.games or GAMES:
                channel = fake.add_channel()
                players = [fake.add_user(name) for name in names[: arguments.players]]
                for player in players:
                    fake.locales[player] = arguments.language
                mix = {"games": arguments.games_of_mix} if arguments.games_of_mix else {}
                if arguments.sit_and_go:
                    await sit_and_go(
                        fake, harness.bot, channel, game, players, arguments=arguments, mix=mix
                    )
                else:
                    await open_and_start(
                        fake, harness.bot, channel, game, players, bots=arguments.bots, **mix
                    )
                    for _ in range(arguments.hands):
                        await play_passively(fake, harness.bot, channel, choose=choose_first)
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


async def choose_first(fake: FakeDiscord, actor: int, table: Message) -> None:
    """The chooser of a dealer's choice opens their list and takes its first game."""
    opened = await fake.click(actor, table.id, str(by_name(table, "choose")))
    picker = opened["message"]
    first = picker.components[0]["components"][0]["options"][0]["value"]
    await fake.click(actor, picker.id, picker.custom_ids["select"], values=[first])


async def sit_and_go(
    fake: FakeDiscord,
    bot: PokerBot,
    channel: int,
    game: str,
    players: list[int],
    *,
    arguments: argparse.Namespace,
    mix: dict[str, str],
) -> None:
    """A sit & go of ``players`` and ``--bots`` computers, played to its results."""
    seats = len(players) + arguments.bots
    terms = {"buy_in": 100, "starting_chips": 100, "level_hands": 2}
    await fake.slash(players[0], channel, "tournament", sub="new", variant=game, seats=seats,
                     bots=arguments.bots, **terms, **mix)  # fmt: skip
    for player in players:
        await settle(bot, channel)
        lobby = live_message(fake, channel)
        await fake.click(player, lobby.id, str(by_name(lobby, "register")))
    for _ in range(400):
        if bot.dealer.tables.get(channel) is None:
            return
        await play_passively(fake, bot, channel, choose=choose_first)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "games", nargs="*", choices=[*GAMES, "mixed", "dealers_choice", []], metavar="game"
    )
    parser.add_argument("--language", choices=("en", "fr"), default="en")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--pictures", action="store_true", help="stud table pictures on")
    parser.add_argument("--bots", type=int, default=0, help="computer players at the table")
    parser.add_argument("--hands", type=int, default=1, help="hands to play")
    parser.add_argument("--games", dest="games_of_mix", help="a mixed table's games")
    parser.add_argument("--sit-and-go", action="store_true", help="a sit & go, to its end")
    asyncio.run(main(parser.parse_args()))
