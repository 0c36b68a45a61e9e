"""The poker engine: pure, deterministic, no Discord and no I/O (see ``state.Hand``)."""

import os

if os.environ.get("POKER_PURE_PYTHON") == "1":
    from bot.poker.build_info import prefer_sources

    prefer_sources()
