"""A hand of each game as its players read it, in English and in French (issue 21): every
message each player receives, in order, through the real bot and the fake Discord.

- A notification reaches each actor each time the action comes to them (a message created
  mentioning them alone), and the channel never holds more than one notice.
- During the hand the table offers the actor's actions and My cards, never Join, Leave, Start.
- Recent shows this round's actions; when a round begins, the one before is marked by name.
- Triple Draw seats say how many cards each player drew (RULES §5.5), never show card backs,
  and mark the button (§5.2).
- The summary says who won, in a sentence, and the stacks come in seat order.
- Private hands name their round; after a draw, what went and what came; no (down) marks in
  a draw game.
"""

from __future__ import annotations

import asyncio
import re
from itertools import pairwise

import pytest

from tests.e2e.any_language import live_message, open_and_start, play_passively, summaries
from tests.e2e.conftest import Harness
from tests.e2e.test_games import GAMES
from tests.fakediscord.server import GUILD_ID, Message

WORDS = {
    "en": {
        "recent": "Recent: ",
        "won": re.compile(
            r"((wins|split) [\d,]+ with [A-Za-z0-9]"
            r"|scoops [\d,]+|(takes|split) the high half \([\d,]+\) with )"
        ),
        "stacks": "Stacks: ",
        "draws": "drew: ",
        "swap": "Your draw: ",
        "down": "(down)",
        "notice": "it's your turn (Hand #",
    },
    "fr": {
        "recent": "Dernières actions : ",
        "won": re.compile(
            r"((gagne|partagent) [\d  ]+ avec [A-Za-z0-9]"
            r"|rafle [\d  ]+|(prend|partagent) la moitié high \([\d  ]+\) avec )"
        ),
        "stacks": "Tapis : ",
        "draws": "tirages : ",
        "swap": "Ton tirage : ",
        "down": "(cachée)",
        "notice": "à toi de jouer (Main #",
    },
}
SEAT = re.compile(r"^[▶·] ")
# a draw goes with the betting round after it: "First draw" then "After the first draw" is one
DRAWING = {"First draw", "Second draw", "Third draw", "Premier tirage", "Deuxième tirage"}
DRAWING |= {"Troisième tirage"}
NAMES = ("Ann", "Bob", "Cat", "Dan")


def street_of(content: str) -> str:
    """The round named in the table message's first line (``... · Hand #3 · 4th street``)."""
    return content.split("\n", maxsplit=1)[0].rsplit(" · ", maxsplit=1)[-1]


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("variant", GAMES)
async def test_a_hand_read_by_its_players(harness: Harness, variant: str, language: str) -> None:
    fake, bot = harness.fake, harness.bot
    words = WORDS[language]
    await bot.store.save_server_settings(GUILD_ID, f'{{"language": "{language}"}}')
    bot.presenter.readers.server_changed(GUILD_ID)
    channel = fake.add_channel()
    players = [fake.add_user(name) for name in NAMES]
    for player in players:
        fake.locales[player] = language
    await open_and_start(fake, bot, channel, variant, players)
    versions: list[str] = []  # each table message the hand showed, in order
    told: list[tuple[int, int]] = []  # (actor, pings they had) when the action came to them

    def notices() -> list[Message]:
        return [m for m in fake.channel_messages(channel) if words["notice"] in m.content]

    async def read(clicker: int, before: Message) -> None:
        table = live_message(fake, channel)
        versions.append(table.content)
        hand = bot.dealer.tables[channel].live_hand
        dealt = bot.dealer.tables[channel].hand_id
        if hand is None or f"#{dealt} ·" not in before.content.split("\n")[0]:
            return  # the hand is over (the next one may be dealt already: its table message
            # pings its first actor)
        actor = hand.actor
        assert actor is not None
        # seat changes wait for the end of the hand; the actor's actions and My cards
        names = {custom.rsplit(":", 1)[1] for custom in table.custom_ids.values()}
        assert not names & {"join", "leave", "start"} and "cards" in names, names
        if actor != clicker:  # the action came to someone else: they are notified
            async with asyncio.timeout(15):
                while not any(m.pinged == {actor} for m in notices()):
                    await asyncio.sleep(0.01)
            told.append((actor, len(fake.pings(actor))))
        assert len(notices()) <= 1  # the one before went

    hand_id = await play_passively(fake, bot, channel, read)
    assert told and all(pings >= 1 for _, pings in told)
    for actor in {actor for actor, _ in told}:  # a ping each time, never fewer
        counts = [pings for who, pings in told if who == actor]
        assert counts == sorted(counts) and len(set(counts)) == len(counts), counts

    # Recent by round: a new round's first message marks the round before by name
    checked_rounds: list[str] = []
    for earlier, later in pairwise(versions):
        heads = [v.split("\n")[0].split(" · ") for v in (earlier, later)]
        # both during the hand (its next may be dealt by the time the last click is read)
        in_hand = all(len(head) == 3 for head in heads) and heads[0][1] == heads[1][1]
        round_ends = street_of(earlier) != street_of(later) and street_of(earlier) not in DRAWING
        if in_hand and round_ends:  # the first message of a new round
            lines = later.split("\n")
            marked = [line for line in lines if line.startswith(f"-# {street_of(earlier)}")]
            recent = [line for line in lines if line.startswith(words["recent"])]
            assert marked and not recent, later  # nothing yet this round; the last one marked
            checked_rounds.append(later)
    assert len(checked_rounds) >= 3, versions  # every game has four rounds or more
    # Triple Draw: draw counts, never card backs
    if variant == "triple_draw":
        seats = [line for v in versions for line in v.split("\n") if SEAT.match(line)]
        assert not any("🂠" in line for line in seats)
        assert any(words["draws"] in line for line in seats)
        during = [v for v in versions if v.split("\n")[0].count(" · ") == 2]
        button = "· button" if language == "en" else "· bouton"
        for version in during:  # one button, on a seat (RULES §5.2)
            lines = [line for line in version.split("\n") if SEAT.match(line)]
            assert sum(button in line for line in lines) == 1, version

    summary = summaries(fake, channel)[-1].content
    assert f"#{hand_id}**" in summary
    assert words["won"].search(summary), summary
    stacks = next(line for line in summary.split("\n") if line.startswith(words["stacks"]))
    order = [stacks.index(name) for name in NAMES if name in stacks]
    assert order == sorted(order), stacks  # seat order: Ann 1, Bob 2, Cat 3, Dan 4

    for player in players:
        private = [m.content for m in fake.dms(player) if f"#{hand_id} · " in m.content]
        assert private, player
        head = private[0].split("\n")[0]
        assert len(head.split(" · ")) == 3, head  # channel · hand · its round
        if variant == "triple_draw":
            assert not any(words["down"] in text for text in private)
    if variant == "triple_draw":
        drawn = [m.content for p in players for m in fake.dms(p) if words["swap"] in m.content]
        assert drawn and all("→" in text for text in drawn)
        seen = {  # every line each player was sent alone
            p: {
                line
                for m in [*fake.dms(p), *fake.ephemeral_for(p)]
                for v in m.versions
                for line in v.split("\n")
            }
            for p in players
        }
        for player in players:  # each swap line reaches its drawer alone
            swaps = {line for line in seen[player] if "→" in line}
            for other in players:
                assert other == player or not swaps & seen[other], (player, other)
        public = [v for m in fake.channel_messages(channel) for v in m.versions]
        assert not any("→" in v for v in public)
