"""Text for the table message, private hands and summaries (INTERFACE.md). No Discord calls:
strings in, strings out, so tests read exactly what players read."""

from __future__ import annotations

import re
from collections.abc import Iterable

from bot.dealer.views import HandSummary, Notice, PrivateHand, RecentAction, SeatView, TableView
from bot.poker.cards import CARD_BACK, Card, format_cards
from bot.poker.errors import PokerError
from bot.poker.fairness import commitment, deck_from_dict
from bot.store.records import VerifiedHand

MESSAGE_LIMIT = 2000  # Discord's limit for a message's content
GAME_NAMES = {
    "seven_card_stud": "Seven Card Stud",
    "stud_hi_lo": "Stud Hi-Lo",
    "five_card_stud": "Five Card Stud",
    "triple_draw": "2-7 Triple Draw",
}
NAME_LIMIT = 32
_MARKDOWN = re.compile(r"([\\*_~`|<>#\[\]@:/()-])")


def plain(name: str, limit: int = NAME_LIMIT) -> str:
    """A display name that can neither ping, link nor format: on one line, cut to ``limit``
    characters, then every markdown character escaped (Discord drops a backslash before any
    punctuation, so readers see the name as it is)."""
    flat = " ".join(name.split())
    cut = flat if len(flat) <= limit else flat[: limit - 1] + "…"
    return _MARKDOWN.sub(r"\\\1", cut)


def cards_text(cards: tuple[Card, ...]) -> str:
    return format_cards(cards, symbols=True)


def _seat_line(seat: SeatView, actor: int | None) -> str:
    pointer = "▶" if seat.user_id == actor else "·"
    line = f"{pointer} Seat {seat.number} **{plain(seat.name)}** {seat.stack}"
    if seat.dealt:
        if seat.folded:
            line += " · folded"
        else:
            shown = [CARD_BACK] * seat.down_count
            if seat.up_cards:
                shown.append(cards_text(seat.up_cards))
            line += " · " + " ".join(shown)
            if seat.bet:
                line += f" · bet {seat.bet}"
            if seat.all_in:
                line += " · all-in"
    if seat.sitting_out:
        line += " · sitting out"
    if seat.leaving:
        line += " · leaving"
    return line


def table_content(view: TableView) -> str:
    """The table message. The actor's mention is the only mention, on the line saying it is
    their turn."""
    head = f"**{view.title}**"
    if view.hand_id is not None:
        head += f" · Hand #{view.hand_id}"
    if view.street:
        head += f" · {view.street}"
    lines = [head]
    lines.extend(_seat_line(seat, view.actor_id) for seat in view.seats)
    if not view.seats:
        lines.append("No one is seated yet: press Join.")
    if view.board:
        lines.append(f"Community card: {cards_text(view.board)}")
    if view.pots:
        pot = f"Pot: {view.pots[0]}"
        if len(view.pots) > 1:
            pot += "".join(
                f" · side pot {number}: {amount}"
                for number, amount in enumerate(view.pots[1:], start=1)
            )
        lines.append(pot)
    if view.recent:
        lines.append("Recent: " + " · ".join(recent_text(action) for action in view.recent))
    if view.actor_id is not None:
        turn = f"<@{view.actor_id}>, it's your turn"
        if view.legal and view.legal[0].kind.value == "draw":
            turn += ": draw"
        elif view.to_call:
            turn += f": {view.to_call} to call"
        if view.deadline is not None:
            clock = "time bank" if view.time_bank else "clock"
            turn += f" · {clock} <t:{int(view.deadline.timestamp())}:R>"
        lines.append(turn + ".")
    if view.commitment is not None:
        lines.append(f"Commitment: {view.commitment}")
    if view.status:
        lines.append(view.status)
    if view.restarted:
        lines.append("The dealer restarted; the game goes on from where it was.")
    return "\n".join(lines)


def recent_text(action: RecentAction) -> str:
    """``Alice raises to 60``: a long name is cut, never the action."""
    return f"{plain(action.name, 16)} {action.text}"


def private_content(hand: PrivateHand) -> str:
    """A player's own hand: every card marked down or up, and its value."""
    marked = " ".join(
        f"{card.symbol}{'' if up else ' (down)'}"
        for card, up in zip(hand.cards, hand.face_up, strict=True)
    )
    text = f"<#{hand.channel_id}> · Hand #{hand.hand_id}\nYour cards: {marked}\n{hand.value}"
    if hand.low is not None:
        text += f" · low: {hand.low}"
    return text


def summary_content(summary: HandSummary) -> str:
    lines = [f"**Hand #{summary.hand_id}** · {summary.title}"]
    if summary.folded_out:
        lines.append("Everyone else folded: no cards shown.")
    for shown in summary.shown:
        lines.append(f"{plain(shown.name)} shows {cards_text(shown.cards)}: {shown.description}")
    for pot in summary.pots:
        winners = ", ".join(f"{plain(name)} {chips}" for name, chips in pot.winners)
        lines.append(f"{pot.label} {pot.amount}: {winners}")
    stacks = ", ".join(f"{plain(name)} {stack}" for name, stack in summary.stacks)
    lines.append(f"Stacks: {stacks}")
    return "\n".join(lines)


def notice_text(notice: Notice) -> str:
    values = notice.values
    match notice.key:
        case "summary":
            return summary_content(HandSummary.from_dict(values))
        case "left":
            return f"{plain(values['name'])} left with {values['chips']} chips."
        case "sat_out_by_clock":
            return (
                f"{plain(values['name'])} ran out of time twice and sits out:"
                " /poker back to play again."
            )
        case "closing":
            return "The table closes after this hand."
        case "closed":
            paid = ", ".join(f"{plain(name)} {chips}" for name, chips in values["paid"])
            return f"Table closed. Back to wallets: {paid or 'nobody seated'}."
        case "hand_voided":
            return (
                f"The dealer restarted and could not resume Hand #{values['hand']}: it is void,"
                " every chip bet in it went back (stacks are as they were before it)."
            )
        case _:
            raise ValueError(f"no text for notice {notice.key!r}")


def dm_refused_content(user: int) -> str:
    return f"<@{user}>, I can't DM you: use My cards or /poker cards."


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


def verify_content(hand: VerifiedHand) -> str:
    """What `/poker verify` reveals of a finished hand (INTERFACE.md), with the deck recomputed
    from the seeds by the bot itself and a line to check the commitment by hand."""
    if hand.shuffle is None:
        return (
            f"Hand #{hand.id} was dealt before provably fair deals existed here: it has no"
            f" seeds to reveal. Its deck was: {hand.deck}"
        )
    server = str(hand.shuffle["server_seed"])
    seeds = " ".join(f"`{seed}`" for seed in hand.shuffle["player_seeds"])
    try:
        again = deck_from_dict(hand.shuffle).to_text()
        check = (
            "I shuffled again from these seeds: the same deck."
            if again == hand.deck
            else "I shuffled again from these seeds and got ANOTHER deck: please report it."
        )
    except (PokerError, ValueError):
        check = "These seeds could not be shuffled again: please report it."
    return "\n".join(
        [
            f"**Hand #{hand.id}**: the deal revealed",
            f"Server seed: `{server}`",
            f"Commitment: `{commitment(bytes.fromhex(server))}`",
            f"Player seeds, in dealing order: {seeds}",
            f"Hand id in the shuffle: {hand.shuffle['hand_id']}",
            f"Algorithm: `{hand.shuffle['version']}` (README: Provably fair deals)",
            f"Deck, in dealing order: {hand.deck}",
            f"Check the commitment: `printf {server} | xxd -r -p | sha256sum`",
            check,
        ]
    )
