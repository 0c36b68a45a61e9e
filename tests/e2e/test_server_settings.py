"""`/poker-admin config` (issue 10): a server's settings, shown back after each change,
validated, and used: new wallets, the daily chips, `/poker new`'s defaults and channels."""

from __future__ import annotations

from bot.store.house import HOUSE
from tests.e2e.conftest import Harness
from tests.fakediscord.server import GUILD_ID, MANAGE_GUILD


async def test_settings_are_shown_validated_and_used(harness: Harness) -> None:
    fake, dealer = harness.fake, harness.bot.dealer
    here, elsewhere = fake.add_channel(), fake.add_channel()
    admin, member = fake.add_user("Admin"), fake.add_user("Member")
    fake.permissions[admin] = MANAGE_GUILD
    refused = await fake.slash(member, here, "config", group="poker-admin", daily_amount=5)
    assert "Only members with Manage Server" in refused["message"].content

    shown = await fake.slash(admin, here, "config", group="poker-admin")
    assert shown["message"].ephemeral_for == admin
    assert shown["message"].content.split("\n") == [
        "**Poker settings of this server**",
        "Starting balance: 1,000 chips (the bot's default)",
        "Daily chips: 500",
        "Default game: Seven Card Stud",
        "Small bets: the defaults of each game",
        "Action clock: 60 s in every game",
        "Tables may be opened: anywhere",
        "Language of public messages: the server's locale",
        "Table pictures: off",
        "Tables a member may host at once: 3",
        "Seats a member may hold at once: 5",
        "Commands and clicks a member may send a minute: 30",
        "A table where no hand is dealt closes after: 60 minutes",
        "Tables with computer players: practice chips (nothing won or lost there reaches a wallet)",
        "Time zone of tournament nights' starts: UTC",
        "Who may schedule tournament nights: members who may manage the server",
    ]
    odd = await fake.slash(
        admin, here, "config", group="poker-admin", game="triple_draw", small_bet=15
    )
    assert "2-7 Triple Draw" in odd["message"].content and "even" in odd["message"].content
    forbid = await fake.slash(admin, here, "config", group="poker-admin", tables="forbid")
    assert "allowed anywhere" in forbid["message"].content

    changed = await fake.slash(
        admin,
        here,
        "config",
        group="poker-admin",
        starting_balance=2000,
        daily_amount=100,
        default_game="triple_draw",
        small_bet=20,
        action_seconds=30,
        tables="allow",
        language="fr",
        table_pictures=True,
        time_zone="Europe/Paris",
    )
    lines = changed["message"].content.split("\n")
    assert lines[1:] == [
        "Starting balance: 2,000 chips",
        "Daily chips: 100",
        "Default game: 2-7 Triple Draw",
        "Small bets: 2-7 Triple Draw 20",
        "Action clock: 2-7 Triple Draw 30 s",
        f"Tables may be opened: <#{here}>",
        "Language of public messages: French",
        "Table pictures: on (stud tables: a picture of the seats and their cards at each street,"
        " one more message edit per street)",
        "Tables a member may host at once: 3",
        "Seats a member may hold at once: 5",
        "Commands and clicks a member may send a minute: 30",
        "A table where no hand is dealt closes after: 60 minutes",
        "Tables with computer players: practice chips (nothing won or lost there reaches a wallet)",
        "Time zone of tournament nights' starts: Europe/Paris",
        "Who may schedule tournament nights: members who may manage the server",
    ]
    zone = await fake.slash(admin, here, "config", group="poker-admin", time_zone="Mars/Olympus")
    assert "Mars/Olympus is not a time zone" in zone["message"].content
    assert await harness.bot.store.balance(GUILD_ID, member) == 2000  # a new wallet
    daily = await fake.slash(member, here, "daily")
    assert daily["message"].content.startswith("+100 chips: you have 2,100 chips")
    outside = await fake.slash(member, elsewhere, "new")
    assert f"tables are opened in <#{here}>" in outside["message"].content
    assert elsewhere not in dealer.tables
    opened = await fake.slash(member, here, "new")
    assert opened["message"].ephemeral_for is None
    options = dealer.tables[here].options
    assert (options.variant, options.small_bet, options.action_seconds) == ("triple_draw", 20, 30)
    named = await fake.slash(admin, elsewhere, "config", group="poker-admin", tables="allow")
    assert f"<#{here}>, <#{elsewhere}>" in named["message"].content


async def test_real_stakes_with_computers_are_an_admins_choice(harness: Harness) -> None:
    """RULES §8.4: by default a table opened with computers plays for practice chips; once an
    admin chooses real stakes, the next one plays for wallet chips (the house pays the
    computers), and the settings say what a member may win there a day."""
    fake, dealer, store = harness.fake, harness.bot.dealer, harness.bot.store
    here, there = fake.add_channel(), fake.add_channel()
    admin = fake.add_user("Admin")
    fake.permissions[admin] = MANAGE_GUILD
    await fake.slash(admin, here, "new", bots=1)
    assert dealer.tables[here].options.practice
    real = await fake.slash(
        admin, here, "config", group="poker-admin", computer_stakes="real", daily_amount=300
    )
    assert real["message"].content.split("\n")[-3] == (
        "Tables with computer players: real stakes; a member's net winnings there are capped at"
        " 300 chips a day (the daily chips), and what passes the cap goes back to the house"
    )
    capped = await fake.slash(admin, here, "config", group="poker-admin", house_cap=1)
    assert "capped at 1 chip a day, and" in capped["message"].content
    await fake.slash(admin, there, "new", bots=2)
    options = dealer.tables[there].options
    assert not options.practice and options.house_cap == 1
    assert "practice" not in fake.channel_messages(there)[0].content.split("\n")[0]
    assert await store.balance(GUILD_ID, HOUSE) == -2 * options.default_buy_in
    await fake.slash(admin, there, "join")
    assert await store.balance(GUILD_ID, admin) == 1000 - options.default_buy_in
