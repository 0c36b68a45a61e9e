"""The bot as a separate process (``python -m bot``, the production entry point) and players
who only see what the fake Discord shows them: the table message, its buttons, their ephemeral
replies. Used by the process test and by the dealer benchmark, where the bot gets a core of its
own."""

from __future__ import annotations

import asyncio
import functools
import os
import random
import signal
import sys
from pathlib import Path

from tests.e2e.players import SEAT_BUTTONS, SHOWDOWN, TURN, summary_messages, table_message
from tests.fakediscord.server import GUILD_ID, FakeDiscord, Message

ROOT = Path(__file__).resolve().parents[2]


def summaries(fake: FakeDiscord, channel: int) -> int:
    return len(summary_messages(fake, channel))


async def open_table(
    fake: FakeDiscord, variant: str, players: int, guild: int = GUILD_ID, bots: int = 0
) -> tuple[int, list[int]]:
    """``/poker new`` (with ``bots`` strong computer players), everyone ``/poker join``, then
    Start: only what a user can do."""
    channel = fake.add_channel(guild)
    users = [fake.add_user(f"Player {index}") for index in range(players)]
    computers = {"bots": bots, "bot_level": "strong"} if bots else {}
    opened = await fake.slash(users[0], channel, "new", variant=variant, **computers)
    assert opened["type"] == 4
    for user in users:
        assert (await fake.slash(user, channel, "join", buy_in=300))["type"] == 4
    while (message := table_message(fake, channel)) is None or "Start" not in message.custom_ids:
        await fake.change(channel)
    assert (await fake.click(users[1], message.id, message.custom_ids["Start"]))["type"] == 7
    return channel, users


async def wait_for(fake: FakeDiscord, channel: int, text: str, timeout: float = 10) -> Message:
    """The newest public message of ``channel`` that said ``text`` (in any of its versions:
    the next change may follow at once), once there is one."""
    async with asyncio.timeout(timeout):
        while True:
            found = [
                m for m in fake.channel_messages(channel) if any(text in v for v in m.versions)
            ]
            if found:
                return found[-1]
            await fake.change(channel, timeout)  # the timeout above bounds the wait


async def turn_prompt(fake: FakeDiscord, channel: int, timeout: float = 10) -> Message:
    """The table message once it says whose turn it is (not a turn notice, which has no
    buttons)."""
    async with asyncio.timeout(timeout):
        while (message := table_message(fake, channel)) is None or not TURN.search(message.content):
            await fake.change(channel)
    return message


async def play_table(
    fake: FakeDiscord, channel: int, hands: int, think: float, rng: random.Random
) -> None:
    """Players who read the table message and click, as people would, until ``hands`` more
    summaries are posted."""
    target = summaries(fake, channel) + hands
    clicked: str | None = None  # the prompt (custom id) last answered
    while summaries(fake, channel) < target:
        message = table_message(fake, channel)
        turn = TURN.search(message.content) if message else None
        actions = (
            {k: v for k, v in message.custom_ids.items() if k not in SEAT_BUTTONS}
            if message
            else {}
        )
        prompt = next(iter(actions.values()), None)
        if message is None or turn is None or prompt is None or prompt == clicked:
            await fake.change(channel)
            continue
        if think:
            await asyncio.sleep(rng.uniform(0, think))
            if (
                table_message(fake, channel) is not message
                or prompt not in message.custom_ids.values()
            ):
                continue  # someone else's click or the clock moved the hand on
        clicked = prompt
        actor = int(turn[1])
        if "Draw" in actions:
            pickers = len(fake.ephemeral_for(actor))
            await fake.click(actor, message.id, actions["Draw"])
            while len(fake.ephemeral_for(actor)) == pickers:
                await fake.change(channel)
            picker = fake.ephemeral_for(actor)[-1]
            if count := rng.randint(0, 2):
                options = picker.components[0]["components"][0]["options"]
                values = [option["value"] for option in rng.sample(options, count)]
                await fake.click(actor, picker.id, picker.custom_ids["select"], values=values)
            else:
                await fake.click(actor, picker.id, picker.custom_ids["Stand pat"])
        else:
            label = next(
                label for choice in SHOWDOWN for label in actions if label.startswith(choice)
            )
            await fake.click(actor, message.id, actions[label])


def bot_environment(fake: FakeDiscord, folder: Path, starting_balance: int) -> dict[str, str]:
    return os.environ | {
        "PYTHONPATH": str(ROOT),  # the working directory is a scratch one: no developer's .env
        "DISCORD_TOKEN": "fake-token",
        "DATABASE_URL": f"sqlite:///{folder / 'poker.sqlite3'}",
        "DISCORD_API_BASE": fake.api_base,
        "DISCORD_GATEWAY_URL": fake.gateway_url,
        "DEV_GUILD_ID": str(GUILD_ID),
        "STARTING_BALANCE": str(starting_balance),
        "HAND_PAUSE_SECONDS": "0.05",
        "DM_OPENS_PER_SECOND": "8",  # the fake's buckets run ten times as fast as Discord's
        "BOT_PAUSE_SECONDS": "0",
        "GUILD_READY_TIMEOUT": "0.05",
        "LOG_LEVEL": "WARNING",
    }


async def start_bot_process(
    fake: FakeDiscord,
    folder: Path,
    *,
    starting_balance: int = 100_000,
    settings: dict[str, str] | None = None,
    cpus: set[int] | None = None,
) -> asyncio.subprocess.Process:
    """``python -m bot`` with its settings in the environment (``settings``: more of them),
    connected to ``fake``; ``cpus``: the cores it may run on (all of them if not given)."""
    environment = bot_environment(fake, folder, starting_balance) | (settings or {})
    fake.guild_sent.clear()  # set again when this process has connected
    pin = None if cpus is None else functools.partial(os.sched_setaffinity, 0, cpus)
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", env=environment, cwd=folder, preexec_fn=pin
    )
    await asyncio.wait_for(fake.guild_sent.wait(), 30)
    for _ in range(500):  # the commands are synced in setup_hook
        if fake.commands:
            break
        await asyncio.sleep(0.01)
    return process


async def stop_bot_process(process: asyncio.subprocess.Process) -> int | None:
    """SIGTERM, as a service manager stops it; the exit code (``None`` if it had to be killed)."""
    if process.returncode is None:
        process.send_signal(signal.SIGTERM)
    try:
        return await asyncio.wait_for(process.wait(), 10)
    except TimeoutError:
        process.kill()
        await process.wait()
        return None
