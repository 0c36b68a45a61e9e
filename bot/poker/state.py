"""The hand: one state machine for every variant, driven by the variant's spec.

Use it in the verify / can / act style::

    hand = Hand(config, Deck.shuffled())
    hand.actor                      # the player id to act, or None when the hand is over
    hand.legal_actions()            # e.g. (LegalAction(FOLD), LegalAction(CALL, 10), ...)
    hand.verify(player, action)     # raises a PokerError subclass that says why not
    hand.can(player, action)        # bool
    event = hand.act(player, action)  # PlayerActed, also appended to hand.actions

Dealing is automatic: the deck order is fixed when the hand is created, so after each action
the hand deals what comes next by itself until a player must decide or the hand is over.
Players are indexed 0..n-1 in hand-history order internally; the API speaks player ids.
"""

from __future__ import annotations

from enum import Enum

from bot.poker.betting import BettingRound
from bot.poker.cards import Card, Deck
from bot.poker.errors import (
    ActionNotAllowed,
    CapReached,
    HandOver,
    InvalidDraw,
    NotYourTurn,
    PokerError,
    WrongAmount,
)
from bot.poker.events import (
    WAGERS,
    Action,
    ActionKind,
    BoardDealt,
    CardsDealt,
    Event,
    ForcedBet,
    HandEnded,
    LegalAction,
    PlayerActed,
    PotAwarded,
    Reshuffled,
    StreetStarted,
    UncalledReturned,
)
from bot.poker.hands import bring_in_card, evaluate_a5_low, evaluate_board, razz_bring_in_key
from bot.poker.pots import Award, Pot, build_pots
from bot.poker.showdown import fold_out_awards, showdown_awards
from bot.poker.shuffling import RandomBits, shuffle
from bot.poker.stakes import HandConfig
from bot.poker.variants import BoardTieBreak, Opener, Street


class Phase(Enum):
    BETTING = "betting"
    DRAWING = "drawing"
    COMPLETE = "complete"


class Hand:
    """One hand of one of the four games, from forced bets to the last chip pushed."""

    def __init__(self, config: HandConfig, deck: Deck) -> None:
        self.config = config
        self.deck = deck
        self.variant = config.variant
        self.players: tuple[int, ...] = config.players
        self._index = {player: i for i, player in enumerate(self.players)}
        count = len(self.players)
        self.stacks: list[int] = list(config.stacks)
        self.bets: list[int] = [0] * count  # this round's wagers, not yet in the pot
        self.committed: list[int] = [0] * count  # chips already in the pots
        self.live: list[bool] = [True] * count  # not folded
        self._live_count = count
        self.cards: list[list[Card]] = [[] for _ in range(count)]
        self.face_up: list[list[bool]] = [[] for _ in range(count)]
        self._up: list[list[Card]] = [[] for _ in range(count)]  # stud: never discarded
        self.board: list[Card] = []
        self.events: list[Event] = []
        self.actions: list[PlayerActed] = []
        self.street_index = -1
        self.phase = Phase.BETTING
        self.round = BettingRound(bet_size=0, cap=0, opener=0)
        self.draw_queue: list[int] = []
        self.winnings: list[int] = [0] * count
        self._legal: tuple[LegalAction, ...] | None = None
        self._stub: list[Card] = list(deck.cards)
        self._next_card = 0
        self._discard_pile: list[Card] = []  # draws and folded hands (RULES §5.6)
        self._reshuffler: RandomBits | None = None  # from the deck when first needed
        self._post_forced_bets()
        self._next_street()

    # ----------------------------------------------------------------- queries

    @property
    def street(self) -> Street:
        return self.variant.streets[max(self.street_index, 0)]

    @property
    def is_complete(self) -> bool:
        return self.phase is Phase.COMPLETE

    @property
    def actor_index(self) -> int | None:
        if self.phase is Phase.BETTING:
            return self.round.actors[0] if self.round.actors else None
        if self.phase is Phase.DRAWING:
            return self.draw_queue[0]
        return None

    @property
    def actor(self) -> int | None:
        """The player id to act (bet or draw), or ``None`` once the hand is over."""
        index = self.actor_index
        return None if index is None else self.players[index]

    def index_of(self, player: int) -> int:
        try:
            return self._index[player]
        except KeyError:
            raise NotYourTurn(f"player {player} is not dealt in this hand") from None

    def up_cards(self, index: int) -> list[Card]:
        """The player's face-up cards, in the order dealt."""
        return self._up[index]

    def pots(self) -> list[Pot]:
        """Current pots, this round's wagers included; a side pot begins only above an all-in
        player's total (RULES §1.6), never at a wager still to be called."""
        totals = [c + b for c, b in zip(self.committed, self.bets, strict=True)]
        return build_pots(totals, self.live, [not stack for stack in self.stacks])

    def to_call(self, player: int) -> int:
        index = self.index_of(player)
        return min(self.stacks[index], self._top - self.bets[index])

    def legal_actions(self) -> tuple[LegalAction, ...]:
        """Everything the actor may do now, with exact amounts (computed once per decision)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal_actions()
        return legal

    def _compute_legal_actions(self) -> tuple[LegalAction, ...]:
        if self.phase is Phase.DRAWING:
            return (LegalAction(ActionKind.DRAW),)
        rnd = self.round
        if self.phase is not Phase.BETTING or not rnd.actors:
            return ()
        index, bets, stacks = rnd.actors[0], self.bets, self.stacks
        top = self._top
        legal: list[LegalAction] = []
        floor = 0
        if rnd.bring_in_pending:
            floor = min(stacks[index], self._bring_in)
            legal.append(LegalAction(ActionKind.BRING_IN, floor))
            wager_kind = ActionKind.COMPLETE
        else:
            owed = top - bets[index]
            if owed:
                legal.append(LegalAction(ActionKind.FOLD))
                legal.append(LegalAction(ActionKind.CALL, min(stacks[index], owed)))
            else:
                legal.append(LegalAction(ActionKind.CHECK))
            if rnd.completion_pending:
                wager_kind = ActionKind.COMPLETE
            else:
                wager_kind = ActionKind.RAISE if top else ActionKind.BET
        if not rnd.refusal(index, top, bets, stacks, self.live):
            for amount in rnd.wager_amounts(index, top, bets, stacks):
                if amount > floor:  # all-in for the bring-in is a bring-in, not a completion
                    legal.append(LegalAction(wager_kind, amount))
        return tuple(legal)

    def timeout_action(self) -> Action:
        """What the dealer does for a player whose clock ran out (RULES §6.1)."""
        if self.phase is Phase.DRAWING:
            return Action(ActionKind.DRAW)
        if self.round.bring_in_pending:
            return Action(ActionKind.BRING_IN)
        index = self.actor_index
        if index is not None and self._top == self.bets[index]:
            return Action(ActionKind.CHECK)
        return Action(ActionKind.FOLD)

    # ----------------------------------------------------------------- verify / can / act

    def verify(self, player: int, action: Action) -> LegalAction:
        """Check ``action`` by ``player`` against the rules; return the exact legal action it
        resolves to, or raise a :class:`~bot.poker.errors.PokerError` that says why not."""
        index = self.actor_index
        if index is None:
            raise HandOver("the hand is over")
        if self._index.get(player) != index:
            raise NotYourTurn("it is not your turn")
        if self.phase is Phase.DRAWING:
            if action.kind is not ActionKind.DRAW:
                raise ActionNotAllowed("it is time to draw: discard 0 to 5 cards")
            self._verify_discards(index, action.discards)
            return LegalAction(ActionKind.DRAW)
        legal = self.legal_actions()
        for option in legal:
            if option.kind is action.kind and action.amount in (None, option.amount):
                return option
        options = [option for option in legal if option.kind is action.kind]
        if options:
            allowed = " or ".join(str(option.amount) for option in options)
            raise WrongAmount(f"in fixed limit, {action.kind.value} is {allowed} here")
        raise self._refusal(index, action.kind, legal)

    def can(self, player: int, action: Action) -> bool:
        try:
            self.verify(player, action)
        except PokerError:
            return False
        return True

    def act(self, player: int, action: Action) -> PlayerActed:
        """Apply ``action`` by ``player``, then deal on until someone must decide."""
        option = self.verify(player, action)
        index = self._index[player]
        self._legal = None
        if option.kind is ActionKind.DRAW:
            return self._draw(index, tuple(action.discards))
        return self._bet(index, option)

    # ----------------------------------------------------------------- refusals

    def _refusal(
        self, index: int, kind: ActionKind, legal: tuple[LegalAction, ...]
    ) -> ActionNotAllowed:
        rnd = self.round
        kinds = {option.kind for option in legal}
        owed = self._top - self.bets[index]
        if rnd.bring_in_pending:
            return ActionNotAllowed(
                "you have the lowest up card: post the bring-in or complete (you may not fold)"
            )
        if kind is ActionKind.DRAW:
            return ActionNotAllowed("this is a betting round, not a draw")
        if kind is ActionKind.BRING_IN:
            return ActionNotAllowed("the bring-in has been posted")
        if kind is ActionKind.FOLD or (kind is ActionKind.CALL and not owed):
            return ActionNotAllowed("there is no bet to call: check instead")
        if kind is ActionKind.CHECK:
            return ActionNotAllowed(f"you face a bet: call {min(owed, self.stacks[index])} or fold")
        if kind in WAGERS:
            reason = rnd.refusal(index, self._top, self.bets, self.stacks, self.live)
            if reason:
                error = CapReached if rnd.raise_count >= rnd.cap else ActionNotAllowed
                return error(reason)
            wager = next(option.kind for option in legal if option.kind in WAGERS)
            return ActionNotAllowed(f"the wager here is a {wager.value}")
        return ActionNotAllowed(f"allowed now: {', '.join(sorted(k.value for k in kinds))}")

    def _verify_discards(self, index: int, discards: tuple[Card, ...]) -> None:
        held = self.cards[index]
        for position, card in enumerate(discards):
            if card not in held:
                raise InvalidDraw("you can only discard cards you hold")
            if card in discards[:position]:
                raise InvalidDraw("a card is discarded twice")

    # ----------------------------------------------------------------- betting

    def _bet(self, index: int, option: LegalAction) -> PlayerActed:
        rnd, bets, stacks = self.round, self.bets, self.stacks
        kind = option.kind
        actor = rnd.actors.pop(0)
        assert actor == index
        rnd.acted.add(index)
        if kind is ActionKind.FOLD:
            self.live[index] = False
            self._live_count -= 1
            self._discard_pile.extend(self.cards[index])
        elif kind is ActionKind.CHECK:
            if rnd.first_checker is None:
                rnd.first_checker = index
        elif kind is ActionKind.CALL or kind is ActionKind.BRING_IN:
            assert option.amount is not None
            bets[index] += option.amount
            stacks[index] -= option.amount
            if kind is ActionKind.BRING_IN:
                rnd.bring_in_pending = False
                if self.config.tournament:  # RULES §7.4: the next player pays it all to enter
                    rnd.floor = self._bring_in
        else:
            assert option.amount is not None
            increment = option.amount - self._top
            stacks[index] -= option.amount - bets[index]
            bets[index] = option.amount
            count = len(self.players)
            others = [
                other
                for other in ((index + step) % count for step in range(1, count))
                if self.live[other] and stacks[other]
            ]
            rnd.record_wager(index, increment, all_in=not stacks[index], others=others)
        event = PlayerActed(
            self.players[index], kind, option.amount, all_in=not stacks[index] and self.live[index]
        )
        self.events.append(event)
        self.actions.append(event)
        if not rnd.actors or self._live_count <= 1:
            self._end_betting()
        return event

    def _begin_betting(self) -> None:
        street, stakes, count = self.street, self.config.stakes, len(self.players)
        opener = self._find_opener(street.opener)
        big_bet_option = (
            stakes.big_bet
            if self.variant.open_pair and self.street_index == 1 and self._open_pair_showing()
            else 0
        )
        rnd = BettingRound(
            bet_size=stakes.big_bet if street.big_bet else stakes.small_bet,
            cap=street.cap,
            opener=opener,
            big_bet=big_bet_option,
        )
        rnd.bring_in_pending = rnd.completion_pending = street.opener is Opener.BRING_IN
        if self.config.tournament and street.opener is Opener.LEFT_OF_BIG_BLIND:
            rnd.floor = stakes.big_blind  # RULES §7.4: a short big blind is still the bet
        # PokerKit's effective stack: a player acts only if someone else could match a wager
        totals = sorted(self.bets[i] + self.stacks[i] for i in range(count) if self.live[i])
        second = totals[-2]
        rnd.actors = [
            index
            for index in ((opener + step) % count for step in range(count))
            if self.live[index] and self.stacks[index] and second > self.bets[index]
        ]
        self.round = rnd
        self.phase = Phase.BETTING
        actors = rnd.actors
        if not actors or (len(actors) == 1 and self.bets[actors[0]] >= self._top):
            self._end_betting()

    def _find_opener(self, opener: Opener) -> int:
        count = len(self.players)
        if opener is Opener.LEFT_OF_BUTTON:
            return 0
        if opener is Opener.LEFT_OF_BIG_BLIND:
            return (self._big_blind_index + 1) % count
        live = [i for i in range(count) if self.live[i]]
        if opener is Opener.BRING_IN:  # RULES §2.3: lowest up card, suits c < d < h < s
            if self.variant.is_lowball_stud:  # §9.2: the highest, aces low, suits c < d < h < s
                lowest = max(live, key=lambda i: razz_bring_in_key(self.up_cards(i)))
            else:
                lowest = min(live, key=lambda i: bring_in_card(self.up_cards(i)))
            if self.config.tournament:  # RULES §7.4: all-in from the ante, it passes left
                for step in range(count):
                    index = (lowest + step) % count
                    if self.live[index] and self.stacks[index]:
                        return index
            return lowest
        if self.variant.is_lowball_stud:  # RULES §9.3: the best low board, ties to the lowest seat
            return max(live, key=lambda i: (evaluate_a5_low(self.up_cards(i)), -i))
        if self.variant.board_tie_break is BoardTieBreak.SUIT:  # RULES §3.2
            return max(
                live, key=lambda i: (evaluate_board(self.up_cards(i)), max(self.up_cards(i)))
            )
        return max(live, key=lambda i: (evaluate_board(self.up_cards(i)), -i))  # RULES §2.5

    def _open_pair_showing(self) -> bool:
        for index, alive in enumerate(self.live):
            up = self.up_cards(index)
            if alive and len(up) == 2 and up[0] >> 2 == up[1] >> 2:
                return True
        return False

    def _end_betting(self) -> None:
        bets = self.bets
        top = max(bets)
        leaders = [i for i, bet in enumerate(bets) if bet == top]
        if top and len(leaders) == 1:  # RULES §1.5: unmatched chips go back
            leader = leaders[0]
            uncalled = top - max(bet for i, bet in enumerate(bets) if i != leader)
            if uncalled:
                bets[leader] -= uncalled
                self.stacks[leader] += uncalled
                self.events.append(UncalledReturned(self.players[leader], uncalled))
        for index, bet in enumerate(bets):
            self.committed[index] += bet
            bets[index] = 0
        self.round.actors = []
        if self._live_count == 1:
            self._finish(fold_out_awards(self))
        elif self.street_index == len(self.variant.streets) - 1:
            self._finish(showdown_awards(self))
        else:
            self._next_street()

    def _finish(self, awards: list[Award]) -> None:
        """Push every pot to its winners and close the hand."""
        players = self.players
        for award in awards:
            for index, chips in award.shares:
                self.stacks[index] += chips
                self.winnings[index] += chips
            self.events.append(
                PotAwarded(
                    pot_index=award.pot_index,
                    amount=award.amount,
                    eligible=tuple(players[i] for i in award.eligible),
                    shares=tuple((players[i], chips) for i, chips in award.shares),
                    side=award.side,
                )
            )
        self.phase = Phase.COMPLETE
        self.events.append(HandEnded(tuple(self.stacks)))

    # ----------------------------------------------------------------- dealing and drawing

    @property
    def _top(self) -> int:
        """The wager to match this round."""
        top, floor = max(self.bets), self.round.floor
        if (
            floor > top
            and sum(1 for i, alive in enumerate(self.live) if alive and self.stacks[i]) > 1
        ):
            return floor  # RULES §7.4: while someone else could still put the full one in
        return top

    @property
    def _bring_in(self) -> int:
        return self.config.stakes.bring_in

    @property
    def _big_blind_index(self) -> int:
        return 1 if len(self.players) > 2 else 0

    def _post_forced_bets(self) -> None:
        stakes = self.config.stakes
        if self.variant.is_stud:
            if stakes.ante:
                for index, player in enumerate(self.players):
                    ante = min(stakes.ante, self.stacks[index])  # short: all-in (RULES §7.4)
                    self.stacks[index] -= ante
                    self.committed[index] += ante
                    self.events.append(ForcedBet(player, "ante", ante))
            return
        big = self._big_blind_index
        small = 1 - big if len(self.players) == 2 else 0  # heads-up the button posts it
        for index, kind, blind in (
            (small, "small blind", stakes.small_blind),
            (big, "big blind", stakes.big_blind),
        ):
            amount = min(blind, self.stacks[index])  # short: all-in (RULES §7.4)
            self.stacks[index] -= amount
            self.bets[index] += amount
            self.events.append(ForcedBet(self.players[index], kind, amount))

    def _take(self, count: int) -> list[Card]:
        """Up to ``count`` cards from the top of the stub: fewer only where it runs out."""
        start = self._next_card
        cards = self._stub[start : start + count]
        self._next_card = start + len(cards)
        return cards

    def _next_street(self) -> None:
        self.street_index += 1
        street = self.street
        self.events.append(StreetStarted(self.street_index, street.name))
        if street.deal:
            self._deal(street.deal)
        if street.draw:
            self.phase = Phase.DRAWING
            self.draw_queue = [i for i, alive in enumerate(self.live) if alive]
            return
        self._begin_betting()

    def _deal(self, pattern: tuple[bool, ...]) -> None:
        receivers = [i for i, alive in enumerate(self.live) if alive]
        if len(receivers) * len(pattern) > len(self._stub) - self._next_card:
            # RULES §2.7: one community card instead; folded cards are not reused
            cards = tuple(self._take(len(pattern)))
            self.board.extend(cards)
            self.events.append(BoardDealt(cards))
            return
        width, start = len(receivers), self._next_card
        stub = self._stub
        self._next_card += width * len(pattern)
        for position, index in enumerate(receivers):
            cards = tuple(stub[start + position : self._next_card : width])
            self.cards[index].extend(cards)
            self.face_up[index].extend(pattern)
            self._up[index].extend(card for card, up in zip(cards, pattern, strict=True) if up)
            self.events.append(CardsDealt(self.players[index], cards, pattern))

    def _draw(self, index: int, discards: tuple[Card, ...]) -> PlayerActed:
        self.draw_queue.pop(0)
        event = PlayerActed(self.players[index], ActionKind.DRAW, None, discards)
        self.events.append(event)
        self.actions.append(event)
        if discards:
            kept = [card for card in self.cards[index] if card not in discards]
            received = self._draw_cards(index, len(discards))
            self.cards[index] = kept + received
            self.face_up[index] = [False] * len(self.cards[index])
            self._discard_pile.extend(discards)  # only once this draw is complete (RULES §5.6)
            self.events.append(
                CardsDealt(self.players[index], tuple(received), (False,) * len(received))
            )
        if not self.draw_queue:
            self._begin_betting()
        return event

    def _draw_cards(self, index: int, count: int) -> list[Card]:
        received = self._take(count)
        missing = count - len(received)
        if missing:
            # RULES §5.6: the stub first, then earlier discards reshuffled, never this draw's own
            pile = self._discard_pile
            if self._reshuffler is None:
                self._reshuffler = self.deck.reshuffler()
            shuffle(pile, self._reshuffler)
            self.events.append(Reshuffled(self.players[index], len(pile)))
            self._stub, self._next_card, self._discard_pile = pile, missing, []
            received += pile[:missing]
            assert len(received) == count  # 52 - 30 held - 5 just discarded: 17 always remain
        return received
