"""A tournament night of twenty entrants, in English and in French (issue 44's "done when",
RULES §11): four people and sixteen computers registered from the lobby, drawn to five threads
of four, and played through the fake Discord to the results, with what a player sees of each
part of §11 asserted where they see it: a table broken (§11.5) said in its thread, a player
moved to balance the tables (§11.5) who plays on there, hand for hand at the bubble (§11.7) on
the board, the final table (§11.6) in a thread of its own; each move told by DM too."""

from __future__ import annotations

import asyncio
import collections
import re
from typing import Any

import pytest

from bot.audit import audit
from bot.store.nights import Night
from bot.tournament import director
from tests.dealer.conftest import FakeClock
from tests.e2e.any_language import SUMMARY_ANY
from tests.e2e.conftest import Harness
from tests.e2e.nights import night_channel, played_out, ranked, register, scheduled

WORDS = {
    "en-US": {
        "broken": "This table is broken up",
        "moved_out": re.compile(r"moved to Table (\d+)\."),
        "moved_dm": "you were moved to",
        "hand_for_hand": "Hand for hand",
        "over": "Tournament over: Friday",
        "finished_dm": "in Friday",
    },
    "fr": {
        "broken": "Cette table est cassée",
        "moved_out": re.compile(r"passe à la table (\d+)\."),
        "moved_dm": "tu as été déplacé",
        "hand_for_hand": "Main par main",
        "over": "Tournoi terminé : Friday",
        "finished_dm": "à « Friday »",
    },
}


@pytest.mark.parametrize("locale", ["en-US", "fr"])
async def test_twenty_entrants_from_the_lobby_to_the_results(
    clocked: tuple[Harness, FakeClock], locale: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    harness, clock = clocked
    balancing: list[director.Move] = []  # the director's balancing moves (RULES §11.5)
    balance_tables = director.balance_tables

    def recorded(*arguments: Any, **keywords: Any) -> list[director.Move]:
        moves = balance_tables(*arguments, **keywords)
        balancing.extend(moves)
        return moves

    monkeypatch.setattr(director, "balance_tables", recorded)
    fake, bot = harness.fake, harness.bot
    words = WORDS[locale]
    fake.guild_locale = locale
    channel, host = await night_channel(harness)
    await fake.slash(host, channel, "config", group="poker-admin", language=locale[:2])
    people = [fake.add_user(f"Player{n}") for n in range(4)]
    for user in [host, *people]:
        fake.locales[user] = locale
    lobby = await scheduled(
        fake,
        channel,
        host,
        variant="seven_card_stud",
        starts_in=5,
        seats=4,
        buy_in=100,
        starting_chips=100,
        level_minutes=2,
        bots=16,
        name="Friday",
    )
    await register(fake, lobby, people)
    clock.advance(5 * 60 + 1)  # the start: twenty entrants, five tables of four
    async with asyncio.timeout(10):
        while len(fake.threads) < 5:
            await asyncio.sleep(0.02)

    boards: set[str] = set()
    bubbles: list[bool] = []  # the field at the bubble (two eliminations in one hand skip it)

    def watch(record: Night) -> None:
        boards.add(fake.messages[lobby].content)
        players = len(record.still_in) + len(record.awaiting_place)
        bubbles.append(director.hand_for_hand(players, len(record.entrants)))

    night = (await bot.store.nights_of(status=["playing"]))[0]
    record = await played_out(harness, clock, night, steps=20_000, watch=watch)
    bubble = any(bubbles)
    await asyncio.sleep(0.3)
    for thread in fake.threads.values():
        assert re.search(r" · Table \d+$", thread.name), thread.name
    threads = {
        int(thread.name.rsplit(" ", 1)[1]): [m.content for m in fake.channel_messages(number)]
        for number, thread in fake.threads.items()
    }
    final = max(threads)
    assert final >= 6, sorted(threads)  # five drawn, then the final table's own thread
    # RULES §11.5: a table broken, said in its thread, its players sent to other tables
    broken = [n for n, texts in threads.items() if any(words["broken"] in t for t in texts)]
    assert broken and final not in broken, {n: t[-3:] for n, t in threads.items()}
    # RULES §11.5: each balancing move shown, the table it left dealing on after it (moves
    # that break a table or draw the final table come last in their thread). The seat draw is
    # by lot (not seeded here), so a night whose eliminations fell evenly needs none
    balanced = [
        n
        for n, texts in threads.items()
        if any(
            words["moved_out"].search(t) and any(SUMMARY_ANY.match(u) for u in texts[i + 1 :])
            for i, t in enumerate(texts)
        )
    ]
    assert bool(balanced) == bool(balancing), ({n: t[-5:] for n, t in threads.items()}, balancing)
    # RULES §11.7: hand for hand at the bubble, on the board
    shown = any(words["hand_for_hand"] in board for board in boards)
    assert shown == bubble, sorted(boards)[-3:]
    # RULES §11.6: the final table, a thread of its own where everyone left was moved
    assert any(SUMMARY_ANY.match(t) for t in threads[final])
    # each person moved told by DM too (INTERFACE.md), in their language, naming the table
    pinged = {
        int(found)
        for texts in threads.values()
        for text in texts
        for found in re.findall(r"<@(\d+)> (?:was moved|a été déplacé)", text)
    }
    assert pinged <= set(people)
    for user in pinged:
        told = [m.content for m in fake.dms(user) if words["moved_dm"] in m.content.lower()]
        assert told and "Friday" in told[0], [m.content for m in fake.dms(user)][-3:]
        assert "https://discord.com/channels/" in told[0] and "<#" not in told[0], told[0]
    ended = [m.content for m in fake.channel_messages(channel) if words["over"] in m.content]
    assert ended and "20" in ended[-1], [m.content for m in fake.channel_messages(channel)][-3:]
    assert ranked(record), sorted(e.place or 0 for e in record.entrants)
    finished = [m.content for user in people for m in fake.dms(user)]
    assert any(words["finished_dm"] in text for text in finished), finished
    [result] = await audit(bot.store)
    assert result.ok, result.line()


async def test_sixty_entrants_on_eight_tables_play_to_their_results(
    clocked: tuple[Harness, FakeClock],
) -> None:
    """Issue 44.5: sixty entrants, computers in most seats, eight threads of seven or eight,
    played to the results through the fake Discord; every entrant placed (equal stacks out in
    one hand share a place, RULES §7.3: one CI run had two share 59th), the audit holds."""
    harness, clock = clocked
    fake, bot = harness.fake, harness.bot
    channel, host = await night_channel(harness)
    people = [fake.add_user(f"Player{n}") for n in range(2)]
    lobby = await scheduled(
        fake,
        channel,
        host,
        variant="razz",
        starts_in=5,
        seats=8,
        buy_in=100,
        starting_chips=100,
        level_minutes=2,
        bots=58,
        name="Saturday",
    )
    await register(fake, lobby, people)
    clock.advance(5 * 60 + 1)
    async with asyncio.timeout(20):
        while len(fake.threads) < 8:
            await asyncio.sleep(0.02)
    night = (await bot.store.nights_of(status=["playing"]))[0]
    record = await bot.store.night(night)
    assert record is not None and len(record.entrants) == 60
    assert (
        sorted(collections.Counter(e.table_no for e in record.entrants).values())
        == [7] * 4 + [8] * 4
    )
    record = await played_out(harness, clock, night, steps=60_000)
    assert ranked(record), sorted(e.place or 0 for e in record.entrants)
    await asyncio.sleep(0.3)
    over = [m.content for m in fake.channel_messages(channel) if "Saturday" in m.content]
    assert any("**Tournament over: Saturday** · 60 entrants" in text for text in over), over[-2:]
    for number, thread in fake.threads.items():  # every table dealt in its thread
        assert any(SUMMARY_ANY.match(m.content) for m in fake.channel_messages(number)), thread
    [result] = await audit(bot.store)
    assert result.ok, result.line()
