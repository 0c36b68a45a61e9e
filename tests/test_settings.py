"""The settings of several processes (README, "Running many processes"): which shards a
process runs, which servers' tables it drives, and one clear line for a wrong value."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import Settings

ROOT = Path(__file__).resolve().parents[1]


def test_without_shard_settings_one_process_drives_every_table() -> None:
    settings = Settings(_env_file=None)
    assert settings.shards() is None
    assert settings.owns(2 << 22) and settings.owns(3 << 22)


@pytest.mark.parametrize(
    ("ids", "shards", "driven"),
    [("1", (1,), [False, True, False, False]), (None, (0, 1, 2, 3), [True] * 4),
     ("0, 2", (0, 2), [True, False, True, False])],
)  # fmt: skip
def test_a_process_drives_the_servers_of_its_shards(
    ids: str | None, shards: tuple[int, ...], driven: list[bool]
) -> None:
    settings = Settings(_env_file=None, shard_count=4, shard_ids=ids)
    assert settings.shards() == shards
    # Discord's rule: a server is on shard (id >> 22) % shard_count
    assert [settings.owns((n << 22) + 12345) for n in range(4)] == driven


def test_the_example_settings_file_is_valid_as_it_is() -> None:
    """`.env.example` copied to `.env` with its empty lines means the defaults."""
    settings = Settings(_env_file=ROOT / ".env.example")
    assert settings.dev_guild_id is None and settings.shard_count is None
    assert settings.lease_seconds == 30 and settings.metrics_port is None


@pytest.mark.parametrize(
    ("environment", "line"),
    [
        ({"SHARD_IDS": "1"}, "Invalid settings: SHARD_IDS needs SHARD_COUNT"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0,2"}, "Invalid settings: SHARD_IDS [2] are not"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "zero"}, "Invalid setting SHARD_IDS: must be shard"),
        ({"DATABASE_URL": "mysql://x"}, "Invalid setting DATABASE_URL: must start with"),
    ],
)
def test_a_wrong_setting_is_one_line(
    tmp_path: Path, environment: dict[str, str], line: str
) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        capture_output=True,
        text=True,
        env=os.environ | {"PYTHONPATH": str(ROOT)} | environment,
        cwd=tmp_path,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.startswith(line), done.stderr
    assert done.stderr.count("\n") == 1


def test_without_postgresql_its_tests_are_skipped_saying_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import tests.postgres_server as server

    monkeypatch.setattr(server.shutil, "which", lambda name: None)
    monkeypatch.setattr(server.glob, "glob", lambda pattern: [])
    reason = server.skip_reason()
    assert reason is not None
    assert "initdb, pg_ctl) not found: install PostgreSQL" in reason
    assert "README, 'Running many processes'" in reason


def test_on_ci_a_missing_postgresql_is_a_failure_not_a_skip(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 27.7: `.ci/run` went green with fifty PostgreSQL tests skipped."""
    import tests.postgres_server as server

    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="PostgreSQL is required on CI: install"):
        server.without_postgresql("install PostgreSQL")
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception, match="install PostgreSQL"):
        server.without_postgresql("install PostgreSQL")


TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.secret-part-of-the-token"


def test_no_settings_error_shows_any_part_of_the_token(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 35.2: with SHARD_IDS and no SHARD_COUNT, the error printed the settings given,
    the start of the token among them."""
    from pydantic import ValidationError

    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("SHARD_IDS", "0,1")
    with pytest.raises(ValidationError) as raised:
        Settings(_env_file=None)
    shown = str(raised.value) + repr(raised.value)  # what a traceback prints
    assert "SHARD_COUNT" in shown
    assert TOKEN[:8] not in shown and "secret" not in shown


def test_the_try_out_reads_no_environment_and_no_env_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 35.2 and 36.4: `python -m bot try` in a deployment's folder read its `.env`, and
    with SHARD_IDS set died with a traceback showing the start of the token. The try-out's
    settings come from its options alone."""
    from tryout.app import Options, settings_for

    (tmp_path / ".env").write_text(
        f"DISCORD_TOKEN={TOKEN}\nDATABASE_URL=postgresql://prod/poker\nSTARTING_BALANCE=5\n"
    )
    monkeypatch.chdir(tmp_path)
    for name, value in {"SHARD_IDS": "0,1", "DISCORD_TOKEN": TOKEN, "LOG_LEVEL": "DEBUG"}.items():
        monkeypatch.setenv(name, value)
    settings = settings_for(Options(database_url="sqlite:///try.sqlite3"))
    assert settings.discord_token is None and settings.shards() == (0,)
    assert settings.database_url == "sqlite:///try.sqlite3"
    assert settings.starting_balance == 1000 and settings.log_level == "INFO"
