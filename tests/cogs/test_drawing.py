"""Pictures drawn in worker processes beside the bot's (issue 43: drawing in a thread held
Python's lock and delayed every table's clicks): the same picture as in a thread, and a pool
whose worker dies draws that picture in a thread and is started again at the next one."""

from __future__ import annotations

import os
import signal

from bot.pictures.drawing import Drawing
from bot.pictures.hand import hand_png
from bot.poker.cards import parse_cards
from bot.text import Speaker

SAY = Speaker("fr")
CARDS = parse_cards("As Kd 7c")


async def test_a_worker_process_draws_the_same_picture_as_a_thread() -> None:
    in_thread = await Drawing(0).png(hand_png, CARDS, (False, False, True), SAY, four_colour=True)
    drawing = Drawing(1)
    try:
        in_worker = await drawing.png(hand_png, CARDS, (False, False, True), SAY, four_colour=True)
        worker = await drawing.png(os.getpid)  # type: ignore[arg-type]
    finally:
        drawing.close()
    assert in_worker == in_thread
    assert in_worker.startswith(b"\x89PNG")
    assert worker != os.getpid()  # drawn in another process


async def test_a_dead_worker_costs_no_picture() -> None:
    drawing = Drawing(1)
    try:
        worker = await drawing.png(os.getpid)  # type: ignore[arg-type]
        pool = drawing._pool
        os.kill(worker, signal.SIGKILL)
        # the picture asked of the dead pool is drawn all the same (in a thread)
        data = await drawing.png(hand_png, CARDS, (True, True, True), SAY, four_colour=False)
        assert data.startswith(b"\x89PNG")
        # and the next one goes to new workers
        again = await drawing.png(os.getpid)  # type: ignore[arg-type]
        assert drawing._pool is not pool and again not in (worker, os.getpid())
    finally:
        drawing.close()
