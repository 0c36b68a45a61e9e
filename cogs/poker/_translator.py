"""Slash commands in the reader's language, through discord.py's ``app_commands.Translator``.

Descriptions and choice names are written in code as :func:`described` (the English text
from the catalogue, with its key); command, group and option names are literal identifiers,
and their French names live in the catalogue under keys made from them
(``cmd-name-poker-new``, ``opt-name-buy_in``). English is Discord's default: nothing to do."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from discord import Locale, app_commands

from bot.text import catalogue, language_of, text

T = TypeVar("T")


def described(key: str) -> app_commands.locale_str:
    """A description or choice name: English now, other languages by ``key``."""
    return app_commands.locale_str(text("en", key), key=key)


def options_described(command: str, *names: str) -> Callable[[T], T]:
    """``app_commands.describe`` for options whose descriptions are keyed
    ``opt-desc-<command>-<option>``."""
    return app_commands.describe(
        **{name: described(f"opt-desc-{command}-{name}") for name in names}
    )


def choice(key: str, value: str) -> app_commands.Choice[str]:
    return app_commands.Choice(name=described(key), value=value)


def name_key(context: app_commands.TranslationContextTypes) -> str | None:
    """The catalogue key of a command's, group's or option's name."""
    location, data = context.location, context.data
    if location in (
        app_commands.TranslationContextLocation.command_name,
        app_commands.TranslationContextLocation.group_name,
    ):
        qualified = getattr(data, "qualified_name", "")
        return "cmd-name-" + qualified.replace(" ", "-")
    if location is app_commands.TranslationContextLocation.parameter_name:
        return "opt-name-" + str(getattr(data, "name", ""))
    return None


class CatalogueTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        language = language_of(locale)
        if language == "en":
            return None
        key = string.extras.get("key") or name_key(context)
        if key is None or not catalogue().has(language, key):
            return None
        return catalogue().text(language, key)
