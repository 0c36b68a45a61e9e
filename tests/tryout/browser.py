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

    async def buttons(self) -> list[str]:
        """The labels of the enabled buttons of the newest message that has any."""
        found = await self.evaluate(
            "(() => { const all = [...document.querySelectorAll('button')]"
            ".filter(b => !b.disabled && b.closest('[data-message-id], article, li'));"
            " return all.map(b => b.innerText.trim()); })()"
        )
        return [str(label) for label in found or []]

    async def click(self, label: str) -> bool:
        """Click, with the mouse, the last enabled button whose label starts with ``label``
        (the newest message's)."""
        script = (
            "(() => { const all = [...document.querySelectorAll('button')]"
            f".filter(b => !b.disabled && b.innerText.trim().startsWith({json.dumps(label)}));"
            " if (!all.length) return null; const b = all[all.length - 1];"
            " b.scrollIntoView({block: 'center'}); const r = b.getBoundingClientRect();"
            " return [r.x + r.width / 2, r.y + r.height / 2]; })()"
        )
        where = await self.evaluate(script)
        if not where:
            return False
        x, y = where
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
