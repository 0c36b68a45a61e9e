"""Hostile and mistaken input (issue: "Hostile and mistaken input"): each gets a clear private
answer and changes nothing; races resolve to exactly one outcome; names never ping or format.
"""

from __future__ import annotations

import asyncio
import logging
import re

import pytest

from bot.poker.record import from_record, snapshot
from tests.e2e.conftest import Harness
from tests.e2e.players import SHOWDOWN, Table
from tests.e2e.test_games import seat_players
from tests.fakediscord.server import BOT_ID, FakeDiscord


async def stored_is_live(table: Table) -> None:
    """The hand in memory is exactly the stored hand, and every chip is accounted for."""
    live = table.bot.dealer.tables[table.channel]
    if live.hand is not None and live.hand_id is not None:
        stored = from_record(await table.bot.store.hand_record(live.hand_id))
        assert snapshot(stored) == snapshot(live.hand)
    total, wallets = await table.chips()
    assert total == 1000 * wallets


def answers(results: list[dict[str, object]]) -> list[str]:
    return [
        "update" if result["type"] == 7 else str(getattr(result["message"], "content", ""))
        for result in results
    ]


async def test_the_same_button_at_the_same_instant_gives_one_action(harness: Harness) -> None:
    table = await seat_players(harness, "seven_card_stud", 3)
    actor = await table.wait_for_turn()
    message = table.message()
    button = next(v for k, v in message.custom_ids.items() if k.startswith("Bring-in"))
    other = next(p for p in table.players if p != actor)
    results = await asyncio.gather(
        *(table.fake.click(actor, message.id, button) for _ in range(5)),
        table.fake.click(other, message.id, button),
    )
    replies = answers(list(results))
    assert replies.count("update") == 1, replies  # exactly one action, every click answered
    assert all(r == "update" or "out of date" in r or "not your turn" in r for r in replies)
    hand = table.engine_hand()
    assert hand is not None and len(hand.actions) == 1
    await table.settle()
    await stored_is_live(table)


async def test_a_click_racing_the_clock_leave_and_end(harness: Harness) -> None:
    table = await seat_players(harness, "five_card_stud", 3)
    fake, dealer = table.fake, harness.bot.dealer
    actor = await table.wait_for_turn()
    message = table.message()
    button = next(v for k, v in message.custom_ids.items() if k.startswith("Bring-in"))
    live = dealer.tables[table.channel]
    live.deadline = dealer.clock()  # the clock is due this very moment
    click, _ = await asyncio.gather(fake.click(actor, message.id, button), dealer._fire(live))
    hand = table.engine_hand()
    assert hand is not None and len(hand.actions) == 1  # the click or the clock, not both
    assert click["type"] == 7 or "not your turn" in click["message"].content
    await table.settle()
    await stored_is_live(table)

    actor = await table.wait_for_turn()
    message = table.message()
    leaver = next(p for p in table.players if p != actor)
    action = next(v for k, v in message.custom_ids.items() if k.startswith(("Call", "Check")))
    asked = (await fake.slash(leaver, table.channel, "leave"))["message"]  # still in the hand
    assert (
        "if you leave, the dealer acts for you" in asked.content
        and not dealer.tables[table.channel].seats[leaver].leaving
    )  # nothing done before the yes
    await asyncio.gather(
        fake.click(actor, message.id, action),
        fake.click(leaver, asked.id, asked.custom_ids["Leave anyway"]),
        fake.slash(table.players[0], table.channel, "end"),
    )
    await table.settle()
    await stored_is_live(table)
    live = dealer.tables[table.channel]
    assert live.closing and live.seats[leaver].leaving
    await table.play_hand(SHOWDOWN)
    await table.settle()
    assert table.channel not in dealer.tables
    total, wallets = await table.chips()
    assert total == 1000 * wallets


async def test_forged_and_malformed_custom_ids_are_answered_and_change_nothing(
    harness: Harness,
) -> None:
    table = await seat_players(harness, "seven_card_stud", 3)
    other = await seat_players(harness, "triple_draw", 2)  # another channel's table
    fake = table.fake
    actor = await table.wait_for_turn()
    message = table.message()
    live = harness.bot.dealer.tables[table.channel]
    elsewhere = harness.bot.dealer.tables[other.channel]
    before = snapshot(live.hand)  # type: ignore[arg-type]
    forged = {
        f"poker:{elsewhere.id}:{live.seq}:fold": "no longer here",
        f"poker:{live.id}:{live.seq + 1000}:fold": "out of date",
        f"poker:{live.id}:{live.seq}:raise": "",  # not legal now: the engine says why
        f"poker:{live.id}:{live.seq}:check": "",  # no check before the bring-in
        f"poker:{live.id}:{live.seq}:draw": "no draw",
        f"poker:{live.id}:{live.seq}:shove": "no longer in use",
        f"poker:{'9' * 40}:{'9' * 40}:fold": "no longer in use",
        "poker:1:1:": "no longer in use",
        "garbage": "no longer in use",
        "": "no longer in use",
    }
    for custom_id, expected in forged.items():
        reply = await fake.click(actor, message.id, custom_id)
        assert reply["type"] == 4, custom_id  # answered, privately
        assert reply["message"].ephemeral_for == actor
        assert expected in reply["message"].content, (custom_id, reply["message"].content)
    for values in (["Zz"], ["As"] * 9, ["As", "Kd"], ["10♥"], [str(2**70)]):
        picked = f"poker:{live.id}:{live.seq}:discard"
        reply = await fake.click(actor, message.id, picked, values=values)
        assert reply["message"].ephemeral_for == actor, values
        assert "Something went wrong" not in reply["message"].content
    assert snapshot(live.hand) == before  # type: ignore[arg-type]
    await stored_is_live(table)


async def test_slash_options_out_of_range_dms_and_missing_tables(harness: Harness) -> None:
    fake = harness.fake
    channel = fake.add_channel()
    host, guest = fake.add_user("Host"), fake.add_user("Guest")
    for options, expected in [
        ({"small_bet": 2**70}, "`small_bet` must be from 2 to 1,000,000"),
        ({"max_buy_in": 2**64}, "`max_buy_in` must be from 1 to 1,000,000,000"),
        ({"ante": -(2**70)}, "`ante` must be from 0 to 1,000,000"),
        ({"action_seconds": 2**63}, "`action_seconds` must be from 10 to 600"),
        ({"max_players": 9}, "`max_players` must be from 2 to 8"),
    ]:
        reply = await fake.slash(  # forged: Discord's client keeps to the bounds
            host, channel, "new", variant="seven_card_stud", forged=True, **options
        )
        assert expected in reply["message"].content, reply["message"].content
    nowhere = await fake.slash(host, channel, "join")
    assert "There is no table in this channel" in nowhere["message"].content
    in_dm = await fake.slash(host, fake.new_id(), "new", variant="seven_card_stud", dm=True)
    assert "server channels" in in_dm["message"].content
    in_dm = await fake.slash(host, fake.new_id(), "balance", dm=True)
    assert "server" in in_dm["message"].content

    await fake.slash(host, channel, "new", variant="five_card_stud", max_players=2)
    huge = await fake.slash(host, channel, "join", buy_in=2**70, forged=True)
    assert "`buy_in` must be from 1 to 1,000,000,000" in huge["message"].content
    outside = await fake.slash(host, channel, "join", buy_in=5)  # in range, not this table's
    assert "The buy-in here is from" in outside["message"].content
    await fake.slash(host, channel, "join", buy_in=900)
    twice = await fake.slash(host, channel, "join")
    assert "already seated" in twice["message"].content
    second = fake.add_channel()
    await fake.slash(guest, second, "new", variant="seven_card_stud")
    short = await fake.slash(host, second, "join", buy_in=500)  # 100 left in the wallet
    assert "you have 100 chips and asked for 500" in short["message"].content.lower()
    await fake.slash(guest, channel, "join")
    full = await fake.slash(fake.add_user("Third"), channel, "join")
    assert "The table is full (2 seats)" in full["message"].content
    # two wallets opened (refused before any chip moved, Third has none)
    assert await harness.bot.store.chips_in_play(800_000_000_000_000_001) == 2000


async def test_two_new_tables_at_once_one_is_told(harness: Harness) -> None:
    """Defect 4: two /poker new in one channel at the same instant."""
    fake = harness.fake
    channel = fake.add_channel()
    first, second = fake.add_user("A"), fake.add_user("B")
    replies = await asyncio.gather(
        fake.slash(first, channel, "new", variant="seven_card_stud"),
        fake.slash(second, channel, "new", variant="triple_draw"),
    )
    contents = sorted(reply["message"].content for reply in replies)
    assert sum("already has a table" in content for content in contents) == 1
    assert sum(reply["message"].ephemeral_for is None for reply in replies) == 1


async def test_a_button_of_a_closed_table_never_acts_on_the_next_one(harness: Harness) -> None:
    """Defect 8: a new table in the channel gets new ids; old buttons are refused."""
    fake = harness.fake
    table = await seat_players(harness, "five_card_stud", 2)
    old = table.message()
    old_ids = dict(old.custom_ids)
    await fake.slash(table.players[0], table.channel, "end")
    await table.play_hand(SHOWDOWN)
    await table.settle()
    assert table.channel not in harness.bot.dealer.tables
    await fake.slash(table.players[1], table.channel, "new", variant="five_card_stud")
    await fake.slash(table.players[1], table.channel, "join")
    assert "My cards" in old_ids and len(old_ids) > 1  # the actor's actions too
    for label, custom_id in old_ids.items():
        reply = await fake.click(table.players[0], old.id, custom_id)
        assert "no longer here" in reply["message"].content, label
    live = harness.bot.dealer.tables[table.channel]
    assert set(live.seats) == {table.players[1]}


async def test_outboxes_and_draw_prompts_end_with_their_table(harness: Harness) -> None:
    """Defect 10: nothing is kept for a table that has ended."""
    table = await seat_players(harness, "triple_draw", 2)
    cog = harness.bot.get_cog("Table buttons")
    presenter = harness.bot.presenter
    await table.play_hand(SHOWDOWN)
    assert presenter.outboxes >= 1
    await table.wait_for_turn()  # the next hand: the table closes after it
    await table.fake.slash(table.players[0], table.channel, "end")
    await table.play_hand(SHOWDOWN)
    await table.settle()
    await presenter.idle(table.channel)
    assert presenter.outboxes == 0
    assert cog is not None and cog.draw_prompts == 0  # type: ignore[attr-defined]


async def test_a_table_where_everyone_sits_out_waits(harness: Harness) -> None:
    table = await seat_players(harness, "seven_card_stud", 2)
    for player in table.players:
        reply = await table.fake.slash(player, table.channel, "sitout")
        assert "sit out" in reply["message"].content
    await table.play_hand(SHOWDOWN)
    live = harness.bot.dealer.tables[table.channel]
    async with asyncio.timeout(5):  # the positive signal: the dealer stopped dealing
        while live.running or live.deadline is not None:
            await asyncio.sleep(0.01)
    await table.settle()
    assert table.engine_hand() is None
    assert "Need 2 more players: press Join. Sitting out: " in table.message().content
    assert "(/poker back to play)" in table.message().content


NASTY = "@everyone **x** <@123> [a](http://b.c) # `y` " + "z" * 40


def public_texts(fake: FakeDiscord, channel: int) -> list[str]:
    return [v for m in fake.channel_messages(channel) for v in m.versions]


async def test_names_never_ping_or_format_anywhere(harness: Harness) -> None:
    """Defect 5: a display name with markdown, mentions and a masked link, in the table, the
    recent actions, the summary and the notices ("left with", "Table closed")."""
    fake = harness.fake
    table = await seat_players(harness, "five_card_stud", 2)
    nasty = fake.add_user(NASTY)
    await fake.slash(nasty, table.channel, "join")
    await table.play_hand(SHOWDOWN)
    await table.wait_for_turn()
    asked = (await fake.slash(nasty, table.channel, "leave"))["message"]  # dealt in: confirm
    await fake.click(nasty, asked.id, asked.custom_ids["Leave anyway"])
    await table.play_hand(SHOWDOWN)
    await fake.slash(table.players[0], table.channel, "end")
    await table.settle()
    texts = public_texts(fake, table.channel)
    assert any("left with" in text for text in texts)
    assert any("Table closed" in text for text in texts)
    for text in texts:
        assert "@everyone" not in text.replace("\\@everyone", "")
        assert not re.search(r"(?<!\\)<@123>|(?<!\\)\[a(?<!\\)\]", text), text
        assert "**x**" not in text
    for request in fake.requests:  # every post and edit forbids @everyone and role pings
        body = request.body if isinstance(request.body, dict) else {}
        mentions = body.get("allowed_mentions") or (body.get("data") or {}).get("allowed_mentions")
        if mentions is not None:
            assert "everyone" not in mentions.get("parse", []), request
            assert "roles" not in mentions.get("parse", []), request
    assert all(m.author_id == BOT_ID for m in fake.channel_messages(table.channel))


async def test_eight_long_names_never_pass_the_message_limit(harness: Harness) -> None:
    """Defect 11: the summary and notices of an 8-player table with long names fit, split."""
    fake = harness.fake
    channel = fake.add_channel()
    players = [fake.add_user(f"{'*_~<@' * 7}{index}") for index in range(8)]
    await fake.slash(players[0], channel, "new", variant="seven_card_stud", max_players=8)
    for player in players:
        await fake.slash(player, channel, "join", buy_in=100)
    table = Table(fake, harness.bot, channel, players)
    await table.settle()
    await fake.click(players[0], table.message().id, table.message().custom_ids["Start"])
    await table.play_hand(SHOWDOWN)
    await table.wait_for_turn()
    await fake.slash(players[0], channel, "end")
    await table.play_hand(SHOWDOWN)
    await table.settle()
    assert fake.spec_violations == []  # Discord would have refused these with 50035
    texts = public_texts(fake, channel)
    assert any("Table closed" in text for text in texts)
    assert all(len(text) <= 2000 for text in texts)


async def test_a_player_who_leaves_the_server_mid_hand(harness: Harness) -> None:
    """With the Server Members intent, leaving the server is leaving the table (RULES §6.2):
    folded when the action reaches them, their stack back in their wallet when the hand ends."""
    table = await seat_players(harness, "seven_card_stud", 3)
    actor = await table.wait_for_turn()
    gone = next(p for p in table.players if p != actor)
    wallet = await harness.bot.store.balance(800_000_000_000_000_001, gone)  # less the buy-in
    await table.fake.member_left(gone)
    live = harness.bot.dealer.tables[table.channel]
    async with asyncio.timeout(5):
        while not live.seats[gone].leaving:
            await asyncio.sleep(0.01)
    hand_id = await table.play_hand(SHOWDOWN)
    hand = await table.hand(hand_id)
    assert not hand.live[hand.index_of(gone)]  # folded, never waited for
    await table.settle()
    assert gone not in live.seats
    final = hand.stacks[hand.index_of(gone)]
    assert await harness.bot.store.balance(800_000_000_000_000_001, gone) == wallet + final
    assert any("left with" in m.content for m in table.fake.channel_messages(table.channel))


async def test_join_races_on_the_last_seat_and_on_one_wallet(harness: Harness) -> None:
    fake = harness.fake
    first, second = fake.add_channel(), fake.add_channel()
    host, late, rich = fake.add_user("Host"), fake.add_user("Late"), fake.add_user("Rich")
    await fake.slash(host, first, "new", variant="five_card_stud", max_players=2)
    await fake.slash(host, first, "join")
    replies = await asyncio.gather(  # two players, one seat
        fake.slash(late, first, "join"), fake.slash(rich, first, "join")
    )
    contents = [reply["message"].content for reply in replies]
    assert sum("You are in seat 2" in c for c in contents) == 1, contents
    assert sum("The table is full" in c for c in contents) == 1, contents

    await fake.slash(late, second, "new", variant="seven_card_stud")
    player = host if host not in harness.bot.dealer.tables[first].seats else late
    wallet = await harness.bot.store.balance(800_000_000_000_000_001, player)
    elsewhere = fake.add_channel()
    await fake.slash(rich, elsewhere, "new", variant="seven_card_stud")
    replies = await asyncio.gather(  # one wallet, two tables, each buy-in the whole wallet
        fake.slash(player, second, "join", buy_in=wallet),
        fake.slash(player, elsewhere, "join", buy_in=wallet),
    )
    contents = [reply["message"].content for reply in replies]
    assert sum("You are in seat" in c for c in contents) == 1, contents
    assert sum(f"you have 0 chips and asked for {wallet}" in c.lower() for c in contents) == 1
    assert await harness.bot.store.balance(800_000_000_000_000_001, player) == 0


async def test_malformed_draw_values_are_refused_with_their_reason(harness: Harness) -> None:
    """Issue 27.12: at a real draw, each malformed pick gets the refusal that says what is
    wrong, not merely "not Something went wrong"; the hand is unchanged."""
    table = await seat_players(harness, "triple_draw", 2)
    fake = table.fake
    live = harness.bot.dealer.tables[table.channel]
    while True:  # to the first draw: check or call through the first betting round
        actor = await table.wait_for_turn()
        message = table.message()
        if "Draw" in message.custom_ids:
            break
        label = next(k for k in message.custom_ids if k.startswith(("Check", "Call")))
        await fake.click(actor, message.id, message.custom_ids[label])
        await table.settle()
    hand = live.hand
    assert hand is not None
    mine = [str(card) for card in hand.cards[hand.index_of(actor)]]
    not_mine = next(str(c) for c in hand.deck.cards if str(c) not in mine)
    before = snapshot(hand)
    picked = f"poker:{live.id}:{live.seq}:discard"
    for values, expected in [
        (["Zz"], "That is not one of your cards."),
        ([str(2**70)], "That is not one of your cards."),
        ([not_mine], "You can only throw away cards you hold, each once."),
        ([mine[0], mine[0]], "You can only throw away cards you hold, each once."),
        ([*mine, not_mine], "Pick 1 to 5 of your cards."),
        ([], "Pick 1 to 5 of your cards."),
    ]:
        reply = await fake.click(actor, message.id, picked, values=values)
        assert reply["message"].ephemeral_for == actor, values
        assert reply["message"].content == expected, (values, reply["message"].content)
    assert snapshot(live.hand) == before  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("command", "options"),
    [
        ("bots", {"count": 1, "level": "godlike"}),
        ("new", {"variant": "holdem"}),
        ("new", {"bot_level": "godlike"}),
        ("rules", {"variant": "holdem"}),
        ("stats", {"variant": "holdem"}),
        ("help", {"topic": "secrets"}),
        ("notify", {"state": "loud"}),
    ],
)
async def test_a_forged_choice_is_refused_like_any_bad_option(
    harness: Harness, command: str, options: dict[str, object], caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 35.2: `/poker bots level:<anything else>` from a forged payload answered
    "Something went wrong" with a traceback in the log. Every option with choices is checked
    as ranges are: refused privately, naming the choices, nothing done, nothing logged."""
    fake = harness.fake
    channel = fake.add_channel()
    host = fake.add_user("Ann")
    await fake.slash(host, channel, "new", variant="seven_card_stud")
    before = dict(harness.bot.dealer.tables[channel].options)
    answer = await fake.slash(host, channel, command, forged=True, **options)
    content = answer["message"].content
    assert answer["message"].ephemeral_for == host
    assert "must be one of" in content and "nothing was done" in content, content
    assert "Something went wrong" not in content
    assert dict(harness.bot.dealer.tables[channel].options) == before
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_ten_long_markdown_names_fit_in_every_message(
    harness: Harness, language: str
) -> None:
    """Issue 43.6: ten seats of 32-character names full of markdown rendered a table message
    of 2,112 characters (2,162 in French), which Discord refuses: every edit failed and the
    table played on unseen. Names are shortened until each message fits."""
    fake = harness.fake
    channel = fake.add_channel()
    players = [fake.add_user(f"{'*_~|<@' * 5}{index:02d}") for index in range(10)]
    admin = fake.add_user("Admin")
    fake.permissions[admin] = "32"
    await fake.slash(admin, channel, "config", group="poker-admin", language=language)
    await fake.slash(admin, channel, "config", group="poker-admin", commands_per_minute=600)
    await fake.slash(players[0], channel, "new", variant="five_card_stud")  # 10 seats
    for player in players:
        joined = await fake.slash(player, channel, "join", buy_in=100)
        assert joined["type"] == 4, joined
    table = Table(fake, harness.bot, channel, players)
    await table.settle()
    buttons = table.message().custom_ids
    start = buttons.get("Start") or buttons["Démarrer"]
    await fake.click(players[0], table.message().id, start)
    await table.settle()
    async with asyncio.timeout(30):
        while not [m for m in fake.channel_messages(channel)
                   if "Stacks:" in m.content or "Tapis :" in m.content]:  # a summary: fmt: skip
            message = table.message()
            hand = table.engine_hand()
            actor = hand.actor if hand is not None else None
            if actor is None:
                await asyncio.sleep(0.01)
                await table.settle()
                continue
            passive = ("Call", "Check", "Bring-in", "Suivre", "Parole")
            calls = [i for label, i in message.custom_ids.items() if label.split()[0] in passive]
            await fake.click(actor, message.id, calls[0])
            await table.settle()
    assert fake.spec_violations == []  # Discord would have refused these with 50035
    texts = public_texts(fake, channel)
    assert all(len(text) <= 2000 for text in texts), max(len(text) for text in texts)
    assert any(text.count("\n") >= 10 for text in texts)  # the table, every seat on it
