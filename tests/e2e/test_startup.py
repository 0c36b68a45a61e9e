"""Start-up, as an operator meets it (defect 7): every stopping error is one line and a
non-zero exit, never a traceback or a hang; Discord unreachable is retried with one line per
attempt; a hand that cannot be resumed is void, and its channel is told."""

from __future__ import annotations

import asyncio
import signal
import socket
import sqlite3
import sys
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.audit import audit
from bot.store import Database
from tests.e2e.conftest import start_harness, stop_bot
from tests.e2e.remote import (
    bot_environment,
    open_table,
    start_bot_process,
    stop_bot_process,
    turn_prompt,
    wait_for,
)
from tests.fakediscord.server import GUILD_ID, FakeDiscord
from tests.postgres_server import free_port

ROOT = Path(__file__).resolve().parents[2]


async def spawn(environment: dict[str, str], folder: Path) -> asyncio.subprocess.Process:
    """``python -m bot``, everything it prints on one pipe."""
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        env=environment,
        cwd=folder,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )


async def run_bot(
    environment: dict[str, str], folder: Path, timeout: float = 30
) -> tuple[int, str]:
    process = await spawn(environment, folder)
    output, _ = await asyncio.wait_for(process.communicate(), timeout)  # no hang
    assert process.returncode is not None
    return process.returncode, output.decode()


def unreachable_discord(folder: Path) -> dict[str, str]:
    """The bot's settings with Discord at a port nobody listens on: connection refused."""
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    return bot_environment(FakeDiscord(), folder, 1000) | {
        "DISCORD_API_BASE": f"http://127.0.0.1:{port}/api/v10",
    }


def one_line(output: str) -> str:
    assert "Traceback" not in output, output
    lines = output.strip().splitlines()
    assert len(lines) == 1, output
    return lines[0]


async def test_settings_and_database_errors_are_one_line(tmp_path: Path) -> None:
    fake = FakeDiscord()
    await fake.start()
    try:
        base = bot_environment(fake, tmp_path, 1000)
        code, output = await run_bot(base | {"LOG_LEVEL": "LOUD"}, tmp_path)
        assert code == 2
        assert one_line(output).startswith("Invalid setting LOG_LEVEL")
        code, output = await run_bot(base | {"DATABASE_URL": "mysql://x"}, tmp_path)
        assert code == 2
        assert one_line(output).startswith("Invalid setting DATABASE_URL")

        (tmp_path / "poker.sqlite3").write_bytes(b"garbage" * 1000)  # a corrupt file
        code, output = await run_bot(base, tmp_path)
        assert code == 1
        assert "cannot open" in one_line(output)
        assert "file is not a database" in output
        (tmp_path / "poker.sqlite3").unlink()

        nowhere = f"postgresql://poker:secret@127.0.0.1:{free_port()}/poker"  # no server there
        code, output = await run_bot(base | {"DATABASE_URL": nowhere}, tmp_path)
        assert code == 1
        assert f"cannot open postgresql://poker@127.0.0.1:{nowhere.split(':')[3]}" in output
        assert "secret" not in output  # the password is never shown
        one_line(output)

        code, output = await run_bot(base | {"DISCORD_TOKEN": "not-the-token"}, tmp_path)
        assert code == 1
        assert "Discord refused the token" in one_line(output.replace("INFO", "").strip())
    finally:
        await fake.stop()


async def test_discord_unreachable_is_retried_one_line_per_attempt(tmp_path: Path) -> None:
    process = await spawn(unreachable_discord(tmp_path), tmp_path)
    assert process.stdout is not None
    lines: list[str] = []
    try:
        async with asyncio.timeout(30):  # attempts after 0, 1 and 3 seconds
            while sum("Discord unreachable" in line for line in lines) < 3:
                lines.append((await process.stdout.readline()).decode())
    finally:
        process.send_signal(signal.SIGINT)
        rest, _ = await asyncio.wait_for(process.communicate(), 10)
    text = "".join(lines) + rest.decode()
    attempts = [line for line in text.splitlines() if "Discord unreachable" in line]
    assert len(attempts) >= 3, text
    assert "attempt 1, next in 1 s" in attempts[0]
    assert "attempt 2, next in 2 s" in attempts[1]
    assert "Traceback" not in text


async def test_a_hand_that_cannot_be_resumed_is_void(tmp_path: Path) -> None:
    fake = FakeDiscord()
    await fake.start()
    process = await start_bot_process(fake, tmp_path, starting_balance=1000)
    try:
        channel, players = await open_table(fake, "seven_card_stud", 3)
        await turn_prompt(fake, channel)
        assert await stop_bot_process(process) == 0
        path = tmp_path / "poker.sqlite3"
        with sqlite3.connect(path) as raw:  # the hand's record damaged while the bot was away
            raw.execute("UPDATE hands SET config = '{\"broken\": 1}' WHERE id = 1")

        process = await start_bot_process(fake, tmp_path, starting_balance=1000)
        notice = await wait_for(fake, channel, "could not resume Hand #1")
        assert "it is void" in notice.content
        await wait_for(fake, channel, "Hand #2")  # the table goes on with the next hand
        # a notice is forgotten once Discord has answered its post (stopped before that, it
        # is posted again at the next start: at least once, never lost): wait for that
        reader = await Database.open(f"sqlite:///{path}", exclusive=False)
        try:
            async with asyncio.timeout(10):
                while await reader.pending_notices():
                    await asyncio.sleep(0.02)
        finally:
            await reader.close()
    finally:
        await stop_bot_process(process)
        await fake.stop()
    store = await Database.open(f"sqlite:///{path}", exclusive=False)
    try:
        results = await audit(store)
        assert [result.ok for result in results] == [True]
        assert await store.seats(1) == dict.fromkeys(players, 300)  # as before hand #1
        voided = await store._rows(
            "SELECT user_id, delta FROM ledger WHERE reason = 'hand_voided' AND hand_id = 1"
        )
        assert sorted(tuple(row) for row in voided) == sorted((p, 0) for p in players)
        assert await store.pending_notices() == []  # posted, then forgotten
        assert await store.chips_in_play(GUILD_ID) == 3000
    finally:
        await store.close()


async def test_a_careless_token_is_trimmed_or_refused_in_one_line(tmp_path: Path) -> None:
    """Issue 20.17: spaces or quotes around a pasted token are trimmed, saying so in one line;
    a token of only spaces is refused in one line."""
    fake = FakeDiscord()
    await fake.start()
    try:
        base = bot_environment(fake, tmp_path, 1000)
        code, output = await run_bot(base | {"DISCORD_TOKEN": "   "}, tmp_path)
        assert code == 2
        assert one_line(output).startswith("No DISCORD_TOKEN")
        pasted = base | {"DISCORD_TOKEN": ' "fake-token"  ', "LOG_LEVEL": "INFO"}
        process = await spawn(pasted, tmp_path)
        assert process.stdout is not None
        try:
            await asyncio.wait_for(fake.guild_sent.wait(), 30)  # the trimmed token logged in
        finally:
            process.send_signal(signal.SIGTERM)
            output_bytes, _ = await asyncio.wait_for(process.communicate(), 20)
        text = output_bytes.decode()
        trimmed = [line for line in text.splitlines() if "DISCORD_TOKEN" in line]
        assert len(trimmed) == 1 and "trimmed" in trimmed[0], text
        assert "fake-token" not in text  # the token itself is never printed
        assert process.returncode == 0
    finally:
        await fake.stop()


async def test_sigterm_while_discord_is_unreachable_exits_at_once(tmp_path: Path) -> None:
    """Issue 20.14: a stop asked for during the back-off does not wait for the sleep (up to a
    minute) and ends with status 0 and no traceback."""
    process = await spawn(unreachable_discord(tmp_path), tmp_path)
    assert process.stdout is not None
    seen = ""
    async with asyncio.timeout(30):
        while "attempt 3, next in 5 s" not in seen:
            seen += (await process.stdout.readline()).decode()
    process.send_signal(signal.SIGTERM)
    rest, _ = await asyncio.wait_for(process.communicate(), 3)  # not after the 5 s sleep
    assert process.returncode == 0
    after = rest.decode()
    assert "Traceback" not in after
    assert len(after.strip().splitlines()) <= 1, after


async def test_a_wrong_dev_guild_is_one_line_and_the_bot_runs_on(tmp_path: Path) -> None:
    """Issue 20.15: DEV_GUILD_ID naming a server the bot is not in (Discord answers 50001)
    is one line saying what to check; the commands are synced globally and the bot runs."""
    fake = FakeDiscord()
    await fake.start()
    try:
        environment = bot_environment(fake, tmp_path, 1000) | {"DEV_GUILD_ID": "12345"}
        process = await spawn(environment, tmp_path)
        assert process.stdout is not None
        try:
            async with asyncio.timeout(30):
                while not fake.commands:  # synced globally instead
                    await asyncio.sleep(0.05)
                await fake.guild_sent.wait()  # and connected: a slash command now reaches it
            channel, user = fake.add_channel(), fake.add_user("Ann")
            reply = await fake.slash(user, channel, "balance")
            assert "1,000 chips" in reply["message"].content
        finally:
            process.send_signal(signal.SIGTERM)
            output, _ = await asyncio.wait_for(process.communicate(), 20)
        text = output.decode()
        assert "Traceback" not in text, text
        lines = [line for line in text.splitlines() if "DEV_GUILD_ID" in line]
        assert len(lines) == 1, text
        assert "applications.commands" in lines[0]
        assert len(text.strip().splitlines()) == 1, text
    finally:
        await fake.stop()


async def damaged_database(folder: Path) -> Path:
    """A bot's SQLite file with a page in its middle overwritten, as a failing disk leaves it:
    it opens, and its damage shows only when that page is read."""
    path = folder / "poker.sqlite3"
    store = await Database.open(f"sqlite:///{path}")
    for user in range(1, 400):  # wallets and ledger rows over many pages
        await store.balance(GUILD_ID, user)
    await store.close()
    pages = path.stat().st_size // 4096
    assert pages > 10
    with path.open("r+b") as file:
        file.seek(4096 * (pages // 2))
        file.write(b"\xa5" * 4096)
    return path


async def test_a_damaged_sqlite_file_is_refused_at_start_and_by_the_audit(tmp_path: Path) -> None:
    """Issue 20.16: a file damaged in the middle started without a word and answered every
    change with "could not save" for ever; the audit said ok. Now the start-up's quick check
    refuses it in one line (which file, how to restore), and the audit says it is damaged."""
    path = await damaged_database(tmp_path)
    fake = FakeDiscord()
    await fake.start()
    try:
        code, output = await run_bot(bot_environment(fake, tmp_path, 1000), tmp_path)
    finally:
        await fake.stop()
    assert code == 1
    line = one_line(output)
    assert str(path) in line and "damaged" in line
    assert "docs/operations.md: Backups" in line
    environment = bot_environment(FakeDiscord(), tmp_path, 1000)
    audit_run = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "audit", env=environment, cwd=tmp_path,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )  # fmt: skip
    printed, _ = await asyncio.wait_for(audit_run.communicate(), 30)
    assert audit_run.returncode == 1, printed
    assert "damaged" in printed.decode()


def test_help_lists_the_commands_and_the_settings_and_exits_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 36.18: `python -m bot --help` printed one usage line to stderr and exited 2. It
    needs no setting (an empty folder, no token); an unknown command is refused with the same
    page."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    for asked in ("--help", "-h", "help"):
        assert main([asked]) == 0
        shown = capsys.readouterr()
        assert shown.err == ""
        for command in ("try", "audit", "copy-database", ".env.example"):
            assert command in shown.out, (asked, command)
    assert main(["bogus"]) == 2
    refused = capsys.readouterr()
    assert refused.err.startswith("unknown command: bogus") and "copy-database" in refused.err


async def test_leaving_dev_guild_id_takes_the_servers_copy_of_the_commands_away(
    tmp_path: Path,
) -> None:
    """Issue 43.6: after a run with DEV_GUILD_ID, a run without it registered the commands
    globally and left the server's own copy: /poker was listed twice there."""
    harness, task = await start_harness(tmp_path)  # DEV_GUILD_ID: the test server
    fake = harness.fake
    try:
        assert fake.guild_commands.get(GUILD_ID), "synced to the server"
    finally:
        await stop_bot(harness, task)
    fake.commands = []
    again, task = await start_harness(tmp_path, fake=fake, dev_guild_id=None)
    try:
        assert [command["name"] for command in fake.global_commands] == [
            command["name"] for command in fake.commands
        ]
        assert fake.global_commands, "synced globally"
        assert fake.guild_commands.get(GUILD_ID) == [], "the server's copy taken away"
    finally:
        await stop_bot(again, task)
        await fake.stop()
