"""Issue 42.10 and 42.11, in a real browser: no press is lost while the clock counts down, the
computer players act and the page is redrawn (My cards, twenty times; typed commands, in
English and in French, each answered once, the box emptied, never posted as chat); a phone's
page is laid out at the phone's width, every load."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.tryout.browser import Page, chromium, open_page
from tests.tryout.test_page import ADDRESS, ROOT, free_ports, phone, stop

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        chromium() is None,
        reason="no Chromium here: `apt-get install -y chromium` (as root) runs the page test",
    ),
]

WORDS = {
    "en": {"join": "Join", "seated": "Seat 3 Sam", "start": "Start", "deal": "Hand #",
           "turn": "it's your turn", "cards": "My cards", "mine": "Your cards:",
           "over": "No hand is being played", "typed": ("/poker balance",)},
    "fr": {"join": "Rejoindre", "seated": "Siège 3 Sam", "start": "Démarrer", "deal": "Main #",
           "turn": "à toi de jouer", "cards": "Mes cartes", "mine": "Tes cartes :",
           "over": "Aucune main n'est en cours", "typed": ("/poker balance", "/poker solde")},
}  # fmt: skip
PRESSES = 20
BOX = "document.querySelector('.channel-composer textarea')"


def started(folder: Path, language: str) -> tuple[subprocess.Popen[str], str]:
    """`python -m bot try` with two computer players who take a second each: the page is
    redrawn while the member presses."""
    process = subprocess.Popen(  # noqa: S603 (our own arguments)
        [
            sys.executable, "-m", "bot", "try", "--no-browser", "--port", str(free_ports()),
            "--lang", language, "--bots", "2", "--bot-pause", "1",
            "--database-url", f"sqlite:///{folder / 'try.sqlite3'}",
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=(folder / "try.log").open("a"),
        text=True,
    )  # fmt: skip
    assert process.stdout is not None
    with ThreadPoolExecutor(1) as reader:
        said = reader.submit(process.stdout.readline)
        try:
            line = said.result(timeout=60)
        except TimeoutError:
            process.kill()
            raise AssertionError((folder / "try.log").read_text()) from None
    return process, ADDRESS.findall(line)[0]


async def ids_saying(page: Page, text: str | tuple[str, ...], where: str = "") -> set[str]:
    """The ids of the messages on the page whose text (or their ``where`` part's) says
    ``text`` (or any of them)."""
    part = f"m.querySelector({json.dumps(where)})" if where else "m"
    texts = json.dumps([text] if isinstance(text, str) else list(text))
    found = await page.evaluate(
        "[...document.querySelectorAll('article[data-message-id]')]"
        f".filter(m => {texts}.some(t => ({part}?.innerText || '').includes(t)))"
        ".map(m => m.dataset.messageId)"
    )
    return {str(number) for number in found or []}


WALLETS = (  # the answers to /poker balance: "1,000 chips", "1 000 jetons"
    "[...document.querySelectorAll('article[data-message-id]')].filter(m =>"
    " (m.querySelector('.message-interaction-header')?.innerText || '').includes('/poker')"
    " && /(chips|jetons)/.test(m.querySelector('.message-content')?.innerText || ''))"
    ".map(m => m.dataset.messageId)"
)


async def typed(page: Page, text: str) -> None:
    """Type ``text`` in the message box and press Enter, as a person does: without waiting
    for the page's last action to settle."""
    await page.evaluate(f"{BOX}.focus(); {BOX}.select()")
    await page.call("Input.insertText", text=text)
    await asyncio.sleep(0.6)
    await page.key("Enter")


async def answered(page: Page, text: str | tuple[str, ...], before: set[str]) -> set[str]:
    """The messages saying ``text`` (or the answers to /poker balance: ``WALLETS``) once one
    more is there (within 10 seconds), else as they are."""
    found = before
    for _ in range(50):
        now = await page.evaluate(WALLETS) if text == WALLETS else await ids_saying(page, text)
        found = {str(number) for number in now or []} | before
        if len(found) > len(before):
            break
        await asyncio.sleep(0.2)
    return found


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_no_press_is_lost_while_the_clock_runs(tmp_path: Path, language: str) -> None:
    words = WORDS[language]
    process, address = started(tmp_path, language)
    lost: list[str] = []
    try:
        async with open_page(address) as page:
            await page.until(str(words["start"]))
            assert await page.press(str(words["join"]), then=str(words["seated"]))
            assert await page.press(str(words["start"]), then=str(words["deal"]))
            await page.until(str(words["turn"]), seconds=60)  # Sam's clock runs
            # a press answered with the cards, or (the hand ended as it was pressed) with the
            # word that no hand is being played: answered either way
            cards, mine = str(words["cards"]), (str(words["mine"]), str(words["over"]))
            seen = await ids_saying(page, mine)
            first = len(seen)
            await page.evaluate(  # the presses that reached a button labelled so
                "window.pressed = 0; document.addEventListener('pointerdown', e =>"
                f" {{ if (e.target.closest?.('button')?.innerText.trim() === {json.dumps(cards)})"
                " window.pressed += 1; }, true)"
            )
            balances = {str(number) for number in await page.evaluate(WALLETS) or []}
            for number in range(PRESSES):
                for _ in range(5):  # a press the button moved away from, as the table
                    reached = await page.evaluate("window.pressed")  # changed: pressed again
                    while not await page.click(cards):  # between two hands: the next one
                        await asyncio.sleep(0.5)
                    await asyncio.sleep(0.05)
                    if await page.evaluate("window.pressed") > reached:
                        break
                now = await answered(page, mine, seen)
                if len(now) == len(seen):
                    lost.append(f"press {number + 1} {page.errors[-2:]}")
                seen = now
                if number % 4 == 3:  # a command typed, in turn with the presses
                    command = words["typed"][number // 4 % len(words["typed"])]
                    await typed(page, command)
                    now = await answered(page, WALLETS, balances)
                    box = await page.evaluate(f"{BOX}.value")
                    if len(now) == len(balances) or box:
                        lost.append(f"{command} after press {number + 1} (box: {box!r})")
                    balances = now
                    posted = await ids_saying(page, command, ".message-content")
                    assert not posted, f"{command} was posted as chat"
            await page.screenshot(tmp_path / "presses.png")
            late = await answered(page, mine, seen)  # an answer slower than 10 seconds
            reached = await page.evaluate("window.pressed")
            if lost:
                lost.append(f"answers {len(late) - first}, presses that reached it {reached}")
    finally:
        stop(process)
    assert not lost, (lost, (tmp_path / "try.log").read_text()[-1500:])


async def test_a_phone_lays_out_at_its_width(tmp_path: Path) -> None:
    """Issue 42.11: at 390 px, the page laid out 960 px wide (cut off) one load in two."""
    process, address = started(tmp_path, "en")
    widths = []
    try:
        for _ in range(4):
            async with open_page(address, width=390, height=844) as page:
                await phone(page)
                await page.until("press Start")
                await asyncio.sleep(1.5)  # the page's viewport is configured by then
                widths.append(
                    await page.evaluate(
                        "[document.documentElement.scrollWidth, window.innerWidth,"
                        " document.body.scrollWidth]"
                    )
                )
    finally:
        stop(process)
    assert all(max(width[0], width[2]) <= width[1] for width in widths), widths


def test_the_served_scripts_are_edited() -> None:
    """Every snippet the try-out edits is in SimCord's files, once: none is served as it is
    (a warning would say so); the style sheet's selectors are SimCord's."""
    from simcord import preview

    from tryout import served

    static = Path(preview.__file__).parent / "static"
    for path in set(served.EDITS) | set(served.APPENDED):
        text = (static / path.lstrip("/")).read_text()
        for snippet, replacement, _ in served.EDITS.get(path, ()):
            assert text.count(snippet) == 1, (path, snippet)
            assert replacement in served.edited(path, text)
    css = (static / "preview.css").read_text()
    for selector in re.findall(r"\.[a-z][\w-]+", served.ACTIONS_ON_TAP):
        assert selector in css, selector
    assert "@media (hover: none) { .attachment-media-actions { opacity: 1; } }" in css
