"""Every word players read comes from one Fluent catalogue per language
(``bot/text/locales/<language>.ftl``): plurals, number formats and word order are the
catalogue's, so code never glues sentences from fragments.

Code that decides *what* to say builds a :class:`Msg` (a key and its values); only the
presentation layer renders it, in the reader's language. Values are numbers (formatted for the
language: ``1,000`` / ``1 000``), plain strings (ids, cards, already rendered text), a
:class:`Name` (a display name, escaped so that it can neither ping nor format), a nested
:class:`Msg`, or :class:`Items` (a list in the language's style: ``A, B and C``).
"""

from __future__ import annotations

from bot.text.catalogue import (
    LANGUAGES,
    Arg,
    Catalogue,
    Items,
    Language,
    Msg,
    Name,
    Refused,
    Speaker,
    catalogue,
    from_data,
    language_of,
    message_from_data,
    plain,
    render,
    text,
    to_data,
)

__all__ = [
    "LANGUAGES",
    "Arg",
    "Catalogue",
    "Items",
    "Language",
    "Msg",
    "Name",
    "Refused",
    "Speaker",
    "catalogue",
    "from_data",
    "language_of",
    "message_from_data",
    "plain",
    "render",
    "text",
    "to_data",
]
