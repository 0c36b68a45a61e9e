"""One bot process per database file: an operating-system lock on ``<file>.lock``.

The lock dies with its process, so a restart after SIGKILL never waits for anything to expire.
A second process asking for it is refused at once (or waits, when told to), naming the holder.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from pathlib import Path
from typing import IO

try:
    import fcntl
except ImportError:  # pragma: no cover (Windows: no advisory locks; one process is trusted)
    fcntl = None  # type: ignore[assignment]


class DatabaseBusy(Exception):
    """Another process holds the database."""


class ProcessLock:
    def __init__(self, database: Path) -> None:
        self.path = database.with_name(database.name + ".lock")
        self._file: IO[str] | None = None

    def _try(self) -> bool:
        if fcntl is None:
            return True
        handle = self.path.open("a+", encoding="utf-8")
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            return False
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        self._file = handle
        return True

    def holder(self) -> str:
        with contextlib.suppress(OSError):
            pid = self.path.read_text(encoding="utf-8").strip()
            if pid:
                return f" (process {pid})"
        return ""

    async def acquire(self, wait: float = 0.0) -> None:
        """Take the lock; wait up to ``wait`` seconds for another process to let it go."""
        deadline = time.monotonic() + wait
        while not self._try():
            if time.monotonic() >= deadline:
                hint = "" if wait else ", or set DATABASE_LOCK_WAIT to wait for it"
                raise DatabaseBusy(
                    f"another bot process is using {self.path.name.removesuffix('.lock')}"
                    f"{self.holder()}: stop it first{hint}"
                )
            await asyncio.sleep(0.2)

    def release(self) -> None:
        if self._file is not None:
            self._file.close()  # closing the descriptor releases the lock
            self._file = None
