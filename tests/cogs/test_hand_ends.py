"""Hands and their ends as players read them (issue 21): a private value that is current (RULES
§3.3: a low is five different ranks of 8 or lower), a 2-7 hand from its highest card (§5.7),
the summary in sentences with "no low" said once and each pot's halves (§3.4)."""

from __future__ import annotations

from bot.dealer import describe
from bot.dealer.views import HandSummary, PotResult, ShownHand
from bot.poker.cards import parse_cards
from bot.text import Msg, Speaker
from cogs.poker._render import private_content, summary_content
from tests.poker.helpers import act, check_round, make_hand

SAY = Speaker("en")
# RULES §3.3: no low possible with these (every hand keeps 9 or higher, or pairs)
NO_LOWS = (
    "Kc Kd Qh Jc Jd Th 9c 9d 9h Ks Qd Js "  # 3rd street: two down and one up each, 2 players
    "Qs Qc Tc Td Ts Ah Ac Ad As 8c 8d 8h"
)


def test_hi_lo_says_no_low_once_it_is_final_and_no_low_yet_before() -> None:
    """RULES §3.3: at 7th street a hand without a low has none, not 'none yet'."""
    hand = make_hand("stud_hi_lo", NO_LOWS, players=2)
    player = hand.players[0]
    early = describe.private_hand(hand, player, channel_id=1, hand_id=1)
    assert early.low == Msg("hand-no-low-yet")
    while hand.street_index < len(hand.variant.streets) - 1:
        check_round(hand)
    final = describe.private_hand(hand, player, channel_id=1, hand_id=1)
    assert len(final.cards) == 7
    assert final.low == Msg("hand-no-low")
    assert "no low" in private_content(SAY, final) and "yet" not in private_content(SAY, final)
    assert "7th street" in private_content(SAY, final).split("\n")[0]  # the round it is of


def test_a_deuce_seven_hand_is_listed_from_its_highest_card_without_down_marks() -> None:
    hand = make_hand("triple_draw", players=2)
    mine = describe.private_hand(hand, hand.players[0], channel_id=1, hand_id=1)
    ranks = [card.rank for card in mine.cards]
    assert ranks == sorted(ranks, reverse=True) and set(mine.cards) == set(hand.cards[0])
    text = private_content(SAY, mine)
    assert "(down)" not in text


def summary_of(*shown: ShownHand, pots: tuple[PotResult, ...], low_game: bool) -> str:
    return summary_content(
        SAY,
        HandSummary(
            channel_id=1,
            hand_id=7,
            title=Msg("game-stud-hi-lo"),
            shown=shown,
            pots=pots,
            stacks=(("Ann", 60), ("Bob", 120)),
            folded_out=False,
            low_game=low_game,
        ),
    )


def test_the_summary_says_who_won_in_sentences_and_no_low_once() -> None:
    flush, pair = Msg("hand-flush", name=Msg("rank-14")), Msg("hand-pair", names=Msg("ranks-9"))
    cards = parse_cards("Ah Kh 9h 7h 2h 9c 9d")
    whole = PotResult(120, (("Ann", 120),), 0, "all", flush)
    text = summary_of(
        ShownHand("Ann", cards, flush), ShownHand("Bob", cards, pair), pots=(whole,), low_game=True
    )
    assert text.count("no low") + text.count("No low") == 1, text
    assert "Ann wins 120 with a flush, ace high." in text

    low = Msg("hand-low", cards="7-5-4-3-A")
    high = PotResult(60, (("Ann", 60),), 0, "high", flush)
    half = PotResult(60, (("Dan", 60),), 0, "low", low)
    split = summary_of(
        ShownHand("Ann", cards, flush),
        ShownHand("Dan", cards, pair, low),
        pots=(high, half),
        low_game=True,
    )
    assert (
        "Ann takes the high half (60) with a flush, ace high, Dan the low (60) with 7-5-4-3-A."
        in split
    )
    assert "No low" not in split

    scoop = PotResult(60, (("Bob", 60),), 0, "low", low)
    both = PotResult(60, (("Bob", 60),), 0, "high", flush)
    scooped = summary_of(ShownHand("Bob", cards, flush, low), pots=(both, scoop), low_game=True)
    assert "Bob scoops 120: the high and the low." in scooped
    side = PotResult(40, (("Ann", 20), ("Bob", 20)), 1, "all", pair)
    two_pots = summary_of(ShownHand("Ann", cards, pair), pots=(whole, side), low_game=False)
    assert "Main pot: Ann wins 120" in two_pots
    assert "Side pot 1: Ann and Bob split 40 with a pair of nines." in two_pots


def test_in_french_the_sentences_read_as_french() -> None:
    flush = Msg("hand-flush", name=Msg("rank-14"))
    cards = parse_cards("Ah Kh 9h 7h 2h 9c 9d")
    whole = PotResult(120, (("Ann", 120),), 0, "all", flush)
    summary = HandSummary(
        channel_id=1,
        hand_id=7,
        title=Msg("game-stud-hi-lo"),
        shown=(ShownHand("Ann", cards, flush),),
        pots=(whole,),
        stacks=(("Ann", 120),),
        folded_out=False,
        low_game=True,
    )
    text = summary_content(Speaker("fr"), summary)
    assert "Ann gagne 120 avec une couleur hauteur as." in text
    assert text.count("low") == 1  # "Pas de low", said once


def test_an_uncalled_bring_in_wins_nothing_and_the_summary_says_so() -> None:
    """Issue 36.13: "🤖 Ada wins 0." when everyone folded to her bring-in in Five Card Stud (no
    ante): no pot was won; her bring-in came back to her (RULES §1.6, uncalled bets)."""
    hand = make_hand("five_card_stud", players=3, ante=0)
    bringer = hand.actor
    act(hand, "bring_in")
    while not hand.is_complete:
        act(hand, "fold")
    names = {player: f"P{player}" for player in hand.players}
    for language in ("en", "fr"):
        text = summary_content(
            Speaker(language),
            describe.summary(
                hand, names=names, channel_id=1, hand_id=3, title=Msg("game-five-card-stud")
            ),
        )
        assert " 0." not in text, text
        said = {"en": "takes back the bet nobody called", "fr": "reprend la mise"}[language]
        assert f"P{bringer} {said}" in text, text
