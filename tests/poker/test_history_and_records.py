"""PHH export, JSON records and the simulator."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest
from pokerkit import HandHistory

from bot.poker.errors import HandOver, InvalidRecord
from bot.poker.history import to_phh
from bot.poker.random_play import play_random_hand, random_config
from bot.poker.record import from_json, snapshot, to_json, to_record
from bot.poker.simulate import main as simulate
from bot.poker.variants import VARIANTS
from tests.poker.helpers import check_down, legal, make_hand, play, round_robin


@pytest.mark.parametrize("variant_key", ["seven_card_stud", "stud_hi_lo", "triple_draw"])
def test_pokerkit_loads_our_phh_with_its_standard_codes(variant_key: str) -> None:
    rng = random.Random(variant_key)
    variant = VARIANTS[variant_key]
    hand = play_random_hand(random_config(variant, 4, rng), rng)
    text = to_phh(hand, hand_id=12, table="#poker")
    history = HandHistory.loads(text)
    assert history.variant == variant.phh_code
    assert history.finishing_stacks == hand.stacks
    assert history.starting_stacks == list(hand.config.stacks)
    assert history.hand == 12


def test_five_card_stud_is_written_with_our_own_code_f5s() -> None:
    hand = make_hand("five_card_stud", players=2)
    check_down(hand)
    data = tomllib.loads(to_phh(hand))
    assert data["variant"] == "F5S"
    assert data["actions"][:2] == [
        f"d dh p1 {hand.cards[0][0]}{hand.cards[0][1]}",
        f"d dh p2 {hand.cards[1][0]}{hand.cards[1][1]}",
    ]


def test_phh_all_in_for_exactly_the_bring_in_is_a_bring_in_not_a_completion() -> None:
    # PHH.md: a bring-in player all-in for exactly the bring-in writes pb; RULES §2.3
    hand = make_hand("seven_card_stud", round_robin(["2c 2h 3c", "2d 2s 3d"]), stacks=[4, 500])
    assert hand.actor == 1  # 3♣ brings in, with 3 chips left after the ante
    assert legal(hand) == [("bring_in", 3)]  # completing "to 3" would be the same chips
    play(hand, "bring_in", "call")
    check_down(hand)
    lines = tomllib.loads(to_phh(hand))["actions"]
    assert "p1 pb" in lines
    assert not any(line.startswith("p1 cbr") for line in lines)


def test_phh_writes_completions_bets_and_raises_as_cbr_to_the_total() -> None:
    hand = make_hand("seven_card_stud", round_robin(["2c 2h 3c", "2d 2s 3d"]), players=2)
    play(hand, "bring_in", "complete", "raise", "call")
    check_down(hand)
    lines = tomllib.loads(to_phh(hand))["actions"]
    assert lines[2:6] == ["p1 pb", "p2 cbr 10", "p1 cbr 20", "p2 cc"]


def test_phh_of_an_unfinished_hand_is_refused() -> None:
    hand = make_hand("seven_card_stud", players=2)
    with pytest.raises(HandOver):
        to_phh(hand)


def test_triple_draw_heads_up_p1_is_the_big_blind() -> None:
    hand = make_hand("triple_draw", players=2)
    check_down(hand)
    data = tomllib.loads(to_phh(hand))
    assert data["blinds_or_straddles"] == [5, 10]  # PokerKit swaps them heads-up
    assert data["actions"][2] == "p2 cc"  # the button (p2) acts first before the draw


def test_json_record_round_trip_and_refusals() -> None:
    hand = make_hand("stud_hi_lo", players=3)
    play(hand, "bring_in", "complete", "call")
    rebuilt = from_json(to_json(hand))
    assert snapshot(rebuilt) == snapshot(hand)
    record = to_record(hand)
    record["actions"].append({"player": 99, "kind": "fold"})
    with pytest.raises(InvalidRecord, match="does not replay"):
        from_json(__import__("json").dumps(record))
    with pytest.raises(InvalidRecord):
        from_json("[]")
    with pytest.raises(InvalidRecord):
        from_json('{"version": 1}')


def test_simulator_same_seed_same_hands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for run in ("a", "b"):
        args = ["--variant", "triple_draw", "--players", "5", "--hands", "20", "--seed", "4"]
        assert simulate([*args, "--phh-dir", str(tmp_path / run)]) == 0
    first = sorted((tmp_path / "a").iterdir())
    second = sorted((tmp_path / "b").iterdir())
    assert len(first) == 20
    assert [p.read_text() for p in first] == [p.read_text() for p in second]
    assert "hands/s" in capsys.readouterr().out


def test_simulator_reaches_every_street_and_all_ins() -> None:
    rng = random.Random(11)
    for variant in VARIANTS.values():
        last_streets, all_ins = set(), 0
        for _ in range(200):
            hand = play_random_hand(
                random_config(variant, 6 if variant.max_players >= 6 else 2, rng), rng
            )
            last_streets.add(hand.street_index)
            all_ins += any(getattr(e, "all_in", False) for e in hand.actions)
        assert len(variant.streets) - 1 in last_streets
        assert all_ins > 10, variant.key
