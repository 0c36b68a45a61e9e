"""Seasons and leaderboards through the fake Discord (issue 45, RULES §12): an admin starts a
season (wallets reset), members read the points and cash boards as text and as a picture in
English and in French, their own line shown below the top ten, `/poker stats` gains the
season's line, the season ends and its board stays readable by name. The pictures are kept in
docs/pictures to be looked at."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.dealer.conftest import FakeClock
from tests.dealer.test_seasons import cash_hand, sit_and_go
from tests.e2e.conftest import Harness
from tests.fakediscord.server import MANAGE_GUILD, FakeDiscord

PICTURES = Path(__file__).parents[2] / "docs" / "pictures"
WORDS = {
    "en": ("**Tournament points** · season Winter, since 2026-11-22", "You: #"),
    "fr": ("**Points de tournoi** · saison Winter, depuis le 2026-11-22", "Toi : n° "),
}


async def board_answer(fake: FakeDiscord, user: int, channel: int, **options: object) -> object:
    before = len([m for m in fake.ephemeral_for(user) if m.files])
    answer = await fake.slash(user, channel, "leaderboard", **options)
    if answer["type"] != 5:  # refused at once
        return answer["data"]
    async with asyncio.timeout(5):
        while True:
            found = [m for m in fake.ephemeral_for(user) if m.files]
            if len(found) > before:
                return found[-1]
            await asyncio.sleep(0.02)


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_a_season_s_boards_as_text_and_picture(
    clocked: tuple[Harness, FakeClock], language: str
) -> None:
    harness, clock = clocked
    fake, store = harness.fake, harness.bot.store
    channel = fake.add_channel()
    admin = fake.add_user("Admin")
    fake.permissions[admin] = MANAGE_GUILD
    people = [fake.add_user(f"Player{n}") for n in range(13)]
    for user in (admin, *people):
        fake.locales[user] = "fr" if language == "fr" else "en-US"
    refused = await fake.slash(
        people[0], channel, "season", group="poker-admin", sub="start", name="X"
    )
    assert refused["data"]["flags"] & 64
    started = await fake.slash(
        admin,
        channel,
        "season",
        group="poker-admin",
        sub="start",
        name="Winter",
        reset_wallets=True,
    )
    assert started["type"] == 5  # deferred privately: a ledger row a wallet may take time
    async with asyncio.timeout(5):
        while not [m for m in fake.channel_messages(channel) if "Winter" in m.content]:
            await asyncio.sleep(0.02)
    [news] = [m for m in fake.channel_messages(channel) if "Winter" in m.content]
    assert not news.ephemeral_for and ("1,000" in news.content or "1\u202f000" in news.content)
    clock.advance(60)
    guild = fake.guild_of(channel)
    # two sit & gos of the season: thirteen people, then the top six again
    await sit_and_go(
        store, clock(), {u: n + 1 for n, u in enumerate(people)}, guild=guild, names=fake.users
    )
    await sit_and_go(
        store, clock(), {u: n + 1 for n, u in enumerate(people[:6])}, guild=guild, names=fake.users
    )
    await cash_hand(store, clock(), {people[0]: -30, people[1]: 30}, guild=guild, names=fake.users)
    # the last of thirteen reads the board: the top ten, then their own line
    shown = await board_answer(fake, people[12], channel, board="points")
    head, you = WORDS[language]
    lines = shown.content.split("\n")
    assert lines[0] == head, lines
    ranks = [int(line.split(".")[0]) for line in lines[1:11]]  # ties share a rank
    assert ranks[0] == 1 and all(r in (ranks[i - 1], i + 1) for i, r in enumerate(ranks) if i)
    assert len(ranks) == 10, lines
    assert lines[-1].startswith(you), lines
    [picture] = shown.files
    assert picture.data.startswith(b"\x89PNG")
    PICTURES.mkdir(exist_ok=True)
    (PICTURES / f"leaderboard-points-{language}.png").write_bytes(picture.data)
    cash = await board_answer(fake, people[1], channel, board="cash")
    assert "1. " in cash.content and "+30" in cash.content and "-30" in cash.content
    (PICTURES / f"leaderboard-cash-{language}.png").write_bytes(cash.files[0].data)
    stats = await fake.slash(people[0], channel, "stats")  # then the season's line and picture
    assert stats["type"] == 4
    async with asyncio.timeout(5):
        while not (season := [m for m in fake.ephemeral_for(people[0]) if m.files]):
            await asyncio.sleep(0.02)
    assert "Winter" in season[-1].content and len(season[-1].content) < 2000, season[-1]
    [chart] = season[-1].files
    (PICTURES / f"season-{language}.png").write_bytes(chart.data)
    # the season ends; its board stays readable by its name, the next span starts at zero
    clock.advance(60)
    ended = await fake.slash(admin, channel, "season", group="poker-admin", sub="end")
    assert "Winter" in ended["data"]["content"]
    clock.advance(60)
    reverse = {u: n + 1 for n, u in enumerate(reversed(people))}
    await sit_and_go(store, clock(), reverse, guild=guild, names=fake.users)
    frozen = await board_answer(fake, people[0], channel, board="points", season="Winter")
    assert frozen.content.split("\n")[1].startswith("1. Player0"), frozen.content
    now = await board_answer(fake, people[0], channel, board="points")
    assert now.content.split("\n")[1].startswith("1. Player12"), now.content
    unknown = await board_answer(fake, people[0], channel, board="points", season="Summer")
    assert "Winter" in unknown["content"] and unknown["flags"] & 64, unknown
