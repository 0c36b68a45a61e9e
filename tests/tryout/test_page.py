"""The try-out seen in a real browser (issue 24): `python -m bot try` runs as a process, a
headless Chromium opens its page, presses Start, plays a whole hand against the computer
players with the page's own buttons, opens My cards, and reads what the page shows: the table,
the turn line, the summary with its showdown picture. A screenshot is saved. In French too.
Skipped, saying why, where no Chromium is installed (`.ci/run` installs Debian's)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import socket
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.tryout.browser import Page, chromium, open_page
from tryout.app import port_free

ROOT = Path(__file__).resolve().parents[2]
ADDRESS = re.compile(r"http://127\.0\.0\.1:\d+/#\S+")
WORDS = {
    "en": {
        "ready": "press Start",
        "join": "Join",
        "seated": "Seat 4 Sam",
        "start": "Start",
        "turn": "it's your turn",
        "passive": ("Check", "Call", "Bring-in"),
        "cards": "My cards",
        "mine": "Your cards:",
        "summary": "Stacks:",
        "deal": "Hand #",
        "draw": "Draw",
        "pat": "Stand pat",
        "help": ("/poker help", "Everyone who plays presses Join"),
    },
    "fr": {
        "ready": "appuie sur Démarrer",
        "join": "Rejoindre",
        "seated": "Siège 4 Sam",
        "start": "Démarrer",
        "turn": "à toi de jouer",
        "passive": ("Parole", "Suivre", "Bring-in"),
        "cards": "Mes cartes",
        "mine": "Tes cartes :",
        "summary": "Tapis :",
        "deal": "Main #",
        "draw": "Écarter",
        "pat": "Servi",
        # SimCord's command box names the commands in English (it gives every member en-US)
        "help": ("/poker help", "Pour jouer, appuie sur Rejoindre"),
    },
}

ENABLED = (  # a function: is a button labelled so enabled?
    "(label => [...document.querySelectorAll('button')]"
    ".some(b => !b.disabled && b.innerText.trim() === label))"
)
NOTICE_SHOWN = (  # the notice of a required option, whole inside the command's row
    "(() => { const e = document.querySelector('.command-error'); if (!e) return false;"
    " const r = e.getBoundingClientRect(), row = e.closest('.command-row').getBoundingClientRect();"
    " return r.top >= row.top && r.bottom <= row.bottom && r.height > 10; })()"
)
PICTURES = "[...document.querySelectorAll('img')].filter(i => i.naturalWidth > 200).length"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        chromium() is None,
        reason="no Chromium here: `apt-get install -y chromium` (as root) runs the page test",
    ),
]


@pytest.fixture
def served(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[tuple[str, str, str]]:
    """`python -m bot try` in a process of its own: its pages' addresses (the table's, the
    direct messages'), and its language."""
    language, game = request.param
    with (tmp_path / "try.log").open("w") as log:
        process = subprocess.Popen(  # noqa: S603 (our own arguments)
            [
                sys.executable, "-m", "bot", "try", "--no-browser", "--port", "0",
                "--lang", language, "--game", game, "--bots", "3",
                "--bot-pause", "0", "--database-url", f"sqlite:///{tmp_path / 'try.sqlite3'}",
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=log,  # a file: a pipe nobody reads fills up and stalls the process
            text=True,
        )  # fmt: skip
    try:
        assert process.stdout is not None
        with ThreadPoolExecutor(1) as reader:  # two lines, within a minute: no hanging run
            said = reader.submit(lambda: process.stdout.readline() + process.stdout.readline())
            try:
                lines = said.result(timeout=60)
            except TimeoutError:
                process.kill()  # the read ends at the end of its output
                raise AssertionError((tmp_path / "try.log").read_text()) from None
        found = ADDRESS.findall(lines)
        assert len(found) == 2, (lines, (tmp_path / "try.log").read_text())
        yield found[0], found[1], language
    finally:
        process.terminate()
        process.wait(30)


async def play_a_hand(page: Page, words: dict[str, object], shots: Path) -> str:
    """Join, Start, then check or call (post the bring-in) at each turn, through the page's
    buttons, opening My cards at the first; the page's text once the summary is there."""
    await page.until(str(words["ready"]))
    assert await page.press(str(words["join"]), then=str(words["seated"]))  # default buy-in
    assert await page.press(str(words["start"]), then=str(words["deal"]))
    opened = False
    try:
        async with asyncio.timeout(90):
            return await _to_the_summary(page, words, opened)
    except TimeoutError:
        await page.screenshot(shots / "stuck.png")
        raise AssertionError(((await page.text())[-900:], page.errors)) from None


async def _to_the_summary(page: Page, words: dict[str, object], opened: bool) -> str:
    cards, pat = str(words["cards"]), str(words["pat"])
    while True:
        text = await page.text()
        if str(words["summary"]) in text:
            return text
        # the table message (it has My cards during a hand) names whose turn it is
        table = await page.message_with(cards)
        if str(words["turn"]) in table:
            if not opened:
                opened = await page.press(cards, then=str(words["mine"]))
                assert opened, (await page.buttons(), (await page.text())[-600:])
            if str(words["draw"]) in await page.buttons(within=cards):  # 2-7: stand pat
                await page.click(str(words["draw"]))
                if await page.until_true(f"{ENABLED}({json.dumps(pat)})", seconds=5):
                    await page.click(pat)
            else:
                for label in words["passive"]:  # type: ignore[attr-defined]
                    if await page.click(str(label)):
                        break
            await _until_changed(page, cards, table)  # as a person waits to see it taken
        await asyncio.sleep(0.3)


async def _until_changed(page: Page, label: str, before: str, seconds: float = 10) -> None:
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(seconds):
            while await page.message_with(label) == before:
                await asyncio.sleep(0.2)


GAMES = [("en", "seven_card_stud"), ("fr", "seven_card_stud"), ("en", "triple_draw")]


@pytest.mark.parametrize("served", GAMES, indirect=True, ids=["-".join(game) for game in GAMES])
async def test_a_hand_played_in_the_page(served: tuple[str, str, str], tmp_path: Path) -> None:
    address, dms, language = served
    words = WORDS[language]
    async with open_page(address) as page:
        await page.until(str(words["ready"]))
        command, answer = words["help"]  # type: ignore[misc]
        await page.command(command)  # a slash command, from the page's message box
        await page.until(answer)
        text = await play_a_hand(page, words, tmp_path)
        assert str(words["mine"]) in text  # My cards: an ephemeral answer, on the page
        assert text.count("🤖") >= 3  # the table and the summary name the computer players
        assert await page.until_true(PICTURES)  # the summary's showdown picture (or the table's)
        await page.to_latest()
        await page.screenshot(tmp_path / f"try-out-{language}.png")
        assert (tmp_path / f"try-out-{language}.png").stat().st_size > 10_000
        await page.call("Page.navigate", url=dms)  # the direct messages' page
        await page.until(str(words["mine"]))
        assert await page.until_true(PICTURES)  # the cards' picture, once loaded
        await page.to_latest()
        await page.screenshot(tmp_path / f"try-out-dms-{language}.png")


def try_out(port: int, folder: Path, *more: str) -> tuple[subprocess.Popen[str], list[str]]:
    """`python -m bot try` on ``port`` in French, and the three lines it prints first."""
    process = subprocess.Popen(  # noqa: S603 (our own arguments)
        [
            sys.executable, "-m", "bot", "try", "--no-browser", "--port", str(port),
            "--lang", "fr", "--bot-pause", "1", "--database-url",
            f"sqlite:///{folder / 'try.sqlite3'}", *more,
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=(folder / "try.log").open("a"),
        text=True,
    )  # fmt: skip
    assert process.stdout is not None
    with ThreadPoolExecutor(1) as reader:
        said = reader.submit(lambda: [process.stdout.readline() for _ in range(4)])  # type: ignore[union-attr]
        try:
            return process, said.result(timeout=60)
        except TimeoutError:
            process.kill()
            raise AssertionError((folder / "try.log").read_text()) from None


def stop(process: subprocess.Popen[str]) -> None:
    process.terminate()  # as Ctrl-C
    process.wait(30)


async def phone(page: Page, width: int = 390, height: int = 844) -> None:
    await page.call(
        "Emulation.setDeviceMetricsOverride",
        width=width, height=height, deviceScaleFactor=2, mobile=width < 600,
    )  # fmt: skip


async def test_a_newcomers_first_minutes(tmp_path: Path) -> None:
    """Issue 36, in a real browser at a phone's width: a command typed whole and Enter runs, by
    its English or French name, and a required option's notice shows whole (36.10, 36.11); the
    clock counts down (36.5); a long reply asked for then is in view (36.6); Ctrl-C and the same
    command again serve the same address at once (36.1, 36.3); a run with another game says so
    and deals it (36.2). Screenshots at 390 and 1280 px: ``TRYOUT_SHOTS=docs/pictures`` writes
    them there."""
    shots = Path(os.environ.get("TRYOUT_SHOTS", str(tmp_path)))
    port = free_ports()
    process, lines = try_out(port, tmp_path, "--game", "seven_card_stud", "--bots", "2")
    address = ADDRESS.findall("".join(lines))[0]
    try:
        async with open_page(address) as page:
            await phone(page)
            await page.until("appuie sur Démarrer")
            balances = (  # the messages that say "1 000 jetons" (a narrow space)
                "[...document.querySelectorAll('article[data-message-id]')]"
                ".filter(m => /1.000 jetons/.test(m.innerText)).length"
            )
            for typed, answers in (("/poker balance", 1), ("/poker solde", 2)):  # then Enter
                await page.command_typed(typed)  # SimCord knows the English name; French: chat
                answered = f"{balances} >= {answers}"
                assert await page.until_true(answered, seconds=20), (await page.text())[-500:]
            await page.command_typed("/poker bots")  # Enter takes it; a second one asks for
            await page.key("Enter")  # its count, in a notice shown whole
            assert await page.until_true(NOTICE_SHOWN), (await page.text())[-300:]
            await page.evaluate(  # the command is put away: its text is back in the box
                "document.querySelector('[aria-label=\"Exit command mode\"]').click();"
                "document.querySelector('.channel-composer textarea').select()"
            )
            await page.key("Backspace", 8)  # and is deleted
            assert await page.press("Rejoindre", then="Siège 3 Sam")
            assert await page.press("Démarrer", then="Main #")
            await page.until("à toi de jouer", seconds=60)
            clock = re.compile(r"à toi de jouer.*?dans (\d+) secondes")  # not "dans 1 minute"
            async with asyncio.timeout(10):
                while (before := clock.search(await page.text())) is None:
                    await asyncio.sleep(0.2)
            await asyncio.sleep(2.5)
            after = clock.search(await page.text())
            assert after is not None and int(after[1]) < int(before[1]), (before, after)
            await page.to_latest()
            await page.screenshot(shots / "try-out-phone.png")
            await phone(page, 1280, 900)
            await asyncio.sleep(0.5)
            await page.to_latest()
            await page.screenshot(shots / "try-out-desktop.png")
            await phone(page)
            # a long reply, asked for while the clock runs, shows where it starts (36.6)
            await page.command_typed("/poker aide")
            await page.until("Pour jouer, appuie sur Rejoindre")
            assert await page.in_view("Pour jouer, appuie sur Rejoindre"), await page.evaluate(
                "document.querySelector('.channel-timeline').scrollTop"
            )
    finally:
        stop(process)
    again, lines = try_out(port, tmp_path, "--game", "triple_draw")  # at once, the same port
    try:
        assert ADDRESS.findall("".join(lines))[0] == address  # an old tab, reloaded, opens
        assert "2-7 Triple Draw" in lines[3], lines
        async with open_page(address) as page:  # now, or once the hand in play is over
            try:
                async with asyncio.timeout(90):
                    while "2-7 Triple Draw" not in await page.text():
                        # at Sam's turn: fold where it is offered (no fold for a bring-in,
                        # nor where checking is free), else play on: the hand ends sooner
                        for label in ("Se coucher", "Parole", "Bring-in", "Suivre"):
                            if await page.click(label):
                                break
                        await asyncio.sleep(0.5)
            except TimeoutError:
                raise AssertionError(
                    ((await page.text())[-800:], (tmp_path / "try.log").read_text()[-800:])
                ) from None
    finally:
        stop(again)


def free_ports() -> int:
    """A port whose next one is free too (the direct messages' page)."""
    for _ in range(50):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        if port < 65534 and port_free(port + 1):
            return port
    raise AssertionError("no two free ports in a row")
