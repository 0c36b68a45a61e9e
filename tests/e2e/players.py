"""Fake players at a table: read the table message as a person would, click its buttons, and
check what everyone saw against the hand the dealer stored."""

from __future__ import annotations

import asyncio
import random
import re
from dataclasses import dataclass, field
from typing import Any

from bot.client import PokerBot
from bot.poker.cards import Card, parse_card
from bot.poker.events import HandShown
from bot.poker.record import from_record
from bot.poker.state import Hand
from bot.store.house import is_computer
from tests.fakediscord.server import GUILD_ID, FakeDiscord, Message

CARD = re.compile(r"(10|[2-9JQKA])([♣♦♥♠])")
SUITS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}
TURN = re.compile(r"<@(\d+)>, it's your turn")
HAND_ID = re.compile(r"Hand #(\d+)")
SHOWDOWN = ("Check", "Call", "Bring-in")
FOLD_OUT = ("Fold", "Bring-in", "Check", "Call")
SEAT_BUTTONS = frozenset({"Join", "Leave", "Start", "My cards"})
# INTERFACE.md: the actor's buttons, in English, with their amounts as English writes them
BUTTONS = {
    "fold": "Fold",
    "check": "Check",
    "call": "Call {}",
    "bet": "Bet {}",
    "raise": "Raise to {}",
    "complete": "Complete to {}",
    "bring_in": "Bring-in {}",
    "draw": "Draw",
}


def table_message(fake: FakeDiscord, channel: int) -> Message | None:
    """The live table message: the newest public message with buttons."""
    tables = [m for m in fake.channel_messages(channel) if m.custom_ids]
    return tables[-1] if tables else None


def summary_messages(fake: FakeDiscord, channel: int) -> list[Message]:
    return [m for m in fake.channel_messages(channel) if m.content.startswith("**Hand #")]


ANY_HAND = re.compile(r"(?:Hand|Main) #\d+")  # a version naming a hand, in either language
CARD_TEXT = re.compile(r"(?<![0-9A-Za-z])([2-9TJQKA][cdhs])(?![0-9A-Za-z])")
PICTURES: list[tuple[int | None, tuple[Card, ...]]] = []  # (hand, cards) of public pictures


def cards_written(text: str) -> set[Card]:
    """Cards in text notation (``As Td``), as logs and verify write them."""
    return {parse_card(found) for found in CARD_TEXT.findall(text)}


def cards_in(text: str) -> set[Card]:
    return {
        parse_card(("T" if rank == "10" else rank) + SUITS[suit])
        for rank, suit in CARD.findall(text)
    }


STALE_CLICKS = 5  # a hand's clicks on a prompt the table had moved on from, at most
STALE = "That prompt is out of date"


def is_stale(answer: dict[str, Any]) -> bool:
    """The dealer's private answer to a click on a prompt the table has moved on from."""
    data = answer.get("data") or {}
    return answer.get("type") == 4 and str(data.get("content", "")).startswith(STALE)


@dataclass
class Table:
    """One channel's table, seen from the test."""

    fake: FakeDiscord
    bot: PokerBot
    channel: int
    players: list[int]
    rng: random.Random = field(default_factory=lambda: random.Random(5))
    hands: list[int] = field(default_factory=list)

    def message(self) -> Message:
        message = table_message(self.fake, self.channel)
        assert message is not None, "no table message"
        return message

    def table_messages(self, hand_id: int) -> list[Message]:
        """The table messages that showed hand ``hand_id``."""
        return [
            m
            for m in self.fake.channel_messages(self.channel)
            if f" · Hand #{hand_id}" in m.content.split("\n")[0]
        ]

    def actor(self) -> int | None:
        """The player the table message names to act; None between a sit & go's hands (no
        message with buttons: the last one lost them before the summary came)."""
        message = table_message(self.fake, self.channel)
        match = TURN.search(message.content) if message is not None else None
        return int(match[1]) if match else None

    def engine_hand(self) -> Hand | None:
        table = self.bot.dealer.tables.get(self.channel)
        if table is None or not table.in_hand:
            return None
        return table.hand

    async def settle(self) -> None:
        """Wait until the dealer has finished presenting (it does so under the table lock)."""
        await asyncio.sleep(0)
        table = self.bot.dealer.tables.get(self.channel)
        if table is not None:
            async with table.lock:
                pass
        presenter = getattr(self.bot.get_cog("Poker"), "presenter", None)
        if presenter is not None:
            await presenter.idle(self.channel)

    async def wait_for_turn(self, timeout: float = 5) -> int:
        async with asyncio.timeout(timeout):
            while True:
                await self.settle()
                shown = table_message(self.fake, self.channel) is not None  # none between a
                actor = self.actor() if shown else None  # sit & go's hands: no buttons then
                if actor is not None and self.engine_hand() is not None:
                    return actor
                await asyncio.sleep(0.01)

    def summaries(self) -> list[Message]:
        return summary_messages(self.fake, self.channel)

    async def play_hand(
        self, preference: tuple[str, ...], *, check_view: bool = True, think: float = 0.0
    ) -> int:
        """Play one hand through the buttons; return its id once its summary is posted."""
        before = len(self.summaries())
        await self.wait_for_turn()
        hand = self.engine_hand()
        assert hand is not None
        stale = 0
        while len(self.summaries()) == before:
            actor = self.actor()
            if actor is None:
                await asyncio.sleep(0.01)
                await self.settle()
                continue
            if think:
                await asyncio.sleep(self.rng.uniform(0, think))
                await self.settle()
                if self.actor() != actor:
                    continue
            message = self.message()
            if check_view:
                self.check_table_message(message)
            buttons = message.custom_ids
            if "Draw" in buttons:
                await self.draw(actor, message, buttons["Draw"])
            else:
                label = next(
                    label for choice in preference for label in buttons if label.startswith(choice)
                )
                answer = await self.fake.click(actor, message.id, buttons[label])
                if is_stale(answer) and stale < STALE_CLICKS:  # the edit that moved the
                    stale += 1  # table on was still on its way (Discord's limits): a person
                    await asyncio.sleep(0.05)  # reads the new message and clicks again
                    await self.settle()
                    continue
                assert answer["type"] == 7, answer  # UPDATE_MESSAGE on the table message
            await self.settle()
        summary = self.summaries()[-1]
        match = HAND_ID.search(summary.content)
        assert match is not None
        self.hands.append(int(match[1]))
        return int(match[1])

    async def draw(self, actor: int, message: Message, custom_id: str) -> None:
        before = len(self.fake.ephemeral_for(actor))
        answer = await self.fake.click(actor, message.id, custom_id)
        assert answer["type"] == 6, answer  # deferred: the picker comes as an ephemeral follow-up
        async with asyncio.timeout(5):
            while len(self.fake.ephemeral_for(actor)) == before:
                await asyncio.sleep(0.005)
        picker = self.fake.ephemeral_for(actor)[-1]
        ids = picker.custom_ids
        assert set(ids) == {"select", "Stand pat"}
        count = self.rng.randint(0, 2)
        if count:
            options = picker.components[0]["components"][0]["options"]
            values = [option["value"] for option in self.rng.sample(options, count)]
            reply = await self.fake.click(actor, picker.id, ids["select"], values=values)
        else:
            reply = await self.fake.click(actor, picker.id, ids["Stand pat"])
        assert reply["type"] == 7, reply

    def check_table_message(self, message: Message) -> None:
        """The table message matches the engine: actor, up cards, pot, exactly the legal
        buttons."""
        hand = self.engine_hand()
        assert hand is not None
        content = message.content
        mentions = re.findall(r"<@!?(\d+)>", content)
        assert mentions == [str(hand.actor)]
        legal = [
            BUTTONS[option.kind.value].format(f"{option.amount or 0:,}")
            for option in hand.legal_actions()
        ]
        # during a hand: the actor's actions and My cards, never a seat change (issue 21)
        assert list(message.custom_ids) == [*legal, "My cards"]
        pot = sum(pot.amount for pot in hand.pots())
        if pot:
            found = re.findall(r"(?:Pot|side pot \d+): ([\d,]+)", content)
            shown = [int(n.replace(",", "")) for n in found]
            assert sum(shown) == pot
        lines = content.split("\n")
        for index, player in enumerate(hand.players):
            seat = hand.config.seat_numbers[index]
            line = next(line for line in lines if line[2:].startswith(f"Seat {seat} "))
            if hand.live[index] and hand.variant.is_stud:
                assert cards_in(line) == set(hand.up_cards(index)), line
            elif hand.live[index]:
                assert not cards_in(line), line
            assert (line[0] == "▶") == (player == hand.actor)

    async def hand(self, hand_id: int) -> Hand:
        return from_record(await self.bot.store.hand_record(hand_id))

    async def check_privacy(self, hand_id: int) -> None:
        """Down cards (and Triple Draw's discards): only in their owner's DMs and ephemeral
        replies, never in public: not in any version of the hand's table messages, of its
        summary (a hand shown at showdown is public, one folded never is) or of the channel's
        other messages during it, in symbols or in text (``A♠``, ``As``), nor among the cards
        any public picture drew (``PICTURES`` records their inputs; issue 27.3)."""
        hand = await self.hand(hand_id)
        owned: dict[int, set[Card]] = {player: set() for player in hand.players}
        up: set[Card] = set(hand.board)
        for event in hand.events:
            player = getattr(event, "player", None)
            cards = getattr(event, "cards", None)
            face_up = getattr(event, "face_up", None)
            if isinstance(event, HandShown):
                up.update(event.cards)  # shown at showdown: public from then on
            if player is None or cards is None or face_up is None:
                continue
            owned[player].update(cards)
            up.update(card for card, shown in zip(cards, face_up, strict=True) if shown)
        hidden = set().union(*owned.values()) - up
        tag = f"Hand #{hand_id}"
        named = re.compile(rf"(?:Hand|Main) #{hand_id}(?!\d)").search  # not #10 for #1
        messages = self.fake.channel_messages(self.channel)
        mine = [i for i, m in enumerate(messages) if any(named(v) for v in m.versions)]
        assert mine, f"no public message names {tag}"
        for message in messages[mine[0] : mine[-1] + 1]:  # from its deal to its summary
            for version in message.versions:
                if ANY_HAND.search(version) and not named(version):
                    continue  # the table message as another hand showed it (a new deck)
                seen = cards_in(version) | cards_written(version)
                assert not seen & hidden, (sorted(map(str, seen & hidden)), version)
        drawn = {card for picture, cards in PICTURES if picture == hand_id for card in cards}
        assert not drawn & hidden, sorted(map(str, drawn & hidden))
        for player in hand.players:
            seen = [m for m in self.fake.dms(player) if named(m.content)]
            seen += [m for m in self.fake.ephemeral_for(player) if named(m.content)]
            for message in seen:
                for version in message.versions:
                    assert cards_in(version) <= owned[player], (player, version)
            if player not in self.fake.dm_closed and not is_computer(player):
                assert seen, f"player {player} got no DM for {tag}"

    async def chips(self) -> tuple[int, int]:
        store = self.bot.store
        return await store.chips_in_play(GUILD_ID), await store.wallets_opened(GUILD_ID)
