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
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType
from typing import Any

from simcord.preview import _actions as simcord_actions
from simcord.preview import _snapshot as simcord_snapshot

RELATIVE = ":R>"  # a Discord timestamp in the relative style: <t:1700000000:R>


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
