"""Where SimCord's page falls short of Discord's client, for the try-out only (SimCord 3.2.1,
pinned by the ``try`` extra). Each patch replaces one module attribute that SimCord reads at
call time; ``tests/tryout`` drive the page with them in a real browser.

- **Countdowns** (issue 36.5). Discord counts ``<t:…:R>`` down by itself; so does the page, as
  the try-out serves its script (``tryout/served.py``): it is not republished every second.
- **Clicks across refreshes** (issue 42.10). SimCord refuses any action made on the page before
  its latest publication ("stale-revision"), and one made while another operation runs (a
  refresh, another page's click): a click was lost now and then. The dealer needs no such
  guard: every button names its table and the state it was drawn for, and the dealer refuses an
  old one itself, saying so. So no action is bound to a revision (the page's own settings
  neither: a phone's width was refused, and the page laid out at 960 px, issue 42.11), and an
  action waits for the operation before it to end instead of being refused.
- **Replies in view** (issue 36.6). SimCord's page keeps the message at the top of the view
  where it was unless the view was scrolled to the very end; a picture that loads, or a long
  reply, leaves it a few pixels short, and the next reply lands out of sight (My cards,
  ``/poker help``, the Draw picker), even while the member's clock runs. A new message that
  concerns the page's viewer (an answer to their command or click, one that mentions them, a
  direct message) becomes the page's target, which the page scrolls into view, as Discord's
  client shows a member what they asked for.
- **The page's scripts** are served edited (``tryout/served.py``): a press outlives a redraw,
  presses made while one settles wait their turn, countdowns count down in place, and a
  command typed whole runs on Enter.
- **Typed commands** (issues 36.10, 42.12): a message typed in the box that names a command,
  in English or in French, with its options written ``name:value`` (``tryout/typed.py``), runs
  that command, as Discord's box does; it is not posted as the member's chat message.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from simcord.preview import Preview
from simcord.preview import _action_plans as simcord_plans
from simcord.preview import _actions as simcord_actions
from simcord.preview._server import PreviewServer

from tryout import served

log = logging.getLogger("tryout")
FOLLOWED: dict[str, int] = {}  # a page (its id) -> the newest message it has looked at


def clicks_outlive_refreshes() -> None:
    """No action of the page is refused for a publication made since it was drawn."""
    simcord_actions.ACTION_SPECS = MappingProxyType(
        {
            kind: replace(spec, revision_bound=False)
            for kind, spec in simcord_actions.ACTION_SPECS.items()
        }
    )


WAIT_SECONDS = 30.0  # an operation of SimCord's (a refresh, a command) ends well within that


def actions_wait_their_turn() -> None:
    """The page's actions, one at a time and in the order they came, each once SimCord's
    operation before it (a refresh, the other page's action) has ended: SimCord refuses an
    action that meets another ("busy", "operation overlaps"). (No await comes between the
    check and SimCord's own guard.) A click is of the button pressed, where it is now."""
    action = Preview._action
    if getattr(action, "queued", False):
        return

    async def queued(self: Any, context_id: str | None, body: Mapping[str, Any]) -> Any:
        turn = self.__dict__.setdefault("tryout_turn", asyncio.Lock())  # the page's, in order
        async with turn:
            with contextlib.suppress(TimeoutError):  # else SimCord says why it cannot
                async with asyncio.timeout(WAIT_SECONDS):
                    while self.env._operation_task is not None or self._active_action is not None:
                        await asyncio.sleep(0.02)
            return await action(self, context_id, pressed_where_it_is(self.env, body))

    queued.queued = True  # type: ignore[attr-defined]
    setattr(Preview, "_action", queued)  # noqa: B010 (private)


def pressed_where_it_is(env: Any, body: Mapping[str, Any]) -> Mapping[str, Any]:
    """A click's ``control_key`` names the button by its place in the message (its row, its
    rank): a click held while another settled may find another button there by then (My
    cards where Call was). The page sends the ``custom_id`` pressed too (``served.py``): the
    click is of the button that has it now, or of none (SimCord says the control is gone)."""
    pressed, key = body.get("pressed_custom_id"), body.get("control_key")
    found = re.match(r"message:(\d+):component:", key) if isinstance(key, str) else None
    if body.get("kind") != "click" or not isinstance(pressed, str) or found is None:
        return body
    number = int(found[1])
    for messages in env.backend.messages.values():
        message = messages.get(number)
        if message is None:
            continue
        for root, tree in enumerate(message.components):
            for path, component in simcord_plans._component_paths(tree, str(root)):
                if component.get("custom_id") == pressed:
                    now = simcord_plans._component_key(component, path, message.id)
                    return {**body, "control_key": now or key}
        return {**body, "control_key": f"message:{number}:component:gone"}
    return body


def replies_in_view() -> None:
    publish = Preview._publish
    if getattr(publish, "follows", False):
        return

    def following(self: Any, page: Any, **options: Any) -> None:
        newest = _newest_concerning(self.env, page)
        if newest is not None and page.layout == "channel" and page.window_end_id is None:
            page.target_id = newest  # at the end of the history, not reading older pages
        publish(self, page, **options)

    following.follows = True  # type: ignore[attr-defined]
    setattr(Preview, "_publish", following)  # noqa: B010 (private)


def _newest_concerning(env: Any, page: Any) -> int | None:
    """The newest message posted since the page's last publication that concerns its viewer."""
    messages = env.backend.messages.get(page.channel_id, {})
    newest = max(messages, default=0)
    seen = FOLLOWED.get(page.id)
    FOLLOWED[page.id] = newest
    if seen is None:  # the page's first publication: it opens at the end already
        return None
    viewer = int(getattr(page.viewer, "id", page.viewer))
    direct = getattr(env.backend.channels.get(page.channel_id), "type", None) == 1
    found = None
    for number in sorted(number for number in messages if number > seen):
        message = messages[number]
        if direct or concerns(message, viewer):
            found = number
    return found


def concerns(message: Any, viewer: int) -> bool:
    """An answer to the viewer's command or click, or a message that mentions them."""
    asked = ((message.interaction_metadata or {}).get("user") or {}).get("id")
    return str(asked) == str(viewer) or viewer in (message.mention_user_ids or [])


def scripts_served_edited() -> None:
    """The page's scripts and style sheet, as ``tryout/served.py`` edits them."""
    static = PreviewServer._static
    if getattr(static, "edited", False):
        return

    async def serving(self: Any, request: Any) -> Any:
        response = await static(self, request)
        if request.path in served.EDITS or request.path in served.APPENDED:
            response.text = served.edited(request.path, response.text)
        return response

    serving.edited = True  # type: ignore[attr-defined]
    setattr(PreviewServer, "_static", serving)  # noqa: B010 (private)
