"""What the dealer says, as catalogue messages (:class:`~bot.text.Msg`), never as words: table
titles, hand values, actions, pots, streets. The presentation layer renders them in the
reader's language."""

from __future__ import annotations

from bot.dealer.options import TableOptions, game_name
from bot.poker.cards import RANK_CHARS
from bot.poker.events import ActionKind, PlayerActed
from bot.poker.hands import (
    HIGH_CARD,
    STRAIGHT_FLUSH,
    a5_low_parts,
    deuce_seven_parts,
    high_parts,
    low8_ranks,
)
from bot.poker.stakes import Stakes
from bot.poker.state import Hand, Phase
from bot.poker.variants import VARIANTS, Evaluation, Variant
from bot.text import Arg, Msg

_ACE = 12
_CATEGORIES = (
    "hand-high-card",
    "hand-pair",
    "hand-two-pair",
    "hand-trips",
    "hand-straight",
    "hand-flush",
    "hand-full-house",
    "hand-quads",
    "hand-straight-flush",
)


def table_title(options: TableOptions, game: str | None = None) -> Msg:
    """``Seven Card Stud 10/20, ante 1, bring-in 3`` (or the blinds of Triple Draw); a sit &
    go's: ``Sit & go · Seven Card Stud``; at a practice table, ``· practice chips`` after it
    (RULES §8.4). ``game``: the game of the hand the message shows; ``None`` before any, when
    a mixed table says what it is: ``Mixed games 10/20``, ``Dealer's choice 10/20`` (§10)."""
    title = _title(options, game)
    return Msg("title-practice", title=title) if options.practice else title


def mix_name(options: TableOptions) -> Msg:
    """``Mixed games`` or ``Dealer's choice`` (RULES §10.1, §10.5)."""
    return Msg("game-dealers-choice" if options.dealers_choice else "game-mixed")


def _title(options: TableOptions, game: str | None) -> Msg:
    night = options.tournament is not None and options.tournament.night is not None
    kind = "title-night" if night else "title-tournament"  # a multi-table one's, or a sit & go
    if game is None and options.mixed:
        if options.tournament is not None:
            return Msg(kind, game=mix_name(options))
        small = options.small_bet
        return Msg("title-mix", mix=mix_name(options), small=small, big=Stakes(small).big_bet)
    game = game or options.variant
    if options.tournament is not None:
        return Msg(kind, game=game_name(game))
    stakes = options.stakes_for(game)
    common: dict[str, Arg] = {"game": game_name(game), "small": stakes.small_bet}
    if VARIANTS[game].is_stud:
        return Msg(
            "title-stud",
            big=stakes.big_bet,
            ante=stakes.ante,
            bring_in=stakes.bring_in,
            **common,
        )
    return Msg(
        "title-blinds", big=stakes.big_bet, sb=stakes.small_blind, bb=stakes.big_blind, **common
    )


def stakes_words(variant: Variant, stakes: Stakes) -> Msg:
    """``30/60, ante 3, bring-in 8`` (or the blinds of Triple Draw), without the game."""
    if variant.is_stud:
        return Msg(
            "stakes-stud",
            small=stakes.small_bet,
            big=stakes.big_bet,
            ante=stakes.ante,
            bring_in=stakes.bring_in,
        )
    return Msg(
        "stakes-blinds",
        small=stakes.small_bet,
        big=stakes.big_bet,
        sb=stakes.small_blind,
        bb=stakes.big_blind,
    )


def _ranked(key: str, ranks: tuple[int, ...]) -> Msg:
    """A category with its ranks: ``rank`` / ``second`` as numbers 2 to 14 (a language may
    choose words by them, French elides before As), ``name`` / ``names`` as words."""
    first, second = ranks[0] + 2, ranks[1] + 2
    return Msg(
        key,
        rank=first,
        second=second,
        name=Msg(f"rank-{first}"),
        names=Msg(f"ranks-{first}"),
        second_names=Msg(f"ranks-{second}"),
    )


def high_value(value: int) -> Msg:
    """``Full house, Kings over Threes``, ``Royal flush``, ``Ace high``."""
    return _high_words(*high_parts(value))


def _high_words(category: int, ranks: tuple[int, ...]) -> Msg:
    if category == STRAIGHT_FLUSH and ranks[0] == _ACE:
        return Msg("hand-royal-flush")
    return _ranked(_CATEGORIES[category], ranks)


def low8_value(value: int | None) -> Msg:
    """``8-6-4-2-A low``, or ``no low``."""
    if value is None:
        return Msg("hand-no-low")
    cards = "-".join("A" if rank == 1 else str(rank) for rank in low8_ranks(value))
    return Msg("hand-low", cards=cards)


def deuce_seven_value(value: int) -> Msg:
    """``Seven-five low (7-5-4-3-2)``, ``Ace high, no pair (A-6-4-3-2)``, or the pair (or
    better) that spoils it."""
    category, ranks = deuce_seven_parts(value)
    if category != HIGH_CARD:
        return _high_words(category, ranks)
    cards = "-".join(RANK_CHARS[rank].replace("T", "10") for rank in ranks)
    if ranks[0] == _ACE:  # the ace is high here: a poor hand, not a Razz wheel (issue 42.14)
        return Msg("hand-deuce-seven-ace", cards=cards)
    return Msg(
        "hand-deuce-seven",
        name=Msg(f"rank-{ranks[0] + 2}"),
        second=Msg(f"rank-small-{ranks[1] + 2}"),
        cards=cards,
    )


def razz_value(value: int, size: int = 5) -> Msg:
    """Razz (RULES §9.4): ``7-5-4-2-A low`` of the lowest five (or of the ``size`` cards a
    player has so far), or the pair that spoils it."""
    category, ranks = a5_low_parts(value)
    if category != HIGH_CARD:
        return _high_words(category, ranks)
    shown = ranks[:size]  # a board of fewer cards is packed with zeros after its own
    names = ("A" if rank == _ACE else RANK_CHARS[rank].replace("T", "10") for rank in shown)
    return Msg("hand-low", cards="-".join(names))


def shown_value(evaluation: Evaluation, high: int | None) -> Msg:
    """A hand shown down: its high (or deuce-to-seven) value; a Hi-Lo low is said apart
    (:func:`low8_value`)."""
    if high is None:
        return Msg("hand-unknown")
    if evaluation is Evaluation.DEUCE_TO_SEVEN:
        return deuce_seven_value(high)
    if evaluation is Evaluation.ACE_TO_FIVE:
        return razz_value(high)
    return high_value(high)


_ACTS = {
    ActionKind.FOLD: "act-fold",
    ActionKind.CHECK: "act-check",
    ActionKind.CALL: "act-call",
    ActionKind.BET: "act-bet",
    ActionKind.RAISE: "act-raise",
    ActionKind.COMPLETE: "act-complete",
    ActionKind.BRING_IN: "act-bring-in",
    ActionKind.DRAW: "act-draw",
}


def action(event: PlayerActed, *, by_clock: bool = False) -> Msg:
    """What a player did, without their name: ``raises to 40``, ``draws 2``,
    ``stands pat (time)``."""
    return Msg(
        "act",
        act=Msg(_ACTS[event.kind], amount=event.amount or 0, count=len(event.discards)),
        all_in="yes" if event.all_in else "no",
        clock="yes" if by_clock else "no",
    )


def button(kind: ActionKind, amount: int | None) -> Msg:
    """A button's label: ``Call 20``, ``Raise to 40``, ``Complete to 20``, ``Bring-in 5``."""
    return Msg(f"button-{kind.value.replace('_', '-')}", amount=amount or 0)


def street(variant: str, index: int) -> Msg:
    return Msg(f"street-{variant.replace('_', '-')}-{max(index, 0)}")


def hand_street(hand: Hand) -> Msg:
    """The round of a hand, or the draw going on (``First draw``, then ``After the first
    draw`` for the betting that follows it)."""
    key = hand.variant.key.replace("_", "-")
    if hand.phase is Phase.DRAWING:
        return Msg(f"street-{key}-drawing-{hand.street_index}")
    return street(hand.variant.key, hand.street_index)


def forced_bet(kind: str, amount: int) -> Msg:
    """``ante 1``, ``small blind 5``."""
    return Msg(f"forced-{kind.replace(' ', '-')}", amount=amount)
