"""Being told it is your turn (issue 21): Discord notifies a mention only in a message as it is
created, so each time the action comes to a player a notice that mentions them is created, the
one before it goes, and it costs no request against the global rate limit when a click moved
the action. `/poker notify off` stops them for that member."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from tests.dealer.conftest import FakeClock
from tests.e2e.conftest import Harness
from tests.e2e.players import Table
from tests.e2e.test_games import seat_players
from tests.fakediscord.server import Message

TOLD = "it's your turn (Hand #"


def notices(table: Table) -> list[Message]:
    """The turn notices in the channel now (deleted ones are gone)."""
    return [m for m in table.fake.channel_messages(table.channel) if TOLD in m.content]


def notices_ever(table: Table) -> list[Message]:
    return [
        m
        for m in table.fake.messages.values()
        if m.channel_id == table.channel and TOLD in m.versions[0]
    ]


async def until(condition: Callable[[], bool]) -> None:
    """Wait for a positive signal: the notice goes out after the click's answer."""
    async with asyncio.timeout(5):
        while not condition():
            await asyncio.sleep(0.01)


async def click_once(table: Table, preference: tuple[str, ...]) -> int:
    """The actor clicks their first preferred button; returns who clicked."""
    actor = await table.wait_for_turn()
    message = table.message()
    label = next(
        label for choice in preference for label in message.custom_ids if label.startswith(choice)
    )
    answer = await table.fake.click(actor, message.id, message.custom_ids[label])
    assert answer["type"] == 7
    await table.settle()
    return actor


async def test_every_actor_is_pinged_once_each_time_the_action_comes_to_them(
    harness: Harness,
) -> None:
    table = await seat_players(harness, "seven_card_stud", 3)
    fake = table.fake
    first = await table.wait_for_turn()
    hand_id = table.bot.dealer.tables[table.channel].hand_id
    # the first actor: pinged once, by a notice (Start edited the lobby's message, which
    # pings nobody), unless they pressed Start and are looking at the prompt it made (the
    # bring-in falls to any of the three); a hand dealt by the clock pings them with its new
    # table message
    starter = table.players[1]  # seat_players: the second player presses Start
    if first == starter:
        await table.settle()
        assert fake.pings(first) == [] and notices(table) == []
    else:
        await until(lambda: bool(fake.pings(first)))
        (pinged,) = fake.pings(first)
        assert pinged.pinged == {first} and f"{TOLD}{hand_id}" in pinged.content
    old = table.message()
    await table.play_hand(("Call", "Check", "Bring-in"))
    first = await table.wait_for_turn()
    hand_id = table.bot.dealer.tables[table.channel].hand_id
    assert fake.pings(first)[-1].id == table.message().id
    assert table.message().pinged == {first}
    assert notices(table) == []
    # the old hand's message keeps its moment, not the words of the moment, and no buttons
    await until(lambda: not old.components)
    assert "Next hand in a moment" not in old.content and "Seat 1" in old.content
    # a hand dealt by the clock: its cards reach the players before its first prompt
    posted = next(
        i
        for i, r in enumerate(fake.requests)
        if r.method == "POST"
        and f"Hand #{hand_id} ·" in str(r.body)
        and r.path == f"/channels/{table.channel}/messages"
    )
    dealt = [
        i
        for i, r in enumerate(fake.requests)
        if r.method == "POST" and "Your cards" in str(r.body) and f"Hand #{hand_id}" in str(r.body)
    ]
    assert len(dealt) == 3 and max(dealt) < posted
    told = 0

    def this_hand() -> bool:  # the next one may be dealt a moment after the last click
        return table.engine_hand() is not None and dealt() == hand_id

    def dealt() -> int | None:
        return table.bot.dealer.tables[table.channel].hand_id

    while this_hand():  # only clicks end it: it cannot end between this check and the click
        clicker = await click_once(table, ("Call", "Check", "Bring-in"))
        hand = table.engine_hand()
        if hand is None or not this_hand():
            break
        actor = hand.actor
        assert actor is not None
        if actor == clicker:  # they are looking: no ping, and the old notice went
            await until(lambda: notices(table) == [])
            continue
        told += 1
        await until(lambda: any(f"<@{actor}>" in m.content for m in notices(table)))  # noqa: B023
        await until(lambda: len(notices(table)) == 1)  # the one before was deleted
        live = notices(table)
        notice = live[0]
        assert notice.pinged == {actor}  # it notifies the actor, nobody else
        assert f"<@{actor}>, {TOLD}{hand_id})" in notice.content
        assert notice.components == [] and not notice.files  # no buttons, no cards
        assert str(table.message().id) in notice.content  # a link to the table message
        assert fake.pings(actor)[-1].id == notice.id
    assert told >= 4
    # the hand is over: none of its notices is left (the next hand's first actor was pinged
    # by its new table message)
    await until(lambda: not [m for m in notices(table) if f"#{hand_id})" in m.content])
    made = [m for m in notices_ever(table) if f"#{hand_id})" in m.content]
    assert len(made) == told, [(m.content[:60], m.deleted, m.id) for m in made]
    # each made and deleted through the clicks' tokens: no rate-limited request for them
    limited = fake.rate_limited_requests()
    assert not [r for r in limited if r.method == "POST" and TOLD in str(r.body)]
    assert not [r for r in limited if r.method == "DELETE"]


async def test_a_member_who_turns_notices_off_is_never_pinged(harness: Harness) -> None:
    fake = harness.fake
    table = await seat_players(harness, "five_card_stud", 2)
    first = await table.wait_for_turn()
    quiet = next(player for player in table.players if player != first)
    answer = await fake.slash(quiet, table.channel, "notify", state="off")
    assert answer["data"]["flags"] & 64  # ephemeral
    assert "not pinged" in answer["data"]["content"]
    asked = await fake.slash(quiet, table.channel, "notify")
    assert "not pinged" in asked["data"]["content"]
    pinged_before = len(fake.pings(quiet))
    for _ in range(2):
        await table.play_hand(("Call", "Check", "Bring-in"))
    assert len(fake.pings(quiet)) == pinged_before  # neither by a notice nor a table message
    noisy = fake.pings(first)
    assert len(noisy) > 1
    again = await fake.slash(quiet, table.channel, "notify", state="on")
    assert "a message pings you" in again["data"]["content"]


async def test_a_move_by_the_clock_pings_the_next_actor_through_the_channel(
    clocked: tuple[Harness, FakeClock],
) -> None:
    harness, clock = clocked
    fake = harness.fake
    channel = fake.add_channel()
    ann, bob, cat = (fake.add_user(name) for name in ("Ann", "Bob", "Cat"))
    await fake.slash(ann, channel, "new", variant="seven_card_stud", action_seconds=10, time_bank=0)
    table = Table(fake, harness.bot, channel, [ann, bob, cat])
    for player in (ann, bob, cat):
        await fake.slash(player, channel, "join")
    await fake.slash(ann, channel, "start")
    sleeper = await table.wait_for_turn()
    # the start's handling ends (its turn job queued and run: the new message pinged the
    # sleeper) before the clock moves, as ten seconds allow
    await asyncio.sleep(0.2)
    await harness.bot.presenter.idle(channel)
    clock.advance(11)  # no time bank: the clock acts for the sleeper
    harness.bot.dealer.wake()
    async with asyncio.timeout(5):
        while table.actor() == sleeper:
            await asyncio.sleep(0.01)
            await table.settle()
    actor = table.actor()
    assert actor is not None and actor != sleeper
    await until(lambda: len(notices(table)) == 1)
    assert notices(table)[0].pinged == {actor}
    posted = [
        r
        for r in fake.rate_limited_requests()
        if r.method == "POST" and TOLD in str(r.body) and r.path.endswith("/messages")
    ]
    assert len(posted) == 1  # through the channel: no click's token to use


async def test_a_hand_ended_by_a_click_posts_its_summary_as_that_clicks_follow_up(
    harness: Harness,
) -> None:
    """The summary (and its picture) costs no request against the global rate limit when a
    click ended the hand: it is that click's follow-up."""
    table = await seat_players(harness, "five_card_stud", 3)
    fake = table.fake
    hand_id = await table.play_hand(("Call", "Check", "Bring-in"))
    head = f"**Hand #{hand_id}**"
    summary = table.summaries()[-1]
    assert summary.content.startswith(head) and summary.files  # with its picture
    posts = [r for r in fake.requests if r.method == "POST" and head in str(r.body)]
    assert posts and all(r.path.startswith("/webhooks/") for r in posts), [r.path for r in posts]
    assert not [r for r in fake.rate_limited_requests() if head in str(r.body)]


async def test_a_turn_notice_that_fails_is_sent_later(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 35.5: a notice whose request failed or took too long was lost until the next
    change, so a player who relies on the ping was never told. It is tried again until it is
    sent or no longer due (through the channel, with a nonce: a try whose answer was lost
    makes no second notice)."""
    from cogs.poker import _presenter

    monkeypatch.setattr(_presenter, "TURN_TRY_SECONDS", 0.5)
    table = await seat_players(harness, "seven_card_stud", 3)
    fake = table.fake
    await table.wait_for_turn()
    fake.server_errors["POST /webhooks"] = 1000  # every follow-up fails: the tokens' path
    clicker = await click_once(table, ("Call", "Check", "Bring-in"))
    hand = table.engine_hand()
    assert hand is not None and hand.actor not in (None, clicker)
    actor = hand.actor
    await until(lambda: any(m.pinged == {actor} for m in notices(table)))
    assert len(notices(table)) == 1
    fake.server_errors.clear()
