"""End to end: what must change nothing (other users' clicks, stale and double clicks, bad
options), and what must not stop the game (DMs refused with 50007, a 429 on a channel edit)."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.conftest import Harness, start_harness, stop_bot
from tests.e2e.players import SHOWDOWN, cards_in
from tests.e2e.test_games import seat_players
from tests.fakediscord.model import ATTACH_FILES, EMBED_LINKS, PERMISSIONS_ALL
from tests.fakediscord.server import FakeDiscord


async def test_clicks_that_change_nothing(harness: Harness) -> None:
    table = await seat_players(harness, "seven_card_stud", 3)
    fake = table.fake
    actor = await table.wait_for_turn()
    hand = table.engine_hand()
    assert hand is not None
    message = table.message()
    before = message.content
    label = next(iter(label for label in message.custom_ids if label.startswith("Bring-in")))
    custom_id = message.custom_ids[label]

    other = next(player for player in table.players if player != actor)
    refused = await fake.click(other, message.id, custom_id)
    assert refused["message"].ephemeral_for == other
    assert "not your turn" in refused["message"].content
    assert table.message().content == before
    assert len(hand.actions) == 0

    assert (await fake.click(actor, message.id, custom_id))["type"] == 7
    assert len(hand.actions) == 1
    again = await fake.click(actor, message.id, custom_id)  # the same button, twice
    assert "out of date" in again["message"].content or "not your turn" in again["message"].content
    assert len(hand.actions) == 1

    await table.settle()
    next_actor = table.actor()
    assert next_actor is not None
    stale = await fake.click(next_actor, message.id, custom_id.replace("bring_in", "fold"))
    assert "out of date" in stale["message"].content  # a button of an earlier prompt
    assert len(hand.actions) == 1

    outsider = fake.add_user("Zed")  # a spectator: refused kindly, told how to play
    live = table.message()
    assert not {"Join", "Leave", "Start"} & set(live.custom_ids)  # no seat change in a hand
    for label, custom_id in live.custom_ids.items():
        watching = await fake.click(outsider, live.id, custom_id)
        assert watching["message"].ephemeral_for == outsider
        assert "watching this hand" in watching["message"].content, label
        assert "Join" in watching["message"].content
    ended = await fake.slash(outsider, table.channel, "end")
    assert "Only the host" in ended["message"].content
    assert harness.bot.dealer.tables[table.channel].closing is False


async def test_bad_options_are_refused_with_the_allowed_range(harness: Harness) -> None:
    fake = harness.fake
    channel = fake.add_channel()
    host = fake.add_user("Host")
    for options, expected in [
        ({"small_bet": 1}, "`small_bet` must be from 2 to 1,000,000"),
        ({"action_seconds": 5}, "`action_seconds` must be from 10 to 600"),
        ({"bring_in": 10}, "the bring-in must be from 1 to 9 chips"),
        ({"max_players": 9}, "`max_players` must be from 2 to 8"),
    ]:
        forged = "bring_in" not in options  # the others are past the bounds Discord enforces
        answer = await fake.slash(
            host, channel, "new", variant="seven_card_stud", forged=forged, **options
        )
        assert answer["message"].ephemeral_for == host
        assert expected in answer["message"].content
    assert channel not in harness.bot.dealer.tables

    draw = await fake.slash(host, channel, "new", variant="triple_draw", small_bet=15)
    assert "must be even" in draw["message"].content
    opened = await fake.slash(host, channel, "new", variant="triple_draw")
    assert opened["message"].ephemeral_for is None
    second = await fake.slash(host, channel, "new", variant="stud_hi_lo")
    assert "already has a table" in second["message"].content
    assert str(opened["message"].id) in second["message"].content  # points to the table

    low = await fake.slash(host, channel, "join", buy_in=50)
    assert "from 100 to 1,000 chips" in low["message"].content
    balance = await fake.slash(host, channel, "balance")
    assert balance["message"].content == "1,000 chips"


async def test_a_table_is_refused_where_the_bot_cannot_post(harness: Harness) -> None:
    fake = harness.fake
    channel = fake.add_channel()
    host = fake.add_user("Host")
    view_channel, send_messages = 1 << 10, 1 << 11
    others = EMBED_LINKS | ATTACH_FILES | 1 << 16  # read message history
    fake.app_permissions[channel] = str(view_channel | others)  # may read, may not post
    refused = await fake.slash(host, channel, "new", variant="seven_card_stud")
    assert refused["message"].ephemeral_for == host
    assert "I need Send Messages in this channel" in refused["message"].content
    assert channel not in harness.bot.dealer.tables
    fake.app_permissions[channel] = str(view_channel | send_messages | others)
    opened = await fake.slash(host, channel, "new", variant="seven_card_stud")
    assert opened["message"].ephemeral_for is None


async def test_closed_dms_fall_back_to_my_cards(harness: Harness) -> None:
    fake = harness.fake
    table = await seat_players(harness, "stud_hi_lo", 3)
    closed = table.players[2]
    fake.dm_closed.add(closed)
    await table.play_hand(SHOWDOWN)
    await table.play_hand(SHOWDOWN)
    notices = [
        m
        for m in fake.channel_messages(table.channel)
        if f"<@{closed}>, I can't DM you" in m.content
    ]
    assert len(notices) == 1  # told once, and the hands went on

    await table.wait_for_turn()
    hand = table.engine_hand()
    assert hand is not None
    reply = await fake.slash(closed, table.channel, "cards")
    assert reply["message"].ephemeral_for == closed
    assert cards_in(reply["message"].content) == set(hand.cards[hand.index_of(closed)])
    assert "low" in reply["message"].content


async def test_a_rate_limited_edit_of_the_table_message_is_retried(harness: Harness) -> None:
    """A slash command changes the table: its message is edited through the latest click's
    token (issue 22) or the channel; a 429 on either is waited out and the edit retried."""
    fake = harness.fake
    table = await seat_players(harness, "five_card_stud", 2)
    fake.rate_limits["PATCH /channels/"] = 1
    fake.rate_limits["PATCH /webhooks/"] = 1
    late = fake.add_user("Late")
    before = len(fake.requests)
    joined = await fake.slash(late, table.channel, "join")
    assert "You are in seat 3" in joined["message"].content
    await table.settle()
    edits = [
        r
        for r in fake.requests[before:]
        if r.method == "PATCH" and r.path.startswith(("/channels/", "/webhooks/"))
    ]
    assert len(edits) == 2  # the 429, then the retry
    assert "Late" in table.message().content
    await table.play_hand(SHOWDOWN)
    total, wallets = await table.chips()
    assert total == 1000 * wallets


async def test_missing_permissions_are_named_and_a_refused_picture_leaves_the_text(
    harness: Harness,
) -> None:
    """Issue 20.12: /poker new names every permission the bot lacks in the channel; a summary
    whose picture Discord refuses (no Attach Files) is posted as text alone, not lost."""
    fake = harness.fake
    channel, host = fake.add_channel(), fake.add_user("Host")
    everything = int(PERMISSIONS_ALL)
    fake.app_permissions[channel] = str(everything & ~ATTACH_FILES & ~EMBED_LINKS)
    refused = await fake.slash(host, channel, "new", variant="seven_card_stud")
    assert "Embed Links" in refused["message"].content
    assert "Attach Files" in refused["message"].content
    assert channel not in harness.bot.dealer.tables

    del fake.app_permissions[channel]
    table = await seat_players(harness, "seven_card_stud", 2)
    fake.app_permissions[table.channel] = str(everything & ~ATTACH_FILES)  # taken away later
    hand_id = await table.play_hand(SHOWDOWN)
    summaries = [m for m in table.summaries() if f"Hand #{hand_id}" in m.content]
    assert summaries, "the summary was lost with its picture"
    assert " shows " in summaries[-1].content
    assert not summaries[-1].files


def _dm_requests(fake: FakeDiscord, user: int, since: int = 0) -> tuple[int, int]:
    """(DM channels opened for ``user``, messages posted to their DM channel), since the
    request numbered ``since``."""
    requests = fake.requests[since:]
    opened = sum(
        1
        for r in requests
        if r.path == "/users/@me/channels" and int((r.body or {}).get("recipient_id", 0)) == user
    )
    channel = fake.dm_channels.get(user)
    posted = sum(1 for r in requests if r.method == "POST"
                 and r.path == f"/channels/{channel}/messages")  # fmt: skip
    return opened, posted


async def test_closed_dms_cost_one_refused_request_across_restarts(tmp_path: Path) -> None:
    """Issue 43.3: a member whose DMs refuse is tried once, not at every street (each refusal
    counts toward Discord's ban of invalid requests); the refusal and everyone's DM channel
    are remembered across a restart, so a DM costs one request; /poker cards says they may
    be tried again."""
    harness, task = await start_harness(tmp_path)
    fake = harness.fake
    try:
        table = await seat_players(harness, "stud_hi_lo", 3)
        alice, _, closed = table.players
        fake.dm_closed.add(closed)  # the first hand's first cards went before
        since = len(fake.requests)
        for _ in range(2):
            await table.play_hand(SHOWDOWN)
        assert _dm_requests(fake, closed, since) == (0, 1)  # one refused DM, the first
        assert _dm_requests(fake, alice)[0] == 1  # her channel, opened once
    finally:
        await stop_bot(harness, task)
    again, task = await start_harness(tmp_path, fake=fake)
    try:
        table.bot = again.bot
        await table.play_hand(SHOWDOWN)
        assert _dm_requests(fake, closed, since) == (0, 1)  # remembered: not tried again
        assert _dm_requests(fake, alice)[0] == 1  # her channel's id was kept
        told = [m for m in fake.channel_messages(table.channel) if "I can't DM you" in m.content]
        assert len(told) == 1
        fake.dm_closed.discard(closed)  # they open their DMs, and say so
        await table.wait_for_turn()
        reply = await fake.slash(closed, table.channel, "cards")
        assert "by DM again" in reply["message"].content, reply["message"].content
        since = len(fake.requests)
        await table.play_hand(SHOWDOWN)
        assert _dm_requests(fake, closed, since)[1] >= 1  # their cards by DM again
        assert _dm_requests(fake, closed)[0] == 1  # in the channel opened at the start
    finally:
        await stop_bot(again, task)
        await fake.stop()


async def test_one_members_dm_errors_are_theirs_alone(harness: Harness) -> None:
    """Issue 43.3: a 50278 (they blocked the bot) or a 40003 (DM channels opened too fast) for
    one member aborted the whole hand's DM batch: now the others get theirs; the blocked one
    is not tried again, the one refused for speed is."""
    fake = harness.fake
    table = await seat_players(harness, "stud_hi_lo", 3)
    alice, blocked, hurried = table.players
    fake.dm_errors[blocked] = (403, 50278)
    fake.dm_errors[hurried] = (400, 40003)
    since = len(fake.requests)
    await table.play_hand(SHOWDOWN)
    await table.play_hand(SHOWDOWN)
    assert _dm_requests(fake, blocked, since)[1] == 1
    assert _dm_requests(fake, hurried, since)[1] >= 3  # tried again at each change
    assert _dm_requests(fake, alice, since)[1] >= 3  # hers all went
    cards = [m.content for m in fake.dms(alice) if "Hand #" in m.content]
    hands = {line.split("Hand #")[1].split()[0] for line in cards}
    assert len(hands) >= 2


async def test_a_summary_whose_send_fails_is_sent_again_in_the_run(harness: Harness) -> None:
    """Issue 43.5: a summary whose send failed (Discord away: a 503, which discord.py does not
    retry) waited for the next restart; now it is tried again after a wait, once posted."""
    fake = harness.fake
    table = await seat_players(harness, "five_card_stud", 2)
    hand = table.engine_hand()
    assert hand is not None
    head = "**Hand #"  # a summary: its follow-up, then its post in the channel, twice
    fake.unavailable[head] = 4
    hand_id = await table.play_hand(SHOWDOWN)
    assert fake.unavailable[head] == 0
    head = f"**Hand #{hand_id}**"
    summaries = [m for m in fake.channel_messages(table.channel) if m.content.startswith(head)]
    assert len(summaries) == 1  # posted, once
    tries = [r for r in fake.requests if r.method == "POST"
             and str((r.body or {}).get("content", "")).startswith(head)]  # fmt: skip
    assert len(tries) > 1  # refused first, then sent again
    await table.play_hand(SHOWDOWN)  # and the game went on


async def test_a_table_in_an_archived_thread_brings_it_back(harness: Harness) -> None:
    """Issue 43.6: Discord archives an idle thread; its table message then refuses edits
    (50083), and the bot re-posted only on "not found": the table played on unseen. Now the
    thread is unarchived and the edit made."""
    fake = harness.fake
    table = await seat_players(harness, "five_card_stud", 2)
    await table.play_hand(SHOWDOWN)
    await table.settle()
    fake.archived[table.channel] = False  # archived, not locked
    late = fake.add_user("Late")
    joined = await fake.slash(late, table.channel, "join")
    assert "seat 3" in joined["message"].content
    await table.settle()
    assert table.channel not in fake.archived  # brought back
    assert "Late" in table.message().content  # and the table shows it
