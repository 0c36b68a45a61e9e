"""Per-member limits (issue 20.13): one member opened tables in 200 channels, sat at 50 and
sent 500 commands at once, all served. Server settings now bound the tables a member may host
and the seats they may hold at once, and the commands and clicks they may send a minute; the
refusal says what the limit is, or when to try again. Nothing moves when refused."""

from __future__ import annotations

import asyncio
import re

from tests.e2e.any_language import by_name
from tests.e2e.conftest import Harness
from tests.e2e.players import table_message
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


async def test_limits_hold_when_one_member_sends_everything_at_once(harness: Harness) -> None:
    """Issue 35.2: the count was read before the table was created (or the seat taken), across
    an await, so twelve /poker new sent at the same moment opened twelve tables. Every path
    that opens or seats checks the limit in the step that commits it: /poker new and /poker
    tournament new, /poker join and Join, Start at a table of computers only, Register."""
    fake, dealer = harness.fake, harness.bot.dealer
    admin, member = fake.add_user("Admin"), fake.add_user("Max")
    fake.permissions[admin] = MANAGE_GUILD
    here = fake.add_channel()
    await fake.slash(
        admin, here, "config", group="poker-admin", host_tables=3, member_seats=2,
        commands_per_minute=600,
    )  # fmt: skip
    channels = [fake.add_channel() for _ in range(12)]
    opened = await asyncio.gather(
        *(
            fake.slash(member, channel, "tournament", sub="new")
            if number % 2
            else fake.slash(member, channel, "new", variant="seven_card_stud")
            for number, channel in enumerate(channels)
        )
    )
    hosted = [t for t in dealer.tables.values() if t.host_id == member]
    assert len(hosted) == 3, len(hosted)
    refusals = [a["message"].content for a in opened if a["message"].ephemeral_for == member]
    assert len(refusals) == 9 and all("You already host 3 tables" in r for r in refusals)

    # other members' tables: cash tables, a table of computers only, sit & gos
    hosts = [fake.add_user(f"Host {n}") for n in range(9)]
    cash = [fake.add_channel() for _ in range(3)]
    for host, channel in zip(hosts, cash, strict=False):
        await fake.slash(host, channel, "new", variant="seven_card_stud")
    lonely = fake.add_channel()
    await fake.slash(hosts[3], lonely, "new", variant="five_card_stud", bots=2)
    await fake.slash(hosts[3], lonely, "leave")
    sit_and_gos = [fake.add_channel() for _ in range(3)]
    for host, channel in zip(hosts[4:], sit_and_gos, strict=False):
        await fake.slash(host, channel, "tournament", sub="new")

    def button(channel: int, name: str) -> tuple[int, str]:
        message = table_message(fake, channel)
        assert message is not None
        custom = by_name(message, name)
        assert custom is not None, (name, message.content)
        return message.id, custom

    clicks = [button(channel, "join") for channel in cash]
    clicks += [button(lonely, "start")] + [button(channel, "register") for channel in sit_and_gos]
    await asyncio.gather(
        *(fake.slash(member, channel, "join", buy_in=100) for channel in cash),
        *(fake.click(member, message, custom) for message, custom in clicks),
    )
    seats = [t for t in dealer.tables.values() if member in t.seats]
    assert len(seats) == 2, [t.channel_id for t in seats]


async def test_asking_for_a_computer_s_seat_changes_nothing_until_one_sits(
    harness: Harness,
) -> None:
    """Issue 35.2: a member sent /poker join seven times during a hand at a table of one host
    and seven computers; each lowered the computer count, and after the hand the table had no
    computer and stopped. A person takes a computer's seat only when they sit down: between
    hands, where a computer is free to stand up (and a join refused for want of chips changes
    nothing: tests/dealer/test_computers.py)."""
    fake, dealer = harness.fake, harness.bot.dealer
    host, other = fake.add_user("Ann"), fake.add_user("Zed")
    channel = fake.add_channel()
    await fake.slash(host, channel, "new", variant="seven_card_stud", bots=7)
    await fake.slash(host, channel, "start")
    table = dealer.tables[channel]
    assert table.in_hand and len(table.seats) == 8
    for _ in range(7):  # during the hand: refused, nothing changes
        refused = await fake.slash(other, channel, "join")
        assert refused["message"].ephemeral_for == other
        assert "press Join once it is over" in refused["message"].content
    assert table.options.bots == 7 and len(table.seats) == 8
