"""Scenario tests for the stud games: each cites the rule it checks."""

from __future__ import annotations

import pytest

from bot.poker.cards import parse_cards
from bot.poker.errors import ActionNotAllowed, CapReached, WrongAmount
from bot.poker.events import Action, ActionKind, BoardDealt, CardsDealt, HandShown, PotAwarded
from bot.poker.pots import Pot
from tests.poker.helpers import act, check_down, check_round, legal, make_hand, play, round_robin


def test_lowest_up_card_brings_in_with_suits_clubs_diamonds_hearts_spades() -> None:
    # RULES §2.3: of 2♠ 2♥ 2♦ the 2♦ brings in
    hand = make_hand(
        "seven_card_stud", round_robin(["Ah Kh 2s", "Ac Kc 2h", "Ad Kd 2d"]), players=3
    )
    assert hand.actor == 3
    assert legal(hand) == [("bring_in", 3), ("complete", 10)]


def test_aces_are_high_for_the_bring_in() -> None:
    # RULES §2.3: aces are high, so the trey brings in, not the ace
    hand = make_hand(
        "seven_card_stud", round_robin(["2h Kh Ac", "2c Kc 3d", "2d Kd Ks"]), players=3
    )
    assert hand.actor == 2


def test_bring_in_player_may_not_fold_and_timeout_posts_the_bring_in() -> None:
    # RULES §2.3 (may not fold), §6.1 (a bring-in player whose clock runs out posts it)
    hand = make_hand(
        "seven_card_stud", round_robin(["Ah Kh 2s", "Ac Kc 2h", "Ad Kd 2d"]), players=3
    )
    with pytest.raises(ActionNotAllowed, match="may not fold"):
        hand.act(3, Action(ActionKind.FOLD))
    assert not hand.can(3, Action(ActionKind.CHECK))
    assert hand.timeout_action() == Action(ActionKind.BRING_IN)


def test_after_the_bring_in_others_fold_call_or_complete() -> None:
    # RULES §2.4
    hand = make_hand(
        "seven_card_stud", round_robin(["Ah Kh 2s", "Ac Kc 2h", "Ad Kd 2d"]), players=3
    )
    act(hand, "bring_in")
    assert hand.actor == 1
    assert legal(hand) == [("fold", None), ("call", 3), ("complete", 10)]


def test_completion_is_not_a_raise_so_three_raises_follow_it() -> None:
    # RULES §1.3: bring-in, completion (the bet), then three raises, then the cap
    hand = make_hand(
        "seven_card_stud",
        round_robin(["Ah Kh 2d", "Ac Kc 9h", "Ad Kd Th", "As Ks Js", "Qh Qc Qs"]),
        players=5,
    )
    play(hand, "bring_in", "complete", "raise", "raise")
    act(hand, "raise")
    assert hand.round.raise_count == 4
    assert legal(hand) == [("fold", None), ("call", 37)]
    with pytest.raises(CapReached, match="one bet and three raises"):
        act(hand, "raise")


def test_the_cap_holds_heads_up() -> None:
    # RULES §1.3: one bet and three raises, heads-up too
    hand = make_hand("seven_card_stud", round_robin(["Ah Kh 2d", "Ac Kc 9h"]) + " 3c 4c", players=2)
    play(hand, "bring_in", "call")
    assert hand.street_index == 1 and hand.actor == 2  # 9♥ 4♣ beats 2♦ 3♣
    play(hand, "bet", "raise", "raise", "raise")
    assert legal(hand) == [("fold", None), ("call", 10)]
    assert not hand.can(1, Action(ActionKind.RAISE))


def test_bet_sizes_small_on_third_and_fourth_big_from_fifth() -> None:
    # RULES §2.6
    hand = make_hand("seven_card_stud", players=2)
    play(hand, "bring_in", "complete")
    assert hand.round.bet_size == 10
    act(hand, "call")
    assert ("bet", 10) in legal(hand)  # 4th street
    play(hand, "check", "check")
    for street in (2, 3, 4):
        assert hand.street_index == street
        assert ("bet", 20) in legal(hand)
        play(hand, "check", "check")
    assert hand.is_complete


def test_best_board_opens_fourth_street_ties_to_lowest_seat_in_seven_card_stud() -> None:
    # RULES §2.5: K♥ 7♦ (seat 1) and K♠ 7♣ (seat 2) are equal boards: seat 1 opens
    deck = round_robin(["2c 3c 7d", "4h 5h 7c"]) + " Kh Ks"
    hand = make_hand("seven_card_stud", deck, players=2)
    assert hand.actor == 2  # 7♣ brings in
    play(hand, "bring_in", "call")
    assert hand.street_index == 1 and hand.actor == 1


def test_stud_hi_lo_breaks_board_ties_by_the_best_single_up_card() -> None:
    # RULES §3.2: K♠ 7♣ opens before K♥ 7♦, where Seven Card Stud would pick seat 1
    deck = round_robin(["2c 3c 7d", "4h 5h 7c"]) + " Kh Ks"
    hand = make_hand("stud_hi_lo", deck, players=2)
    play(hand, "bring_in", "call")
    assert hand.actor == 2


def test_stud_hi_lo_pairs_tie_broken_by_suit() -> None:
    # RULES §3.2: 7♠ 7♣ before 7♥ 7♦
    deck = round_robin(["2c 3c 7d", "4h 5h 7c"]) + " 7h 7s"
    for variant, opener in (("stud_hi_lo", 2), ("seven_card_stud", 1)):
        hand = make_hand(variant, deck, players=2)
        play(hand, "bring_in", "call")
        assert hand.actor == opener, variant


def test_all_in_best_board_passes_the_opening_to_the_next_player() -> None:
    # RULES §2.5: if the best board is all-in, the next player clockwise who can act opens
    deck = round_robin(["2c 3c Kd", "4h 5h 7c", "6d 8d 9s"]) + " Kh 2s 3s"
    hand = make_hand("seven_card_stud", deck, stacks=[4, 500, 500], ante=1, bring_in=3)
    assert hand.actor == 2  # 7♣ brings in
    play(hand, "bring_in", "call", "call")  # seat 3 then seat 1 (all-in for 3)
    assert hand.street_index == 1
    assert hand.stacks[0] == 0  # seat 1 shows K♦ K♥ but is all-in
    assert hand.actor == 2


def test_short_all_in_does_not_reopen_the_betting_for_those_who_acted() -> None:
    # RULES §1.5: a raise all-in for less than a full raise lets earlier actors only call
    deck = round_robin(["9c 9d Kc", "4h 4s 5d", "8h 8d 2c"]) + " Ks 6c 7c"
    hand = make_hand("seven_card_stud", deck, stacks=[500, 18, 500], ante=0, bring_in=3)
    play(hand, "bring_in", "call", "call")  # seat 3 brings in; seat 1, seat 2 call
    assert hand.street_index == 1 and hand.actor == 1  # K♣ K♠ opens
    act(hand, "bet")
    act(hand, "raise", 15)  # seat 2 is all-in for 15: 5 short of a full raise
    assert legal(hand) == [("fold", None), ("call", 15), ("raise", 25)]  # seat 3 had not acted
    act(hand, "call")
    assert hand.actor == 1
    assert legal(hand) == [("fold", None), ("call", 5)]
    with pytest.raises(ActionNotAllowed, match="does not reopen"):
        act(hand, "raise")


def test_raise_over_a_short_completion_goes_one_full_bet_above_it() -> None:
    # RULES §1.5 example: 5/10, bring-in 2, short all-in to 3: the next raise goes to 8
    deck = round_robin(["9c 9d 2c", "4h 4s 5d", "8h 8d Kc"])
    hand = make_hand("seven_card_stud", deck, stacks=[500, 3, 500], small_bet=5, ante=0, bring_in=2)
    act(hand, "bring_in")
    assert legal(hand) == [("fold", None), ("call", 2), ("complete", 3)]
    act(hand, "complete")
    assert legal(hand) == [("fold", None), ("call", 3), ("raise", 8)]
    act(hand, "raise")
    assert hand.round.raise_count == 2  # the short completion counted toward the cap


def test_wrong_fixed_limit_amount_is_refused_with_the_allowed_amount() -> None:
    # RULES §1.2: every bet is exactly the round's bet size
    hand = make_hand(
        "seven_card_stud", round_robin(["Ah Kh 2s", "Ac Kc 2h", "Ad Kd 2d"]), players=3
    )
    with pytest.raises(WrongAmount, match="10"):
        act(hand, "complete", 15)


def test_unmatched_chips_return_and_a_fold_out_shows_nothing() -> None:
    # RULES §1.4 (everyone folds: no more cards, nothing shown), §1.5 (unmatched chips back)
    hand = make_hand(
        "seven_card_stud", round_robin(["Ah Kh 2s", "Ac Kc 2h", "Ad Kd 2d"]), players=3
    )
    play(hand, "bring_in", "complete", "fold", "fold")
    assert hand.is_complete
    assert hand.stacks == [1005, 999, 996]  # seat 1 wins the antes and the bring-in
    assert not any(isinstance(event, HandShown) for event in hand.events)
    assert sum(isinstance(event, CardsDealt) for event in hand.events) == 3


def test_a_wager_still_to_be_called_is_not_a_side_pot() -> None:
    # RULES §1.6: a pot is capped only at an all-in player's total
    deal = round_robin(["Ah Kh 2s", "Ac Kc 2h", "Ad Kd 2d"])
    hand = make_hand("seven_card_stud", deal, players=3)
    play(hand, "bring_in")  # antes 3, bring-in 3 not yet called
    assert hand.pots() == [Pot(6, (0, 1, 2))]
    short = make_hand("seven_card_stud", deal, stacks=[500, 500, 4])
    play(short, "bring_in")  # seat 3 is all-in for 4 in all
    play(short, "complete")  # seat 1 to 10; seat 2 (ante only) has not acted yet
    assert short.pots() == [Pot(9, (0, 1, 2)), Pot(7, (0, 1))]  # 4+1+4, then seat 1 above 4


def test_side_pots_with_hi_lo_halves_quartered() -> None:
    # RULES §1.6 (side pot), §3.4 (each pot halved; equal lows split their half: quarters)
    deck = round_robin(["Ac 2c 5h", "Ad 2d 5s", "9h 9d 9c"])
    deck += " Ks Kc 8s Qs Qd 8h 3d 3c Ts 4d 4c Td"
    hand = make_hand("stud_hi_lo", deck, stacks=[20, 500, 500], small_bet=20, ante=0, bring_in=5)
    assert hand.actor == 1  # 5♥ brings in
    play(hand, "bring_in", "complete", "call", "call")  # seat 1 all-in for 20: main pot 60
    assert hand.actor == 2  # K♠ (seat 1, all-in) had the best board: seat 2 opens
    play(hand, "bet", "call")  # side pot 40 between seats 2 and 3
    check_down(hand)
    awards = [(e.pot_index, e.side, e.shares) for e in hand.events if isinstance(e, PotAwarded)]
    assert awards == [
        (0, "high", ((3, 30),)),
        (0, "low", ((1, 15), (2, 15))),
        (1, "high", ((3, 20),)),
        (1, "low", ((2, 20),)),
    ]
    assert hand.stacks == [15, 495, 510]


def test_without_a_qualifying_low_the_high_hand_takes_the_whole_pot() -> None:
    # RULES §3.4
    deck = round_robin(["Ac Kc 9h", "Ad Kd Th"]) + " Qs Qd Js Jd 9s 8d Ts Tc"
    hand = make_hand("stud_hi_lo", deck, players=2)
    check_down(hand)
    awards = [(e.side, e.shares) for e in hand.events if isinstance(e, PotAwarded)]
    assert awards == [("all", ((2, 8),))]  # Kings and Tens beat Queens and Nines
    shown = {e.player: e.description for e in hand.events if isinstance(e, HandShown)}
    assert shown[1].endswith("no low") and shown[2].endswith("no low")


def test_one_player_can_scoop_high_and_low() -> None:
    # RULES §3.4: one player may win both halves with different cards
    deck = round_robin(["Ah 2h 3c", "Kd Kc Qs"]) + " 4h Qd 5h Js 8s Ts 9d 2c"
    hand = make_hand("stud_hi_lo", deck, players=2)
    check_down(hand)
    awards = [(e.side, e.shares) for e in hand.events if isinstance(e, PotAwarded)]
    assert awards == [("high", ((1, 4),)), ("low", ((1, 4),))]  # A-5 straight, A-2-3-4-5 low


def test_odd_chips_go_one_each_from_the_first_seat_left_of_the_button() -> None:
    # RULES §1.7: seats 2 and 3 tie with ace-high straights; pot 9: seat 2 gets the odd chip
    deck = round_robin(["2c 3d 7h", "As Ks Qh", "Ad Kd Qc"])
    deck += " 8s Jh Jc 9c Tc Td Jd 4d 4h Kh 6c 6d"
    hand = make_hand("seven_card_stud", deck, small_bet=8, ante=1, bring_in=2, players=3)
    play(hand, "bring_in", "call", "call")
    check_down(hand)
    awards = [e.shares for e in hand.events if isinstance(e, PotAwarded)]
    assert awards == [((2, 5), (3, 4))]
    assert hand.stacks == [997, 1002, 1001]


def test_eight_players_reach_a_community_card_on_seventh_street() -> None:
    # RULES §2.7: 8 x 6 cards leave 4: one card face up in the middle, shared by all
    hand = make_hand("seven_card_stud", players=8)
    check_down(hand)
    boards = [event for event in hand.events if isinstance(event, BoardDealt)]
    assert len(boards) == 1 and len(hand.board) == 1
    assert hand.board[0] == hand.deck.cards[48]  # from the stub, not from folded cards
    assert all(len(cards) == 6 for cards in hand.cards)
    assert sum(hand.stacks) == 8000


def test_folded_cards_are_not_reused_for_the_last_card() -> None:
    # RULES §2.7: one player folds on 6th street; 4 cards remain for the 7 others, and the
    # folded player's 6 cards stay out: one community card again
    hand = make_hand("seven_card_stud", players=8)
    while hand.street_index < 3:
        check_round(hand)
    play(hand, "bet", "fold")
    check_down(hand)
    assert len(hand.board) == 1
    assert hand.board[0] == hand.deck.cards[48]


def test_showdown_order_last_aggressor_first_then_clockwise() -> None:
    # RULES §1.8
    hand = make_hand("seven_card_stud", players=3)
    while hand.street_index < 4:
        check_round(hand)
    act(hand, "check")
    act(hand, "bet")
    bettor = hand.players[hand.round.aggressor or 0]
    play(hand, "call", "call")
    shown = [event.player for event in hand.events if isinstance(event, HandShown)]
    assert shown[0] == bettor
    assert shown == [bettor, bettor % 3 + 1, (bettor + 1) % 3 + 1]


def test_showdown_without_a_bet_starts_with_the_first_checker() -> None:
    # RULES §1.8 (stud: the first player to have checked in the last round)
    hand = make_hand("seven_card_stud", players=3)
    while hand.street_index < 4:
        check_round(hand)
    first = hand.actor
    check_down(hand)
    shown = [event.player for event in hand.events if isinstance(event, HandShown)]
    assert shown[0] == first


def test_five_card_stud_open_pair_allows_the_big_bet_on_the_second_round() -> None:
    # RULES §4.4: a pair showing on the second round lets anyone bet or raise the big bet
    deck = round_robin(["2c 9c", "3d Kd"]) + " 9h 4s"
    hand = make_hand("five_card_stud", deck, players=2)
    assert hand.actor == 1 and legal(hand) == [("bring_in", 5), ("complete", 10)]
    play(hand, "bring_in", "call")
    assert hand.actor == 1  # 9♣ 9♥ opens
    assert legal(hand) == [("check", None), ("bet", 10), ("bet", 20)]
    act(hand, "bet", 20)
    assert legal(hand) == [("fold", None), ("call", 20), ("raise", 40)]  # raises are big now


def test_five_card_stud_without_an_open_pair_bets_small_on_the_second_round() -> None:
    # RULES §4.4
    deck = round_robin(["2c 9c", "3d Kd"]) + " 8h 4s"
    hand = make_hand("five_card_stud", deck, players=2)
    play(hand, "bring_in", "call")
    assert legal(hand) == [("check", None), ("bet", 10)]


def test_five_card_stud_showdown_without_a_bet_starts_with_the_best_open_hand() -> None:
    # RULES §4.6, §4.5
    deck = round_robin(["2c 3c", "4d Kd"]) + " 5h Ks 7h 8s 9h Js"
    hand = make_hand("five_card_stud", deck, players=2)
    check_down(hand)
    shown = [event.player for event in hand.events if isinstance(event, HandShown)]
    assert shown == [2, 1]  # K♦ K♠ J♠ ... shows first


def test_parsed_cards_round_trip() -> None:
    assert [str(card) for card in parse_cards("As Td 2c")] == ["As", "Td", "2c"]


def test_all_in_run_out_deals_the_rest_without_betting() -> None:
    # RULES §1.4: when at most one player still has chips and owes nothing, the remaining
    # cards are dealt and the hand goes to showdown
    deck = round_robin(["2c 3c Kd", "4h 5h 7c"]) + " Kh 8d"
    hand = make_hand("seven_card_stud", deck, stacks=[14, 500], ante=1, bring_in=3)
    play(hand, "bring_in", "complete", "call")  # seat 2 brings in; seat 1 keeps 3 chips
    assert hand.actor == 1  # K♦ K♥ opens 4th street
    assert legal(hand) == [("check", None), ("bet", 3)]  # all-in for less than a bet
    play(hand, "bet")
    assert legal(hand) == [("fold", None), ("call", 3)]  # nobody left to raise against
    play(hand, "call")
    assert hand.is_complete
    assert len(hand.actions) == 5
    assert all(len(cards) == 7 for cards in hand.cards)
    assert sum(isinstance(event, HandShown) for event in hand.events) == 2


@pytest.mark.parametrize(
    ("variant", "pattern", "rounds"),
    [
        # RULES §2.2, §2.5: two down and one up, three more up, the seventh down; five rounds
        ("seven_card_stud", [False, False, True, True, True, True, False], 5),
        # RULES §4.2: one down and one up, then three more up: four betting rounds
        ("five_card_stud", [False, True, True, True, True], 4),
    ],
)
def test_stud_deals_from_seat_one_with_the_rule_book_up_and_down_cards(
    variant: str, pattern: list[bool], rounds: int
) -> None:
    hand = make_hand(variant, players=3)
    first = [event.player for event in hand.events if isinstance(event, CardsDealt)]
    assert first == [1, 2, 3]  # the stud button sits after the last seat
    assert hand.cards[0][0] == hand.deck.cards[0]
    betting_rounds = 0
    while hand.actor is not None:
        betting_rounds += 1
        check_round(hand)
    assert betting_rounds == rounds
    assert all(flags == pattern for flags in hand.face_up)
