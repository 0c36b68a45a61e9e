"""One table's runtime: seats, the hand loop, the action clock and the persistence calls.

No Discord here. Every public coroutine must be called through
:meth:`~bot.dealer.dealer.Dealer.locked`, which holds the table's lock and makes the whole
change one database transaction: each coroutine returns the :class:`Effects` to present, or
raises :class:`TableError` with a message for the user. If anything fails, the transaction is
rolled back and the table is restored from the database (``persistence``), so memory and
database never part.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import asdict, replace
from datetime import datetime, timedelta
from typing import Any

from bot.dealer import choosing, describe, private, seating, wording
from bot.dealer.deadline import Deadline
from bot.dealer.entropy import Entropy
from bot.dealer.errors import StalePrompt, TableElsewhere, TableError
from bot.dealer.formats import CASH, NIGHT_TABLE, SIT_AND_GO, TableFormat
from bot.dealer.games import GameChoice, game_choice
from bot.dealer.hand_facts import hand_facts
from bot.dealer.options import TableOptions, game_name
from bot.dealer.seat import Seat
from bot.dealer.views import Effects, Notice, PrivateHand, Swap
from bot.poker.errors import PokerError
from bot.poker.events import Action, CardsDealt, PlayerActed
from bot.poker.fairness import commitment, fair_deck
from bot.poker.record import action_to_dict, to_record
from bot.poker.stakes import HandConfig
from bot.poker.state import Hand
from bot.poker.variants import VARIANTS
from bot.store import Database
from bot.store.house import is_computer
from bot.store.records import SeatState, TableState
from bot.text import Msg

TIMEOUTS_TO_SIT_OUT = 2  # RULES §6.1
BANK_REFILL = 5  # seconds given back to every time bank ...
BANK_REFILL_EVERY = 10  # ... every this many hands dealt, up to the table's time bank


class Table:
    def __init__(
        self,
        *,
        table_id: int,
        channel_id: int,
        guild_id: int,
        host_id: int,
        options: TableOptions,
        store: Database,
        clock: Callable[[], datetime],
        entropy: Entropy | None = None,
        hand_pause: float = 5.0,
    ) -> None:
        self.id = table_id
        self.channel_id = channel_id
        self.guild_id = guild_id
        self.host_id = host_id
        self.options = options
        self.store = store
        self.clock = clock
        self.entropy = entropy or Entropy()
        self.hand_pause = timedelta(seconds=hand_pause)
        self.lock = asyncio.Lock()
        self.seats: dict[int, Seat] = {}
        self.hand: Hand | None = None
        self.hand_id: int | None = None
        self.last_hand_id: int | None = None
        self.seq = 0  # bumped at every change of the prompt: stale clicks carry an older one
        self.running = False
        self.closing = False
        self.closed = False
        self.broken = False  # memory is not to be trusted: restore from the database first
        self.not_saved = 0  # changes in a row not saved (Dealer: at 3 the table is halted)
        self.halted: datetime | None = None  # its writes kept failing: none tried until then
        self.halt_told = False  # its players were told it stopped
        self.idle_since = clock()  # no hand dealt since: it closes after options.idle_minutes
        self.attended_at = clock()  # a sit & go's entrant last acted by themselves (§7.5a)
        self.deadline: datetime | None = None
        self.deadline_kind: Deadline | None = None
        self.by_clock: list[bool] = []  # of each action of the hand: whether the clock took it
        self.dm_refused: set[int] = set()
        self.message_id: int | None = None
        self.button_seat: int | None = None
        self.restarted_at_seq: int | None = None  # the seq when the dealer restarted
        self.hands_dealt = 0
        self.saved_state: TableState | None = None  # as the database has it
        # the next hand's server seed, drawn one hand ahead: its commitment is public before
        # any player's part of that deal is fixed (docs/fairness.md)
        self.next_seed = b""  # none yet: Dealer.create and restore set it
        self.saved_seats: dict[int, SeatState] = {}
        self.saved_options = options  # as the database has them (/poker bots changes them)

    # ------------------------------------------------------------------ queries

    @property
    def title(self) -> Msg:
        """Of the hand the table message shows: the one in play, else the last one (its
        record stays in the channel, issue 42.8); before any, the table's game or its mix."""
        hand = self.hand
        return wording.table_title(self.options, hand.variant.key if hand is not None else None)

    @property
    def game_now(self) -> str:
        """The game of the hand in play, else of the next hand (RULES §10.1)."""
        hand = self.live_hand
        return hand.variant.key if hand is not None else self.games.game_of(self.hands_dealt)

    @property
    def games(self) -> GameChoice:
        return game_choice(self.options)

    @property
    def live_hand(self) -> Hand | None:
        """The hand being played, or ``None`` between hands."""
        hand = self.hand
        return hand if hand is not None and not hand.is_complete else None

    @property
    def in_hand(self) -> bool:
        return self.live_hand is not None

    def dealt_in(self, user: int) -> bool:
        hand = self.live_hand
        return hand is not None and user in hand.players

    def minimum(self) -> int:
        """Chips needed to be dealt the next hand (RULES §1.9), in its game."""
        game = self.games.game_of(self.hands_dealt)
        return self.options.stakes_for(game).forced_minimum(VARIANTS[game])

    @property
    def tournament(self) -> bool:
        """A sit & go's table (RULES §7, ``bot.tournament``)."""
        return self.options.tournament is not None

    @property
    def format(self) -> TableFormat:
        """What differs between a cash table, a sit & go's and a multi-table tournament's
        (``bot.dealer.formats``)."""
        terms = self.options.tournament
        if terms is None:
            return CASH
        return SIT_AND_GO if terms.night is None else NIGHT_TABLE

    def eligible(self) -> list[Seat]:
        """Seats to deal in next hand, in seat order (the format says which)."""
        return self.format.eligible(self)

    def can_deal(self) -> bool:
        """Two seats to deal in (and, at a cash table, a person among them)."""
        return self.format.can_deal(self.eligible())

    @property
    def closes_when_idle(self) -> bool:
        """An open table closes after idle_minutes without a hand; a sit & go under way never
        idles (it deals until it has a winner)."""
        return self.format.idles(self)

    def free_seat(self) -> int:
        """The lowest seat number nobody holds."""
        taken = {seat.number for seat in self.seats.values()}
        return min(set(range(1, self.options.seats + 1)) - taken)

    def _seat(self, user: int) -> Seat:
        seat = self.seats.get(user)
        if seat is None:
            raise TableError("error-not-seated")
        return seat

    def private_hand(self, user: int, swap: Swap | None = None) -> PrivateHand:
        hand = self.live_hand
        if hand is None or self.hand_id is None:
            raise TableError("error-no-hand-now")
        if user not in hand.players:
            raise TableError(
                "error-dealt-next" if user in self.seats else "error-not-dealt-current"
            )
        return replace(
            describe.private_hand(
                hand, user, channel_id=self.channel_id, hand_id=self.hand_id, swap=swap
            ),
            next_commitment=commitment(self.next_seed) if self.next_seed else None,
            game=game_name(hand.variant.key) if self.options.mixed else None,
        )

    def state(self) -> TableState:
        """What the database must hold of this table (``persistence.save`` writes changes)."""
        return TableState(
            message_id=self.message_id,
            deadline=self.deadline,
            deadline_kind=self.deadline_kind.value if self.deadline_kind else None,
            running=self.running,
            closing=self.closing,
            seq=self.seq,
            button_seat=self.button_seat,
            hand_id=self.hand_id,
            hands_dealt=self.hands_dealt,
            next_seed=self.next_seed.hex() or None,
        )

    def due(self) -> datetime | None:
        """When the clock must next look at this table: its deadline, or a seat sitting out
        for 10 minutes (stood up)."""
        if self.halted is not None:
            return self.halted  # the clock tries it again then
        times = [  # a sit & go's never stand up: their chips are the tournament's (§7.5)
            s.sat_out_at + seating.STAND_UP_AFTER
            for s in self.seats.values()
            if s.sat_out_at and self.format.stands_up
        ]
        if self.deadline is not None:
            times.append(self.deadline)
        if self.may_idle:
            times.append(self.idle_until)
        return min(times, default=None)

    @property
    def may_idle(self) -> bool:
        """No hand is played nor about to be: a game being chosen is dealt when its chooser's
        clock runs out, however long the clock is (RULES §10.5)."""
        waiting = self.in_hand or self.deadline_kind is Deadline.CHOICE
        return not waiting and self.closes_when_idle

    def heard(self, user: int, interaction_id: int) -> None:
        """A player's interaction at this table: its id is their part of the next deal."""
        seat = self.seats.get(user)
        if seat is not None:
            seat.click = interaction_id
            self.format.heard(self, user)

    @property
    def idle_until(self) -> datetime:
        """When this table closes if no hand is dealt before (issue 20.13)."""
        return self.idle_since + timedelta(minutes=self.options.idle_minutes)

    # ------------------------------------------------------------------ seats

    async def join(self, user: int, name: str, buy_in: int | None = None) -> Effects:
        if self.closing or self.closed:
            raise TableError("error-closing-no-buy-in")
        self.format.may_join()  # a sit & go: registration only, no top-ups (RULES §7.1)
        private.check_admitted(self, user)  # RULES §13
        return await seating.sit_down(self, user, name, buy_in)

    async def leave(self, user: int) -> Effects:
        """RULES §6.2: folded for at their turn, paid out when the hand ends."""
        left = await self.format.leave(self, user)  # a sit & go's: for good (RULES §7.5)
        if left is not None:
            return await self._chooser_gone(await self._acted_for(left))
        seat = self._seat(user)
        if self.dealt_in(user):  # paid out with the others at the hand's end
            if seat.leaving:
                raise TableError("error-already-leaving")
            seat.leaving = True
            return await self._acted_for(Effects(table_changed=True))
        chips = await self.cash_out(seat)
        return await self._chooser_gone(
            Effects(table_changed=True, notices=[self.left(seat, chips)])
        )

    async def cash_out(self, seat: Seat) -> int:
        chips = await self.store.cash_out(
            guild=self.guild_id,
            channel=self.channel_id,
            table=self.id,
            user=seat.user_id,
            practice=self.options.practice,
            house_cap=self.options.house_cap,
        )
        del self.seats[seat.user_id]
        self.saved_seats.pop(seat.user_id, None)
        return chips

    async def sit_out(self, user: int) -> Effects:
        seat = self._seat(user)
        if seat.sitting_out:
            raise TableError("error-already-sitting-out")
        seat.sitting_out, seat.sat_out_at = True, self.clock()
        return await self._chooser_gone(Effects(table_changed=True))

    async def _chooser_gone(self, effects: Effects) -> Effects:
        """Dealer's choice: a chooser who went chooses nothing; the next one is asked (a
        computer player, or nobody there: chosen at once, and dealt)."""
        asked = choosing.chooser_gone(self)
        if asked is not None:
            effects.merge(asked)
            round_ = self.options.game_round
            if self.running and not round_.choosing and not self.closing:
                effects.merge(await self._start_hand())
        return effects

    async def back(self, user: int) -> Effects:
        seat = self._seat(user)
        self.format.may_come_back(seat)
        if not seat.sitting_out:
            raise TableError("error-not-sitting-out")
        seat.sitting_out, seat.sat_out_at = False, None
        seat.timeouts = 0
        waiting = self.hands_dealt and not self.running and not self.closing and not self.in_hand
        if waiting and self.can_deal():  # it stopped for want of players: it deals again
            self.running = True
        self.schedule_next_hand()
        return Effects(table_changed=True)

    # ------------------------------------------------------------------ the game

    async def start(self, user: int) -> Effects:
        if self.closing or self.closed:
            raise TableError("error-table-closing")
        if self.running:
            raise TableError("error-already-running")
        if user != self.host_id and len(self.seats) < 2:
            raise TableError("error-host-starts")
        if len(self.eligible()) < 2:
            raise TableError("error-two-players", minimum=self.minimum())
        if not self.can_deal():
            raise TableError("error-person-needed")
        self.running = True
        return await self._start_hand()

    async def end(self, user: int, *, can_manage: bool) -> Effects:
        self.format.may_end()
        if user != self.host_id and not can_manage:
            raise TableError("error-host-ends")
        if self.closing:
            raise TableError("error-already-closing")
        if self.in_hand:
            self.closing = True
            return Effects(table_changed=True, notices=[Notice("closing")])
        return await self.close()

    async def close(self, *, idle: bool = False) -> Effects:
        paid = []
        for seat in list(self.seats.values()):
            chips = await self.cash_out(seat)
            paid.append([seat.name, chips])
        await self.remove()
        values: dict[str, Any] = {"paid": paid}
        if idle:
            values["idle"] = self.options.idle_minutes
        return Effects(table_changed=True, closed=True, notices=[Notice("closed", values)])

    async def remove(self) -> None:
        """The table goes, its seats already emptied (paid out, or a sit & go's chips)."""
        await self.store.delete_table(self.id)
        self.set_deadline(None, None)
        self.running = False
        self.closed = True
        self.seq += 1

    async def _start_hand(self) -> Effects:
        players = self.eligible()
        if not self.can_deal():
            self.running = False
            self.set_deadline(None, None)
            return Effects(table_changed=True)
        if choosing.due(self):  # dealer's choice: the round's game first (RULES §10.5)
            effects = choosing.ask(self)
            if not self.options.game_round.choosing:  # a computer player chose
                effects.merge(await self._start_hand())
            return effects
        game = self.games.game_of(self.hands_dealt)  # RULES §10.1
        ordered = seating.deal_order(self, players, VARIANTS[game])
        users = [seat.user_id for seat in ordered]
        level = self.format.before_deal(self)  # a sit & go's level sets the stakes (§7.2)
        config = HandConfig(
            variant_key=game,
            players=tuple(users),
            stacks=tuple(seat.stack for seat in ordered),
            stakes=self.options.stakes_for(game),
            seats=tuple(seat.number for seat in ordered),
            tournament=self.tournament,
        )
        # provably fair: the server seed committed to one hand ahead, and each player's own
        # seed or the id of their latest interaction here, read now, after the commitment
        server_seed = self.next_seed or self.entropy.server_seed()  # (a table of a test)
        chosen = await self.store.player_seeds(users)
        player_seeds = [seat.deal_seed(chosen.get(seat.user_id)) for seat in ordered]
        dealt: list[Hand] = []

        def deal(hand_id: int) -> dict[str, Any]:
            dealt.append(Hand(config, fair_deck(server_seed, player_seeds, hand_id)))
            return to_record(dealt[0])

        self.hand_id, _ = await self.store.start_hand(
            table=self.id,
            channel=self.channel_id,
            guild=self.guild_id,
            names={seat.user_id: seat.name for seat in ordered},
            deal=deal,
            tournament_level=level,
        )
        hand = self.hand = dealt[0]
        self.next_seed = self.entropy.server_seed()  # dealt: the next one, shown from now
        self.idle_since = self.clock()
        self.by_clock.clear()
        self.seq += 1
        self.hands_dealt += 1
        choosing.dealt(self)
        if self.hands_dealt % BANK_REFILL_EVERY == 0:
            full = self.options.time_bank
            for seat in self.seats.values():
                seat.bank = min(full, seat.bank + BANK_REFILL)
        effects = Effects(table_changed=True, fresh_message=True)
        if hand.is_complete:  # a tournament's: all in from the forced bets, nobody acts
            effects.merge(await self._finish_hand())
            return effects
        effects.private.extend(
            self.private_hand(player) for player in hand.players if not is_computer(player)
        )
        effects.merge(await self._play_automatic())  # a tournament's leaver may be first
        self._restart_clock()
        return effects

    async def act(self, user: int, seq: int, action: Action) -> Effects:
        """A player's decision from a prompt numbered ``seq``."""
        hand = self.live_hand
        if hand is None:
            raise StalePrompt("error-no-hand-prompt")
        if user not in hand.players:  # watching, or seated since the deal
            raise TableError("error-dealt-next" if user in self.seats else "error-not-dealt")
        if hand.actor != user:
            raise TableError("error-not-your-turn")
        if seq != self.seq:
            raise StalePrompt("error-stale-prompt")
        if self.deadline_kind is Deadline.BANK and self.deadline is not None:
            left = (self.deadline - self.clock()).total_seconds()
            self.seats[user].bank = max(0, min(self.seats[user].bank, int(left + 0.999)))
        effects = await self._apply(user, action, by_clock=False)
        effects.merge(await self._play_automatic())
        self._restart_clock()
        return effects

    async def _apply(self, user: int, action: Action, *, by_clock: bool) -> Effects:
        hand = self.hand
        assert hand is not None
        first_new = len(hand.events)
        event: PlayerActed = hand.act(user, action)  # a PokerError leaves the hand unchanged
        seat = self.seats[user]
        if not by_clock:
            seat.timeouts = 0
        assert self.hand_id is not None
        await self.store.log_action(
            self.hand_id, len(hand.actions), action_to_dict(event), by_clock=by_clock
        )
        self.by_clock.append(by_clock)
        self.seq += 1
        effects = Effects(table_changed=True)
        changed = {
            new.player
            for new in hand.events[first_new:]
            if isinstance(new, CardsDealt) and not all(new.face_up)
        }
        if not hand.is_complete:
            swap = describe.swap(event, hand.events[first_new:])
            effects.private.extend(
                self.private_hand(player, swap if player == user else None)
                for player in sorted(changed)
                if not is_computer(player)
            )
        if hand.is_complete:
            effects.merge(await self._finish_hand())
        return effects

    async def _acted_for(self, effects: Effects) -> Effects:
        """A player left: the dealer acts for them at once if it is their turn, and the next
        actor's clock starts afresh."""
        played = await self._play_automatic()
        if played.table_changed:
            self._restart_clock()
        effects.merge(played)
        return effects

    async def _play_automatic(self) -> Effects:
        """Act at once for players who left during the hand (RULES §6.2)."""
        effects = Effects()
        hand = self.hand
        while hand is not None and not hand.is_complete and hand.actor is not None:
            seat = self.seats.get(hand.actor)
            if seat is None or not seat.leaving:
                break
            effects.merge(await self._apply(seat.user_id, hand.timeout_action(), by_clock=True))
        return effects

    def _restart_clock(self) -> None:
        """A new decision: the actor gets the full time (RULES §6.1)."""
        if self.in_hand:
            seconds = self.options.action_seconds
            self.set_deadline(self.clock() + timedelta(seconds=seconds), Deadline.ACTION)

    async def choose_game(self, user: int, seq: int, game: str) -> Effects:
        """Dealer's choice: the round's game, chosen (``user`` 0: by the clock); then dealt."""
        effects = choosing.choose(self, user, seq, game)
        if self.running and not self.closing:
            effects.merge(await self._start_hand())
        return effects

    async def on_deadline(self, now: datetime) -> Effects:
        """The clock ran out: the time bank starts, or RULES §6.1 for the actor, or the next
        hand is dealt; and players sitting out for 10 minutes are stood up."""
        effects = await seating.stand_up_absent(self, now)
        if self.may_idle and now >= self.idle_until:
            # no hand dealt for so long: closed (a sit & go's registration: refunded)
            effects.merge(await self.format.on_idle(self))
            return effects
        if self.deadline is None or now < self.deadline:
            return effects
        effects.merge(await self._deadline_passed(now))
        return effects

    async def _deadline_passed(self, now: datetime) -> Effects:
        kind = self.deadline_kind
        hand = self.live_hand
        if kind is Deadline.ACTION and hand is not None and hand.actor is not None:
            seat = self.seats[hand.actor]
            absent = seat.sitting_out and not self.format.time_bank_when_away
            if seat.bank > 0 and not absent:  # the bank runs, shown on the table message
                self.set_deadline(now + timedelta(seconds=seat.bank), Deadline.BANK)
                return Effects(table_changed=True)
        if kind is Deadline.BANK and hand is not None and hand.actor is not None:
            self.seats[hand.actor].bank = 0
        self.set_deadline(None, None)
        if kind is Deadline.CHOICE:  # the game after the last one dealt (RULES §10.5)
            return await self.choose_game(0, self.seq, choosing.default_game(self))
        if kind is Deadline.NEXT_HAND:
            ended = await self.format.next_hand_due(self, now)  # a sit & go abandoned
            if ended is not None:
                return ended
            if self.running and not self.in_hand and not self.closing:
                return await self._start_hand()
            return Effects()
        hand = self.live_hand
        if hand is None or hand.actor is None:
            return Effects()
        seat = self.seats[hand.actor]
        seat.timeouts += 1
        effects = await self._apply(seat.user_id, hand.timeout_action(), by_clock=True)
        if seat.timeouts >= TIMEOUTS_TO_SIT_OUT and not seat.sitting_out:
            seat.sitting_out, seat.sat_out_at = True, now
            effects.notices.append(Notice("sat_out_by_clock", {"name": seat.name}))
        effects.merge(await self._play_automatic())
        self._restart_clock()
        return effects

    def set_deadline(self, when: datetime | None, kind: Deadline | None) -> None:
        self.deadline, self.deadline_kind = when, kind  # saved with the rest of the change

    def schedule_next_hand(self) -> None:
        if self.running and not self.in_hand and self.deadline is None and not self.closing:
            self.set_deadline(self.clock() + self.hand_pause, Deadline.NEXT_HAND)

    async def _finish_hand(self) -> Effects:
        hand, hand_id = self.hand, self.hand_id
        assert hand is not None
        assert hand_id is not None
        stacks = dict(zip(hand.players, hand.stacks, strict=True))
        game = {
            "variant": hand.variant.key,
            "big_bet": hand.config.stakes.big_bet,
            "mixed": self.options.mixed,  # stats count it under its game and the mix
            "practice": self.options.practice,  # counted apart (RULES §8.4)
        }
        await self.store.finish_hand(
            hand_id=hand_id,
            table=self.id,
            stacks=stacks,
            result={"winnings": dict(zip(hand.players, hand.winnings, strict=True))},
            facts=[asdict(facts) | game for facts in hand_facts(hand)],
        )
        for user, stack in stacks.items():
            self.seats[user].stack = stack
        names = {seat.user_id: seat.name for seat in self.seats.values()}
        effects = Effects(
            table_changed=True,
            summary=describe.summary(
                hand,
                names=names,
                channel_id=self.channel_id,
                hand_id=hand_id,
                title=wording.table_title(self.options, hand.variant.key),  # its own game
            ),
        )
        self.last_hand_id = hand_id
        self.idle_since = self.clock()
        self.seq += 1
        self.set_deadline(None, None)
        await self.format.after_hand(self, hand, hand_id, effects)
        return effects

    @staticmethod
    def left(seat: Seat, chips: int) -> Notice:
        return Notice("left", {"name": seat.name, "chips": chips})


__all__ = ["PokerError", "StalePrompt", "Table", "TableElsewhere", "TableError"]
