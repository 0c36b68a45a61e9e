"""`/poker history`: a hand's PHH file and its replay street by street, for its players only,
ephemerally; or the requester's last hands here as one ``.phhs`` file."""

from __future__ import annotations

import io
from typing import Any

import discord

from bot.dealer.dealer import Refusal
from bot.dealer.hand_history import (
    DealtCards,
    DrawReplay,
    HandReplay,
    HandsSource,
    HistoryFile,
    ReplayLine,
    hand_history,
    last_hands,
)
from bot.dealer.options import game_name
from bot.dealer.views import RecentAction
from bot.poker.cards import CARD_BACK, Card
from bot.text import Msg, Name, Speaker
from bot.text.catalogue import readable_suits
from cogs.poker._interactions import answer, refuse
from cogs.poker._presenter import NO_MENTIONS
from cogs.poker._readers import speaker
from cogs.poker._render import SHORT_NAME, messages, recent_text, summary_content


def _cards(cards: tuple[Card | None, ...]) -> str:
    """Outside the catalogue: its black suits in text presentation here (issue 36.7)."""
    return readable_suits(" ".join(CARD_BACK if card is None else card.symbol for card in cards))


def _dealt(say: Speaker, line: DealtCards, stud: bool) -> str:
    """``Alice [A♠ K♠] Q♥``: in stud games the down cards the reader may see are bracketed."""
    if line.name is None:
        return say("replay-board", cards=_cards(line.cards))
    if not stud:
        return say("replay-dealt", name=Name(line.name, SHORT_NAME), cards=_cards(line.cards))
    words: list[str] = []
    down: list[str] = []
    for card, face_up in zip(line.cards, line.face_up, strict=True):
        if card is not None and not face_up:
            down.append(card.symbol)
            continue
        if down:
            words.append(f"[{' '.join(down)}]")
            down = []
        words.append(CARD_BACK if card is None else card.symbol)
    if down:
        words.append(f"[{' '.join(down)}]")
    return say("replay-dealt", name=Name(line.name, SHORT_NAME), cards=" ".join(words))


def _draw(say: Speaker, line: DrawReplay) -> str:
    """``Bob draws 2: 3♣ 4♦ → 2♥ 8♥`` for the reader's own draw; others' as far as seen."""
    text = recent_text(say, RecentAction(line.name, line.what))
    if any(card is not None for card in line.thrown):
        return f"{text}: {_cards(line.thrown)} → {_cards(line.received)}"
    if any(card is not None for card in line.received):
        return f"{text} → {_cards(line.received)}"
    return text


def _street_lines(say: Speaker, lines: tuple[ReplayLine, ...], stud: bool) -> list[str]:
    """Consecutive deals on one line, draws on another, betting on another."""
    found: list[str] = []
    kind: type | None = None
    for line in lines:
        if isinstance(line, DealtCards):
            text = _dealt(say, line, stud)
        elif isinstance(line, DrawReplay):
            text = _draw(say, line)
        else:
            text = recent_text(say, line) if line.name else say.render(line.what)
        if kind is type(line):
            found[-1] += " · " + text
        else:
            found.append(text)
        kind = type(line)
    return found


def replay_content(say: Speaker, replay: HandReplay) -> str:
    """The hand as its reader may see it: seats, then each street's cards and actions, then
    the showdown and pots as the summary gave them."""
    seats = " · ".join(
        say("replay-seat", seat=seat, name=Name(name), stack=stack)
        for seat, name, stack in replay.seats
    )
    lines = [
        say(
            "replay-head",
            hand=str(replay.hand_id),
            game=game_name(replay.variant),
            small=replay.small_bet,
            big=replay.big_bet,
            started=f"<t:{int(replay.started_at.timestamp())}:f>",
        ),
        say("replay-seats", seats=seats),
    ]
    if replay.night is not None and replay.tournament is not None:  # a night's table
        (name, number), (_, level) = replay.night, replay.tournament
        lines.insert(1, say("replay-night", name=Name(name), number=number, level=level))
    elif replay.tournament is not None:  # which sit & go, at which level (issue 23)
        number, level = replay.tournament
        lines.insert(1, say("replay-tournament", tournament=str(number), level=level))
    if replay.forced:
        forced = " · ".join(recent_text(say, bet) for bet in replay.forced)
        lines.append(say("replay-forced", bets=forced))
    for street in replay.streets:
        if street.lines:
            lines.append(f"__{say.render(street.name)}__")
            lines += _street_lines(say, street.lines, replay.stud)
    result = summary_content(say, replay.result).split("\n")[1:]  # its title is ours
    return "\n".join([*lines, f"__{say('replay-result')}__", *result])


async def send_history(
    interaction: discord.Interaction[Any], store: HandsSource, hand_id: int | None, last: int | None
) -> None:
    guild, channel = interaction.guild_id, interaction.channel_id
    if guild is None or channel is None:
        await refuse(interaction, Msg("error-server-only"))
        return
    if hand_id is not None and last is not None:
        await refuse(interaction, Msg("error-history-both"))
        return
    viewer = interaction.user.id
    try:
        if last is not None:
            found: HistoryFile = await last_hands(
                store, guild=guild, channel=channel, viewer=viewer, count=last
            )
        else:
            found = await hand_history(
                store, guild=guild, channel=channel, viewer=viewer, hand_id=hand_id
            )
    except Refusal as error:
        await refuse(interaction, error)
        return
    say = speaker(interaction)
    note = f"# {say('history-file-note')}\n"  # a TOML comment: PHH readers skip it
    attachment = discord.File(io.BytesIO((note + found.text).encode()), filename=found.filename)
    if found.replay is not None:
        parts = messages([replay_content(say, found.replay)])
    else:
        newest, oldest = found.hand_ids[0], found.hand_ids[-1]
        count = len(found.hand_ids)
        parts = [say("history-last", count=count, oldest=str(oldest), newest=str(newest))]
    await answer(
        interaction.response.send_message(
            parts[0], file=attachment, ephemeral=True, allowed_mentions=NO_MENTIONS
        )
    )
    for part in parts[1:]:
        await answer(interaction.followup.send(part, ephemeral=True, allowed_mentions=NO_MENTIONS))
