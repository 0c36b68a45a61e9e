"""The limits Discord's developer docs state more tightly than its OpenAPI schema, each with the
page that states it. :func:`doc_limits` yields ``(JSON pointer, rule, value)`` for each one a
request breaks; :mod:`tests.fakediscord.conformance` adds them to the schema's own."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

DOCS = "https://discord.com/developers/docs"
MESSAGE = f"{DOCS}/resources/message#create-message"
COMMANDS = f"{DOCS}/interactions/application-commands#application-command-object"
NAMING = f"{COMMANDS}-application-command-naming"
OPTION = f"{COMMANDS}-application-command-option-structure"
COMMAND = f"{COMMANDS}-application-command-structure"
BUTTON = f"{DOCS}/components/reference#button"
ACTION_ROW = f"{DOCS}/components/reference#action-row"
CUSTOM_ID = f"{DOCS}/components/reference#anatomy-of-a-component-custom-id"
SELECT = f"{DOCS}/components/reference#string-select"
UPLOADS = f"{DOCS}/reference#uploading-files"

CONTENT = 2000
INT53 = 2**53 - 1
NAME = re.compile(r"^[-_'\w\u0900-\u097f\u0e00-\u0e7f]{1,32}$")  # CHAT_INPUT names, lower case
ROWS = 5
BUTTONS_A_ROW = 5
CHOICES = 25
OPTIONS = 25
LABEL = 80
CUSTOM_ID_LENGTH = 100
SELECT_OPTIONS = range(1, 26)
FILES = 10
UPLOAD_BYTES = 10 * 1024 * 1024

Found = Iterator[tuple[str, str, Any]]


def doc_limits(template: str, method: str, body: Any) -> Found:
    if not isinstance(body, dict | list):
        return
    if template.endswith("/commands") and isinstance(body, list):
        for number, command in enumerate(body):
            yield from _command(f"/{number}", command)
    elif template.endswith(("/commands", "/commands/{command_id}")):
        yield from _command("", body)
    elif template.endswith("/callback") and isinstance(body, dict):
        if isinstance(body.get("data"), dict):
            yield from _message("/data", body["data"], interaction=True)
    elif isinstance(body, dict) and ("/messages" in template or template.startswith("/webhooks")):
        yield from _message("", body, interaction=template.startswith("/webhooks"))


# ---------------------------------------------------------------------------- commands


def _command(at: str, command: Any) -> Found:
    if not isinstance(command, dict):
        return
    chat_input = command.get("type", 1) in (1, None)
    yield from _named(at, command, chat_input=chat_input)
    if chat_input:
        yield from _description(at, command, COMMAND)
    yield from _options(at, command.get("options"))


def _named(at: str, item: dict[str, Any], *, chat_input: bool = True) -> Found:
    names = [("/name", item.get("name"))] + [
        (f"/name_localizations/{locale}", name)
        for locale, name in (item.get("name_localizations") or {}).items()
    ]
    for where, name in names:
        if not isinstance(name, str) or not 1 <= len(name) <= 32:
            yield at + where, f"a name is 1 to 32 characters ({NAMING})", name
        elif chat_input and (name != name.lower() or not NAME.match(name)):
            yield at + where, f"a slash command's name is lowercase, no spaces ({NAMING})", name


def _description(at: str, item: dict[str, Any], page: str) -> Found:
    texts = [("/description", item.get("description"))] + [
        (f"/description_localizations/{locale}", text)
        for locale, text in (item.get("description_localizations") or {}).items()
    ]
    for where, text in texts:
        if not isinstance(text, str) or not 1 <= len(text) <= 100:
            yield at + where, f"a description is 1 to 100 characters ({page})", text


def _options(at: str, options: Any) -> Found:
    if not options:
        return
    if len(options) > OPTIONS:
        yield at + "/options", f"at most {OPTIONS} options ({OPTION})", len(options)
    for number, option in enumerate(options):
        where = f"{at}/options/{number}"
        yield from _named(where, option)
        yield from _description(where, option, OPTION)
        choices = option.get("choices") or []
        if len(choices) > CHOICES:
            yield where + "/choices", f"at most {CHOICES} choices ({OPTION})", len(choices)
        for choice_number, choice in enumerate(choices):
            name = choice.get("name")
            if not isinstance(name, str) or not 1 <= len(name) <= 100:
                rule = f"a choice's name is 1 to 100 characters ({OPTION})"
                yield f"{where}/choices/{choice_number}/name", rule, name
        if option.get("type") == 4:  # INTEGER
            for bound in ("min_value", "max_value"):
                value = option.get(bound)
                if value is not None and not -INT53 <= value <= INT53:
                    yield (
                        f"{where}/{bound}",
                        f"an INTEGER option's bounds lie within ±(2^53-1) ({OPTION})",
                        value,
                    )
        yield from _options(where, option.get("options"))


# ---------------------------------------------------------------------------- messages


def _message(at: str, message: dict[str, Any], *, interaction: bool) -> Found:
    content = message.get("content")
    if isinstance(content, str) and len(content) > CONTENT:
        yield at + "/content", f"content is at most {CONTENT} characters ({MESSAGE})", content
    rows = message.get("components") or []
    if len(rows) > ROWS:
        yield at + "/components", f"at most {ROWS} action rows ({ACTION_ROW})", len(rows)
    seen: set[str] = set()
    for row_number, row in enumerate(rows):
        inner = row.get("components") or [] if isinstance(row, dict) else []
        buttons = [c for c in inner if isinstance(c, dict) and c.get("type") == 2]
        where = f"{at}/components/{row_number}"
        if len(buttons) > BUTTONS_A_ROW:
            yield where, f"at most {BUTTONS_A_ROW} buttons a row ({ACTION_ROW})", len(buttons)
        for number, component in enumerate(inner):
            if isinstance(component, dict):
                yield from _component(f"{where}/components/{number}", component, seen)
    if interaction:
        files = message.get("_files") or []
        if len(files) > FILES:
            yield at + "/attachments", f"at most {FILES} files ({UPLOADS})", len(files)
        size = sum(len(sent.data) for sent in files)
        if size > UPLOAD_BYTES:
            yield at + "/attachments", f"at most 10 MiB of files ({UPLOADS})", size


def _component(where: str, component: dict[str, Any], seen: set[str]) -> Found:
    custom_id = component.get("custom_id")
    if custom_id is not None:
        if len(custom_id) > CUSTOM_ID_LENGTH:
            rule = f"a custom id is at most 100 characters ({BUTTON})"
            yield where + "/custom_id", rule, custom_id
        if custom_id in seen:
            yield (
                where + "/custom_id",
                f"a custom id is unique in a message ({CUSTOM_ID})",
                custom_id,
            )
        seen.add(custom_id)
    label = component.get("label")
    if component.get("type") == 2 and isinstance(label, str) and len(label) > LABEL:
        yield where + "/label", f"a button's label is at most {LABEL} characters ({BUTTON})", label
    if component.get("type") == 3:
        options = component.get("options") or []
        if len(options) not in SELECT_OPTIONS:
            yield where + "/options", f"a select menu has 1 to 25 options ({SELECT})", len(options)
