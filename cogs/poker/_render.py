"""Text for the table message, private hands and summaries (INTERFACE.md). No Discord calls:
strings in, strings out, so tests read exactly what players read."""

from __future__ import annotations

import re

from bot.dealer.views import HandSummary, PrivateHand, SeatView, TableView
from bot.poker.cards import CARD_BACK, Card, format_cards
from bot.store import ClosedTable

_MARKDOWN = re.compile(r"([\\*_~`|<>#\[\]@])")


def plain(name: str) -> str:
    """A display name that can neither ping nor format."""
    return _MARKDOWN.sub(r"\\\1", name[:32])


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
        lines.append("Recent: " + " · ".join(plain(text) for text in view.recent))
    if view.actor_id is not None:
        turn = f"<@{view.actor_id}>, it's your turn"
        if view.legal and view.legal[0].kind.value == "draw":
            turn += ": draw"
        elif view.to_call:
            turn += f": {view.to_call} to call"
        if view.deadline is not None:
            turn += f" · clock <t:{int(view.deadline.timestamp())}:R>"
        lines.append(turn + ".")
    if view.status:
        lines.append(view.status)
    return "\n".join(lines)


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


def restart_notice(closed: ClosedTable) -> str:
    """Posted where a table was when the bot stopped: what happened to the hand and the chips."""
    hand = (
        f" Hand #{closed.hand_called_off} was called off: nobody won or lost chips in it."
        if closed.hand_called_off is not None
        else ""
    )
    returned = ", ".join(f"<@{user}> {chips}" for user, chips in closed.returned.items())
    chips = f" Back in wallets: {returned}." if returned else ""
    return (
        f"The dealer was restarted, so this table was closed.{hand}{chips}"
        " Use /poker new to open a new one."
    )
