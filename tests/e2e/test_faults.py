"""Faults, end to end: the gateway dropped mid-hand, Discord's 500s and 429s on DMs, posts and
edits, a click whose answer fails or stalls (defect 3), and many tables clicked at once."""

from __future__ import annotations

import asyncio
import random

from bot.poker.record import from_record, snapshot
from tests.e2e.conftest import Harness
from tests.e2e.players import SHOWDOWN, Table
from tests.e2e.test_games import seat_players
from tests.e2e.test_hostile import stored_is_live


async def test_the_game_goes_on_after_the_gateway_drops_mid_hand(harness: Harness) -> None:
    table = await seat_players(harness, "stud_hi_lo", 3)
    fake = table.fake
    await table.wait_for_turn()
    await fake.drop_connections()
    await asyncio.wait_for(fake.resumed.wait(), 20)  # the client reconnected and resumed
    await table.play_hand(SHOWDOWN)
    await table.play_hand(SHOWDOWN)
    await stored_is_live(table)


async def test_500s_and_429s_on_dms_posts_and_edits_are_retried(harness: Harness) -> None:
    table = await seat_players(harness, "seven_card_stud", 3)
    fake = table.fake
    await table.play_hand(SHOWDOWN)
    fake.server_errors["POST /channels/"] = 1  # a DM, the summary or the table message
    fake.server_errors["PATCH /channels/"] = 1  # the table message's edit
    fake.rate_limits["POST /channels/"] = 2
    fake.rate_limits["POST /users/@me/channels"] = 1
    hand_id = await table.play_hand(SHOWDOWN)
    await table.settle()
    assert fake.server_errors == {"POST /channels/": 0, "PATCH /channels/": 0}
    summaries = [m for m in table.summaries() if f"Hand #{hand_id}" in m.content]
    assert len(summaries) == 1  # posted once, after its retries
    await table.check_privacy(hand_id)  # every DM arrived
    hand = await table.hand(hand_id)
    assert sum(hand.stacks) == sum(hand.config.stacks)  # no chip moved twice
    await stored_is_live(table)


async def test_effects_go_out_when_the_answer_to_a_click_fails(harness: Harness) -> None:
    """Defect 3: an answer refused with 10062 (expired interaction): the action stands, and the
    table message, the DMs and the summary still go out, through the channel."""
    table = await seat_players(harness, "five_card_stud", 2)
    fake = table.fake
    while True:
        actor = await table.wait_for_turn()
        message = table.message()
        hand = table.engine_hand()
        assert hand is not None
        label = next(k for k in message.custom_ids if k.startswith(("Check", "Call", "Bring")))
        before = len(table.summaries())
        prompt = message.content
        reply = await fake.click(actor, message.id, message.custom_ids[label], expire=True)
        assert reply["type"] is None  # Discord said: unknown interaction
        await table.settle()
        if hand.is_complete:
            break
        assert table.message().content != prompt  # edited through the channel instead
    assert len(table.summaries()) == before + 1
    await table.check_privacy(table.bot.dealer.tables[table.channel].last_hand_id or 0)


async def test_a_stalled_answer_freezes_nothing(harness: Harness) -> None:
    """Defect 3: no Discord request is made under a table's lock, and every request has a
    timeout: while one click's answer hangs, the next player's click is dealt with at once."""
    table = await seat_players(harness, "seven_card_stud", 3)
    fake = table.fake
    actor = await table.wait_for_turn()
    message = table.message()
    bring_in = next(v for k, v in message.custom_ids.items() if k.startswith("Bring-in"))
    stalled = asyncio.create_task(fake.click(actor, message.id, bring_in, stall=8))
    live = table.bot.dealer.tables[table.channel]
    async with asyncio.timeout(5):
        while live.hand is None or not live.hand.actions:
            await asyncio.sleep(0.01)
    nxt = live.hand.actor
    assert nxt is not None
    action = f"poker:{live.id}:{live.seq}:call"
    reply = await fake.click(nxt, message.id, action)
    assert not stalled.done()  # answered while the other answer still hangs: not behind it
    assert reply["type"] in (4, 7)
    assert len(live.hand.actions) == 2
    stalled.cancel()


async def test_a_hundred_clicks_at_once_on_twenty_tables(harness: Harness) -> None:
    tables: list[Table] = [await seat_players(harness, "seven_card_stud", 3) for _ in range(20)]
    for table in tables:
        await table.wait_for_turn()
    rng = random.Random(4)
    clicks = []
    for table in tables:  # five clicks each: the actor's buttons twice, others' clicks
        message = table.message()
        buttons = [v for k, v in message.custom_ids.items() if k.startswith(("Bring", "Comp"))]
        actor = table.actor()
        assert actor is not None
        users = [actor, actor] + [rng.choice(table.players) for _ in range(3)]
        clicks += [table.fake.click(user, message.id, rng.choice(buttons)) for user in users]
    assert len(clicks) == 100
    results = await asyncio.gather(*clicks)
    assert all(result["type"] in (4, 7) for result in results)  # every click answered
    for table in tables:
        await table.settle()
        live = table.bot.dealer.tables[table.channel]
        assert live.hand is not None and len(live.hand.actions) == 1
        stored = from_record(await table.bot.store.hand_record(live.hand_id or 0))
        assert snapshot(stored) == snapshot(live.hand)
    total, wallets = await tables[0].chips()
    assert total == 1000 * wallets


async def test_an_answer_after_three_seconds_is_lost_as_on_discord(harness: Harness) -> None:
    """Issue 27.14: the fake Discord enforces the deadline of an interaction's first answer,
    so a slow answer fails the test that caused it (the harness checks ``late``)."""
    fake = harness.fake
    channel, user = fake.add_channel(), fake.add_user("Slow")
    real = harness.bot.store.balance

    async def slow(guild: int, member: int) -> int:
        await asyncio.sleep(3.2)
        return await real(guild, member)

    harness.bot.store.balance = slow  # type: ignore[method-assign]
    try:
        reply = await fake.slash(user, channel, "balance")
    finally:
        harness.bot.store.balance = real  # type: ignore[method-assign]
    assert reply.get("code") == 10062
    assert fake.late
    fake.late.clear()  # seen: this test is about it
