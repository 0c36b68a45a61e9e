"""CPU-bound load on every core, to run the test suite on a busy machine (issue 35.5).

    python scripts/cpu_load.py start [--cores N] [--minutes M]   # in the background
    python scripts/cpu_load.py stop
    python scripts/cpu_load.py run -- COMMAND ...                  # the load around a command

Each worker spins on arithmetic; they stop by themselves after ``--minutes`` (default 60), so a
forgotten load never outlives the work it was for. ``start`` writes their process ids to
``.cpu_load.pids`` in the current folder; ``stop`` ends them."""

from __future__ import annotations

import argparse
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

PIDS = Path(".cpu_load.pids")


def spin(seconds: float) -> None:
    end = time.monotonic() + seconds
    value = 0
    while time.monotonic() < end:
        for number in range(10_000):
            value = (value * 31 + number) % 1_000_003


def start(cores: int, minutes: float) -> list[int]:
    workers = [
        multiprocessing.get_context("spawn").Process(
            target=spin, args=(minutes * 60,), daemon=False
        )
        for _ in range(cores)
    ]
    for worker in workers:
        worker.start()
    pids = [worker.pid for worker in workers if worker.pid is not None]
    PIDS.write_text("\n".join(map(str, pids)))
    return pids


def stop() -> int:
    if not PIDS.exists():
        return 0
    stopped = 0
    for line in PIDS.read_text().split():
        try:
            os.kill(int(line), signal.SIGTERM)
            stopped += 1
        except ProcessLookupError:
            pass
    PIDS.unlink()
    return stopped


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["start", "stop", "run"])
    parser.add_argument("--cores", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--minutes", type=float, default=60)
    argv = sys.argv[1:]
    split = argv.index("--") if "--" in argv else len(argv)
    args = parser.parse_args(argv[:split])
    command = argv[split + 1 :]
    if args.what == "stop":
        print(f"stopped {stop()} load workers")
        return 0
    if args.what == "start":
        # the workers must outlive this command: it starts them, then leaves them be
        pids = start(args.cores, args.minutes)
        print(f"load on {len(pids)} cores for {args.minutes:g} min: {' '.join(map(str, pids))}")
        os._exit(0)
    if not command:
        parser.error("run needs a command after --")
    start(args.cores, args.minutes)
    try:
        return subprocess.call(command)  # noqa: S603 (the caller's own command)
    finally:
        print(f"stopped {stop()} load workers", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
