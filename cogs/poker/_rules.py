"""`/poker rules [variant]`: a short card of each game (catalogue keys ``rules-<game>`` and
``rules-common``), ending with where the whole rules are: the players' rules pages in the
repository (docs/rules/, in the reader's language). Defaults are those of `/poker new`; a table
may change them. At a mixed table, the card of the mix (RULES §10) comes first."""

from __future__ import annotations

from bot.dealer.options import TableOptions, game_name
from bot.text import Items, Speaker


def rules_page(language: str, name: str) -> str:
    """A rules page's path in the repository (under docs/)."""
    return f"rules/{language}/{name}.md"


def rules_card(
    say: Speaker, variant: str, docs_url: str = "", *, mix: TableOptions | None = None
) -> str:
    """The card, ending with the rules pages: links where the operator said where the docs are
    read (``DOCS_URL``), else their paths in the repository. ``mix``: a mixed table's options,
    whose games and their order (or the dealer's choice) the card says first."""
    game = variant.replace("_", "-")
    names = (game, "house-rules") if mix is None else ("mixed-games", game, "house-rules")
    pages = [f"<{docs_url}{path}>" if docs_url else f"`docs/{path}`" for path in
             (rules_page(say.language, name) for name in names)]  # fmt: skip
    lines = [say(f"rules-{game}"), say("rules-common")]
    if mix is None:
        return "\n".join([*lines, say("rules-read", page=pages[0], house=pages[1])])
    games = Items(tuple(game_name(key) for key in mix.games), "standard")
    key = "rules-dealers-choice" if mix.dealers_choice else "rules-mixed"
    read = say("rules-read-mixed", mix=pages[0], page=pages[1], house=pages[2])
    return "\n".join([say(key, games=games, hands=mix.hands_per_game), *lines, read])


def overview(say: Speaker) -> str:
    return say("rules-overview")
