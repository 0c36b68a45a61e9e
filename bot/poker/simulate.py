"""Play random legal hands: ``python -m bot.poker.simulate --variant stud_hi_lo --players 6
--hands 1000 --seed 7 [--phh-dir DIR]``.

The hands are :mod:`bot.poker.random_play`'s: the same seed gives the same hands.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from bot.poker.history import to_phh
from bot.poker.random_play import play_random_hand, random_config
from bot.poker.variants import VARIANTS


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.poker.simulate", description=__doc__)
    parser.add_argument("--variant", choices=sorted(VARIANTS), required=True)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--phh-dir", type=Path, default=None)
    args = parser.parse_args(argv)
    variant = VARIANTS[args.variant]
    if not variant.min_players <= args.players <= variant.max_players:
        parser.error(
            f"{variant.name} is for {variant.min_players} to {variant.max_players} players"
        )
    if args.phh_dir is not None:
        args.phh_dir.mkdir(parents=True, exist_ok=True)
    rng = random.Random(args.seed)
    started = time.perf_counter()
    for number in range(1, args.hands + 1):
        hand = play_random_hand(random_config(variant, args.players, rng), rng)
        if args.phh_dir is not None:
            path = args.phh_dir / f"{args.variant}-{args.seed}-{number:06d}.phh"
            path.write_text(to_phh(hand, hand_id=number), encoding="utf-8")
    elapsed = time.perf_counter() - started
    sys.stdout.write(
        f"{args.hands} hands of {variant.name}, {args.players} players, seed {args.seed}: "
        f"{elapsed:.2f} s, {args.hands / elapsed:,.0f} hands/s\n"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
