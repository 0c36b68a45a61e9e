"""Issue 11: a whole game in French for each variant, end to end. The server's language is set
to French with /poker-admin config; the players' Discord is in French. Every message each
player receives (the table message and its buttons, the turn line, DMs, ephemeral answers, the
draw picker, the summary and its picture) is in French, with the rule sheets' words
(INTERFACE.md glossary), and no English sentence slips through."""

from __future__ import annotations

import asyncio
import re

import pytest

from tests.e2e.any_language import by_name
from tests.e2e.conftest import Harness
from tests.fakediscord.server import MANAGE_GUILD, FakeDiscord, Message

STALE = "Ce bouton n'est plus valable"  # a prompt the table has moved on from

GAMES = ["seven_card_stud", "razz", "stud_hi_lo", "five_card_stud", "triple_draw"]
TURN = re.compile(r"<@(\d+)>, à toi de jouer")
# INTERFACE.md: French button labels begin with these words
GLOSSARY = (
    "Se coucher",
    "Parole",
    "Suivre",
    "Miser",
    "Relancer",
    "Compléter",
    "Bring-in",
    "Écarter",
    "Servi",
    "Rejoindre",
    "Quitter",
    "Démarrer",
    "Mes cartes",
)
ENGLISH = re.compile(
    r"\b(Hand #|it's your turn|Seat \d|Your cards|Pot:|Stacks|shows|chips|folds|checks|calls"
    r"|raises|Waiting|Ready|Recent|press|table)\b"
)


def labels(message: Message) -> list[str]:
    return [
        item["label"]
        for row in message.components
        for item in row.get("components", [])
        if item.get("label")
    ]


class FrenchTable:
    def __init__(self, fake: FakeDiscord, channel: int, players: list[int]) -> None:
        self.fake, self.channel, self.players = fake, channel, players

    def message(self) -> Message:
        return next(
            m
            for m in reversed(self.fake.channel_messages(self.channel))
            if m.components and (by_name(m, "join") or by_name(m, "cards"))
        )

    def summaries(self) -> list[Message]:
        return [
            m for m in self.fake.channel_messages(self.channel) if m.content.startswith("**Main #")
        ]

    async def act(self) -> None:
        """The player to act takes the first of call, check, bring-in, draw (standing pat)."""
        async with asyncio.timeout(5):
            while (found := TURN.search(self.message().content)) is None:
                await asyncio.sleep(0.01)
        actor, message = int(found[1]), self.message()
        for name in ("call", "check", "bring_in", "complete"):
            if (custom := by_name(message, name)) is not None:
                answer = await self.fake.click(actor, message.id, custom)
                content = str((answer.get("data") or {}).get("content", ""))
                if answer["type"] == 4 and content.startswith(STALE):
                    return  # the edit that moved the table on was still on its way: read
                assert answer["type"] == 7, answer  # the new message and click again
                return
        custom = by_name(message, "draw")
        assert custom is not None, message.content
        before = len(self.fake.ephemeral_for(actor))
        assert (await self.fake.click(actor, message.id, custom))["type"] == 6
        async with asyncio.timeout(5):
            while len(self.fake.ephemeral_for(actor)) == before:
                await asyncio.sleep(0.005)
        picker = self.fake.ephemeral_for(actor)[-1]
        assert "Choisis les cartes à écarter, ou joue servi." in picker.content
        assert "Tes cartes :" in picker.content
        assert set(labels(picker)) == {"Servi"}
        reply = await self.fake.click(actor, picker.id, picker.custom_ids["Servi"])
        assert reply["type"] == 7
        assert reply["data"]["content"].startswith("Tu as joué servi.\nTes cartes : ")


@pytest.mark.parametrize("variant", GAMES)
async def test_a_whole_game_in_french(harness: Harness, variant: str) -> None:
    fake = harness.fake
    channel = fake.add_channel()
    players = [fake.add_user(name) for name in ("Alice", "Bob", "Carole")]
    for player in players:
        fake.locales[player] = "fr"
    fake.permissions[players[0]] = MANAGE_GUILD
    shown = await fake.slash(players[0], channel, "config", group="poker-admin", language="fr")
    assert "Langue des messages publics : français" in shown["message"].content
    opened = await fake.slash(players[0], channel, "new", variant=variant)
    assert opened["type"] == 4
    joined = await fake.slash(players[0], channel, "join", buy_in=300)
    assert joined["data"]["content"] == "Tu es au siège 1 avec 300 jetons."
    table = FrenchTable(fake, channel, players)
    for player in players[1:]:
        message = table.message()
        assert labels(message)[:3] == ["Rejoindre", "Quitter", "Démarrer"]
        join = by_name(message, "join")
        assert join is not None
        assert (await fake.click(player, message.id, join))["type"] == 7
    assert "Tout est prêt : appuie sur Démarrer pour distribuer." in table.message().content
    start = by_name(table.message(), "start")
    assert start is not None
    assert (await fake.click(players[1], table.message().id, start))["type"] == 7

    seen_labels: set[str] = set()
    async with asyncio.timeout(30):
        while not table.summaries():
            seen_labels.update(labels(table.message()))
            await table.act()
            await harness.bot.presenter.idle(channel)
    summary = table.summaries()[-1]
    hand = re.match(r"\*\*Main #(\d+)\*\*", summary.content)
    assert hand is not None
    assert " montre " in summary.content and "Tapis : " in summary.content
    assert [f.filename for f in summary.files] == [f"showdown-{hand[1]}.png"]
    assert all(label.startswith(GLOSSARY) for label in seen_labels), seen_labels
    assert any(label.startswith(("Suivre", "Parole")) for label in seen_labels)

    for player in players:
        dms = fake.dms(player)
        # the next hand may be dealt by now (its pause is short): its DMs too
        assert any(f"Main #{hand[1]}" in dm.content for dm in dms)
        assert all("Main #" in dm.content and "Tes cartes :" in dm.content for dm in dms)
        assert not any(ENGLISH.search(dm.content) for dm in dms)
    table_texts = [v for m in fake.channel_messages(channel) for v in (m.versions or [m.content])]
    assert any("à toi de jouer" in text for text in table_texts)
    english = [text for text in table_texts if ENGLISH.search(text)]
    assert english == []

    chosen = await fake.slash(players[1], channel, "settings", four_colour=True)
    assert chosen["data"]["content"].startswith("C'est noté. Tes préférences :")
    assert "Cartes en quatre couleurs : oui" in chosen["data"]["content"]
    assert "Tes MP sont en français" in chosen["data"]["content"]
    assert "/poker préférences quatre_couleurs" in chosen["data"]["content"]
    assert not ENGLISH.search(chosen["data"]["content"])
    cards = await fake.slash(players[2], channel, "cards")
    assert cards["data"]["content"].startswith(("Il n'y a", "Aucune main", "<#")), cards
    ended = await fake.slash(players[0], channel, "end")
    assert ended["data"]["content"] in {
        "C'est fait : le salon a été prévenu.",
        "La table est fermée ; chaque tapis est de retour dans son portefeuille.",
    }
