"""`/poker rules`: each game's card says the rule book's facts (RULES §1-§5), fits in one
message, and sends players to the rules pages they can read (docs/rules/)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.dealer.options import TableOptions
from bot.text import Speaker
from cogs.poker._rules import rules_card

ROOT = Path(__file__).resolve().parents[2]
FACTS = {
    # RULES §2.3 (bring-in, suits), §2.5 (who acts), §2.6 (limits), §2.7, §2.8
    "seven_card_stud": [
        "lowest up card brings in",
        "clubs < diamonds < hearts < spades",
        "best showing hand",
        "big bet on 5th, 6th and 7th",
        "community card",
        "best five of your seven cards",
    ],
    # RULES §3.1, §3.2 (ties by the best single up card), §3.3 (low), §3.4 (split)
    "stud_hi_lo": ["2 to 6", "best single up card", "8 or lower", "A-2-3-4-5", "halved"],
    # RULES §4.1 (no ante), §4.3 (bring-in half), §4.4 (open pair), §4.6 (showdown order)
    "five_card_stud": ["no ante", "half the small bet", "Open pair", "best open hand"],
    # RULES §5.2 (blinds, button), §5.4 (first actor), §5.5-5.6 (draws), §5.7 (values)
    "triple_draw": [
        "button moves one seat",
        "left of the big blind",
        "0 to 5",
        "never the cards just thrown",
        "7-5-4-3-2",
    ],
}


@pytest.mark.parametrize("variant", sorted(FACTS))
def test_each_card_says_its_games_rules(variant: str) -> None:
    card = rules_card(Speaker("en"), variant)
    TableOptions(variant=variant)  # type: ignore[arg-type]  # a game /poker new deals
    for fact in FACTS[variant]:
        assert fact in card, fact
    for part in ("**Forced bets:**", "**Deal:**", "**Who acts first:**", "**Limits:**"):
        assert part in card
    assert "**Showdown:**" in card
    assert "**Fixed limit**" in card  # RULES §1.2-1.3
    assert len(card) < 2000


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("variant", sorted(FACTS))
def test_each_card_cites_rules_players_can_read(variant: str, language: str) -> None:
    """Issue 21: no section of a rule book that is not in the repository; the card names the
    players' rules pages of its game and of the house, in the reader's language, and they
    exist."""
    card = rules_card(Speaker(language), variant)  # type: ignore[arg-type]
    assert "§" not in card
    cited = re.findall(r"docs/rules/[a-z]+/[a-z-]+\.md", card)
    game = variant.replace("_", "-")
    assert cited == [f"docs/rules/{language}/{game}.md", f"docs/rules/{language}/house-rules.md"]
    for page in cited:
        assert (ROOT / page).is_file(), page
    assert len(card) < 2000
    url = "https://example.org/poker/blob/main/docs/"
    linked = rules_card(Speaker(language), variant, url)  # type: ignore[arg-type]
    assert f"<{url}rules/{language}/{game}.md>" in linked  # DOCS_URL: a link players open
    assert f"<{url}rules/{language}/house-rules.md>" in linked


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("dealers_choice", [False, True])
def test_a_mixed_tables_card_says_the_mix_and_the_game_dealt(
    language: str, dealers_choice: bool
) -> None:
    """Issue 42.14: at a mixed table `/poker rules` says how the games follow each other
    (RULES §10.1-10.2, or the dealer's choice of §10.5), then the card of the game dealt now,
    in one message, citing the mixed games' page too."""
    games = ("seven_card_stud", "razz", "stud_hi_lo", "five_card_stud", "triple_draw")
    mix = TableOptions(
        variant="razz", games=games, hands_per_game=4, dealers_choice=dealers_choice
    )
    say = Speaker(language)  # type: ignore[arg-type]
    for game in games:
        card = rules_card(say, game, mix=mix)
        head = card.split("\n")[0]
        if language == "en":
            assert head.startswith("**Dealer's choice**" if dealers_choice else "**Mixed games**")
            assert "Stud Hi-Lo" in head and "2-7 Triple Draw" in head, head
            assert ("in turn" in head) if dealers_choice else ("4 hands each" in head), head
        own = rules_card(say, game).split("\n")[:-1]  # the game's own card, but where to read
        assert "\n".join(own) in card
        cited = re.findall(r"docs/rules/[a-z]+/[a-z-]+\.md", card)
        assert cited[0] == f"docs/rules/{language}/mixed-games.md", cited
        for page in cited:
            assert (ROOT / page).is_file(), page
        assert len(card) < 2000, len(card)
