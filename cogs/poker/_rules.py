"""`/poker rules [variant]`: a short card of each game (catalogue keys ``rules-<game>`` and
``rules-common``), ending with where the whole rules are: the players' rules pages in the
repository (docs/rules/, in the reader's language). Defaults are those of `/poker new`; a table
may change them."""

from __future__ import annotations

from bot.text import Speaker


def rules_page(language: str, name: str) -> str:
    """A rules page's path in the repository (under docs/)."""
    return f"rules/{language}/{name}.md"


def rules_card(say: Speaker, variant: str, docs_url: str = "") -> str:
    """The card, ending with the rules pages: links where the operator said where the docs are
    read (``DOCS_URL``), else their paths in the repository."""
    game = variant.replace("_", "-")
    pages = (rules_page(say.language, game), rules_page(say.language, "house-rules"))
    page, house = (f"<{docs_url}{path}>" if docs_url else f"`docs/{path}`" for path in pages)
    read = say("rules-read", page=page, house=house)
    return "\n".join((say(f"rules-{game}"), say("rules-common"), read))


def overview(say: Speaker) -> str:
    return say("rules-overview")
