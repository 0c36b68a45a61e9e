"""The computer players' worker processes die with the bot's process (issue 35.2): a SIGKILL of
the bot left its decision worker running, and with it multiprocessing's resource tracker."""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1  # Linux: a signal for this process when its parent dies
WATCH_EVERY = 1.0  # seconds, where the kernel cannot tell us


def orphan_dies() -> None:
    """A worker's initializer: when the process that started it is gone, it ends too. On
    Linux the kernel sends SIGKILL at the parent's death; elsewhere a thread watches."""
    parent = os.getppid()
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL) == 0 and os.getppid() == parent:
                return
    threading.Thread(target=_watch, args=(parent,), daemon=True, name="orphan-watch").start()


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_EVERY)
    os._exit(0)
