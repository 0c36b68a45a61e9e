"""Computer players (issue 22, RULES §8): a seat decides from its own view only, and each game's
policy makes the plays a good player makes on hand-made spots."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from bot.players.equity import equity
from bot.players.policy import STYLES, Level, bet_by_share, decide, discards
from bot.players.view import Option, SeatView, seat_view
from bot.poker.cards import parse_cards
from bot.poker.events import ActionKind
from tests.poker.helpers import act, make_hand, round_robin

# Seven Card Stud, three players, dealt round by round: down, down, up for each in turn
ROLLED_UP = "As Kd 7c Ah Qc 8d Ad 4h 2s"  # player 1: A A A; player 3 shows the 2: bring-in
OTHER_DOWN = "As Kd 9h Ah Qc 3c Ad 4h 2s"  # the same but player 3's down cards differ


def test_a_seat_sees_nothing_of_the_others_down_cards() -> None:
    """RULES §8.1: changing another player's down cards changes neither the view nor the
    decision."""
    views, actions = [], []
    for deck in (ROLLED_UP, OTHER_DOWN):
        hand = make_hand("seven_card_stud", deck, players=3)
        act(hand, "bring_in")  # player 3, the lowest up card
        view = seat_view(hand, 1)
        views.append(view)
        actions.append(decide(view, Level.STRONG, random.Random(7)))
    assert views[0] == views[1]
    assert actions[0] == actions[1]
    assert views[0].seats[1].down_count == 2 and not hasattr(views[0], "hand")


def test_later_decisions_by_monte_carlo_see_nothing_hidden_either() -> None:
    """4th street, where the share is estimated over the unseen cards: player 3's down cards
    swapped with two cards deeper in the deck (5th street's) change nothing for player 1."""
    tail = "Js Ts 5c"  # 4th street: one up card each
    first = f"{ROLLED_UP} {tail} 9h 3c"
    second = f"As Kd 9h Ah Qc 3c Ad 4h 2s {tail} 7c 8d"
    for level in Level:
        decided = []
        for deck in (first, second):
            hand = make_hand("seven_card_stud", deck, players=3)
            act(hand, "bring_in")
            act(hand, "complete")
            act(hand, "call")
            act(hand, "call")
            assert hand.street_index == 1 and hand.actor is not None
            view = seat_view(hand, hand.actor)
            decided.append((view, decide(view, level, random.Random(11))))
        assert decided[0] == decided[1], level


@pytest.mark.parametrize("level", list(Level))
def test_rolled_up_aces_complete(level: Level) -> None:
    hand = make_hand("seven_card_stud", ROLLED_UP, players=3)
    act(hand, "bring_in")
    assert hand.actor == 1
    action = decide(seat_view(hand, 1), level, random.Random(1))
    assert action.kind is ActionKind.COMPLETE


def test_a_hopeless_hand_folds_to_a_bet() -> None:
    """Five Card Stud: aces showing a pair (and one down) bet on 3rd street; 7-3-2 folds."""
    # one down, one up each: player 1 7c / 2d, player 2 Ah / As; then 3rd street 3h / Ac
    hand = make_hand("five_card_stud", "7c Ah 2d As 3h Ac 8s Kd", players=2)
    act(hand, "bring_in")  # player 1 shows the deuce
    act(hand, "complete")
    act(hand, "call")
    assert hand.actor == 2  # the open pair of aces acts first
    act(hand, "bet")
    view = seat_view(hand, 1)
    assert view.to_call > 0 and view.pot > view.to_call
    assert equity(view, 300, random.Random(3)) < 0.05
    for level in (Level.STANDARD, Level.STRONG):
        assert decide(view, level, random.Random(3)).kind is ActionKind.FOLD


def test_the_call_follows_the_pot_odds() -> None:
    hand = make_hand("seven_card_stud", ROLLED_UP, players=3)
    view = seat_view(hand, 3)
    legal = (Option(ActionKind.FOLD, None), Option(ActionKind.CALL, 20))
    priced = replace(view, legal=legal, pot=100, to_call=20)
    style = STYLES[Level.STRONG]
    rng = random.Random(0)
    # a call of 20 into 100 needs a sixth of the pot after calling (20 / 120)
    assert bet_by_share(priced, 0.2, style, rng).kind is ActionKind.CALL
    assert bet_by_share(priced, 0.12, style, rng).kind is ActionKind.FOLD


def test_a_made_seven_stands_pat_and_a_rough_hand_breaks() -> None:
    """2-7: 7-5-4-3-2 is the best hand and stands pat; kings, queens and a jack all go."""
    # five cards each, dealt in turn: player 1 7c 5d 4h 3s 2c, player 2 Kd Kh Qc Qs Jh
    hand = make_hand("triple_draw", "7c Kd 5d Kh 4h Qc 3s Qs 2c Jh", players=2)
    while not seat_view(hand, hand.actor or 1).drawing:
        calls = any(option.kind is ActionKind.CALL for option in hand.legal_actions())
        act(hand, "call" if calls else "check")
    smooth, rough = seat_view(hand, 1), seat_view(hand, 2)
    assert set(smooth.cards) == set(parse_cards("7c 5d 4h 3s 2c"))
    for level in (Level.STANDARD, Level.STRONG):
        assert discards(smooth, level, random.Random(2)) == ()
        thrown = discards(rough, level, random.Random(2))
        assert set(thrown) == set(rough.cards)  # nothing of 8 or lower to keep


def _first_draw(mine: str) -> SeatView:
    """Player 1 holds ``mine`` at the first draw of a heads-up 2-7 hand."""
    hand = make_hand("triple_draw", round_robin([mine, "Kd Kh Qc Qs Jh"]), players=2)
    while not seat_view(hand, hand.actor or 1).drawing:
        calls = any(option.kind is ActionKind.CALL for option in hand.legal_actions())
        act(hand, "call" if calls else "check")
    view = seat_view(hand, 1)
    assert set(view.cards) == set(parse_cards(mine))
    return view


def _seed(wanted: Callable[[random.Random], bool]) -> int:
    """The first seed whose draws of random numbers are ``wanted``."""
    return next(seed for seed in range(1000) if wanted(random.Random(seed)))


def test_easy_draws_like_a_newcomer_now_and_then() -> None:
    """2-7: a sloppy draw of ``easy`` (``Style.sloppy`` of its draws, measured over many)
    stands pat on a ten-low that ``standard`` breaks and keeps a nine to draw to that
    ``standard`` throws; its other draws are sound; and, as ``standard``, it never breaks a made
    nine or seven."""
    sloppy = STYLES[Level.EASY].sloppy
    assert 0 < sloppy < 1 and STYLES[Level.STANDARD].sloppy == 0
    rough = _seed(lambda rng: rng.random() < sloppy)
    sound = _seed(lambda rng: rng.random() >= sloppy)
    ten = _first_draw("Td 7c 5h 3s 2c")
    assert discards(ten, Level.STANDARD, random.Random(rough)) == parse_cards("Td")
    assert discards(ten, Level.EASY, random.Random(rough)) == ()
    assert discards(ten, Level.EASY, random.Random(sound)) == parse_cards("Td")
    nine_draw = _first_draw("9d 6c 3h 2s Kc")
    assert set(discards(nine_draw, Level.STANDARD, random.Random(rough))) == set(
        parse_cards("9d Kc")
    )
    assert discards(nine_draw, Level.EASY, random.Random(rough)) == parse_cards("Kc")
    assert set(discards(nine_draw, Level.EASY, random.Random(sound))) == set(parse_cards("9d Kc"))
    tries = 4000
    pats = sum(discards(ten, Level.EASY, random.Random(seed)) == () for seed in range(tries))
    assert abs(pats / tries - sloppy) < 3 * (sloppy * (1 - sloppy) / tries) ** 0.5
    for made in ("9d 7c 5h 3s 2c", "7d 5c 4h 3s 2c"):
        view = _first_draw(made)
        for level in (Level.EASY, Level.STANDARD):  # strong may break a nine (test_rollouts)
            assert all(discards(view, level, random.Random(seed)) == () for seed in range(200))


def test_the_share_of_the_pot_follows_the_cards() -> None:
    """Monte Carlo over the unseen cards: rolled-up aces are far ahead of two random hands;
    a made 7-low after the last draw is far ahead of a player who drew three."""
    hand = make_hand("seven_card_stud", ROLLED_UP, players=3)
    act(hand, "bring_in")
    assert equity(seat_view(hand, 1), 400, random.Random(4)) > 0.6
    hand = make_hand("triple_draw", "7c Kd 5d Kh 4h Qc 3s Qs 2c Jh", players=2)
    while hand.street_index < 3 or seat_view(hand, hand.actor or 1).drawing:
        if seat_view(hand, hand.actor or 1).drawing:
            view = seat_view(hand, hand.actor or 1)
            hand.act(hand.actor or 1, decide(view, Level.STANDARD, random.Random(0)))
            continue
        calls = any(option.kind is ActionKind.CALL for option in hand.legal_actions())
        act(hand, "call" if calls else "check")
    smooth = seat_view(hand, 1)
    assert smooth.draws_left == 0 and len(smooth.seats[0].draws) == 3 and all(smooth.seats[0].draws)
    assert equity(smooth, 400, random.Random(4)) > 0.85


def test_strong_beats_the_random_player_in_a_duplicate_match() -> None:
    """The match runner: each deck dealt twice, seats swapped (seeded: the same every run)."""
    from bot.players.match import duplicate, level_policy, random_player

    result = duplicate("five_card_stud", level_policy(Level.STRONG), random_player, 200, seed=1)
    assert result.pairs == 200 and result.per_100 > 2 * result.error > 0


def test_hi_lo_plays_three_low_cards_with_an_ace_and_throws_high_trash() -> None:
    """RULES §3 (Hi-Lo): A-2-3 suited is a premium start, completed (easy only calls); K-Q-9
    of three suits facing that completion folds (standard and strong)."""
    # player 1: As 2s / 3s up; player 2: Kd Qc / 9h up; player 3: 8c 8d / 2h up (the bring-in)
    hand = make_hand("stud_hi_lo", "As Kd 8c 2s Qc 8d 3s 9h 2h", players=3)
    act(hand, "bring_in")
    assert hand.actor == 1
    premium = {level: decide(seat_view(hand, 1), level, random.Random(1)).kind for level in Level}
    assert premium[Level.EASY] is ActionKind.CALL  # a newcomer only calls with it
    assert premium[Level.STANDARD] is premium[Level.STRONG] is ActionKind.COMPLETE
    act(hand, "complete")
    assert hand.actor == 2
    for level in (Level.STANDARD, Level.STRONG):
        assert decide(seat_view(hand, 2), level, random.Random(1)).kind is ActionKind.FOLD


def test_strong_reads_the_betting_of_the_others() -> None:
    """A player who bets on a later street holds something more often than not: the
    share a strong player estimates against them is smaller than against random cards."""
    tail = "Js Ts 5c 9c 9d 6h"  # 4th and 5th streets, one up card each
    hand = make_hand("seven_card_stud", f"As Kd 7c Ah Qc 8d Ad 4h 2s {tail}", players=3)
    act(hand, "bring_in")
    act(hand, "call")
    act(hand, "call")
    act(hand, "bet")  # 4th street: the first to act bets
    view = seat_view(hand, hand.actor or 1)  # the next one, facing that bet
    raised = [seen for seen in view.actions if seen.kind is ActionKind.BET]
    assert raised and raised[0].index != view.me
    blind = equity(view, 3000, random.Random(8))
    read = equity(view, 3000, random.Random(9), weigh=0.9)
    assert read < blind - 0.03  # well beyond the estimates' spread (about 0.01)


def test_strong_reads_a_bet_after_the_draw_in_triple_draw() -> None:
    """2-7: an opponent who bets after drawing one card has made their hand more often than
    not: the share a strong player estimates with a rough nine against them is smaller than
    against any draw."""
    # player 1 9c 8d 6h 4s 2c (a rough nine: stands pat), player 2 Kd 7h 5c 3d 2h: draws one
    hand = make_hand("triple_draw", "9c Kd 8d 7h 6h 5c 4s 3d 2c 2h", players=2)
    while not seat_view(hand, hand.actor or 1).drawing:
        calls = any(option.kind is ActionKind.CALL for option in hand.legal_actions())
        act(hand, "call" if calls else "check")
    while (player := hand.actor) is not None and seat_view(hand, player).drawing:
        hand.act(player, decide(seat_view(hand, player), Level.STANDARD, random.Random(1)))
    if hand.actor == 1:  # player 1 acts first after the draw: checks, and player 2 bets
        act(hand, "check")
    act(hand, "bet")
    view = seat_view(hand, hand.actor or 1)
    assert view.me == 0 and [seat.draws for seat in view.opponents] == [(1,)]
    blind = equity(view, 3000, random.Random(8))
    read = equity(view, 3000, random.Random(9), weigh=0.9)
    assert read < blind - 0.03  # well beyond the estimates' spread (about 0.01)


def test_a_full_triple_draw_table_leaves_cards_for_every_estimate() -> None:
    """2-7 at six: the estimates deal every opponent's hand and draws from the cards nobody
    has seen, and those can run out (the dealer then shuffles the discards back in, RULES
    §5.6). Four cards to a seven, before the first draw, against five unknown hands, must be
    worth more than a fair share (once, the samples left this seat without cards, and every
    level folded everything)."""
    mine = "7c 5d 4h 3s Kc".split()  # noqa: SIM905 (cards, as written)
    others = "Kd Kh Qc Qs Jh Jd Td Tc 9s 9h 8s 8h Ks 2c Qh Qd Js Jc Ts Th 9d 9c 8d 8c As".split()  # noqa: SIM905
    deck = " ".join(mine[n // 6] if n % 6 == 0 else others.pop() for n in range(30))
    hand = make_hand("triple_draw", deck, players=6)
    while hand.actor != 1:
        calls = any(option.kind is ActionKind.CALL for option in hand.legal_actions())
        act(hand, "call" if calls else "check")
    view = seat_view(hand, 1)
    assert set(view.cards) == set(parse_cards(" ".join(mine))) and view.draws_left == 3
    for level in (Level.STANDARD, Level.STRONG):
        share = equity(view, 400, random.Random(3), weigh=STYLES[level].weigh)
        assert share > 0.25, (level, share)  # a fair share is 1/6
