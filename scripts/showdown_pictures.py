"""The showdown picture of one hand of each game, in English and French, written to
docs/pictures/ (README shows the first): the real bot plays a hand of each game to showdown
against the fake Discord (six players), and each hand's summary is drawn as the bot draws it,
in both languages.

Run from the project root: ``.venv/bin/python -m scripts.showdown_pictures [--players 6]``
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from pathlib import Path
from typing import Any

from bot.dealer.views import HandSummary
from bot.pictures.showdown import showdown_png
from bot.text import Speaker
from cogs.poker import _pictures
from tests.e2e.conftest import start_harness, stop_bot
from tests.e2e.players import SHOWDOWN
from tests.e2e.test_games import GAMES, seat_players

OUT = Path(__file__).resolve().parents[1] / "docs" / "pictures"


async def main(players: int) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    drawn: list[HandSummary] = []
    bot_draws = _pictures.showdown_png

    def recorded(summary: HandSummary, say: Any) -> bytes:
        drawn.append(summary)
        return bot_draws(summary, say)

    _pictures.showdown_png = recorded  # type: ignore[assignment]
    with tempfile.TemporaryDirectory() as folder:
        harness, task = await start_harness(Path(folder))
        try:
            for game in GAMES:
                table = await seat_players(harness, game, players)
                await table.play_hand(SHOWDOWN, check_view=False)
                await table.settle()
                summary = drawn[-1]
                for language in ("en", "fr"):
                    path = OUT / f"showdown-{game}-{language}.png"
                    path.write_bytes(showdown_png(summary, Speaker(language)))
                    print(path.relative_to(OUT.parents[1]), path.stat().st_size, "bytes")
        finally:
            await stop_bot(harness, task)
            await harness.fake.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=6)
    asyncio.run(main(parser.parse_args().players))
