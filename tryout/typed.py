"""Slash commands typed in the page's message box (issues 36.10 and 36.11).

On Discord, typing ``/poker balance`` opens the list of commands and Enter runs the one chosen.
SimCord's page takes three gestures for it, and posts a command it does not know as chat: every
French name (``/poker solde``), since it names the commands in English only. The try-out reads
what the member sends from the table's page: a message that begins with ``/poker`` (or
``/poker-admin``) runs the slash command it names, in English or in French, with its options
written ``name:value``, and is not posted (issue 42.12). A message that names no command is
posted as it is."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

import simcord
from discord import app_commands
from simcord.preview import _actions as simcord_actions

from bot.text.catalogue import LANGUAGES, catalogue

log = logging.getLogger("tryout")

OPTION = re.compile(r"(?P<name>[^\s:]+):(?P<value>\S+)")
YES, NO = frozenset({"yes", "oui", "true", "on"}), frozenset({"no", "non", "false", "off"})


@cache
def command_names() -> dict[tuple[str, str], str]:
    """(the English path so far, a name in either language) -> the English name."""
    found: dict[tuple[str, str], str] = {}
    words = catalogue()
    for key in sorted(words.keys("en")):
        if not key.startswith("cmd-name-"):
            continue
        english = words.text("en", key)
        path = key.removeprefix("cmd-name-")
        if not path.endswith(english):
            continue
        parent = path.removesuffix(english).removesuffix("-")
        for language in LANGUAGES:
            if words.has(language, key):
                found[parent, words.text(language, key)] = english
    return found


@cache
def option_names() -> dict[str, set[str]]:
    """An option's name in either language -> the English names it may be (French says
    ``jeu`` for both ``variant`` and ``game``: the command tells which)."""
    words: Any = catalogue()
    found: dict[str, set[str]] = {}
    for key in words.keys("en"):
        if key.startswith("opt-name-"):
            english = key.removeprefix("opt-name-")
            for language in LANGUAGES:
                if words.has(language, key):
                    found.setdefault(words.text(language, key), set()).add(english)
    return found


def parse(
    text: str, accepts: Callable[[str], dict[str, str]] = lambda _: {}
) -> tuple[str, dict[str, Any]] | None:
    """``/poker solde`` -> ("poker balance", {}); ``None`` for anything else. ``accepts``:
    a command's options (English name -> kind: ``integer``, ``boolean``, ``string``...), to
    tell apart two options of one French name and to read each value as its kind."""
    if not text.startswith("/"):
        return None
    names, options = command_names(), option_names()
    path: list[str] = []
    chosen: dict[str, Any] = {}
    for word in text[1:].split():
        option = OPTION.fullmatch(word)
        if option is not None:
            kinds = accepts(" ".join(path))
            candidates = options.get(option["name"], {option["name"]})
            name = min(candidates & set(kinds) or candidates)
            chosen[name] = _value(option["value"], kinds.get(name, ""))
            continue
        english = names.get(("-".join(path), word.lower()))
        if english is None or chosen:
            return None
        path.append(english)
    if len(path) < 2:  # a group alone runs nothing
        return None
    return " ".join(path), chosen


def _value(text: str, kind: str) -> Any:
    """As the option's kind reads it; a string option keeps ``123`` as text."""
    if kind in ("integer", "") and re.fullmatch(r"-?\d+", text):
        return int(text)
    if kind in ("boolean", "") and text.lower() in YES | NO:
        return text.lower() in YES
    return text


def accepted_by(tree: app_commands.CommandTree[Any]) -> Callable[[str], dict[str, str]]:
    """A command's options and their kinds, by its English path (``poker new``)."""

    def accepts(path: str) -> dict[str, str]:
        group, *rest = path.split() or [""]
        found: Any = tree.get_command(group)
        for name in rest:
            found = found.get_command(name) if isinstance(found, app_commands.Group) else None
        if isinstance(found, app_commands.Command):
            return {parameter.name: parameter.type.name for parameter in found.parameters}
        return {}

    return accepts


def typed_commands_run() -> None:
    """A message sent from the table's page that names a command runs it, as the member's own
    slash command, and is not posted (SimCord's page posted it as chat: issue 42.12)."""
    prepare = getattr(simcord_actions, "_prepare_send_action")  # noqa: B009 (private)
    if getattr(prepare, "runs", False):
        return

    def preparing(preview: Any, page: Any, body: Mapping[str, Any]) -> Any:
        posting = prepare(preview, page, body)  # SimCord's checks: the page may send here
        found = typed_command(preview, page, body)
        if found is None:
            return posting
        name, options = found
        member = page.viewer

        async def run(action: Any, cursor: int) -> dict[str, Any]:
            log.info("typed: /%s", name)
            answered: dict[str, Any] = await preview._run_interaction_action(
                page, action, cursor, member.slash(preview.channel, name, **options),
                republish_all=True,
            )  # fmt: skip
            return answered

        return run

    preparing.runs = True  # type: ignore[attr-defined]
    setattr(simcord_actions, "_prepare_send_action", preparing)  # noqa: B010 (private)


def typed_command(
    preview: Any, page: Any, body: Mapping[str, Any]
) -> tuple[str, dict[str, Any]] | None:
    """The command a message from the page names, with its options; ``None`` for a chat
    message, a reply, or a page whose viewer is not a member (the direct messages)."""
    content, tree = body.get("content"), getattr(getattr(preview.env, "bot", None), "tree", None)
    if not isinstance(content, str) or body.get("reply_to_id") is not None or tree is None:
        return None
    if not isinstance(page.viewer, simcord.MemberActor):
        return None
    return parse(content.strip(), accepted_by(tree))
