"""Where pictures are drawn: in worker processes beside the bot's (``PICTURE_WORKERS``), or in
a thread of its own process (0, the in-process tests). Drawing and encoding a picture holds
Python's lock for most of its time, so in a thread it delays every table's clicks: at 50 busy
tables on one core, moving it out took the p99 of a click's answer from 56-90 ms to 46-61 ms
(issue 43, ``scripts.benchmark_dealer --pin``). A pool that dies is started again at the next
picture; the picture it was drawing is drawn in a thread instead."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot.dealer import workers

log = logging.getLogger(__name__)


class Drawing:
    def __init__(self, processes: int = 0) -> None:
        self.processes = processes
        self._pool: ProcessPoolExecutor | None = None

    async def png(self, draw: Callable[..., bytes], /, *args: Any, **kwargs: Any) -> bytes:
        """``draw(*args, **kwargs)``, a picture's PNG bytes, away from the event loop."""
        call = functools.partial(draw, *args, **kwargs)
        if self.processes == 0:
            return await asyncio.to_thread(call)
        if self._pool is None:
            self._pool = workers.pool(self.processes)
        pool = self._pool
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, call)
        except BrokenProcessPool:
            log.warning("the picture workers stopped; started again at the next picture")
            if self._pool is pool:
                self._pool = None
            return await asyncio.to_thread(call)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


DRAWING = Drawing()  # ``bot.client.run`` gives it its workers


def use_workers(processes: int) -> None:
    """Draw in ``processes`` worker processes from now on (0: in a thread)."""
    DRAWING.close()
    DRAWING.processes = processes
