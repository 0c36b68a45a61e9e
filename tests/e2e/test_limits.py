"""Per-member limits (issue 20.13): one member opened tables in 200 channels, sat at 50 and
sent 500 commands at once, all served. Server settings now bound the tables a member may host
and the seats they may hold at once, and the commands and clicks they may send a minute; the
refusal says what the limit is, or when to try again. Nothing moves when refused."""

from __future__ import annotations

import re

from tests.e2e.conftest import Harness
from tests.fakediscord.server import GUILD_ID, MANAGE_GUILD


async def test_tables_seats_and_commands_per_member_are_bounded(harness: Harness) -> None:
    fake = harness.fake
    admin, member, other = fake.add_user("Admin"), fake.add_user("Max"), fake.add_user("Ola")
    fake.permissions[admin] = MANAGE_GUILD
    here = fake.add_channel()
    done = await fake.slash(
        admin, here, "config", group="poker-admin", host_tables=1, member_seats=1,
        commands_per_minute=8,
    )  # fmt: skip
    content = done["message"].content
    assert "Tables a member may host at once: 1" in content, content
    assert "Seats a member may hold at once: 1" in content
    assert "Commands and clicks a member may send a minute: 8" in content

    first, second, third = fake.add_channel(), fake.add_channel(), fake.add_channel()
    opened = await fake.slash(member, first, "new", variant="seven_card_stud")
    assert opened["message"].ephemeral_for is None  # the table message
    refused = await fake.slash(member, second, "new", variant="seven_card_stud")
    assert "You already host 1 table on this server" in refused["message"].content
    assert second not in harness.bot.dealer.tables

    await fake.slash(other, third, "new", variant="seven_card_stud")
    seated = await fake.slash(member, first, "join", buy_in=300)
    assert "seat 1" in seated["message"].content
    wallet = await harness.bot.store.balance(GUILD_ID, member)
    too_many = await fake.slash(member, third, "join", buy_in=300)
    assert "You already sit at 1 table on this server" in too_many["message"].content
    assert await harness.bot.store.balance(GUILD_ID, member) == wallet
    assert member not in harness.bot.dealer.tables[third].seats

    # 4 commands so far this minute, 8 allowed: 4 more, then a refusal with when to retry
    for _ in range(4):
        served = await fake.slash(member, here, "balance")
        assert "chips" in served["message"].content
    slowed = await fake.slash(member, here, "balance")
    assert slowed["message"].ephemeral_for == member
    assert re.search(r"Slow down: .* try again <t:\d+:R>", slowed["message"].content)
    other_member = await fake.slash(other, here, "balance")  # the others are not slowed
    assert "chips" in other_member["message"].content
