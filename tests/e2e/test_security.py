"""Security: at DEBUG, no log line holds a hidden card, the bot's token or an interaction
token (defect 6: discord.py logs DM bodies and interaction payloads at DEBUG, aiosqlite SQL
parameters, so those loggers are held at INFO whatever LOG_LEVEL says)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Iterator
from pathlib import Path

from bot import logs
from bot.poker.cards import Card
from bot.poker.events import CardsDealt, HandShown
from bot.poker.state import Hand
from tests.e2e.conftest import start_harness, stop_bot
from tests.e2e.players import FOLD_OUT, SHOWDOWN
from tests.e2e.test_games import seat_players
from tests.fakediscord.server import TOKEN


class Collector(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


@contextlib.contextmanager
def debug_logging(*, hold_libraries: bool = True) -> Iterator[Collector]:
    """The bot's logging at DEBUG, as `LOG_LEVEL=DEBUG python -m bot` sets it up (or, as a
    control, with the libraries let down to DEBUG too)."""
    root = logging.getLogger()
    saved = (root.level, list(root.handlers))
    libraries = {name: logging.getLogger(name).level for name in logs.QUIET_LIBRARIES}
    logs.configure("DEBUG")
    if not hold_libraries:
        for name in logs.QUIET_LIBRARIES:
            logging.getLogger(name).setLevel(logging.DEBUG)
    collector = Collector()
    collector.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    root.addHandler(collector)
    try:
        yield collector
    finally:
        root.handlers[:] = saved[1]
        root.setLevel(saved[0])
        for name, level in libraries.items():
            logging.getLogger(name).setLevel(level)


def hidden_cards(hand: Hand) -> set[Card]:
    """Cards dealt face down and never shown at showdown."""
    down: set[Card] = set()
    shown: set[Card] = set(hand.board)
    for event in hand.events:
        if isinstance(event, CardsDealt):
            down.update(c for c, up in zip(event.cards, event.face_up, strict=True) if not up)
            shown.update(c for c, up in zip(event.cards, event.face_up, strict=True) if up)
        elif isinstance(event, HandShown):
            shown.update(event.cards)
    return down - shown


async def logged_run(tmp_path: Path, variants: tuple[str, ...], *, hold: bool) -> list[str]:
    """Play hands of ``variants`` at DEBUG; the log lines that would reveal something."""
    with debug_logging(hold_libraries=hold) as collector:
        harness, task = await start_harness(tmp_path)
        try:
            hands: list[Hand] = []
            for variant in variants:
                table = await seat_players(harness, variant, 3)
                for preference in (SHOWDOWN, FOLD_OUT):
                    hands.append(await table.hand(await table.play_hand(preference)))
            tokens = [i.token for i in harness.fake.interactions.values()]
        finally:
            await stop_bot(harness, task)
            await asyncio.wait_for(harness.fake.stop(), 5)
    secrets = [TOKEN, *tokens]
    patterns = [
        re.compile(rf"(?<![A-Za-z0-9]){card}(?![A-Za-z0-9])|{re.escape(card.symbol)}")
        for hand in hands
        for card in hidden_cards(hand)
    ]
    assert patterns and collector.lines
    return [
        line
        for line in collector.lines
        if any(secret in line for secret in secrets) or any(p.search(line) for p in patterns)
    ]


async def test_no_hidden_card_or_token_reaches_the_log_at_debug(tmp_path: Path) -> None:
    leaks = await logged_run(tmp_path, ("triple_draw", "seven_card_stud"), hold=True)
    assert not leaks, leaks[:3]


async def test_the_libraries_would_leak_at_debug_if_they_were_not_held(tmp_path: Path) -> None:
    """The control: the same run with discord.py and aiosqlite at DEBUG reveals cards (DM
    bodies, the deck in SQL parameters) and tokens, so the test above can fail."""
    leaks = await logged_run(tmp_path, ("triple_draw",), hold=False)
    assert any("discord" in line for line in leaks)
    assert any("aiosqlite" in line for line in leaks)
