"""`/poker rules [variant]`: a short card of each game, written from RULES.md, whose sections
the cards cite (catalogue keys ``rules-<game>`` and ``rules-common``). Defaults are those of
`/poker new` (§2.3, §4.3, §5.3); a table may change them."""

from __future__ import annotations

from bot.text import Speaker


def rules_card(say: Speaker, variant: str) -> str:
    return say(f"rules-{variant.replace('_', '-')}") + "\n" + say("rules-common")


def overview(say: Speaker) -> str:
    return say("rules-overview")
