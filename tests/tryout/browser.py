"""A real headless Chromium, driven through its DevTools protocol (CDP) over a websocket: open a
page, read its text, click a button by its label, take a screenshot. Enough for the try-out's
page test, with no browser-automation dependency."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import re
import shutil
import subprocess
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp

LISTENING = re.compile(r"DevTools listening on (ws://\S+)")


def chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


_NEWEST_WITH = (  # a function: the newest message that has a button labelled so
    "(label => [...document.querySelectorAll('article[data-message-id]')]"
    ".filter(m => [...m.querySelectorAll('button')].some(b => b.innerText.trim() === label))"
    ".at(-1))"
)
SEND_BUTTON = (
    "[...document.querySelectorAll('.channel-composer button')]"
    ".find(b => /send/i.test((b.title || '') + (b.getAttribute('aria-label') || '')))"
)


class Page:
    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self.ids = itertools.count(1)
        self.errors: list[str] = []  # the page's uncaught exceptions and console errors

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        number = next(self.ids)
        await self.socket.send_json({"id": number, "method": method, "params": params})
        while True:
            reply = await self.socket.receive_json()
            self._note(reply)
            if reply.get("id") == number:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return dict(reply.get("result", {}))

    def _note(self, event: dict[str, Any]) -> None:
        params = event.get("params", {})
        if event.get("method") == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            self.errors.append(str(details.get("exception", {}).get("description") or details))
        elif event.get("method") == "Runtime.consoleAPICalled" and params.get("type") == "error":
            self.errors.append(
                " ".join(str(a.get("value", a.get("description"))) for a in params.get("args", []))
            )
        del self.errors[:-20]

    async def evaluate(self, expression: str) -> Any:
        found = await self.call(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True
        )
        return found.get("result", {}).get("value")

    async def text(self) -> str:
        return str(await self.evaluate("document.body ? document.body.innerText : ''") or "")

    async def message_with(self, label: str) -> str:
        """The text of the newest message that has a button labelled ``label``."""
        return str(await self.evaluate(f"{_NEWEST_WITH}({json.dumps(label)})?.innerText || ''"))

    async def buttons(self, within: str | None = None) -> list[str]:
        """The labels of the enabled buttons of every message, or (``within``) of the newest
        message that has a button labelled so."""
        scope = f"{_NEWEST_WITH}({json.dumps(within)})" if within else "document"
        found = await self.evaluate(
            f"(() => {{ const scope = {scope}; if (!scope) return [];"
            " return [...scope.querySelectorAll('article[data-message-id] button, button')]"
            ".filter(b => !b.disabled && b.closest('article[data-message-id]'))"
            ".map(b => b.innerText.trim()); })()"
        )
        return list(dict.fromkeys(str(label) for label in found or []))

    async def click(self, label: str) -> bool:
        """Click, with the mouse, the last enabled button labelled ``label`` (the newest
        message's), or else the last one whose label starts with it (``Call`` for ``Call 10``),
        once it stands still where the mouse will press (the page scrolls to new messages)."""
        find = (
            "(() => { const enabled = [...document.querySelectorAll('button')]"
            ".filter(b => !b.disabled);"
            f" const exact = enabled.filter(b => b.innerText.trim() === {json.dumps(label)});"
            " const all = exact.length ? exact : enabled.filter("
            f"b => b.innerText.trim().startsWith({json.dumps(label)}));"
            " return all.length ? all[all.length - 1] : null; })()"
        )
        where = None
        for _ in range(10):
            where = await self.evaluate(
                f"(() => {{ const b = {find}; if (!b) return null;"
                " b.scrollIntoView({block: 'center'}); const r = b.getBoundingClientRect();"
                " const x = r.x + r.width / 2, y = r.y + r.height / 2;"
                " const hit = document.elementFromPoint(x, y);"
                " return [x, y, Boolean(hit && b.contains(hit))]; })()"
            )
            if not where:
                return False
            await asyncio.sleep(0.15)
            again = await self.evaluate(
                f"(() => {{ const b = {find}; if (!b) return null;"
                " const r = b.getBoundingClientRect();"
                " return [r.x + r.width / 2, r.y + r.height / 2]; })()"
            )
            if where[2] and again == where[:2]:
                break
        assert where is not None
        x, y = where[0], where[1]
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            await self.call(
                "Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1
            )
        return True

    async def press(self, label: str, then: str, tries: int = 5) -> bool:
        """Click ``label`` until ``then`` shows (a page that has just loaded, or that was
        republished at the moment of the click, may not take it: a person clicks again)."""
        for _ in range(tries):
            if not await self.click(label):
                return False
            with contextlib.suppress(TimeoutError):
                await self.until(then, 3)
                return True
        return False

    async def press_and_see(self, label: str, tries: int = 5) -> bool:
        """Click ``label`` until the page changes."""
        for _ in range(tries):
            before = await self.text()
            if not await self.click(label):
                return False
            for _ in range(15):
                await asyncio.sleep(0.2)
                if await self.text() != before:
                    return True
        return False

    async def command_typed(self, text: str) -> None:
        """Type ``text`` in the message box and press Enter, and nothing else, once the box
        takes a message (its send button is greyed while the page's last action is settling)."""
        await self.until_true(f"{SEND_BUTTON} && !{SEND_BUTTON}.disabled", 10)
        box = "document.querySelector('.channel-composer textarea')"
        await self.evaluate(f"{box}.focus(); {box}.select()")  # what it holds is typed over
        await self.call("Input.insertText", text=text)
        await asyncio.sleep(0.6)  # as one types: the box looks for a command of that name
        await self.key("Enter")

    async def key(self, name: str, code: int = 13) -> None:
        """Press and release a key, where the focus is."""
        for kind in ("keyDown", "keyUp"):
            await self.call(
                "Input.dispatchKeyEvent", type=kind, key=name, code=name,
                windowsVirtualKeyCode=code,
            )  # fmt: skip

    async def command(self, text: str) -> None:
        """Type a slash command in the message box, take it from the list (Enter takes the
        first match), and send it."""
        await self.command_typed(text)
        await asyncio.sleep(0.5)
        sent = await self.evaluate(
            f"(() => {{ const send = {SEND_BUTTON}; if (!send) return false;"
            " send.click(); return true; })()"
        )
        assert sent, "no send button"

    async def until(self, wanted: str, seconds: float = 20) -> str:
        async with asyncio.timeout(seconds):
            while True:
                text = await self.text()
                if wanted in text:
                    return text
                await asyncio.sleep(0.2)

    async def until_true(self, expression: str, seconds: float = 10) -> Any:
        """The value of ``expression`` once it is truthy; a falsy one after ``seconds``."""
        value = None
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(seconds):
                while not (value := await self.evaluate(expression)):
                    await asyncio.sleep(0.2)
        return value

    async def in_view(self, wanted: str, seconds: float = 5) -> bool:
        """Is the top of the newest message that says ``wanted`` in the channel's visible part
        (within ``seconds``), as it is when the page has scrolled to it?"""
        return bool(
            await self.until_true(
                "(() => { const view = document.querySelector('.channel-timeline')"
                ".getBoundingClientRect(); const found = [...document.querySelectorAll("
                "'article[data-message-id]')].filter(m => m.innerText.includes("
                f"{json.dumps(wanted)})).at(-1); if (!found) return false;"
                " const r = found.getBoundingClientRect();"
                " return r.top >= view.top - 1 && r.top < view.bottom - 40; })()",
                seconds,
            )
        )

    async def to_latest(self) -> None:
        """Scroll the channel to its newest message, as its "jump to latest" does."""
        await self.evaluate(
            "document.querySelectorAll('.channel-timeline, .channel-timeline *')"
            ".forEach(e => { if (e.scrollHeight > e.clientHeight) e.scrollTop = e.scrollHeight; })"
        )
        await asyncio.sleep(0.5)

    async def screenshot(self, path: Path) -> None:
        shot = await self.call("Page.captureScreenshot", format="png")
        path.write_bytes(base64.b64decode(shot["data"]))


@contextlib.asynccontextmanager
async def open_page(url: str, *, width: int = 1100, height: int = 900) -> AsyncIterator[Page]:
    binary = chromium()
    assert binary is not None
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        # Chromium writes to stderr for as long as it runs: into a file, as a pipe nobody reads
        # fills up and stalls the browser
        log = Path(profile) / "chromium.log"
        with log.open("w") as written:
            process = subprocess.Popen(  # noqa: S603 (our own arguments)
                [
                    binary,
                    "--headless=new",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--hide-scrollbars",
                    f"--window-size={width},{height}",
                    f"--user-data-dir={profile}",
                    "--remote-debugging-port=0",
                    "about:blank",
                ],
                stdout=subprocess.DEVNULL,
                stderr=written,
            )
        try:
            endpoint = None
            for _ in range(300):
                await asyncio.sleep(0.1)
                if found := LISTENING.search(log.read_text(errors="replace")):
                    endpoint = found[1]
                    break
            assert endpoint is not None, f"Chromium did not start: {log.read_text()[-600:]}"
            base = endpoint.split("/devtools/")[0].replace("ws://", "http://")
            async with aiohttp.ClientSession() as http:
                async with http.get(f"{base}/json/list") as listed:
                    targets = await listed.json()
                page_target = next(t for t in targets if t.get("type") == "page")
                async with http.ws_connect(
                    page_target["webSocketDebuggerUrl"], max_msg_size=0
                ) as socket:
                    page = Page(socket)
                    await page.call("Page.enable")
                    await page.call("Runtime.enable")
                    await page.call("Page.navigate", url=url)
                    yield page
        finally:
            process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(10)
