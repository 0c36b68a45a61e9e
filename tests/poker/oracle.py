"""PokerKit as a test oracle: replay our PHH files action by action, and know where RULES.md
differs from PokerKit on purpose (PHH.md lists those differences).

Where a rule can be taught to PokerKit, the oracle is adapted rather than the hand skipped:
the Triple Draw cap (§5.4) in the game's streets, the Five Card Stud open pair (§4.4) while
replaying, and pots fixed at the showdown players' levels, each split on its own (§1.6, §3.4)
in :class:`RulesState`. Only what cannot be taught is skipped (:func:`divergence`)."""

from __future__ import annotations

import dataclasses
import tomllib
import warnings
from collections import Counter
from typing import Any

from pokerkit import (
    Automation,
    FixedLimitDeuceToSevenLowballTripleDraw,
    FixedLimitRazz,
    FixedLimitSevenCardStud,
    FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    Mode,
    Opening,
    Poker,
    Pot,
    State,
    Street,
)
from pokerkit.notation import parse_action
from pokerkit.state import Folding

from bot.poker.events import (
    ActionKind,
    BoardDealt,
    CardsDealt,
    PlayerActed,
    PotAwarded,
    StreetStarted,
)
from bot.poker.hands import evaluate_board
from bot.poker.state import Hand

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def _no_burn(streets: tuple[Street, ...]) -> tuple[Street, ...]:
    return tuple(dataclasses.replace(street, card_burning_status=False) for street in streets)


def pokerkit_game(
    variant: str,
    *,
    antes: Any,
    forced: Any,
    small: int,
    big: int,
    automations: tuple[Automation, ...] = AUTOMATIONS,
) -> Poker:
    """A PokerKit game for a PHH variant code, adapted where RULES differ. ``forced`` is the
    bring-in (stud) or the blinds (Triple Draw)."""
    if variant == "F2L3D":
        draw = FixedLimitDeuceToSevenLowballTripleDraw(
            automations, True, antes, forced, small, big, mode=Mode.CASH_GAME
        )
        streets = list(_no_burn(draw.streets))
        # RULES §5.4: before the first draw the big blind is the bet, then three raises.
        streets[0] = dataclasses.replace(streets[0], max_completion_betting_or_raising_count=3)
        draw.streets = tuple(streets)
        return draw
    kind = {
        "F7S/8": FixedLimitSevenCardStudHighLowSplitEightOrBetter,
        "FR": FixedLimitRazz,  # RULES §9
    }.get(variant, FixedLimitSevenCardStud)
    game = kind(automations, True, antes, forced, small, big, mode=Mode.CASH_GAME)
    if variant == "F5S":  # no PHH code: PokerKit's generic streets (PHH.md)
        game.streets = (
            Street(False, (False, True), 0, False, Opening.LOW_CARD, small, 4),
            Street(False, (True,), 0, False, Opening.HIGH_HAND, small, 4),
            Street(False, (True,), 0, False, Opening.HIGH_HAND, big, 4),
            Street(False, (True,), 0, False, Opening.HIGH_HAND, big, 4),
        )
    else:
        game.streets = _no_burn(game.streets)
    return game


class RulesState(State):
    """PokerKit's state with pots formed and split as RULES says.

    PokerKit forms pots only after killing the hands that cannot win, so the levels of the
    killed players' all-ins vanish and their pots merge; and in Stud Hi-Lo it halves every pot
    when anyone holds a low, burning a low half no eligible player can win. RULES fixes the
    pots at the all-in levels of every player who reached showdown (§1.6) and halves a pot only
    when one of its own players has a qualifying low (§3.4)."""

    def _begin_chips_pushing(self) -> None:
        if sum(self.statuses) < 2:
            super()._begin_chips_pushing()
            return
        self.street_index = None
        folded = {op.player_index for op in self.operations if isinstance(op, Folding)}
        showdown = [i for i in self.player_indices if i not in folded]
        put_in = [-self.payoffs[i] - self.bets[i] for i in self.player_indices]
        pots: list[Pot] = []
        previous = 0
        for level in sorted({put_in[i] for i in showdown}):
            amount = sum(min(chips, level) - min(chips, previous) for chips in put_in)
            eligible = tuple(i for i in showdown if put_in[i] >= level)
            pots.append(Pot(0, amount, eligible))
            previous = level
        above = sum(put_in) - sum(pot.amount for pot in pots)  # folded chips above them all
        pots[-1].unraked_amount += above
        self._pots = pots
        for index, pot in enumerate(pots):
            kinds = [
                kind
                for kind in self.hand_type_indices
                if any(self._up_hand(i, kind) is not None for i in pot.player_indices)
            ]
            high, low = divmod(pot.unraked_amount, len(kinds))
            for rank, kind in enumerate(kinds):
                share = high + (low if rank == 0 else 0)  # the odd chip to the high half (§1.7)
                if share:
                    self._sub_pots.append((share, index, 0, kind))
        self._update_chips_pushing()

    def _up_hand(self, player: int, kind: int) -> object:
        return tuple(self.get_up_hands(0, kind))[player]


def pokerkit_state(phh: dict[str, Any]) -> State:
    """A PokerKit state for one of our PHH documents, with RULES' pots."""
    stacks = phh["starting_stacks"]
    forced = phh["blinds_or_straddles"] if phh["variant"] == "F2L3D" else phh["bring_in"]
    game = pokerkit_game(
        phh["variant"],
        antes=phh["antes"],
        forced=forced,
        small=phh["small_bet"],
        big=phh["big_bet"],
    )
    return RulesState(
        game.automations,
        game.deck,
        game.hand_types,
        game.streets,
        game.betting_structure,
        game.ante_trimming_status,
        game.raw_antes,
        game.raw_blinds_or_straddles,
        game.bring_in,
        stacks,
        len(stacks),
        mode=game.mode,
    )


def _open_pair_showing(state: State) -> bool:
    """A pair among any player's two up cards (Five Card Stud's second round, RULES §4.4)."""
    for cards, statuses in zip(state.hole_cards, state.hole_card_statuses, strict=True):
        up = [card.rank for card, face_up in zip(cards, statuses, strict=True) if face_up]
        if len(up) == 2 and up[0] == up[1]:
            return True
    return False


def _allow_big_bets(state: State) -> None:
    """Make the current round a big-bet round from here on (RULES §4.4 open pair)."""
    streets = list(state.streets)
    index = state.street_index
    assert index is not None
    streets[index] = dataclasses.replace(
        streets[index],
        min_completion_betting_or_raising_amount=streets[
            -1
        ].min_completion_betting_or_raising_amount,
    )
    state.streets = tuple(streets)


def replay_in_pokerkit(phh_text: str) -> list[int]:
    """Replay every action (showing is left to PokerKit); any refusal fails. Final stacks."""
    return replay_phh(tomllib.loads(phh_text))


def replay_phh(phh: dict[str, Any]) -> list[int]:
    """:func:`replay_in_pokerkit` for a document already read (one hand of a ``.phhs``).

    Five Card Stud's open pair (RULES §4.4) is taught as the hand goes: the oracle itself looks
    for a pair among the up cards when the second round's betting opens, and only then accepts
    a big bet in that round, after which PokerKit holds every later raise to the big bet."""
    state = pokerkit_state(phh)
    open_pair: bool | None = None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns on cards outside its own deck
        for action in phh["actions"]:
            if " sm " in action:
                continue
            words = action.split()
            if phh["variant"] == "F5S" and state.street_index == 1 and words[0] != "d":
                if open_pair is None:  # the round's cards are all dealt
                    open_pair = _open_pair_showing(state)
                small_to = state.min_completion_betting_or_raising_to_amount
                if words[1] == "cbr" and small_to is not None and int(words[2]) > small_to:
                    if not open_pair:
                        raise AssertionError(f"a big bet without an open pair: {action}")
                    _allow_big_bets(state)
            parse_action(state, action)
    if state.status:
        raise AssertionError(f"PokerKit still expects an action: {state.actor_index=}")
    return list(state.stacks)


def divergence(hand: Hand) -> str | None:
    """Why PokerKit cannot be the oracle for this hand, or ``None`` (RULES vs PokerKit)."""
    variant = hand.variant
    folded_before = False
    live = set(hand.players)
    up: dict[int, list[Any]] = {player: [] for player in hand.players}
    street = -1
    board_checked = True
    for event in hand.events:
        if isinstance(event, StreetStarted):
            street, board_checked = event.index, False
        elif isinstance(event, CardsDealt):
            up[event.player] += [c for c, f in zip(event.cards, event.face_up, strict=True) if f]
        elif isinstance(event, BoardDealt) and folded_before:
            return "§2.7 community card while folded cards exist"
        elif isinstance(event, PlayerActed):
            if (
                not board_checked
                and street >= 1
                and variant.key == "stud_hi_lo"
                and _suit_tie_break_matters(up, live)
            ):
                return "§3.2 suit tie-break for the first actor"
            board_checked = True
            if event.kind is ActionKind.FOLD:
                folded_before = True
                live.discard(event.player)
        elif isinstance(event, PotAwarded):
            count = len(event.shares)
            if count >= 3 and event.amount % count >= 2:
                return "§1.7 odd chips one each"
    return None


def _suit_tie_break_matters(up: dict[int, list[Any]], live: set[int]) -> bool:
    values = Counter(evaluate_board(up[p]) for p in live if up[p])
    best = max(values)
    return values[best] > 1
