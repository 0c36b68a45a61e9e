"""The economy end to end (issue 10): the daily refill, gifts with Confirm / Cancel, balances
of any member, admin grants and takes under Manage Server. Every refusal is private and moves
nothing; the audit holds after each test (the harness checks it)."""

from __future__ import annotations

import asyncio
import re

from tests.e2e.conftest import Harness
from tests.e2e.test_games import seat_players
from tests.fakediscord.model import APP_ID
from tests.fakediscord.server import GUILD_ID, MANAGE_GUILD, UserOption


async def wallet(harness: Harness, user: int) -> int:
    return await harness.bot.store.balance(GUILD_ID, user)


async def test_daily_chips_once_a_day(harness: Harness) -> None:
    fake = harness.fake
    channel, player = fake.add_channel(), fake.add_user("Ann")
    first = await fake.slash(player, channel, "daily")
    assert first["message"].ephemeral_for == player
    assert re.fullmatch(
        r"\+500 chips: you have 1,500 chips\. Next daily chips <t:\d+:R>\.",
        first["message"].content,
    )
    again = await fake.slash(player, channel, "daily")
    assert again["message"].ephemeral_for == player
    assert "already had your daily chips" in again["message"].content
    assert re.search(r"<t:\d+:R>", again["message"].content)
    assert await wallet(harness, player) == 1500


async def test_a_gift_with_confirm_and_cancel(harness: Harness) -> None:
    fake = harness.fake
    channel = fake.add_channel()
    ann, bob, other = fake.add_user("Ann"), fake.add_user("Bob"), fake.add_user("Cy")
    robot = fake.add_user("Robot", bot=True)
    for target, amount, expected in [
        (ann, 10, "yourself"),
        (robot, 10, "Bots have no wallets"),
        (bob, 5000, "You have 1,000 chips: you cannot give 5,000"),
    ]:
        refused = await fake.slash(ann, channel, "give", user=UserOption(target), amount=amount)
        assert expected in refused["message"].content
        assert not refused["message"].custom_ids

    offer = await fake.slash(ann, channel, "give", user=UserOption(bob), amount=300)
    message = offer["message"]
    assert message.ephemeral_for == ann
    assert f"Give 300 chips to <@{bob}>?" in message.content
    buttons = message.custom_ids
    assert set(buttons) == {"Confirm", "Cancel"}
    stranger = await fake.click(other, message.id, buttons["Confirm"])
    assert "Only the giver" in stranger["message"].content
    replies = await asyncio.gather(  # a double click at the same instant: one gift
        fake.click(ann, message.id, buttons["Confirm"]),
        fake.click(ann, message.id, buttons["Confirm"]),
    )
    done = [r for r in replies if r["type"] == 7]
    assert len(done) == 1
    assert "You gave 300 chips" in done[0]["data"]["content"]
    assert await wallet(harness, ann) == 700
    assert await wallet(harness, bob) == 1300

    offer = await fake.slash(ann, channel, "give", user=UserOption(bob), amount=100)
    buttons = dict(offer["message"].custom_ids)
    cancel = await fake.click(ann, offer["message"].id, buttons["Cancel"])
    assert cancel["data"]["content"] == "Gift cancelled."
    expired = buttons["Confirm"].split(":")
    expired[4] = "1000"  # an offer whose minute passed long ago
    late = await fake.click(ann, offer["message"].id, ":".join(expired))
    assert "expired" in late["data"]["content"]
    assert await wallet(harness, ann) == 700


async def test_balance_of_any_member_with_chips_on_tables(harness: Harness) -> None:
    table = await seat_players(harness, "five_card_stud", 2)
    fake = table.fake
    host = table.players[0]
    mine = await fake.slash(host, table.channel, "balance")
    assert mine["message"].content == "700 chips (300 more on tables)"
    theirs = await fake.slash(host, table.channel, "balance", user=UserOption(table.players[1]))
    assert theirs["message"].content == f"<@{table.players[1]}>: 500 chips (500 more on tables)"
    assert theirs["message"].ephemeral_for == host


async def test_admins_grant_and_take_others_are_refused(harness: Harness) -> None:
    fake = harness.fake
    admin_command = next(c for c in fake.commands if c["name"] == "poker-admin")
    assert str(admin_command["default_member_permissions"]) == MANAGE_GUILD
    channel = fake.add_channel()
    admin, member = fake.add_user("Admin"), fake.add_user("Member")
    fake.permissions[admin] = MANAGE_GUILD
    refused = await fake.slash(
        member, channel, "grant", group="poker-admin", user=UserOption(member), amount=5000
    )
    assert "Only members with Manage Server" in refused["message"].content
    assert await wallet(harness, member) == 1000

    granted = await fake.slash(
        admin,
        channel,
        "grant",
        group="poker-admin",
        user=UserOption(member),
        amount=250,
        reason="won the quiz",
    )
    assert granted["message"].content == (
        f"Granted 250 chips to <@{member}>: their wallet holds 1,250 chips."
    )
    too_much = await fake.slash(
        admin, channel, "take", group="poker-admin", user=UserOption(member), amount=2000
    )
    assert "you have 1,250 chips and asked for 2,000" in too_much["message"].content.lower()
    took = await fake.slash(
        admin, channel, "take", group="poker-admin", user=UserOption(member), amount=1000
    )
    assert (
        took["message"].content
        == f"Took 1,000 chips from <@{member}>: their wallet holds 250 chips."
    )
    rows, _ = await harness.bot.store.ledger_rows(GUILD_ID, member)
    assert [(r.reason, r.delta, r.note) for r in rows] == [
        ("take", -1000, None),
        ("grant", 250, "won the quiz"),
        ("open", 1000, None),
    ]


async def test_the_leaderboard_pages_and_shows_your_own_rank(harness: Harness) -> None:
    fake = harness.fake
    channel = fake.add_channel()
    players = [fake.add_user(f"P{i}") for i in range(12)]
    admin = fake.add_user("Admin")
    fake.permissions[admin] = MANAGE_GUILD
    for rank, player in enumerate(players):  # P0 richest ... P11 poorest
        await fake.slash(
            admin,
            channel,
            "grant",
            group="poker-admin",
            user=UserOption(player),
            amount=1200 - rank * 10,
        )
    poorest = players[-1]
    first = await fake.slash(poorest, channel, "leaderboard")
    lines = first["message"].content.split("\n")
    assert lines[0] == "**Leaderboard** · page 1 of 2"
    assert lines[1] == f"1. <@{players[0]}> 2,200 chips"
    assert len([line for line in lines if re.match(r"\d+\. ", line)]) == 10
    assert lines[-1] == "You: #12, 2,090 chips"  # off the page, shown anyway
    buttons = first["message"].custom_ids
    assert "Previous" not in buttons  # disabled on the first page
    second = await fake.click(poorest, first["message"].id, buttons["Next"])
    assert second["type"] == 7
    content = second["data"]["content"]
    assert content.startswith("**Leaderboard** · page 2 of 2")
    assert f"12. <@{poorest}> 2,090 chips" in content
    assert "You: #" not in content  # on this page


async def test_the_ledger_is_yours_unless_you_manage_the_server(harness: Harness) -> None:
    fake = harness.fake
    channel = fake.add_channel()
    ann, bob, admin = fake.add_user("Ann"), fake.add_user("Bob"), fake.add_user("Admin")
    fake.permissions[admin] = MANAGE_GUILD
    for _ in range(11):
        await fake.slash(
            admin,
            channel,
            "grant",
            group="poker-admin",
            user=UserOption(ann),
            amount=1,
            reason="**tip** @everyone",
        )
    own = await fake.slash(ann, channel, "ledger")
    lines = own["message"].content.split("\n")
    assert lines[0] == f"**Ledger of <@{ann}>** · page 1 of 2"
    assert re.match(
        r"<t:\d+:f> · \+1 · granted by · \\\*\\\*tip\\\*\\\* \\@everyone · 1,011 after", lines[1]
    )
    refused = await fake.slash(bob, channel, "ledger", user=UserOption(ann))
    assert "Only members with Manage Server" in refused["message"].content
    seen = await fake.slash(admin, channel, "ledger", user=UserOption(ann))
    assert seen["message"].content.startswith(f"**Ledger of <@{ann}>**")
    older = await fake.click(ann, own["message"].id, own["message"].custom_ids["Next"])
    assert "· +1,000 · wallet opened · 1,000 after" in older["data"]["content"]
    forged = await fake.click(bob, own["message"].id, f"ledger:{ann}:0")
    assert "Only members with Manage Server" in forged["message"].content


async def test_rules_cards_privately_for_the_table_or_any_game(harness: Harness) -> None:
    table = await seat_players(harness, "triple_draw", 2)
    fake = table.fake
    here = await fake.slash(table.players[0], table.channel, "rules")
    assert here["message"].ephemeral_for == table.players[0]
    assert here["message"].content.startswith("**2-7 Triple Draw**")
    other = await fake.slash(table.players[0], table.channel, "rules", variant="stud_hi_lo")
    assert other["message"].content.startswith("**Seven Card Stud Hi-Lo")
    nowhere = await fake.slash(table.players[0], fake.add_channel(), "rules")
    assert "`/poker rules variant`" in nowhere["message"].content


async def test_stats_after_a_few_hands(harness: Harness) -> None:
    from tests.e2e.players import FOLD_OUT, SHOWDOWN

    table = await seat_players(harness, "stud_hi_lo", 2)
    fake = table.fake
    await table.play_hand(SHOWDOWN)
    await table.play_hand(FOLD_OUT)
    await table.settle()
    reply = await fake.slash(
        table.players[1], table.channel, "stats", user=UserOption(table.players[0])
    )
    lines = reply["message"].content.split("\n")
    assert reply["message"].ephemeral_for == table.players[1]
    assert lines[0] == f"**Stats of <@{table.players[0]}>**"
    assert re.fullmatch(
        r"Stud Hi-Lo: 2 hands · played \d+% · won \d · showdowns 1 \(won \d\)"
        r" · net [+-]\d+ \([+-]\d+\.\d big bets / 100 hands\) · biggest pot won \d+",
        lines[1],
    ), lines[1]
    none = await fake.slash(table.players[1], table.channel, "stats", variant="triple_draw")
    assert "No finished hands yet." in none["message"].content


async def test_a_forged_gift_confirm_pays_nobody(harness: Harness) -> None:
    """Issue 20.7: a Confirm whose id was rewritten (a bot, the application itself, a made-up
    user, another amount) is refused: it would open a wallet that counts as issued chips."""
    fake = harness.fake
    channel = fake.add_channel()
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    robot = fake.add_user("Robot", bot=True)
    offer = await fake.slash(ann, channel, "give", user=UserOption(bob), amount=300)
    confirm = offer["message"].custom_ids["Confirm"].split(":")
    for field, value in ((2, robot), (2, APP_ID), (2, 987654321), (3, 900)):
        forged = list(confirm)
        forged[field] = str(value)
        reply = await fake.click(ann, offer["message"].id, ":".join(forged))
        assert reply["message"].ephemeral_for == ann
        assert "This gift offer is not valid" in reply["message"].content
    assert await wallet(harness, ann) == 1000
    for nobody in (robot, APP_ID, 987654321):
        assert await harness.bot.store.ledger_rows(GUILD_ID, nobody, offset=0, limit=5) == ([], 0)
    honest = await fake.click(ann, offer["message"].id, ":".join(confirm))
    assert "You gave 300 chips" in honest["data"]["content"]
