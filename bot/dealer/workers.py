"""The computer players' worker processes die with the bot's process (issue 35.2): a SIGKILL of
the bot left its decision worker running, and with it multiprocessing's resource tracker."""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor

PR_SET_PDEATHSIG = 1  # Linux: a signal for this process when its parent dies
WATCH_EVERY = 1.0  # seconds, where the kernel cannot tell us


def pool(workers: int) -> ProcessPoolExecutor:
    """Worker processes started afresh (``spawn``: no copy of this process's threads), each
    ending when this process does."""
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=orphan_dies,
        initargs=(os.getpid(),),
    )


def orphan_dies(parent: int) -> None:
    """A worker's initializer: when ``parent`` (the process that started it) is gone, it ends
    too. On Linux the kernel sends SIGKILL at the parent's death; elsewhere a thread watches.
    ``parent`` is read by the parent, not here: a worker still starting when its parent was
    killed (issue 42.9) would read its new parent, init, and live on."""
    watched = True
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            watched = libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL) != 0
    if os.getppid() != parent:  # gone before the kernel was told to tell us
        os._exit(0)
    if watched:
        threading.Thread(target=_watch, args=(parent,), daemon=True, name="orphan-watch").start()


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_EVERY)
    os._exit(0)
