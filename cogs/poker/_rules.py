"""`/poker rules [variant]`: a short card of each game (catalogue keys ``rules-<game>`` and
``rules-common``), ending with where the whole rules are: the players' rules pages in the
repository (docs/rules/, in the reader's language). Defaults are those of `/poker new`; a table
may change them."""

from __future__ import annotations

from pathlib import Path

from bot.text import Speaker

PAGES = Path(__file__).resolve().parents[2] / "docs" / "rules"


def rules_page(language: str, name: str) -> str:
    """A rules page's path in the repository, as the card names it."""
    return f"docs/rules/{language}/{name}.md"


def rules_card(say: Speaker, variant: str) -> str:
    game = variant.replace("_", "-")
    read = say(
        "rules-read",
        page=rules_page(say.language, game),
        house=rules_page(say.language, "house-rules"),
    )
    return "\n".join((say(f"rules-{game}"), say("rules-common"), read))


def overview(say: Speaker) -> str:
    return say("rules-overview")
