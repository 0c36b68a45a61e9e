"""What one seat may see (RULES §8.1): a computer player decides from a :class:`SeatView` only.

The view is built from the engine's hand, and holds the seat's own cards, every up card (a
folded player's up cards are dead cards), the community card, the actions so far, the stacks
and the stakes; of the other players' down cards it holds how many there are, never which. It
keeps no reference to the hand, so a policy given a view cannot reach a hidden card.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.poker.cards import Card
from bot.poker.events import ActionKind, PlayerActed, StreetStarted
from bot.poker.state import Hand, Phase
from bot.poker.variants import Evaluation

DECK = tuple(Card(number) for number in range(52))


@dataclass(frozen=True, slots=True)
class Seat:
    """Another seat, as everyone sees it."""

    index: int
    up: tuple[Card, ...]
    down_count: int
    live: bool
    stack: int
    bet: int
    draws: tuple[int, ...]  # Triple Draw: cards thrown at each draw so far


@dataclass(frozen=True, slots=True)
class Option:
    """One legal action and its exact amount (``None`` for fold, check and draw): the engine's
    ``LegalAction`` as plain data, so that a view can be sent to a worker process."""

    kind: ActionKind
    amount: int | None


@dataclass(frozen=True, slots=True)
class Seen:
    """One public action: seat index, kind, amount, betting round."""

    index: int
    kind: ActionKind
    amount: int
    street: int


@dataclass(frozen=True, slots=True)
class SeatView:
    variant: str
    evaluation: Evaluation
    stud: bool
    street: int  # the betting round (a draw belongs to the round after it)
    last_street: int
    drawing: bool  # a draw is going on: the seat chooses its discards
    draws_left: int  # draws still to come for this seat, the one going on included
    final_cards: int  # how many cards a stud hand has at the end (7 or 5), 5 in a draw game
    me: int
    cards: tuple[Card, ...]
    face_up: tuple[bool, ...]
    board: tuple[Card, ...]
    seats: tuple[Seat, ...]  # the others, in seat order
    thrown: tuple[Card, ...]  # this seat's own discards: out of play, and known to it alone
    legal: tuple[Option, ...]
    pot: int  # every chip in the middle, this round's bets included
    to_call: int
    small_bet: int
    big_bet: int
    raises: int  # bets, completions and raises this round so far
    actions: tuple[Seen, ...]

    @property
    def opponents(self) -> tuple[Seat, ...]:
        return tuple(seat for seat in self.seats if seat.live)

    def unseen(self, *, read_up_cards: bool = True) -> tuple[Card, ...]:
        """Every card this seat has not seen: not its own, not its discards, not an up card
        (``read_up_cards=False``: a player who pays no attention to the others' up cards)."""
        known = set(self.cards) | set(self.thrown) | set(self.board)
        if read_up_cards:
            known.update(card for seat in self.seats for card in seat.up)
        return tuple(card for card in DECK if card not in known)

    def can(self, kind: ActionKind) -> Option | None:
        return next((option for option in self.legal if option.kind is kind), None)


def seat_view(hand: Hand, player: int) -> SeatView:
    """The view of ``player``'s seat, who is to act in ``hand``."""
    me = hand.index_of(player)
    variant = hand.variant
    draws: list[list[int]] = [[] for _ in hand.players]
    thrown: list[Card] = []
    seen: list[Seen] = []
    street = 0
    for event in hand.events:
        if isinstance(event, StreetStarted):
            street = max(event.index, 0)
        elif isinstance(event, PlayerActed):
            index = hand.index_of(event.player)
            seen.append(Seen(index, event.kind, event.amount or 0, street))
            if event.kind is ActionKind.DRAW:
                draws[index].append(len(event.discards))
                if index == me:
                    thrown.extend(event.discards)
    current = max(hand.street_index, 0)
    raises = sum(
        1
        for action in seen
        if action.street == current
        and action.kind in (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE)
    )
    draw_streets = [n for n, item in enumerate(variant.streets) if item.draw]
    drawing = hand.phase is Phase.DRAWING
    draws_left = sum(1 for n in draw_streets if n > current or (drawing and n == current))
    final = sum(len(item.deal) for item in variant.streets) if variant.is_stud else 5
    seats = tuple(
        Seat(
            index=index,
            up=tuple(hand.up_cards(index)) if variant.is_stud else (),
            down_count=len(hand.cards[index]) - len(hand.up_cards(index)),
            live=hand.live[index],
            stack=hand.stacks[index],
            bet=hand.bets[index],
            draws=tuple(draws[index]),
        )
        for index in range(len(hand.players))
        if index != me
    )
    stakes = hand.config.stakes
    return SeatView(
        variant=variant.key,
        evaluation=variant.evaluation,
        stud=variant.is_stud,
        street=current,
        last_street=len(variant.streets) - 1,
        drawing=drawing,
        draws_left=draws_left,
        final_cards=final,
        me=me,
        cards=tuple(hand.cards[me]),
        face_up=tuple(hand.face_up[me]),
        board=tuple(hand.board),
        seats=seats,
        thrown=tuple(thrown),
        legal=tuple(Option(option.kind, option.amount) for option in hand.legal_actions()),
        pot=sum(pot.amount for pot in hand.pots()),
        to_call=hand.to_call(player),
        small_bet=stakes.small_bet,
        big_bet=stakes.big_bet,
        raises=raises,
        actions=tuple(seen),
    )
