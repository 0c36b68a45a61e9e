"""2-7 Triple Draw discards chosen by rollouts (issue 22): the keeps ``strong`` weighs, a spot
where it breaks a made hand the guidance keeps, and nothing hidden reaching the choice."""

from __future__ import annotations

import random
import statistics
from collections.abc import Iterator, Sequence
from dataclasses import replace

import pytest

from bot.players import rollouts
from bot.players.equity import (
    SEVEN,
    Stub,
    aggressors_of,
    draw_to_end,
    game_draws,
    made_hand,
    opponent_hands,
    stands_pat,
)
from bot.players.policy import STYLES, Level, discards
from bot.players.rollouts import MARGIN, SURE, gains, keeps, rollout_discards
from bot.players.view import SeatView, seat_view
from bot.poker.cards import Card, parse_cards
from tests.poker.helpers import act, make_hand, round_robin


def _sets(found: Sequence[Sequence[Card]]) -> list[set[Card]]:
    return [set(kept) for kept in found]


def test_the_candidates_are_the_keeps_a_lowball_player_weighs() -> None:
    """The guidance's keep first; a made hand broken; the cards to a seven or a six. A rough
    hand never stands pat and a nine is never kept to draw to."""
    nine = parse_cards("9s 8h 4d 3s 2s")
    assert _sets(keeps(nine)) == _sets([list(nine), [*nine[1:]], [*nine[2:]]])
    seven = parse_cards("7c 5d 4h 3s 2c")
    assert _sets(keeps(seven)) == _sets([list(seven), [*seven[1:]]])
    assert keeps(parse_cards("Kd Kh Qc Qs Jh")) == [[]]
    assert _sets(keeps(parse_cards("9d 4h 3s 2c Kd"))) == [set(parse_cards("4h 3s 2c"))]
    paired = parse_cards("8d 8h 6s 3c 2d")
    assert _sets(keeps(paired)) == [set(parse_cards("8d 6s 3c 2d")), set(parse_cards("6s 3c 2d"))]


def _capped(opponent: str) -> SeatView:
    """Player 1 holds 9-8-4-3-2 before the first draw, heads-up, after player 2 raised twice
    (player 2's cards are ``opponent``, hidden from player 1)."""
    hand = make_hand("triple_draw", round_robin(["9s 8h 4d 3s 2s", opponent]), players=2)
    for name in ("raise", "raise", "raise", "call"):  # player 2 acts first
        act(hand, name)
    view = seat_view(hand, 1)
    assert view.drawing and hand.actor == 1 and view.draws_left == 3
    return view


def test_strong_breaks_a_rough_nine_against_a_capped_pot() -> None:
    """The guidance stands pat on a nine; against a player whose raises say they hold
    something, the rollouts throw the nine and draw one to 8-4-3-2, and many more samples
    agree that this wins clearly more of the pot."""
    view = _capped("Kd Kh Qc Qs Jh")
    assert discards(view, Level.STANDARD, random.Random(1)) == ()
    assert discards(view, Level.STRONG, random.Random(1)) == parse_cards("9s")
    weigh = STYLES[Level.STRONG].weigh
    broken, to_six = gains(view, keeps(view.cards), 4000, random.Random(3), weigh)
    assert statistics.fmean(broken) > 0.05 > statistics.fmean(to_six)


def test_the_rollouts_see_nothing_of_the_others_cards() -> None:
    """RULES §8.1: other cards in the opponent's hand change neither the view nor the
    discards (same seed)."""
    first, second = _capped("Kd Kh Qc Qs Jh"), _capped("7d 6h 5c Td Jh")
    assert first == second
    for seed in range(4):
        chosen = discards(first, Level.STRONG, random.Random(seed))
        assert chosen == discards(second, Level.STRONG, random.Random(seed))


def test_each_card_of_a_sample_is_dealt_once() -> None:
    """The opponents' hands and the cards left for this seat's draws are the unseen cards,
    none twice and none lost: also when an opponent whose raises say they hold something is
    dealt again and again without a made hand (its last deal stays in its hand, not in the
    discards too), and when the discards are shuffled back in (RULES §5.6)."""
    view = _capped("Kd Kh Qc Qs Jh")
    unseen = sorted(view.unseen())
    aggressors = aggressors_of(view)
    assert aggressors == {1}
    for seed, hands, rest in _samples(view, 200, aggressors, weigh=1.0):
        dealt = [card for hand in hands for card in hand] + rest
        assert sorted(dealt) == unseen, seed


def _samples(
    view: SeatView,
    count: int,
    aggressors: frozenset[int],
    weigh: float,
    draws: int | None = None,
) -> Iterator[tuple[int, list[list[Card]], list[Card]]]:
    """``count`` samples of the opponents' hands (by seed), each with the cards left; ``draws``:
    the game's draws (as ``view`` counts them by default)."""
    draws = game_draws(view) if draws is None else draws
    for seed in range(count):
        stub = _stub(view, seed)
        hands = opponent_hands(
            view, stub, draws=draws, aggressors=aggressors, weigh=weigh, rng=stub.rng
        )
        yield seed, hands, stub.rest()


def _stub(view: SeatView, seed: int) -> Stub:
    """The cards ``view`` has not seen, shuffled by ``seed``."""
    rng = random.Random(seed)
    deck = list(view.unseen())
    rng.shuffle(deck)
    return Stub(deck, rng)


def _after_a_pat() -> SeatView:
    """Player 1 at the second draw of a heads-up hand; player 2 stood pat at the first."""
    hand = make_hand("triple_draw", round_robin(["9s 8h 4d 3s 2s", "7d 5h 4c 3d 2h"]), players=2)
    act(hand, "call")
    act(hand, "check")
    act(hand, "draw", discards="9s")
    act(hand, "draw")  # player 2 stands pat
    while not seat_view(hand, hand.actor or 1).drawing:
        act(hand, "check")
    view = seat_view(hand, 1)
    assert view.drawing and hand.actor == 1 and view.seats[0].draws == (0,)
    return view


@pytest.mark.parametrize("draws", [(0,), (1, 0)])
def test_an_opponent_who_stood_pat_holds_a_made_hand_and_keeps_it(draws: tuple[int, ...]) -> None:
    """Standing pat at the last draw says a made hand (a nine-low or better, RULES §5.7):
    every sample gives them one, kept to the end, and every card of the sample is dealt once."""
    view = _with_draws(_after_a_pat(), draws)
    unseen = sorted(view.unseen())
    for seed, hands, rest in _samples(view, 300, frozenset(), weigh=0.0):
        assert stands_pat(hands[0]), (seed, hands)
        assert sorted([*hands[0], *rest]) == unseen, seed


def test_an_opponent_who_stood_pat_then_drew_keeps_drawing() -> None:
    """One who stood pat, then drew one, is drawing to a low: at the draw to come they draw
    one again, which makes their hand more often than stopping there (the same deals)."""
    view = _with_draws(_after_a_pat(), (0, 1))
    made = [
        sum(stands_pat(hands[0]) for _, hands, _ in _samples(view, 400, frozenset(), 0.0, draws))
        for draws in (2, 3)  # the game's draws: none left for them, then one
    ]
    assert 0 < made[0] < made[1] < 400


def _with_draws(view: SeatView, draws: tuple[int, ...]) -> SeatView:
    """``view`` with its opponent's draws so far replaced by ``draws``."""
    return replace(view, seats=(replace(view.seats[0], draws=draws),))


def test_a_made_hand_leaves_the_other_cards_as_random_as_they_were() -> None:
    """After an opponent is given a made hand (five cards of ten or lower), the next cards are
    ten or lower as often as among the unseen cards left: the cards passed over to find it are
    not left on top (too many high ones), nor thrown (too few)."""
    view = _with_draws(_after_a_pat(), (0,))
    unseen = view.unseen()
    low = sum(card.rank <= SEVEN + 3 for card in unseen)
    expected = (low - 5) / (len(unseen) - 5)
    shares = []
    for seed in range(4000):
        stub = _stub(view, seed)
        made_hand(stub)
        shares.append(statistics.fmean(card.rank <= SEVEN + 3 for card in stub.deal(3)))
    error = statistics.stdev(shares) / len(shares) ** 0.5
    assert abs(statistics.fmean(shares) - expected) < 4 * error


def test_the_stub_deals_as_the_dealer_does() -> None:
    """RULES §5.6: a draw that finds the stub short takes its last cards first, then cards of
    the earlier discards shuffled, never a card thrown in the same draw."""
    earlier = parse_cards("2d 3d 4d 5d 6d 7d")
    from_discards = set()
    for seed in range(50):
        stub = Stub(list(parse_cards("8c 9c")), random.Random(seed))
        stub.throw(earlier)
        hand = list(parse_cards("2c 3c Kh Qh Jh"))
        drawn = draw_to_end(hand, stub, 1)  # throws K Q J: two from the stub, one discard
        assert drawn[:2] == hand[:2] and set(drawn[2:4]) == set(parse_cards("8c 9c"))
        assert drawn[4] in earlier
        from_discards.add(drawn[4])
        assert sorted(stub.rest()) == sorted(
            set(earlier) - {drawn[4]} | set(parse_cards("Kh Qh Jh"))
        )
    assert from_discards == set(earlier)  # shuffled: any of them may come


@pytest.mark.parametrize(
    ("broken", "to_six", "thrown"),
    [
        ((0.0, 0.01), (0.0, 0.01), ""),  # nothing wins more: the guidance's keep
        ((0.012, 0.001), (-0.1, 0.01), ""),  # clearly more, but less than MARGIN
        ((0.05, 0.3), (-0.1, 0.01), ""),  # more than MARGIN, but within SURE errors
        ((0.05, 0.01), (-0.1, 0.01), "9s"),  # clearly more: the nine goes
        ((0.05, 0.1), (-0.1, 0.01), "9s"),  # by 5 standard errors (0.1 / 10) of the mean
        ((0.05, 0.01), (0.08, 0.01), "9s 8h"),  # both clearly more: the one that wins most
        ((0.08, 0.01), (0.05, 0.01), "9s"),
    ],
)
def test_another_keep_is_chosen_only_when_it_clearly_wins_more(
    monkeypatch: pytest.MonkeyPatch,
    broken: tuple[float, float],
    to_six: tuple[float, float],
    thrown: str,
) -> None:
    """The rule of :func:`rollout_discards` on given gains over the guidance's keep (mean,
    spread): a candidate must win ``MARGIN`` of the pot more, by ``SURE`` standard errors,
    and the one that wins most is taken."""
    assert MARGIN == 0.015 and SURE == 2.0  # the cases are written for these
    view = _capped("Kd Kh Qc Qs Jh")
    assert _sets(keeps(view.cards)) == _sets([view.cards, view.cards[1:], view.cards[2:]])
    samples = 100

    def given(*_: object) -> list[list[float]]:
        return [
            [mean + spread * (-1) ** number for number in range(samples)]
            for mean, spread in (broken, to_six)
        ]

    monkeypatch.setattr(rollouts, "gains", given)
    chosen = rollout_discards(view, samples, random.Random(1))
    assert set(chosen) == set(parse_cards(thrown))
