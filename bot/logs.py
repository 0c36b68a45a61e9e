"""Logging: one line per record, and the libraries held at INFO whatever the bot's level.

At DEBUG, discord.py logs every request body (DMs hold a player's cards) and every interaction
payload (a draw picker's cards, interaction tokens), and aiosqlite logs SQL parameters (the
deck of each hand). None of that may reach a log, so their loggers never go below INFO."""

from __future__ import annotations

import logging

QUIET_LIBRARIES = ("discord", "aiosqlite", "asyncio", "aiohttp", "websockets")


def configure(level: str) -> None:
    logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s", force=True)
    floor = max(logging.getLevelName(level), logging.INFO)
    for name in QUIET_LIBRARIES:
        logging.getLogger(name).setLevel(floor)
    # discord.py logs a traceback for every reconnection attempt: one line is enough
    logging.getLogger("discord.client").addFilter(_one_line)


def _one_line(record: logging.LogRecord) -> bool:
    if record.exc_info and record.levelno < logging.CRITICAL:
        error = record.exc_info[1]
        record.msg = f"{record.getMessage()} ({type(error).__name__}: {error})"
        record.args = None
        record.exc_info = None
        record.exc_text = None
    return True
