"""The catalogues and the rendering of a :class:`Msg` in one language."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal, TypeAlias, cast

from babel.lists import format_list
from fluent.runtime import FluentBundle, FluentResource
from fluent.runtime.types import FluentType
from fluent.syntax import FluentParser
from fluent.syntax.ast import Junk, Message

log = logging.getLogger(__name__)

Language = Literal["en", "fr"]
LANGUAGES: tuple[Language, ...] = ("en", "fr")
DEFAULT: Language = "en"
LOCALES = Path(__file__).with_name("locales")
NAME_LIMIT = 32
# the values that hold players' display names: a Name (or names in Items), never a str (issue
# 42.2: a raw name put a live link in the table message); the tests' strict catalogue checks
NAME_ARGS = ("name", "names", "chooser", "high_names", "low_names")
DRAWN = "picture-"  # the keys of words drawn in pictures, where no markdown is read
RENDERED = 50_000  # texts kept once rendered (a few MB), then forgotten all at once
_MARKDOWN = re.compile(r"([\\*_~`|<>#\[\]@:/()-])")
# bidirectional controls (embeddings, overrides, isolates, marks): one in a name would reverse
# the rest of its line, a stack of 96 read as 69 (issue 20.3)
_BIDI_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")


def ordinal(number: Any) -> str:
    """The catalogues' ``ORDINAL($n)``: English's ordinal plural category of ``n`` (CLDR: 1st,
    2nd, 3rd, 4th, 11th-13th, 21st...), which fluent.runtime's ``NUMBER`` does not give."""
    value = int(number)
    if value % 100 in (11, 12, 13):
        return "other"
    return {1: "one", 2: "two", 3: "few"}.get(value % 10, "other")


# Black suits in text presentation (issue 36.7): Discord draws a bare ♠ or ♣ as an emoji, a
# near-black symbol unreadable on its dark theme (and so does a browser's emoji font), but
# leaves one followed by VARIATION SELECTOR-15 as text, in the text's own colour: white on dark,
# black on light. ♥ and ♦ stay emoji, red in both themes. The text is the same for screen
# readers and scripts (a selector is no character of its own: strip U+FE0E to compare).
TEXT_STYLE = "\ufe0e"
_BLACK_SUITS = re.compile(f"([♠♣])(?!{TEXT_STYLE})")


def readable_suits(text: str) -> str:
    """``text`` with each ♠ and ♣ in text presentation (once: a second call changes nothing)."""
    return _BLACK_SUITS.sub(rf"\1{TEXT_STYLE}", text) if "♠" in text or "♣" in text else text


def clean_name(name: str) -> str:
    """A display name without bidirectional controls, on one line: what is stored and drawn."""
    return " ".join(_BIDI_CONTROLS.sub("", name).split())


def language_of(tag: object) -> Language:
    """The catalogue for a Discord locale (``fr``, ``en-US``, a ``discord.Locale``...): French
    for any French, else English."""
    value = str(getattr(tag, "value", tag) or "").lower()
    return "fr" if value.startswith("fr") else DEFAULT


def plain(name: str, limit: int = NAME_LIMIT) -> str:
    """A display name that can neither ping, link nor format: on one line, cut to ``limit``
    characters, then every markdown character escaped (Discord drops a backslash before any
    punctuation, so readers see the name as it is)."""
    flat = clean_name(name)
    cut = flat if len(flat) <= limit else flat[: limit - 1] + "…"
    return _MARKDOWN.sub(r"\\\1", cut)


@dataclass(frozen=True, slots=True)
class Name:
    """A display name: escaped and cut to ``limit`` when rendered."""

    text: str
    limit: int = NAME_LIMIT


@dataclass(frozen=True, slots=True)
class Items:
    """A list, joined as the language joins lists: ``standard`` (``A, B and C``) or ``unit``
    (``A, B, C`` in English, ``A, B et C`` in French)."""

    parts: tuple[Arg, ...]
    style: Literal["standard", "unit"] = "unit"


@dataclass(frozen=True, slots=True, init=False, match_args=True)
class Msg:
    """A catalogue key and its values: what to say, not yet in any language."""

    key: str
    args: tuple[tuple[str, Arg], ...]

    def __init__(self, key: str, /, **args: Arg) -> None:
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "args", tuple(args.items()))


Arg: TypeAlias = "int | float | str | Name | Msg | Items"


def to_data(value: Arg) -> Any:
    """A message or value as plain JSON data (announcements wait in the database)."""
    match value:
        case Msg(key, args):
            return {"key": key, "args": {name: to_data(arg) for name, arg in args}}
        case Name(text, limit):
            return {"name": text, "limit": limit}
        case Items(parts, style):
            return {"items": [to_data(part) for part in parts], "style": style}
    return value


def from_data(data: Any) -> Arg:
    """The inverse of :func:`to_data`."""
    if isinstance(data, dict):
        if "key" in data:
            return Msg(str(data["key"]), **{k: from_data(v) for k, v in data["args"].items()})
        if "name" in data:
            return Name(str(data["name"]), int(data["limit"]))
        style: Literal["standard", "unit"] = (
            "standard" if data.get("style") == "standard" else "unit"
        )
        return Items(tuple(from_data(part) for part in data["items"]), style)
    if isinstance(data, int | float | str) and not isinstance(data, bool):
        return data
    raise ValueError(f"not a message value: {data!r}")


def message_from_data(data: Any) -> Msg:
    found = from_data(data)
    if not isinstance(found, Msg):
        raise ValueError("not a message")
    return found


class Catalogue:
    """One Fluent bundle per language. ``strict`` (the tests) turns a missing key or value into
    an error; otherwise it is logged and Fluent's fallback text is shown."""

    def __init__(self, sources: dict[Language, str]) -> None:
        self.strict = False
        self.sources = sources
        self._bundles: dict[Language, FluentBundle] = {}
        self._keys: dict[Language, set[str]] = {}
        self._rendered: dict[tuple[Language, str, tuple[tuple[str, Arg], ...]], str] = {}
        for language, source in sources.items():
            entries = FluentParser().parse(source).body
            junk = [entry for entry in entries if isinstance(entry, Junk)]
            if junk:
                raise ValueError(f"{language}.ftl does not parse: {str(junk[0].content)[:80]!r}")
            # a function's string result selects the variant of that name (fluent.runtime
            # matches strings by equality), though its types ask for a FluentType
            functions = {"ORDINAL": cast("Callable[[Any], FluentType]", ordinal)}
            bundle = FluentBundle([language], functions=functions, use_isolating=False)
            bundle.add_resource(FluentResource(source))
            self._bundles[language] = bundle
            self._keys[language] = {e.id.name for e in entries if isinstance(e, Message)}

    @classmethod
    def load(cls) -> Catalogue:
        return cls({lang: (LOCALES / f"{lang}.ftl").read_text("utf-8") for lang in LANGUAGES})

    def compile_all(self) -> None:
        """Compile every message now (Fluent compiles each at its first use): the catalogue is
        then complete at start-up, where it can be set aside from the garbage collector's
        rounds (``bot.client.settle_heap``) instead of growing among the tables' objects."""
        for language, bundle in self._bundles.items():
            for key in self._keys[language]:
                bundle.get_message(key)

    def keys(self, language: Language) -> set[str]:
        return set(self._keys[language])

    def has(self, language: Language, key: str) -> bool:
        return key in self._keys[language]

    def text(self, language: Language, key: str, /, **args: Arg) -> str:
        """The message in ``language``. A table's messages say the same lines again and again
        (seats, stacks, amounts), and Fluent's formatting is slow (a tenth of the event loop's
        time at 50 busy tables): each text is kept once rendered, up to :data:`RENDERED`."""
        found = (language, key, tuple(args.items()))
        try:
            known = self._rendered.get(found)
        except TypeError:  # a value that cannot be a key: rendered as it comes
            return self._text(language, key, args)
        if known is not None and not any(type(value) is bool for value in args.values()):
            return known
        result = self._text(language, key, args)
        if len(self._rendered) >= RENDERED:
            self._rendered.clear()
        self._rendered[found] = result
        return result

    def _text(self, language: Language, key: str, args: dict[str, Arg]) -> str:
        bundle = self._bundles[language]
        if not bundle.has_message(key):
            return self._fail(f"no message {key!r} in {language}", key)
        if self.strict and not key.startswith(DRAWN):  # a name as plain text would ping,
            raw = [name for name in NAME_ARGS if isinstance(args.get(name), str)]  # or format
            if raw:
                return self._fail(f"{key!r} given a name as plain text: {raw}", key)
        values = {name: self._value(language, value) for name, value in args.items()}
        pattern = bundle.get_message(key).value
        if pattern is None:
            return self._fail(f"message {key!r} has no value in {language}", key)
        result, errors = bundle.format_pattern(pattern, values)
        if errors:
            self._fail(f"{key!r} in {language}: {errors}", key)
        return readable_suits(str(result))

    def render(self, language: Language, message: Msg) -> str:
        return self.text(language, message.key, **dict(message.args))

    def _value(self, language: Language, value: Arg) -> int | float | str:
        match value:
            case bool():
                raise TypeError("a catalogue value is never a bool")
            case int() | float() | str():
                return value
            case Name(name, limit):
                return plain(name, limit)
            case Msg():
                return self.render(language, value)
            case Items(parts, style):
                shown = [str(self._value(language, part)) for part in parts]
                return format_list(shown, style=style, locale=language) if shown else ""
        raise TypeError(f"cannot show {value!r}")

    def _fail(self, problem: str, key: str) -> str:
        if self.strict:
            raise LookupError(problem)
        log.error("catalogue: %s", problem)
        return key


@cache
def catalogue() -> Catalogue:
    return Catalogue.load()


def render(language: Language, message: Msg) -> str:
    return catalogue().render(language, message)


def text(language: Language, key: str, /, **args: Arg) -> str:
    return catalogue().text(language, key, **args)


@dataclass(frozen=True, slots=True)
class Speaker:
    """Words in one language: ``say("key", value=1)`` or ``say.render(message)``."""

    language: Language

    def __call__(self, key: str, /, **args: Arg) -> str:
        return catalogue().text(self.language, key, **args)

    def render(self, message: Msg) -> str:
        return catalogue().render(self.language, message)


class Refused(Exception):
    """A request refused, with the reason as a catalogue message for the user. ``str()`` is
    the English text (logs and tests)."""

    def __init__(self, key: str, /, **args: Arg) -> None:
        self.message = Msg(key, **args)
        super().__init__(key)

    def __str__(self) -> str:
        return catalogue().render(DEFAULT, self.message)
