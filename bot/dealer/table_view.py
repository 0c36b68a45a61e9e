"""The public picture of a table (:class:`TableView`): never a down card."""

from __future__ import annotations

from dataclasses import replace

from bot.dealer import computers, wording
from bot.dealer.deadline import Deadline
from bot.dealer.recent import draws_of, recent_actions, split_by_round
from bot.dealer.table import Table
from bot.dealer.views import RecentAction, SeatView, TableView
from bot.poker.fairness import commitment
from bot.text import Items, Msg, Name
from bot.tournament import play as tournament_play


def table_view(table: Table) -> TableView:
    hand = table.live_hand
    draws = draws_of(hand) if hand is not None and not hand.variant.is_stud else {}
    button = table.button_seat if hand is not None and not hand.variant.is_stud else None
    seats: list[SeatView] = []
    for seat in sorted(table.seats.values(), key=lambda seat: seat.number):
        view = SeatView(
            number=seat.number,
            user_id=seat.user_id,
            name=seat.name,
            stack=seat.stack,
            sitting_out=seat.sitting_out,
            leaving=seat.leaving,
            button=seat.number == button,
        )
        if hand is not None and seat.user_id in hand.players:
            index = hand.index_of(seat.user_id)
            up = tuple(hand.up_cards(index)) if hand.variant.is_stud else ()
            view = replace(
                view,
                stack=hand.stacks[index],
                dealt=True,
                up_cards=up,
                down_count=len(hand.cards[index]) - len(up),
                bet=hand.bets[index],
                folded=not hand.live[index],
                all_in=hand.live[index] and not hand.stacks[index],
                draws=draws.get(seat.user_id),
            )
        seats.append(view)
    actor = hand.actor if hand is not None else None
    recent: tuple[tuple[RecentAction, ...], tuple[RecentAction, ...]] = ((), ())
    before_street = None
    if hand is not None:
        names = {seat.user_id: seat.name for seat in table.seats.values()}
        street = max(hand.street_index, 0)
        recent = split_by_round(recent_actions(hand, names, table.by_clock), street)
        if recent[1]:
            before_street = wording.street(hand.variant.key, recent[1][0].street)
    source = hand.deck.source if hand is not None else None
    server_seed = getattr(source, "server_seed", None)
    return TableView(
        channel_id=table.channel_id,
        table_id=table.id,
        title=table.title,
        seq=table.seq,
        seats=tuple(seats),
        status=_status(table),
        hand_id=table.hand_id if hand is not None else table.last_hand_id,
        street=wording.hand_street(hand) if hand is not None else None,
        pots=tuple(pot.amount for pot in hand.pots()) if hand is not None else (),
        board=tuple(hand.board) if hand is not None else (),
        actor_id=actor,
        to_call=hand.to_call(actor) if hand is not None and actor is not None else 0,
        legal=hand.legal_actions() if hand is not None else (),
        deadline=table.deadline
        if table.deadline_kind in (Deadline.ACTION, Deadline.BANK)
        else None,
        time_bank=table.deadline_kind is Deadline.BANK,
        recent=recent[0],
        recent_before=recent[1],
        before_street=before_street,
        can_start=not table.running
        and not table.closing
        and (table.can_deal() or _computers_wait(table))
        and not (table.tournament and tournament_play.started(table)),
        open=not table.closed,
        commitment=commitment(server_seed) if isinstance(server_seed, bytes) else None,
        next_commitment=commitment(table.next_seed)
        if table.next_seed and not table.closed and hand is None
        else None,
        restarted=table.restarted_at_seq == table.seq and not table.closed,
        tournament=tournament_play.view(table) if table.tournament and not table.closed else None,
        rotation=None
        if table.closed
        else table.games.line(table.hands_dealt, in_hand=hand is not None),
        choosing=_chooser(table),
    )


def _chooser(table: Table) -> int | None:
    """Dealer's choice: the player whose clock to choose the round's game runs."""
    round_ = table.options.game_round
    return round_.chooser if round_.choosing and not table.closed else None


def _computers_wait(table: Table) -> bool:
    """Computer players alone are seated: Start seats whoever presses it, and deals."""
    return bool(table.eligible()) and computers.only_computers(table)


def _person_needed(table: Table) -> Msg:
    """Computer players can play, but no person can: who sits out, or cannot cover the forced
    bets, else nobody is seated."""
    people = [seat for seat in table.seats.values() if not seat.computer]
    sitting = [seat.name for seat in people if seat.sitting_out]
    short = [seat.name for seat in people if seat.stack < table.minimum()]
    why, names = ("sitting", sitting) if sitting else ("short", short) if short else ("none", [])
    listed = Items(tuple(Name(name) for name in names))
    return Msg("status-person-needed", why=why, names=listed)


def _status(table: Table) -> Msg | None:
    if table.closed:
        return Msg("status-closed")
    if table.in_hand:
        return Msg("status-closing") if table.closing else None
    if table.running and table.deadline_kind is Deadline.NEXT_HAND:
        return Msg("status-next-hand")
    if table.deadline_kind is Deadline.CHOICE and table.deadline is not None:
        chooser = table.options.game_round.chooser
        deadline = f"<t:{int(table.deadline.timestamp())}:R>"
        return Msg("status-choosing", mention=f"<@{chooser}>", deadline=deadline)
    if table.tournament and not tournament_play.started(table):
        practice = "yes" if table.options.practice else "no"  # no buy-in (RULES §8.4)
        entrants, seats = len(table.seats), table.options.seats
        return Msg("status-registering", entrants=entrants, seats=seats, practice=practice)
    eligible = len(table.eligible())
    if table.can_deal():
        return Msg("status-ready")
    if _computers_wait(table):  # Start seats whoever presses it
        return Msg("status-computers")
    if any(seat.computer for seat in table.eligible()):  # no person to play: they wait
        return _person_needed(table)
    minimum = table.minimum()
    short = [seat.name for seat in table.seats.values() if seat.stack < minimum]
    if short:  # seated, but they cannot cover the forced bets
        names = Items(tuple(Name(name) for name in short))
        return Msg(
            "status-short", missing=2 - eligible, names=names, count=len(short), minimum=minimum
        )
    sitting = [seat.name for seat in table.seats.values() if seat.sitting_out]
    return Msg(
        "status-waiting",
        missing=2 - eligible,
        seated=len(table.seats),
        sitting=Items(tuple(Name(name) for name in sitting)) if sitting else "none",
    )
