"""Issue 11: one Fluent catalogue per language, with exactly the same keys, holding every key the
code uses; numbers and plurals as each language writes them; slash commands translated."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import discord
import pytest
from discord import app_commands

from bot.dealer import wording
from bot.dealer.views import Notice
from bot.poker.events import ActionKind
from bot.poker.variants import VARIANTS
from bot.text import LANGUAGES, Catalogue, Items, Msg, Name, Speaker, catalogue
from cogs.poker._economy import REASONS
from cogs.poker._render import GAME_KEYS, _in_sentence, notice_text
from cogs.poker._translator import CatalogueTranslator

ROOT = Path(__file__).resolve().parents[2]
KEYED = {
    "Msg",
    "TableError",
    "StalePrompt",
    "Refused",
    "StoreRefusal",
    "InvalidOption",
    "described",
    "choice",
    "say",
    "text",
}
KEY = re.compile(r"[a-z0-9]+(-[a-z0-9_]+)+")


def test_both_catalogues_have_exactly_the_same_keys() -> None:
    english, french = catalogue().keys("en"), catalogue().keys("fr")
    assert english == french
    assert len(english) > 300


def test_a_catalogue_that_does_not_parse_is_refused() -> None:
    with pytest.raises(ValueError, match="does not parse"):
        Catalogue({"en": "good = fine\n* broken line\n", "fr": ""})


def _literal_keys() -> set[str]:
    """Every literal first argument of a call that takes a catalogue key."""
    found = set()
    for folder in ("cogs", "bot"):
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text("utf-8"))):
                if not isinstance(node, ast.Call) or not node.args:
                    continue
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                first = node.args[0]
                if (
                    name in KEYED
                    and isinstance(first, ast.Constant)
                    and isinstance(first.value, str)
                    and KEY.fullmatch(first.value)
                ):
                    found.add(first.value)
    return found


def _computed_keys() -> set[str]:
    """The keys made from data: games, streets, ranks, buttons, reasons, engine codes."""
    keys = {f"game-{g.replace('_', '-')}" for g in GAME_KEYS}
    keys |= {f"rules-{g.replace('_', '-')}" for g in GAME_KEYS}
    for variant in VARIANTS.values():
        keys |= {wording.street(variant.key, i).key for i in range(len(variant.streets))}
    for rank in range(2, 15):
        keys |= {f"rank-{rank}", f"ranks-{rank}", f"rank-small-{rank}"}
    keys |= {wording.button(kind, 10).key for kind in ActionKind}
    keys |= {f"language-{lang}" for lang in LANGUAGES}
    codes = ("small-bet-minimum", "bring-in-range", "ante-range", "blinds-only", "small-bet-even")
    keys |= {f"engine-{code}" for code in (*codes, "seed-format")}
    keys |= {f"stakes-{code}" for code in codes}
    keys |= {f"reason-{reason.replace('_', '-')}" for reason in REASONS}
    return keys


def test_every_key_the_code_uses_exists() -> None:
    used = _literal_keys() | _computed_keys()
    assert len(used) > 250
    for language in LANGUAGES:
        assert sorted(key for key in used if not catalogue().has(language, key)) == []


def test_numbers_and_plurals_follow_the_language() -> None:
    english, french = Speaker("en"), Speaker("fr")
    assert english("wallet-chips", chips=1234567, on_tables=0) == "1,234,567 chips"
    assert french("wallet-chips", chips=1234567, on_tables=0) == "1\u202f234\u202f567 jetons"
    assert french("wallet-chips", chips=1, on_tables=0) == "1 jeton"
    assert french("draw-done", count=1) == "Tu as écarté 1 carte."
    assert french("draw-done", count=3) == "Tu as écarté 3 cartes."
    assert french("draw-done", count=0) == "Tu joues servi."
    per_100 = french("signed-decimal", sign="minus", amount=2.5)
    assert per_100 == "-2,5"
    assert english("signed-decimal", sign="minus", amount=2.5) == "-2.5"


def test_hand_values_in_french_follow_the_rule_sheets() -> None:
    """Paire, Brelan, Carré, Full, Couleur, Quinte (the French sheets), with d'As elided: the
    high values of RULES §2.8 and the deuce-to-seven low of §5.7 (7-5-4-3-2 is the best)."""
    from bot.poker.cards import parse_cards
    from bot.poker.hands import evaluate_deuce_seven, evaluate_high

    french = Speaker("fr")

    def named(cards: str) -> str:
        return french.render(wording.high_value(evaluate_high(parse_cards(cards))))

    assert named("As Ad 7c 5h 2d") == "Paire d'As"
    assert named("Ks Kd 7c 5h 2d") == "Paire de Rois"
    assert named("Ks Kd Kc 3h 3d") == "Full aux Rois par les Trois"
    assert named("Qs Qd Qc Qh 2d") == "Carré de Dames"
    assert named("9s 8s 7s 6s 5s") == "Quinte flush hauteur Neuf"
    assert named("As Ks Qs Js Ts") == "Quinte flush royale"
    assert named("As Kd 9c 5h 2d") == "Hauteur As"
    low = wording.deuce_seven_value(evaluate_deuce_seven(parse_cards("7c 5d 4h 3s 2c")))
    assert french.render(low) == "Low 7-5-4-3-2"  # the ranks, as Hi-Lo lows are written
    assert Speaker("en").render(low) == "Seven-five low (7-5-4-3-2)"
    # issue 42.14: in 2-7 the ace is high, and A-6-4-3-2 a poor hand, not a Razz wheel
    ace = wording.deuce_seven_value(evaluate_deuce_seven(parse_cards("Ac 6d 4h 3s 2c")))
    assert Speaker("en").render(ace) == "Ace high, no pair (A-6-4-3-2)"
    assert french.render(ace) == "Hauteur As, sans paire (A-6-4-3-2)"
    said = _in_sentence(Speaker("en"), ace)
    assert said == "ace high, no pair (A-6-4-3-2)", said


def test_names_are_escaped_in_every_language() -> None:
    for language in LANGUAGES:
        text = notice_text(Speaker(language), Notice("left", {"name": "@everyone", "chips": 5}))
        assert "\\@everyone" in text
        listed = Speaker(language).render(
            Msg("summary-stacks", stacks=Items((Msg("name-chips", name=Name("<@1>"), chips=1),)))
        )
        assert "<@1>" not in listed


async def test_every_command_option_and_choice_has_its_french_name() -> None:
    """Through discord.py's own payload building: what Discord receives at sync."""
    from cogs.poker._admin import AdminCog
    from cogs.poker._commands import PokerCog

    client = discord.Client(intents=discord.Intents.none())
    tree = app_commands.CommandTree(client)
    await tree.set_translator(CatalogueTranslator())
    translator = tree.translator
    assert translator is not None
    name_rule = re.compile(r"^[-_\w]{1,32}$")
    for group in (PokerCog.poker, AdminCog.admin):
        payload = await group.get_translated_payload(tree, translator)
        assert payload["name_localizations"]["fr"] == group.name
        assert payload["description_localizations"]["fr"]
        for command in payload["options"]:
            french = command["name_localizations"]["fr"]
            assert name_rule.match(french) and french == french.lower(), french
            assert command["description_localizations"]["fr"] != command["description"]
            for option in command.get("options", []):
                assert name_rule.match(option["name_localizations"]["fr"])
                assert option["description_localizations"]["fr"]
                for choice in option.get("choices", []):
                    assert choice["name_localizations"]["fr"]
    await client.close()


SINGULAR_WRONG = re.compile(
    r"(?<![\d,.  ])1 (chips|hands|players|seats|cards|jetons|mains|joueurs|sièges|cartes)\b"
)


@pytest.mark.parametrize("language", LANGUAGES)
def test_one_of_anything_is_said_in_the_singular(language: str) -> None:
    """Issue 21: "1 chip", "1 hand", "1 jeton", "1 carte" (Fluent plurals): every message, each
    of its values 1, says no "1 chips"; and 2 is still plural where 1 is singular."""
    from fluent.syntax import FluentParser, visitor
    from fluent.syntax.ast import Message as Entry
    from fluent.syntax.ast import VariableReference

    class Variables(visitor.Visitor):
        def __init__(self) -> None:
            self.names: set[str] = set()

        def visit_VariableReference(self, node: VariableReference) -> None:  # noqa: N802
            self.names.add(node.id.name)

    source = catalogue().sources[language]  # type: ignore[index]
    checked = 0
    for entry in FluentParser().parse(source).body:
        if not isinstance(entry, Entry) or entry.value is None:
            continue
        found = Variables()
        found.visit(entry)
        if not found.names:
            continue
        one = catalogue().text(language, entry.id.name, **dict.fromkeys(found.names, 1))  # type: ignore[arg-type]
        assert not SINGULAR_WRONG.search(one), (entry.id.name, one)
        checked += 1
    assert checked > 100
    say = Speaker(language)  # type: ignore[arg-type]
    assert say("seated", seat=2, chips=2).endswith(("2 chips.", "2 jetons."))
    assert say("seated", seat=1, chips=1).endswith(("1 chip.", "1 jeton."))


def test_every_message_can_be_compiled_at_start_up() -> None:
    """Start-up compiles the whole catalogue, then sets it aside from the garbage collector's
    full rounds (issue 43): a message compiled later would grow among the tables' objects."""
    fresh = Catalogue.load()
    fresh.compile_all()
    for language in LANGUAGES:
        compiled = fresh._bundles[language]._compiled
        assert fresh.keys(language) <= set(compiled)


def test_places_read_as_ordinals_in_any_field() -> None:
    """A night of any size tells places (RULES §11.8): English ordinals past the teens too,
    French its own."""
    english, french = Speaker("en"), Speaker("fr")
    places = (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112, 122)
    assert [english.render(Msg("place", place=n)) for n in places] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th",
        "21st", "22nd", "23rd", "101st", "111th", "112th", "122nd",
    ]  # fmt: skip
    assert [french.render(Msg("place", place=n)) for n in (1, 2, 21)] == ["1re", "2e", "21e"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_free_night_says_so_rather_than_naming_zero_chips(language: str) -> None:
    """A practice night (computers entered, RULES §8.4) costs nothing: its lobby, a
    registration and the results say so, never "buy-in 0" or "prize pool 0"; a paid one names
    its buy-in and pool."""
    say = Speaker(language)
    free = [
        say("night-lobby-terms", start="S", buy_in=0, chips=100, minutes=2, seats=8),
        say("night-registered", name=Name("Friday"), buy_in=0),
        say("night-results", name=Name("Friday"), entrants=3, pool=0),
        say("night-board-paid", paid=3, pool=0),
    ]
    paid = [
        say("night-lobby-terms", start="S", buy_in=100, chips=100, minutes=2, seats=8),
        say("night-registered", name=Name("Friday"), buy_in=100),
        say("night-results", name=Name("Friday"), entrants=3, pool=300),
        say("night-board-paid", paid=3, pool=300),
    ]
    assert not any(re.search(r"\b0\b", text) for text in free), free
    assert "gratuite" in free[0] + free[1] or "free entry" in free[0] + free[1]
    assert all(re.search(r"\b(100|300)\b", text) for text in paid), paid
