"""Text for the table message, private hands and summaries (INTERFACE.md), in one language
(a :class:`~bot.text.Speaker`). No Discord calls: data in, strings out, so tests read exactly
what players read. Every word comes from the catalogues."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import get_args

from bot.dealer.options import VariantKey, game_name
from bot.dealer.views import (
    HandSummary,
    Notice,
    PotResult,
    PrivateHand,
    RecentAction,
    SeatView,
    Swap,
    TableView,
)
from bot.poker.cards import CARD_BACK, Card, format_cards
from bot.poker.errors import PokerError
from bot.poker.fairness import commitment, deck_from_dict
from bot.store.house import is_computer
from bot.store.records import VerifiedHand
from bot.text import Items, Msg, Name, Speaker, catalogue
from bot.text.catalogue import NAME_LIMIT, readable_suits
from cogs.poker import _tournament_text as tournament_text

MESSAGE_LIMIT = 2000  # Discord's limit for a message's content
GAME_KEYS: tuple[str, ...] = get_args(VariantKey)
SHORT_NAME = 16
RECENT_SHOWN = 8  # of this round's actions, the last


@dataclass(frozen=True, slots=True)
class Fit:
    """How much a table message says: its seats' names cut to ``names`` characters, this
    round's last ``recent`` actions, and the last ones of the round before, or not."""

    names: int = NAME_LIMIT
    recent: int = RECENT_SHOWN
    before: bool = True


# each a little shorter than the one before, until the message fits Discord's 2,000 characters
FITS = (
    Fit(),
    Fit(names=20),
    Fit(names=SHORT_NAME),
    Fit(names=10),
    Fit(names=10, recent=4, before=False),
    Fit(names=6, recent=2, before=False),
    Fit(names=4, recent=0, before=False),
)


def cards_text(cards: tuple[Card, ...]) -> str:
    return readable_suits(format_cards(cards, symbols=True))


def _seat_line(say: Speaker, seat: SeatView, actor: int | None, limit: int = NAME_LIMIT) -> str:
    facts: list[Msg | str] = []
    if seat.button:
        facts.append(Msg("seat-button"))
    if seat.dealt:
        if seat.folded:
            facts.append(Msg("seat-folded"))
        elif seat.draws is not None:  # a draw game: what the public knows, how many were drawn
            if seat.draws:
                counts = Items(tuple(Msg("seat-drew", count=count) for count in seat.draws))
                facts.append(Msg("seat-draws", draws=counts))
        else:
            shown = [CARD_BACK] * seat.down_count
            if seat.up_cards:
                shown.append(cards_text(seat.up_cards))
            facts.append(" ".join(shown))
        if not seat.folded:
            if seat.bet:
                facts.append(Msg("seat-bet", amount=seat.bet))
            if seat.all_in:
                facts.append(Msg("seat-all-in"))
    if seat.sitting_out:
        facts.append(Msg("seat-sitting-out"))
    if seat.leaving:
        facts.append(Msg("seat-leaving"))
    line = say(
        "seat-line",
        pointer="▶" if seat.user_id == actor else "·",
        number=seat.number,
        name=Name(seat.name, limit),
        stack=seat.stack,
    )
    return " · ".join([line, *(say.render(f) if isinstance(f, Msg) else f for f in facts)])


def table_content(say: Speaker, view: TableView) -> str:
    """The table message, within Discord's 2,000 characters: the seats' names are shortened
    until it fits (ten names of 32 markdown characters each, escaped, make 2,100)."""
    for fit in FITS:
        text = _table_content(say, view, fit)
        if len(text) <= MESSAGE_LIMIT:
            return text
    return messages([text])[0]  # never seen: lines cut to fit


def _table_content(say: Speaker, view: TableView, fit: Fit) -> str:
    """The table message, as much as ``fit`` says. The actor's mention is the only mention,
    on the line saying it is their turn."""
    limit = fit.names
    head = [f"**{say.render(view.title)}**"]
    if view.hand_id is not None:
        head.append(say("hand-number", hand=str(view.hand_id)))
    if view.street is not None:
        head.append(say.render(view.street))
    lines = [" · ".join(head)]
    if view.rotation is not None:  # a mixed table (RULES §10)
        lines.append("-# " + say.render(view.rotation))
    if view.tournament is not None:  # the sit & go's terms, or its level (issue 23)
        lines.extend(tournament_text.table_lines(say, view.tournament))
    lines.extend(_seat_line(say, seat, view.actor_id, limit) for seat in view.seats)
    if view.board:
        lines.append(say("table-board", cards=cards_text(view.board)))
    if view.pots:
        pots = [say("table-pot", amount=view.pots[0])]
        pots.extend(
            say("table-side-pot", number=number, amount=amount)
            for number, amount in enumerate(view.pots[1:], start=1)
        )
        lines.append(" · ".join(pots))
    short = min(limit, SHORT_NAME)
    if view.recent_before and view.before_street is not None and fit.before:
        before = " · ".join(recent_text(say, action, short) for action in view.recent_before)
        lines.append(say("table-recent-before", street=view.before_street, actions=before))
    shown = view.recent[-fit.recent :] if fit.recent else ()
    if shown:
        recent = " · ".join(recent_text(say, action, short) for action in shown)
        more = "yes" if len(view.recent) > len(shown) else "no"
        lines.append(say("table-recent", actions=recent, more=more))
    actor = next((seat for seat in view.seats if seat.user_id == view.actor_id), None)
    if actor is not None and is_computer(actor.user_id):  # never mentioned (RULES §8)
        lines.append(say("turn-computer", name=Name(actor.name, limit)))
    elif view.actor_id is not None:
        drawing = bool(view.legal) and view.legal[0].kind.value == "draw"
        lines.append(
            say(
                "turn",
                mention=f"<@{view.actor_id}>",
                need="draw" if drawing else "call" if view.to_call else "none",
                amount=view.to_call,
                clock="bank" if view.time_bank else "clock" if view.deadline else "none",
                deadline=f"<t:{int(view.deadline.timestamp())}:R>" if view.deadline else "",
            )
        )
    # whole, in small lines (two lines each on a phone): a prefix would not bind the next
    # seed while the players' clicks, its other part, are being made; during a hand, the next
    # hand's is in each player's cards message instead (one line here, issue 36.9)
    if view.commitment is not None:
        lines.append(say("table-commitment", commitment=view.commitment))
    if view.next_commitment is not None:
        lines.append(say("table-next-commitment", commitment=view.next_commitment))
    if view.status is not None:
        lines.append(say.render(view.status))
    if view.restarted:
        lines.append(say("table-restarted"))
    return "\n".join(lines)


def recent_text(say: Speaker, action: RecentAction, limit: int = SHORT_NAME) -> str:
    """``Alice raises to 60``: a long name is cut, never the action."""
    return say("recent-action", name=Name(action.name, limit), what=action.what)


def private_content(say: Speaker, hand: PrivateHand, where: str | None = None) -> str:
    """A player's own hand: in stud every card marked down or up (a draw game's are all down:
    no mark), its value and the round it is of; after a draw, what went and what came.
    ``where``: the table as a DM names it (a link to its message), else its channel."""
    if any(hand.face_up):
        marked = " ".join(
            card.symbol if up else say("card-down", card=card.symbol)
            for card, up in zip(hand.cards, hand.face_up, strict=True)
        )
    else:
        marked = cards_text(hand.cards)
    channel = where or f"<#{hand.channel_id}>"
    if hand.game is not None:  # a mixed table: the hand's game
        channel += " · " + say.render(hand.game)
    text = say(
        "private-hand",
        channel=channel,
        hand=str(hand.hand_id),
        street=hand.street or "",
        cards=marked,
        value=hand.value,
        low=hand.low if hand.low is not None else "",
        has_low="yes" if hand.low is not None else "no",
    )
    if hand.swap is not None:
        text += "\n" + swap_text(say, hand.swap)
    if hand.next_commitment is not None:  # before this player's first click of the hand
        text += "\n" + say("private-next-commitment", commitment=hand.next_commitment)
    return text


def swap_text(say: Speaker, swap: Swap) -> str:
    """``Your draw: 8♣ 3♦ → J♣ 5♠`` (or that you stood pat)."""
    thrown, got = swap
    if not thrown:
        return say("private-pat")
    return say("private-swap", thrown=cards_text(thrown), got=cards_text(got))


def summary_content(say: Speaker, summary: HandSummary) -> str:
    """The hands shown, then who won what as sentences (``Carol wins 484 with two pair``,
    ``Bob scoops 120``), then the stacks in seat order."""
    lines = [say("summary-head", hand=str(summary.hand_id), title=summary.title)]
    if summary.folded_out:
        lines.append(say("summary-folded-out"))
    if summary.board:  # RULES §2.7: part of every hand below
        lines.append(say("summary-board", cards=cards_text(summary.board)))
    for shown in summary.shown:
        lines.append(
            say(
                "summary-shows",
                name=Name(shown.name),
                cards=cards_text(shown.cards),
                value=shown.value,
                low=shown.low or "",
                has_low="yes" if shown.low is not None else "no",
            )
        )
    if summary.low_game and not any(shown.low for shown in summary.shown):
        count = len({result.pot for result in summary.pots})
        lines.append(say("summary-no-low", pots=count))  # once, not on every hand
    pots: dict[int, list[PotResult]] = {}
    for result in summary.pots:
        pots.setdefault(result.pot, []).append(result)
    if summary.folded_out and not any(result.amount for result in summary.pots):
        # everyone folded to a lone bet (a bring-in, where there is no ante): it came back
        pots = {}
        winners = {name for result in summary.pots for name, _ in result.winners}
        names = Items(tuple(Name(name) for name in sorted(winners)), "standard")
        lines.append(say("summary-uncalled", names=names))
    for index, results in pots.items():
        which = "main" if index == 0 else "side"
        named = say("summary-pot-name", which=which, number=index) if len(pots) > 1 else ""
        lines.append(pot_sentence(say, named, results))
    stacks = Items(tuple(chips_of(name, stack) for name, stack in summary.stacks))
    lines.append(say("summary-stacks", stacks=stacks))
    lines.extend(tournament_text.knocked_out(say, summary.knocked_out))
    return "\n".join(lines)


def pot_sentence(say: Speaker, named: str, results: list[PotResult]) -> str:
    """One pot: its winner (or those who split it) and with what; in Stud Hi-Lo its high and
    low halves, or the scoop of both."""
    halves = {result.half: result for result in results}
    high, low = halves.get("high"), halves.get("low")
    if high is None or low is None:  # one award for the whole pot
        whole = results[0]
        return say(
            "summary-wins",
            pot=named,
            names=_names(whole),
            count=len(whole.winners),
            amount=whole.amount,
            value=_in_sentence(say, whole.value),
            has_value="yes" if whole.value is not None else "no",
        )
    if len(high.winners) == 1 and [w[0] for w in high.winners] == [w[0] for w in low.winners]:
        return say("summary-scoops", pot=named, names=_names(high), amount=high.amount + low.amount)
    return say(
        "summary-halves",
        pot=named,
        high_names=_names(high),
        high_count=len(high.winners),
        high_amount=high.amount,
        high_value=_in_sentence(say, high.value),
        low_names=_names(low),
        low_amount=low.amount,
        low_value=_in_sentence(say, low.value),
    )


def _names(result: PotResult) -> Items:
    return Items(tuple(Name(name) for name, _ in result.winners), "standard")


CAPITALISED = re.compile(r"\b([A-ZÀ-Ý][a-zà-ÿ]+)")


def _in_sentence(say: Speaker, value: Msg | None) -> str:
    """A hand's value inside a sentence, with its article and the ranks in lower case: ``a
    pair of nines``, ``two pair, tens and fours``, ``7-5-4-3-A`` (a low, whose cards say it)."""
    if value is None:
        return ""
    inside = Msg(f"{value.key}-with", **dict(value.args))
    words = say.render(inside if catalogue().has(say.language, inside.key) else value)
    return CAPITALISED.sub(lambda found: found[1].lower(), words)


def chips_of(name: str, chips: int) -> Msg:
    """``Alice 120``: a name and an amount, in a list."""
    return Msg("name-chips", name=Name(name), chips=chips)


def notice_text(say: Speaker, notice: Notice) -> str:
    values = notice.values
    match notice.key:
        case "summary":
            return summary_content(say, HandSummary.from_dict(values))
        case "left":
            return say("notice-left", name=Name(values["name"]), chips=int(values["chips"]))
        case "sat_out_by_clock":
            return say("notice-sat-out", name=Name(values["name"]))
        case "closing":
            return say("notice-closing")
        case "closed":
            paid = Items(tuple(chips_of(name, int(chips)) for name, chips in values["paid"]))
            anyone = "yes" if values["paid"] else "no"
            if "idle" in values:  # no hand dealt for so long
                return say("notice-closed-idle", paid=paid, anyone=anyone, minutes=values["idle"])
            return say("notice-closed", paid=paid, anyone=anyone)
        case "choosing":  # dealer's choice (RULES §10.5)
            return say("notice-choosing", mention=f"<@{int(values['user'])}>")
        case "game_chosen":
            return say(
                "notice-game-chosen",
                name=Name(str(values["name"])),
                game=game_name(str(values["game"])),
                hands=int(values["hands"]),
                clock="yes" if values["clock"] else "no",
            )
        case "hand_voided":
            return say("notice-hand-voided", hand=str(values["hand"]))
        case "halted":
            return say("notice-halted")
        case "tournament_results":
            return tournament_text.results(say, values)
        case "tournament_cancelled":
            return tournament_text.cancelled(say, values)
        case "night_out":  # RULES §11.7: placed by the director, at hand for hand together
            return "\n".join(
                say(
                    "summary-knocked-out",
                    name=Name(str(name)),
                    place=tournament_text.place(int(at)),
                )
                for name, at in values["lines"]
            )
        case "night_moved_in":  # the moved player is pinged here (INTERFACE.md)
            return "\n".join(
                say(
                    "notice-night-moved-in",
                    mention=Name(name) if is_computer(user) else f"<@{user}>",
                )
                for user, name in zip(values["users"], values["names"], strict=True)
            )
        case "night_abandoned":  # RULES §7.5a
            return say("notice-night-abandoned", minutes=int(values["minutes"]))
        case "night_broken":  # RULES §11.5
            return say("notice-night-broken")
        case "night_final":  # RULES §11.6
            return say("notice-night-final", number=int(values["table"]))
        case "night_moved_out":
            return say(
                "notice-night-moved-out", name=Name(str(values["name"])), number=values["table"]
            )
        case "invited" | "uninvited":  # RULES §13
            return say(f"notice-{notice.key}", name=Name(str(values["name"])))
        case _:
            raise ValueError(f"no text for notice {notice.key!r}")


def dm_refused_content(say: Speaker, hand: PrivateHand) -> str:
    """DMs closed: said in the channel, with the next hand's commitment the DM carried."""
    text = say("dm-refused", mention=f"<@{hand.user_id}>")
    if hand.next_commitment is not None:
        text += "\n" + say("private-next-commitment", commitment=hand.next_commitment)
    return text


def messages(parts: Iterable[str], limit: int = MESSAGE_LIMIT) -> list[str]:
    """Lines gathered into as few messages as fit Discord's limit; a line is never split
    unless it alone is longer than the limit (then it is cut, with an ellipsis)."""
    found: list[str] = []
    current = ""
    for part in parts:
        for line in part.split("\n"):
            if len(line) > limit:
                line = line[: limit - 1] + "…"  # noqa: PLW2901
            if current and len(current) + 1 + len(line) > limit:
                found.append(current)
                current = ""
            current = f"{current}\n{line}" if current else line
    if current:
        found.append(current)
    return found


def verify_content(say: Speaker, hand: VerifiedHand) -> str:
    """What `/poker verify` reveals of a finished hand (INTERFACE.md), with the deck recomputed
    from the seeds by the bot itself and a line to check the commitment by hand."""
    if hand.shuffle is None:
        return say("verify-no-seeds", hand=str(hand.id), deck=hand.deck)
    server = str(hand.shuffle["server_seed"])
    try:
        again = deck_from_dict(hand.shuffle).to_text()
        check = "same" if again == hand.deck else "other"
    except (PokerError, ValueError):
        check = "broken"
    return say(
        "verify",
        hand=str(hand.id),
        server=server,
        commitment=commitment(bytes.fromhex(server)),
        seeds=" ".join(f"`{seed}`" for seed in hand.shuffle["player_seeds"]),
        shuffle_hand=str(hand.shuffle["hand_id"]),
        version=str(hand.shuffle["version"]),
        deck=hand.deck,
        check=check,
    )
