"""The computer players' worker pool (issue 35.2): one slow decision is its table's problem
only. It used to kill the single worker, every other table's decision in flight then counted
as a dead pool, and after three the process computed every decision in its own event loop for
good (loop lag up to 250 ms at 40 tables)."""

from __future__ import annotations

import asyncio
import os
from concurrent.futures import ProcessPoolExecutor
from datetime import UTC, datetime
from typing import Any

import pytest

from bot.dealer.thinking import ComputerTurns
from tests.dealer.choices import slow_or_quick


def turns() -> ComputerTurns:
    return ComputerTurns(lambda: datetime.now(UTC), workers=1, choose=slow_or_quick)  # type: ignore[arg-type]


async def test_a_stuck_decision_does_not_change_the_other_tables() -> None:
    thinking = turns()
    try:
        assert await thinking.decide(None, "warm") == "warm decided"  # type: ignore[arg-type]
        stuck = asyncio.create_task(thinking.decide(None, "stuck"))  # type: ignore[arg-type]
        await asyncio.sleep(0.2)  # in the worker now; the next ones wait behind it
        others = [
            asyncio.create_task(thinking.decide(None, f"table {n}"))  # type: ignore[arg-type]
            for n in range(5)
        ]
        await asyncio.sleep(0.2)
        with pytest.raises(TimeoutError):
            async with asyncio.timeout(0.5):  # the dealer's DECISION_SECONDS
                await stuck
        thinking.reset()  # what the dealer does on a timeout
        made = await asyncio.wait_for(asyncio.gather(*others), 30)
        assert made == [f"table {n} decided" for n in range(5)]
        assert thinking.workers == 1 and isinstance(thinking._pool, ProcessPoolExecutor)
        again = await thinking.decide(None, "later")  # type: ignore[arg-type]
        assert again == "later decided"
        assert thinking._deaths == 0
    finally:
        thinking.close()


async def test_a_pool_that_dies_by_itself_is_started_again() -> None:
    thinking = turns()
    try:
        assert await thinking.decide(None, "first") == "first decided"  # type: ignore[arg-type]
        pool = thinking._pool
        assert isinstance(pool, ProcessPoolExecutor)
        for process in list(pool._processes.values()):
            os.kill(process.pid, 9)  # a worker killed from outside
        await asyncio.sleep(0.3)
        made = await thinking.decide(None, "next")  # type: ignore[arg-type]
        assert made == "next decided"
        assert await thinking.decide(None, "after") == "after decided"  # type: ignore[arg-type]
        assert isinstance(thinking._pool, ProcessPoolExecutor) and thinking._pool is not pool
        assert thinking.workers == 1
    finally:
        thinking.close()


def test_a_worker_dies_with_the_process_that_started_it(tmp_path: Any) -> None:
    """A SIGKILL of the bot left its decision worker running (and multiprocessing's resource
    tracker): a worker now ends when its parent does."""
    import subprocess
    import sys
    import time

    script = tmp_path / "parent.py"
    script.write_text(
        "import os, time\n"
        "from bot.dealer import workers\n"
        "if __name__ == '__main__':\n"
        "    pool = workers.pool(1)\n"
        "    print(pool.submit(os.getpid).result(), flush=True)\n"
        "    time.sleep(60)\n"
    )
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parent = subprocess.Popen(  # noqa: S603
        [sys.executable, str(script)], stdout=subprocess.PIPE, text=True, cwd=root,
        env={**os.environ, "PYTHONPATH": root},
    )  # fmt: skip
    assert parent.stdout is not None
    worker = int(parent.stdout.readline())
    children = _children(parent.pid)
    assert worker in children
    parent.kill()
    parent.wait()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(_alive(pid) for pid in children):
        time.sleep(0.1)
    assert not [pid for pid in children if _alive(pid)], "orphans left running"


def test_a_worker_started_just_before_a_kill_dies_too(tmp_path: Any) -> None:
    """Issue 42.9: a worker started less than ~0.3 s before a SIGKILL of the bot outlived it,
    with multiprocessing's resource tracker: the worker read its parent's pid only once it
    had started, by when the parent was gone. Every process the parent started ends."""
    import subprocess
    import sys
    import time
    import uuid

    mark = uuid.uuid4().hex
    script = tmp_path / "parent.py"
    script.write_text(
        "import os, signal, time\n"
        "from bot.dealer import workers\n"
        "if __name__ == '__main__':\n"
        "    pool = workers.pool(2)\n"
        "    pool.submit(os.getpid)\n"
        "    time.sleep(0.05)  # the workers are still starting\n"
        "    os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = {**os.environ, "PYTHONPATH": root, "POKER_KILL_TEST": mark}
    subprocess.run([sys.executable, str(script)], cwd=root, env=env, check=False)  # noqa: S603
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and _marked(mark):
        time.sleep(0.1)
    left = _marked(mark)
    for pid in left:  # not to leave them to the next tests
        os.kill(pid, 9)
    assert not left, "processes left running after the kill"


def _marked(mark: str) -> list[int]:
    """Live processes whose environment carries ``mark``."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/environ", "rb") as environ:
                    marked = f"POKER_KILL_TEST={mark}".encode() in environ.read()
            except OSError:
                continue
            if marked and _alive(int(entry)):
                found.append(int(entry))
    return found


def _children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry))
    return found


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
