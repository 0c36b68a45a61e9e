"""A real PostgreSQL server for the tests, started from the binaries on the machine (``initdb``,
``pg_ctl``) in a temporary folder, on a free port of 127.0.0.1; one per test session.

PostgreSQL refuses to run as root: as root, the server runs as the ``postgres`` user (which the
Debian packages create). Where the binaries are missing, :func:`skip_reason` says how to get
them, and the tests that need them are skipped with that message.

pytest-postgresql does the same, but calls ``initdb`` as the current user, which fails as root
(CI machines and containers): these sixty lines do what we need.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import pytest

INSTALL_HINT = (
    "PostgreSQL server binaries (initdb, pg_ctl) not found: install PostgreSQL 15 or newer"
    " (Debian/Ubuntu: apt install postgresql) to run the PostgreSQL tests;"
    " README, 'Running many processes'"
)
USER = "poker"


def binaries() -> Path | None:
    """The folder holding initdb and pg_ctl: on the PATH, else Debian's usual place."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).resolve().parent
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    return None


def skip_reason() -> str | None:
    if binaries() is None:
        return INSTALL_HINT
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root with no 'postgres' user to run the PostgreSQL server as"
    return None


def without_postgresql(reason: str) -> None:
    """No server to test on: a failure on CI (issue 27.7: a green CI must have checked the
    PostgreSQL promises), a skip elsewhere; one line saying how to install it either way."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"PostgreSQL is required on CI: {reason}", pytrace=False)
    pytest.skip(reason)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PostgresServer:
    def __init__(self) -> None:
        folder = binaries()
        assert folder is not None, INSTALL_HINT
        self.bin = folder
        self.root = Path(tempfile.mkdtemp(prefix="poker-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self._as: list[str] = []
        if os.geteuid() == 0:  # the server will not run as root
            account = pwd.getpwnam("postgres")
            os.chown(self.root, account.pw_uid, account.pw_gid)
            self._as = ["runuser", "-u", "postgres", "--"]

    def _run(self, *command: str) -> None:
        subprocess.run(  # noqa: S603 (our own arguments)
            [*self._as, *command], check=True, capture_output=True, cwd=self.root
        )

    def start(self) -> PostgresServer:
        self._run(
            str(self.bin / "initdb"),
            "-D",
            str(self.data),
            "-U",
            USER,
            "--auth=trust",
            "--encoding=UTF8",
            "--locale=C",
        )
        options = (
            f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
            " -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
        )
        log = str(self.root / "server.log")
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", options, "-l", log,
                  "-w", "start")  # fmt: skip
        return self

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def stop(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError, FileNotFoundError):
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        shutil.rmtree(self.root, ignore_errors=True)
