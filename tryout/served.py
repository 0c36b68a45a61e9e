"""The page's scripts and style sheet as the try-out serves them (SimCord 3.2.1, pinned by the
``try`` extra): each edit replaces one known snippet of SimCord's text, and logs a warning where
the snippet is not found (a SimCord that has changed is served as it is).

- **A press outlives a redraw** (issue 42.10, ``components.js``). The page draws a message again
  when it changes (a computer player acted): a button pressed then was another node when the
  mouse was released, and the browser made no click of it. A press is bound to its button's
  control key (its message and ``custom_id``): released over the same button drawn again, it
  is a click.
- **Presses wait their turn** (42.10, ``actions.js``). The page dropped a click, a choice, a
  typed command or a message sent while its last action was settling (it greys its buttons
  then, but a click still reached it): they are held, in order, and sent once it has settled.
  A click names the button pressed by its ``custom_id`` too (``pressed_custom_id``): SimCord
  names it by its place in the message, where another button may be by then
  (``tryout.patches.actions_wait_their_turn`` finds it again).
- **Countdowns count down in place** (36.5, 42.10, ``text.js``). As Discord's client does, a
  ``<t:…:R>`` on the page counts down by itself every second: the page need not be
  republished every second for it (which redrew the table under the mouse).
- **A command's full name, then Enter** (36.10, ``commands.js``). In SimCord's message box (as
  in Discord's), Enter takes the command from the list, and a second Enter sends it. A member
  who typed a command's whole name, with no option it needs, means to run it.
- **A required option's notice, above its field** (36.11), and **no download button over a
  DM's picture on a phone** (42.11, ``preview.css``): on a touch screen SimCord shows a
  picture's actions always, over its top right corner (the last card of the hand).
"""

from __future__ import annotations

import logging

log = logging.getLogger("tryout")

LIST_COMMIT = "        if (entry) select(entry);\n"  # commands.js: Enter (or a click) in the list
RUN_WHOLE_NAME = (
    "        const typed = input.value.trim();\n"
    "        if (entry) select(entry);\n"
    "        if (entry && typed === `/${entry.invocation}`"
    " && !entry.options.some((option) => option.required)) validateAndRun();\n"
)

BUTTON_CLICK = (  # components.js: a button with a custom_id
    '  } else if (typeof component.custom_id === "string") {\n'
    '    button.addEventListener("click", () => {\n'
    "      if (!button.disabled) options.onClick?.(controlKey);\n"
    "    });\n"
    "  }\n"
)
BUTTON_PRESS = (
    '  } else if (typeof component.custom_id === "string") {\n'
    "    const press = () => {\n"
    "      globalThis.tryoutPressed = component.custom_id;  // the button pressed, by its id\n"
    "      try { options.onClick?.(controlKey); } finally { globalThis.tryoutPressed = null; }\n"
    "    };\n"
    '    button.addEventListener("pointerdown", (event) => {\n'
    "      tryoutPress.done = null;\n"
    "      if (event.button === 0) tryoutPress.held = { button, controlKey, press };\n"
    "    });\n"
    '    button.addEventListener("click", () => {\n'
    "      const done = tryoutPress.done;\n"
    "      tryoutPress.held = null; tryoutPress.done = null;\n"
    "      if (done && done.controlKey === controlKey) return;  // pressed at the release\n"
    "      if (!button.disabled) press();\n"
    "    });\n"
    "  }\n"
)
PRESSES = """
/* the try-out: a press whose button was drawn again before the release is still a click */
const tryoutPress = { held: null, done: null };
document.addEventListener("pointerup", (event) => {
  const held = tryoutPress.held;
  tryoutPress.held = null;
  if (!held || held.button.isConnected) return;
  const target = event.target instanceof Element ? event.target : null;
  const now = target?.closest("button.component-button");
  if (!(now instanceof HTMLButtonElement) || now.dataset.controlKey !== held.controlKey) return;
  if (now.disabled) return;
  tryoutPress.done = { controlKey: held.controlKey, at: performance.now() };
  held.press();
}, true);
"""

DISPATCH = "  function dispatch(kind, extra = {}, metadata = null) {\n"  # actions.js
DISPATCH_PRESSED = (
    "  function dispatch(kind, extra = {}, metadata = null) {\n"
    '    if (kind === "click" && globalThis.tryoutPressed)'
    " extra = { ...extra, pressed_custom_id: globalThis.tryoutPressed };\n"
)
HELD_DECLARED = "  let pages = {};\n"
HELD = "  let pages = {};\n  /** @type {Array<[string, ActionBody, any]>} */\n  const held = [];\n"
DROPPED_WHILE_PENDING = (
    '    if (pending || (uncertain && kind !== "close"))'
    " { if (pageAction(kind)) pageIntent(kind, extra); return; }\n"
)
HELD_WHILE_PENDING = (
    '    if (pending || (uncertain && kind !== "close"))'
    " { if (pageAction(kind)) pageIntent(kind, extra);"
    " else { held.push([kind, extra, metadata]); publish(); } return; }\n"
)
DROPPED_WHILE_AWAITING = (
    "    if (!pageAction(kind) && awaitingRevision !== null"
    " && awaitingRevision > context.publishedRevision) return;\n"
)
HELD_WHILE_AWAITING = (
    "    if (!pageAction(kind) && (held.length || (awaitingRevision !== null"
    " && awaitingRevision > context.publishedRevision)))"
    " { held.push([kind, extra, metadata]); publish(); drain(); return; }\n"
)
QUERIES_NEXT = "    if (!context.authorized || uncertain) return;\n"
HELD_NEXT = (
    "    if (!context.authorized || uncertain) return;\n"
    "    if (held.length && !(awaitingRevision !== null"
    " && awaitingRevision > context.publishedRevision)) {\n"
    "      const [heldKind, heldBody, heldMetadata] = /** @type {[string, ActionBody, any]} */"
    " (held.shift());\n"
    "      beforePage(heldKind, heldBody); void perform(heldKind, heldBody, null, heldMetadata);"
    " return;\n"
    "    }\n"
)
TIME_MADE = '  const time = node("time", "discord-timestamp", rendered);\n'  # text.js
TIME_TICKS = (
    '  const time = node("time", "discord-timestamp", rendered);\n'
    '  if (valid && style === "R") tryoutCountdown(time, date, options.locale || "en-US");\n'
)
COUNTDOWNS = """
/* the try-out: a relative timestamp counts itself down every second, as Discord's client does */
const tryoutCountdowns = new Set();
/** @param {HTMLElement} element @param {Date} date @param {string} locale */
function tryoutCountdown(element, date, locale) {
  const entry = { element, date, made: Date.now(),
    format: new Intl.RelativeTimeFormat(locale, { numeric: "auto" }) };
  tryoutCountdownShow(entry);
  tryoutCountdowns.add(entry);
  if (tryoutCountdowns.size === 1) {
    const timer = setInterval(() => {
      for (const each of tryoutCountdowns) {
        if (each.element.isConnected || Date.now() - each.made < 2000) tryoutCountdownShow(each);
        else tryoutCountdowns.delete(each);
      }
      if (!tryoutCountdowns.size) clearInterval(timer);
    }, 1000);
  }
}
/** @param {any} entry */
function tryoutCountdownShow(entry) {
  const seconds = (entry.date.getTime() - Date.now()) / 1000;
  const absolute = Math.abs(seconds);
  const [unit, amount] = absolute < 60 ? ["second", seconds]
    : absolute < 3600 ? ["minute", seconds / 60]
      : absolute < 86400 ? ["hour", seconds / 3600]
        : absolute < 604800 ? ["day", seconds / 86400] : ["week", seconds / 604800];
  const text = entry.format.format(Math.round(amount), unit);
  if (entry.element.textContent !== text) entry.element.textContent = text;
}
"""

# the notice of a required option left empty: above its field, in room the command's row
# makes for it (below the field, the row, which scrolls sideways, showed its top half)
NOTICE_ABOVE = (
    "\n.command-error { top: auto; bottom: calc(100% + 3px); white-space: nowrap; }"
    "\n.command-row:has(.command-error) { padding-top: 30px; }\n"
)
# on a touch screen, a picture's actions (download, open) only once it is tapped into focus:
# SimCord shows them always there (`@media (hover: none)`), over the picture's last card
ACTIONS_ON_TAP = (
    "\n@media (hover: none) { .attachment-media:not(:focus-within) .attachment-media-actions"
    " { opacity: 0; pointer-events: none; } }\n"
)

EDITS: dict[str, tuple[tuple[str, str, str], ...]] = {
    "/commands.js": ((LIST_COMMIT, RUN_WHOLE_NAME, "Enter only takes a command from the list"),),
    "/components.js": ((BUTTON_CLICK, BUTTON_PRESS, "a press is lost when its button is redrawn"),),
    "/actions.js": (
        (DISPATCH, DISPATCH_PRESSED, "a click names its button by its place only"),
        (HELD_DECLARED, HELD, "actions made while one settles are dropped"),
        (DROPPED_WHILE_PENDING, HELD_WHILE_PENDING, "actions made while one settles are dropped"),
        (DROPPED_WHILE_AWAITING, HELD_WHILE_AWAITING, "actions made while one settles are dropped"),
        (QUERIES_NEXT, HELD_NEXT, "actions made while one settles are dropped"),
    ),
    "/text.js": ((TIME_MADE, TIME_TICKS, "countdowns stand still between publications"),),
}
APPENDED = {
    "/components.js": PRESSES,
    "/text.js": COUNTDOWNS,
    "/preview.css": NOTICE_ABOVE + ACTIONS_ON_TAP,
}


def edited(path: str, text: str) -> str:
    """SimCord's file at ``path`` (``/actions.js``) as the try-out serves it. A file whose
    snippets are not all found (exactly once each) is served as SimCord wrote it."""
    edits = EDITS.get(path, ())
    for snippet, _, loses in edits:
        if text.count(snippet) != 1:
            log.warning("SimCord's %s has changed: %s", path.lstrip("/"), loses)
            return text
    for snippet, replacement, _ in edits:
        text = text.replace(snippet, replacement)
    return text + APPENDED.get(path, "")
