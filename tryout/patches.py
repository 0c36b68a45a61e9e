"""Where SimCord's page falls short of Discord's client, for the try-out only (SimCord 3.2.1,
pinned by the ``try`` extra). Each patch replaces one module attribute that SimCord reads at
call time; ``tests/tryout`` drive the page with them in a real browser.

- **Countdowns** (issue 36.5). Discord counts ``<t:…:R>`` down by itself. SimCord's page draws a
  message's timestamps against the page's presentation time, but draws a message again only
  when its projection changes: the clock read "in 59 seconds" until the dealer folded you.
  A message with a relative timestamp now carries that time in its projection, so each refresh
  (every second while a clock runs) draws it again.
- **Clicks across refreshes.** SimCord refuses a click, a choice or a typed command made on the
  page before its latest publication ("stale-revision"); the page polls twice a second, so one
  click in two would be refused while a countdown runs. The dealer needs no such guard: every
  button names its table and the state it was drawn for, and the dealer refuses an old one
  itself, saying so. So those actions are let through.
- **Replies in view** (issue 36.6). SimCord's page keeps the message at the top of the view
  where it was unless the view was scrolled to the very end; a picture that loads, or a long
  reply, leaves it a few pixels short, and the next reply lands out of sight (My cards,
  ``/poker help``, the Draw picker), even while the member's clock runs. A new message that
  concerns the page's viewer (an answer to their command or click, one that mentions them, a
  direct message) becomes the page's target, which the page scrolls into view, as Discord's
  client shows a member what they asked for.
- **A command's full name, then Enter** (issue 36.10). In SimCord's message box (as in
  Discord's), Enter takes the command from the list, and a second Enter sends it. A member who
  typed a command's whole name, with no option it needs, means to run it: the page's script is
  served with its list's Enter running such a command at once. (French names are run from the
  chat message they make: ``tryout/typed.py``.)
"""

from __future__ import annotations

import logging
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from simcord.preview import Preview
from simcord.preview import _actions as simcord_actions
from simcord.preview import _snapshot as simcord_snapshot
from simcord.preview._server import PreviewServer

log = logging.getLogger("tryout")
RELATIVE = ":R>"  # a Discord timestamp in the relative style: <t:1700000000:R>
FOLLOWED: dict[str, int] = {}  # a page (its id) -> the newest message it has looked at


def clicks_outlive_refreshes() -> None:
    kinds = dict(simcord_actions.ACTION_SPECS)
    for kind in ("click", "select", "run_command", "autocomplete_command", "modal_submit"):
        kinds[kind] = replace(kinds[kind], revision_bound=False)
    simcord_actions.ACTION_SPECS = MappingProxyType(kinds)


def countdowns_tick() -> None:
    projection = getattr(simcord_snapshot, "_message_projection")  # noqa: B009 (private)
    if getattr(projection, "ticks", False):
        return

    def ticking(preview: Any, page: Any, message: Any, **options: Any) -> dict[str, Any]:
        data: dict[str, Any] = projection(preview, page, message, **options)
        if RELATIVE in (getattr(message, "content", "") or ""):
            data["presentedAt"] = preview.capture_time.isoformat()  # a new projection
        return data

    ticking.ticks = True  # type: ignore[attr-defined]
    setattr(simcord_snapshot, "_message_projection", ticking)  # noqa: B010 (private)


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


LIST_COMMIT = "        if (entry) select(entry);\n"  # commands.js: Enter (or a click) in the list
RUN_WHOLE_NAME = (
    "        const typed = input.value.trim();\n"
    "        if (entry) select(entry);\n"
    "        if (entry && typed === `/${entry.invocation}`"
    " && !entry.options.some((option) => option.required)) validateAndRun();\n"
)


# the notice of a required option left empty: above its field, in room the command's row
# makes for it (below the field, the row, which scrolls sideways, showed its top half)
NOTICE_ABOVE = (
    "\n.command-error { top: auto; bottom: calc(100% + 3px); white-space: nowrap; }"
    "\n.command-row:has(.command-error) { padding-top: 30px; }\n"
)


def whole_names_run() -> None:
    static = PreviewServer._static
    if getattr(static, "edited", False):
        return

    async def serving(self: Any, request: Any) -> Any:
        response = await static(self, request)
        if request.path == "/commands.js":
            response.text = enter_runs_whole_names(response.text)
        elif request.path == "/preview.css":
            response.text += NOTICE_ABOVE
        return response

    serving.edited = True  # type: ignore[attr-defined]
    setattr(PreviewServer, "_static", serving)  # noqa: B010 (private)


def enter_runs_whole_names(script: str) -> str:
    if script.count(LIST_COMMIT) != 1:
        log.warning("SimCord's commands.js has changed: Enter only takes a command from the list")
        return script
    return script.replace(LIST_COMMIT, RUN_WHOLE_NAME)
