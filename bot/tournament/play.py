"""A sit & go at its table (RULES §7): registration, the levels, knock-outs and the end.

Every function here runs under the table's lock, inside the change's one transaction
(:meth:`bot.dealer.dealer.Dealer.change`), as the table's own methods do. A tournament's table
keeps its entrants seated from registration on: an entrant is seated with the starting stack
(tournament chips), is dealt in while they have chips, sitting out or not (§7.5), and leaves
the table only when knocked out (§7.3) or when the tournament ends.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from bot.dealer import computers, private, wording
from bot.dealer.errors import TableError
from bot.dealer.options import LIMITS, TableOptions, TournamentTerms
from bot.dealer.seat import Seat
from bot.dealer.views import Effects, Notice, TournamentView
from bot.poker.stakes import Stakes
from bot.poker.state import Hand
from bot.poker.variants import SEVEN_CARD_STUD, TRIPLE_DRAW, Variant
from bot.store.house import is_computer, is_person
from bot.store.tournaments import CANCELLED, ENDED
from bot.text import Msg
from bot.tournament.night import level_at
from bot.tournament.structure import (
    TOURNAMENT_ANTE_DIVISOR,
    hands_left,
    last_level,
    level_of,
    pay,
    places_of_the_out,
    prizes,
    split_by_chips,
    stakes_at,
)

if TYPE_CHECKING:
    from bot.dealer.table import Table


def terms(table: Table) -> TournamentTerms:
    found = table.options.tournament
    assert found is not None, "not a tournament's table"
    return found


def started(table: Table) -> bool:
    return terms(table).entrants > 0


def entrants(table: Table) -> int:
    """Everyone who entered: fixed at the start, the seated ones before."""
    return terms(table).entrants or len(table.seats)


def _clock_level(table: Table) -> int | None:
    """At a table of a multi-table tournament, the level of its one clock now (RULES §11.3);
    ``None`` at a sit & go's, whose levels count hands (§7.2)."""
    deal = terms(table)
    if deal.night is None or deal.started_at is None:
        return None
    return level_at(deal.started_at, table.clock(), deal.level_minutes)


def level(table: Table) -> int:
    """The level of the hand being played, or of the last one between hands: the hand the
    table message shows (RULES §7.2); before the first, level 1. At a multi-table
    tournament's table, the level of its clock (§11.3)."""
    clocked = _clock_level(table)
    if clocked is not None:
        return clocked
    return level_of(max(table.hands_dealt, 1), terms(table).level_hands)


def level_left(table: Table) -> int:
    """Hands of the level still to deal after the one :func:`level` is of (0 at a multi-table
    tournament's table: its levels are timed)."""
    if terms(table).night is not None:
        return 0
    return hands_left(max(table.hands_dealt, 1), terms(table).level_hands)


def upcoming_level(table: Table) -> int:
    """The level of the next hand to deal."""
    clocked = _clock_level(table)
    if clocked is not None:
        return clocked
    return level_of(table.hands_dealt + 1, terms(table).level_hands)


def level_game(table: Table) -> Variant:
    """The game whose levels the sit & go follows: its own; at a mixed sit & go, Triple Draw's
    if it is dealt there (its small bet, twice the small blind, is always even), else Seven
    Card Stud's (RULES §10.6)."""
    if not table.options.mixed:
        return table.options.game
    return TRIPLE_DRAW if TRIPLE_DRAW.key in table.options.games else SEVEN_CARD_STUD


def stakes(table: Table, at_level: int) -> Stakes:
    """RULES §7.2: past the largest small bet a table may have, the stakes rise no more. At a
    mixed sit & go the level's small bet, its tournament ante, and Seven Card Stud's bring-in
    (each game's own forced bets follow from the small bet: RULES §10.6)."""
    found = stakes_at(
        level_game(table), terms(table).starting_chips, at_level, largest=LIMITS.small_bet
    )
    if not table.options.mixed:
        return found
    small = found.small_bet
    ante = max(1, (small + TOURNAMENT_ANTE_DIVISOR // 2) // TOURNAMENT_ANTE_DIVISOR)
    return Stakes(small, ante=ante, bring_in=Stakes.default(SEVEN_CARD_STUD, small).bring_in)


def shown_game(table: Table) -> Variant | None:
    """The game whose stakes the table message shows: of the hand it shows (the one in play,
    else the last); ``None`` at a mixed sit & go before its first hand (its small bet and ante
    alone: each game's forced bets follow from them)."""
    if table.hand is not None:
        return table.hand.variant
    return None if table.options.mixed else table.options.game


def game_stakes(table: Table, at_level: int, game: Variant) -> Stakes:
    """A hand of ``game``'s stakes at a level: at a mixed sit & go, the level's small bet and
    ante, and that game's own bring-in or blinds (RULES §10.6, §7.2)."""
    found = stakes(table, at_level)
    if not table.options.mixed:
        return found
    if not game.is_stud:
        return Stakes(found.small_bet)
    bring_in = Stakes.default(game, found.small_bet).bring_in
    return Stakes(found.small_bet, ante=found.ante, bring_in=bring_in)


def stakes_words(table: Table, at_level: int) -> Msg:
    """The stakes of a level in words, in the game the table message shows (§10.6)."""
    game = shown_game(table)
    if game is None:
        found = stakes(table, at_level)
        return Msg("stakes-mixed", small=found.small_bet, big=found.big_bet, ante=found.ante)
    return wording.stakes_words(game, game_stakes(table, at_level, game))


def at_last_level(table: Table, at_level: int) -> bool:
    return at_level >= last_level(
        level_game(table), terms(table).starting_chips, largest=LIMITS.small_bet
    )


def set_level_stakes(table: Table) -> None:
    """Before a deal: the table's stakes are those of the hand's level (RULES §7.2). At a
    mixed sit & go the level sets the small bet and the ante; each game's bring-in or blinds
    follow from the small bet (RULES §10.6: Five Card Stud hands have the level's ante)."""
    wanted = stakes(table, upcoming_level(table))
    options = table.options
    now = (options.small_bet, options.ante, options.bring_in)
    if options.mixed:
        if now != (wanted.small_bet, wanted.ante, None):
            _set_stakes(table, wanted.small_bet, wanted.ante, None)
    elif wanted != options.stakes:
        _set_stakes(table, wanted.small_bet, wanted.ante, wanted.bring_in)


def _set_stakes(table: Table, small_bet: int, ante: int, bring_in: int | None) -> None:
    table.options = TableOptions.model_validate(
        table.options.model_dump()
        | {
            "small_bet": small_bet,
            "ante": ante,
            "bring_in": bring_in,
            "min_buy_in": None,
            "max_buy_in": None,
        }
    )


def _with_terms(table: Table, **changes: Any) -> None:
    table.options = table.options.model_copy(
        update={"tournament": terms(table).model_copy(update=changes)}
    )


def view(table: Table) -> TournamentView:
    """What its table message shows of the tournament."""
    deal, now = terms(table), level(table)
    return TournamentView(
        registering=not started(table),
        entrants=entrants(table),
        seats=table.options.seats,
        buy_in=deal.buy_in,
        starting_chips=deal.starting_chips,
        level_hands=deal.level_hands,
        level=now,
        stakes=stakes_words(table, now),
        next_stakes=None if at_last_level(table, now) else stakes_words(table, now + 1),
        hands_left=level_left(table),
        prizes=tuple(prizes(entrants(table) * deal.buy_in, max(entrants(table), 2))),
        levels=tuple(stakes_words(table, n) for n in range(1, 5)),
    )


# ---------------------------------------------------------------------- registration


async def open_registration(table: Table) -> Effects:
    """``/poker tournament new``: its record, and the computer players it asked for."""
    deal = terms(table)
    await table.store.open_tournament(
        table=table.id,
        guild=table.guild_id,
        channel=table.channel_id,
        host=table.host_id,
        variant=table.options.variant,
        buy_in=deal.buy_in,
        starting_chips=deal.starting_chips,
    )
    set_level_stakes(table)
    for _ in range(table.options.bots):
        user = next(-n for n in range(1, computers.MOST + 1) if -n not in table.seats)
        await _seat(table, user, computers.name_of(user))
    return Effects(table_changed=True)


async def _seat(table: Table, user: int, name: str) -> None:
    number = table.free_seat()
    await table.store.register(
        table=table.id,
        guild=table.guild_id,
        channel=table.channel_id,
        user=user,
        seat=number,
        name=name,
    )
    seat = table.seats[user] = Seat(
        user_id=user,
        name=name,
        number=number,
        stack=terms(table).starting_chips,
        bank=table.options.time_bank,
    )
    table.saved_seats[user] = seat.state()


async def register(table: Table, user: int, name: str) -> Effects:
    """RULES §7.1: the buy-in goes to the prize pool; a full field starts at once."""
    if table.closed or table.closing:
        raise TableError("error-table-closing")
    if started(table):
        raise TableError("error-tournament-started")
    if user in table.seats:
        raise TableError("error-tournament-registered")
    private.check_admitted(table, user)  # RULES §13
    if len(table.seats) >= table.options.seats:
        raise TableError("error-tournament-full", seats=table.options.seats)
    await _seat(table, user, computers.seat_name(user, name))
    table.idle_since = table.clock()  # registering: the table is not idle
    effects = Effects(table_changed=True)
    if len(table.seats) == table.options.seats:
        effects.merge(await _begin(table))
    return effects


async def unregister(table: Table, user: int) -> Effects:
    """Before the start: the buy-in comes back (RULES §7.1)."""
    if started(table):
        raise TableError("error-tournament-started")
    if user not in table.seats:
        raise TableError("error-tournament-not-registered")
    await table.store.unregister(
        table=table.id, guild=table.guild_id, channel=table.channel_id, user=user
    )
    del table.seats[user]
    table.saved_seats.pop(user, None)
    return Effects(table_changed=True)  # the registration message shows it; the answer too


async def start(table: Table, user: int) -> Effects:
    """The host starts it with at least two entrants (RULES §7.1)."""
    if started(table):
        raise TableError("error-already-running")
    if user != table.host_id:
        raise TableError("error-tournament-host-starts")
    if len(table.seats) < 2:
        raise TableError("error-tournament-two")
    if not any(is_person(seat) for seat in table.seats):
        raise TableError("error-person-needed")
    return await _begin(table)


async def _begin(table: Table) -> Effects:
    _with_terms(table, entrants=len(table.seats))
    await table.store.start_tournament(table.id)
    return await table.start(table.host_id)


async def leave(table: Table, user: int) -> Effects:
    """Before the start: unregistered. After: sat out for good, dealt in and blinded away
    (RULES §7.5); the dealer acts for them at once."""
    if not started(table):
        return await unregister(table, user)
    seat = table.seats.get(user)
    if seat is None:
        raise TableError("error-not-seated")
    if seat.leaving:
        raise TableError("error-already-leaving")
    seat.leaving = True
    seat.sitting_out, seat.sat_out_at = True, seat.sat_out_at or table.clock()
    return Effects(table_changed=True)


# ---------------------------------------------------------------------- after each hand


def out_of_chips(table: Table, hand: Hand) -> list[tuple[int, int, int]]:
    """The players of ``hand`` left without chips, as (user, chips brought to the hand, seat
    number): they leave the table (RULES §7.3)."""
    brought = dict(zip(hand.players, hand.config.stacks, strict=True))
    out = [
        (seat.user_id, brought[seat.user_id], seat.number)
        for seat in table.seats.values()
        if seat.stack == 0 and seat.user_id in brought
    ]
    for user, _, _ in out:
        del table.seats[user]
        table.saved_seats.pop(user, None)
    return out


async def knock_out(
    table: Table,
    hand: Hand,
    effects: Effects,
    *,
    first_free_place: int,
    placed: Callable[[int, int], Awaitable[None]],
) -> list[tuple[int, int]]:
    """RULES §7.3: the players of ``hand`` left without chips leave the table, placed from
    ``first_free_place`` (``placed(user, place)`` records each) and named with their places in
    the hand's summary. Returns (user, place), best first."""
    names = {seat.user_id: seat.name for seat in table.seats.values()}
    placed_out = places_of_the_out(out_of_chips(table, hand), first_free_place)
    knocked: list[tuple[str, int]] = []
    for user, place in placed_out:
        await placed(user, place)
        knocked.append((names[user], place))
    if knocked and effects.summary is not None:
        effects.summary = replace(effects.summary, knocked_out=tuple(knocked))
    return placed_out


async def after_hand(table: Table, hand: Hand, hand_id: int, effects: Effects) -> None:
    """RULES §7.3: who is out, named with their places in the hand's summary; the last one
    with chips wins."""

    async def placed(user: int, place: int) -> None:
        await table.store.knock_out(table=table.id, user=user, place=place, hand=hand_id)

    out = await knock_out(table, hand, effects, first_free_place=len(hand.players), placed=placed)
    told = [(user, place, entrants(table), None) for user, place in out if not is_computer(user)]
    if sum(1 for seat in table.seats.values() if seat.stack > 0) <= 1:
        ended = await _finish(table)
        paid = {user for user, *_ in ended.finishes}
        told = [finish for finish in told if finish[0] not in paid]  # one DM each
        effects.merge(ended)
    effects.finishes.extend(told)


async def _finish(table: Table) -> Effects:
    """RULES §7.6: the whole pool paid to wallets, in this hand's transaction."""
    record = await table.store.tournament(table.id)
    assert record is not None
    places = [(entrant.user_id, entrant.place or 1, entrant.seat) for entrant in record.entrants]
    finishes = pay(places, record.pool, len(record.entrants))
    await table.store.pay_out(
        table=table.id,
        guild=table.guild_id,
        channel=table.channel_id,
        paid=[(finish.user, finish.prize, finish.place) for finish in finishes],
        status=ENDED,
        reason="prize",
        hands=table.hands_dealt,
        house_cap=table.options.house_cap,
    )
    names = {entrant.user_id: entrant.name for entrant in record.entrants}
    ranked = sorted(finishes, key=lambda finish: (finish.place, -finish.prize))
    lines = [[finish.place, names[finish.user], finish.prize] for finish in ranked]
    minutes = _minutes(record.started_at, table.clock())
    notice = Notice(
        "tournament_results",
        {
            "game": _mix_key(table.options) or table.options.variant,
            "lines": lines,
            "hands": table.hands_dealt,
            "minutes": minutes,
            "entrants": len(record.entrants),
            "pool": record.pool,
        },
    )
    paid = [f for f in finishes if f.prize and not is_computer(f.user)]
    effects = await close_table(table)
    effects.notices.append(notice)
    effects.finishes.extend((f.user, f.place, len(record.entrants), f.prize) for f in paid)
    return effects


def _minutes(started_at: str | None, now: datetime) -> int:
    if started_at is None:
        return 0
    return max(0, round((now - datetime.fromisoformat(started_at)).total_seconds() / 60))


async def close_table(table: Table) -> Effects:
    """Its seats were freed with the pool (``pay_out``, ``pay_night``) or moved: it goes."""
    table.seats.clear()
    table.saved_seats.clear()
    await table.remove()
    return Effects(table_changed=True, closed=True)


# ---------------------------------------------------------------------- cancelling


def attended(table: Table, user: int) -> None:
    """An entrant still in acted by themselves (a click or a command, not the clock)."""
    seat = table.seats.get(user)
    if seat is not None and seat.stack > 0 and not seat.leaving:
        table.attended_at = table.clock()


def abandoned(table: Table, now: datetime) -> bool:
    """RULES §7.5a: under way, and no entrant still in has acted by themselves for the
    server's idle time."""
    idle = timedelta(minutes=table.options.idle_minutes)
    return started(table) and now >= table.attended_at + idle


async def end_abandoned(table: Table) -> Effects:
    """RULES §7.5a: ended as a cancel after the start is (the pool shared by chip counts);
    the results say why."""
    return await cancel(table, table.host_id, can_manage=True, idle=table.options.idle_minutes)


async def cancel(table: Table, user: int, *, can_manage: bool, idle: int | None = None) -> Effects:
    """Issue 23: before the start (the host or Manage Server) everyone is refunded; after it
    (Manage Server only) the pool is split by the chips each holds, rounded down, the rest to
    the chip leader. A hand being played is void: chips go back as they were before it."""
    if started(table) and not can_manage:
        raise TableError("error-tournament-cancel-started")
    if not can_manage and user != table.host_id:
        raise TableError("error-tournament-cancel-host")
    record = await table.store.tournament(table.id)
    if record is None:  # the process stopped between the table and its record: nobody paid
        effects = await close_table(table)
        effects.notices.append(Notice("tournament_cancelled", {"paid": [], "started": False}))
        return effects
    was_started = started(table)
    hand = table.live_hand
    if hand is not None and table.hand_id is not None:
        await table.store.void_hand(
            hand_id=table.hand_id,
            table=table.id,
            guild=table.guild_id,
            channel=table.channel_id,
            players=list(hand.players),
            why="tournament cancelled",
        )
        table.hand = None
    if was_started:
        chips = {
            seat.user_id: seat.stack
            for seat in sorted(table.seats.values(), key=lambda seat: seat.number)
        }
        paid = split_by_chips(record.pool, chips)
    else:
        paid = {entrant.user_id: record.buy_in for entrant in record.entrants}
    await table.store.pay_out(
        table=table.id,
        guild=table.guild_id,
        channel=table.channel_id,
        paid=[(user_id, chips, None) for user_id, chips in paid.items()],
        status=CANCELLED,
        reason="refund",
        house_cap=table.options.house_cap,
    )
    names = {entrant.user_id: entrant.name for entrant in record.entrants}
    effects = await close_table(table)
    effects.notices.append(
        Notice(
            "tournament_cancelled",
            {
                "paid": [[names[u], chips] for u, chips in paid.items()],
                "started": was_started,
            }
            | ({"idle": idle} if idle else {}),
        )
    )
    return effects


def _mix_key(options: TableOptions) -> str | None:
    """The results' name of a mixed sit & go's games: its mix (RULES §10.6)."""
    if not options.mixed:
        return None
    return "dealers_choice" if options.dealers_choice else "mixed"
