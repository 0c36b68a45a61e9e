"""RULES §7.4: forced bets short of chips at a tournament table, in every stud game and in
Triple Draw; and the cash-table rule (§1.9) they replace."""

from __future__ import annotations

import pytest

from bot.poker.errors import InvalidConfig
from bot.poker.events import ForcedBet, PotAwarded
from bot.poker.state import Hand
from tests.poker.helpers import act, check_down, legal, make_hand, round_robin

STUDS = ["seven_card_stud", "stud_hi_lo", "five_card_stud"]
WITH_ANTE = ["seven_card_stud", "stud_hi_lo"]


def _deal(variant: str, up_cards: list[str]) -> str:
    """A deck giving each player a down card (Five Card Stud) or two, then the up card given."""
    downs = 1 if variant == "five_card_stud" else 2
    fillers = iter(f"{rank}{suit}" for rank in "345678" for suit in "dhs")
    return round_robin([" ".join([next(fillers) for _ in range(downs)] + [up]) for up in up_cards])


def _chips(hand: Hand) -> int:
    """Every chip the players hold or have in the pots."""
    if hand.is_complete:  # the pots are pushed
        return sum(hand.stacks)
    return sum(hand.stacks) + sum(hand.committed) + sum(hand.bets)


@pytest.mark.parametrize("variant", WITH_ANTE)
def test_a_player_short_of_the_ante_posts_what_they_have_all_in(variant: str) -> None:
    # RULES §7.4: "a player who cannot pay the whole ante posts what they have and is all-in"
    hand = make_hand(
        variant,
        _deal(variant, ["As", "2c", "Ah"]),
        stacks=[3, 100, 100],
        ante=5,
        tournament=True,
    )
    antes = [event for event in hand.events if isinstance(event, ForcedBet)]
    assert [(event.player, event.amount) for event in antes] == [(1, 3), (2, 5), (3, 5)]
    assert hand.stacks[0] == 0
    assert hand.actor == 2  # the 2♣ brings in; the all-in player never acts
    check_down(hand)
    assert _chips(hand) == 203


@pytest.mark.parametrize("variant", WITH_ANTE)
def test_the_bring_in_passes_left_of_a_player_all_in_from_the_ante(variant: str) -> None:
    # RULES §7.4 (stud-hi-lo.fr.txt): the 2♣ is all-in from the ante, so the next player on
    # their left still holding chips brings in, whatever their up card (here an ace)
    hand = make_hand(
        variant, _deal(variant, ["Kh", "2c", "As"]), stacks=[100, 1, 100], tournament=True
    )
    assert hand.stacks[1] == 0
    assert hand.actor == 3
    assert legal(hand) == [("bring_in", 3), ("complete", 10)]


@pytest.mark.parametrize("variant", WITH_ANTE)
def test_the_bring_in_passes_over_every_player_all_in_and_around_the_table(
    variant: str,
) -> None:
    # RULES §7.4: seats 4 (lowest card) and 1 are all-in from the ante: past the last seat,
    # seat 1 is skipped too and seat 2 brings in
    hand = make_hand(
        variant,
        _deal(variant, ["9h", "Ah", "Kd", "2c"]),
        stacks=[1, 100, 100, 1],
        tournament=True,
    )
    assert hand.actor == 2


@pytest.mark.parametrize("variant", STUDS)
def test_a_short_bring_in_is_all_in_and_the_next_player_pays_the_full_bring_in(
    variant: str,
) -> None:
    # RULES §7.4: "a player who has the ante but not the whole bring-in posts what they have,
    # is all-in and is the bring-in; the next player must pay the full bring-in to enter"
    full = 3 if variant != "five_card_stud" else 5
    ante = 1 if variant != "five_card_stud" else 0
    hand = make_hand(
        variant,
        _deal(variant, ["Ah", "2c", "Kh"]),
        stacks=[100, ante + 2, 100],
        tournament=True,
    )
    assert hand.actor == 2
    assert legal(hand) == [("bring_in", 2)]  # all of it, and no completion
    act(hand, "bring_in")
    assert hand.stacks[1] == 0
    assert hand.actor == 3
    assert legal(hand) == [("fold", None), ("call", full), ("complete", 10)]
    act(hand, "call")
    assert legal(hand) == [("fold", None), ("call", full), ("complete", 10)]
    act(hand, "fold")
    # the bring-in player's pot holds what they matched; the rest of the call is a side pot
    # (here returned: nobody else is in it)
    check_down(hand)
    assert _chips(hand) == 200 + ante + 2
    won = [event for event in hand.events if isinstance(event, PotAwarded)]
    assert sum(event.amount for event in won) == (ante * 3) + 2 + 2


@pytest.mark.parametrize("variant", WITH_ANTE)
def test_everyone_but_one_all_in_from_the_antes_means_no_betting(variant: str) -> None:
    # RULES §7.4 with §1.4: nobody could call a wager, so the cards are dealt out
    hand = make_hand(
        variant, _deal(variant, ["2c", "Kh", "As"]), stacks=[1, 1, 100], tournament=True
    )
    assert hand.actor is None
    assert hand.is_complete
    assert _chips(hand) == 102


@pytest.mark.parametrize("variant", [*STUDS, "triple_draw"])
def test_cash_tables_deal_in_only_who_covers_the_forced_bets(variant: str) -> None:
    # RULES §1.9 (cash) against §7.4 ("a player with chips is always dealt in")
    deck = "" if variant == "triple_draw" else _deal(variant, ["Ah", "2c", "Kh"])
    with pytest.raises(InvalidConfig, match="needs"):
        make_hand(variant, deck, stacks=[100, 1, 100])
    hand = make_hand(variant, deck, stacks=[100, 1, 100], tournament=True)
    assert hand.players == (1, 2, 3)
    assert hand.stacks[1] == (1 if variant == "five_card_stud" else 0)  # no ante there


def test_triple_draw_a_short_big_blind_is_all_in_and_the_big_blind_is_still_the_bet() -> None:
    # RULES §7.4: "In Triple Draw a player short of a blind posts what they have, all-in";
    # the big blind counts as the bet of round 1 (§5.4): the others call all of it
    hand = make_hand("triple_draw", stacks=[100, 4, 100, 100], tournament=True)
    blinds = [event for event in hand.events if isinstance(event, ForcedBet)]
    assert [(event.player, event.amount) for event in blinds] == [(1, 5), (2, 4)]
    assert hand.actor == 3
    assert legal(hand) == [("fold", None), ("call", 10), ("raise", 20)]
    act(hand, "call")
    act(hand, "fold")
    assert legal(hand) == [("fold", None), ("call", 5), ("raise", 20)]  # the small blind
    check_down(hand)
    assert _chips(hand) == 304


def test_triple_draw_a_short_small_blind_is_all_in() -> None:
    # RULES §7.4
    hand = make_hand("triple_draw", stacks=[3, 100, 100], tournament=True)
    blinds = [event for event in hand.events if isinstance(event, ForcedBet)]
    assert [(event.player, event.amount) for event in blinds] == [(1, 3), (2, 10)]
    assert hand.stacks[0] == 0
    assert legal(hand) == [("fold", None), ("call", 10), ("raise", 20)]
    check_down(hand)
    assert _chips(hand) == 203


def test_triple_draw_heads_up_the_button_need_not_match_a_short_big_blind() -> None:
    # RULES §7.4 with §1.5: heads-up the button posted 5 against a big blind all-in for 4;
    # nobody can act, the 1 chip above the big blind's all-in goes back
    hand = make_hand("triple_draw", stacks=[4, 100], tournament=True)  # p1 is the big blind
    assert [o for o in legal(hand) if o[0] != "draw"] == []
    check_down(hand)
    assert hand.is_complete
    assert _chips(hand) == 104


def test_triple_draw_the_small_blind_need_not_match_a_short_big_blind_alone() -> None:
    # RULES §7.4 with §1.4: the button folds; the small blind's 5 already covers the big
    # blind's all-in 4, and nobody else could put more in: it checks (its clock checks), it is
    # never made to fold its blind
    hand = make_hand("triple_draw", stacks=[100, 4, 100], tournament=True)
    assert hand.actor == 3
    act(hand, "fold")
    assert legal(hand) == [("check", None)]
    assert hand.timeout_action().kind.value == "check"
    check_down(hand)
    assert _chips(hand) == 204
