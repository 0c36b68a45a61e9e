"""Start-up benchmark (not a test: it prints figures): how long from start until every table of
a big database is resumed, each with a hand in progress (replayed from its action log).

1. In-process: ``Database.open`` (migrations checked) and ``Dealer.resume()``.
2. The production entry point: ``python -m bot`` spawned, until it logs ``resumed N tables``
   (clicks are taken from then on), against the fake Discord.

Run from the project root: ``.venv/bin/python -m scripts.benchmark_startup [--tables 1000]``
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

from bot.dealer.dealer import Dealer
from bot.dealer.entropy import Entropy
from bot.dealer.options import TableOptions
from bot.store import Database
from tests.dealer.helpers import passive
from tests.e2e.remote import bot_environment
from tests.fakediscord.server import GUILD_ID, FakeDiscord

GAMES = ("seven_card_stud", "stud_hi_lo", "five_card_stud", "triple_draw")


async def build(path: Path, tables: int, actions: int) -> None:
    store = await Database.open(f"sqlite:///{path}")
    dealer = Dealer(store, entropy=Entropy.seeded(1))
    for number in range(tables):
        channel = 10_000 + number
        options = TableOptions.model_validate({"variant": GAMES[number % 4]})
        await dealer.create(channel=channel, guild=GUILD_ID, host=number * 10, options=options)
        async with dealer.locked(channel) as table:
            for seat in range(3):
                await table.join(number * 10 + seat, f"Player {seat}", 300)
            await table.start(number * 10)
        for _ in range(actions):
            async with dealer.locked(channel) as table:
                await table.act(table.hand.actor or 0, table.seq, passive(table))  # type: ignore[union-attr]
    await store.close()


async def in_process(path: Path) -> tuple[float, int]:
    began = time.perf_counter()
    store = await Database.open(f"sqlite:///{path}")
    resumed = await Dealer(store).resume()
    elapsed = time.perf_counter() - began
    await store.close()
    return elapsed, len(resumed)


async def as_a_process(path: Path, tables: int) -> float:
    fake = FakeDiscord()
    await fake.start()
    environment = bot_environment(fake, path.parent, 1000) | {"LOG_LEVEL": "INFO"}
    began = time.perf_counter()
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        env=environment,
        cwd=path.parent,
        stderr=asyncio.subprocess.PIPE,
    )
    assert process.stderr is not None
    try:
        while line := await asyncio.wait_for(process.stderr.readline(), 60):
            if f"resumed {tables} tables" in line.decode():
                return time.perf_counter() - began
        raise RuntimeError("the bot stopped before resuming")
    finally:
        process.terminate()
        await process.wait()
        await fake.stop()


async def main(tables: int, actions: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "poker.sqlite3"
        began = time.perf_counter()
        await build(path, tables, actions)
        size = os.path.getsize(path) / 1e6
        print(
            f"built {tables} tables, 3 players and {actions} actions each, in "
            f"{time.perf_counter() - began:.1f} s ({size:.1f} MB)"
        )
        for run in (1, 2, 3):
            elapsed, count = await in_process(path)
            print(f"in process, run {run}: {count} tables resumed in {elapsed:.2f} s")
        for run in (1, 2):
            elapsed = await as_a_process(path, tables)
            print(f"python -m bot, run {run}: start to {tables} tables resumed in {elapsed:.2f} s")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--actions", type=int, default=3)
    arguments = parser.parse_args()
    asyncio.run(main(arguments.tables, arguments.actions))
