"""The versioned schema. Each entry moves the database up one version; start-up applies the
ones it has not seen (SQLite: ``PRAGMA user_version`` holds the version reached; PostgreSQL:
the table ``schema_version``).

The scripts are written once, in SQLite's words; :func:`postgres_script` says them in
PostgreSQL's: 64-bit integers (Discord ids do not fit in 32), identity columns, and the
ledger's append-only triggers as trigger functions. Times are ISO 8601 text in both, so a
database copies from one engine to the other unchanged.
"""

from __future__ import annotations

import re

MIGRATIONS: tuple[str, ...] = (
    # 1: wallets and their ledger, tables and their seats, hands and their action logs.
    """
    CREATE TABLE wallets (
        guild_id   INTEGER NOT NULL,
        user_id    INTEGER NOT NULL,
        balance    INTEGER NOT NULL CHECK (balance >= 0),
        created_at TEXT NOT NULL,
        PRIMARY KEY (guild_id, user_id)
    );
    CREATE TABLE ledger (
        id            INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id      INTEGER NOT NULL,
        user_id       INTEGER NOT NULL,
        delta         INTEGER NOT NULL,
        balance_after INTEGER NOT NULL,
        reason        TEXT NOT NULL,
        channel_id    INTEGER,
        created_at    TEXT NOT NULL
    );
    CREATE INDEX ledger_by_user ON ledger (guild_id, user_id);
    CREATE TABLE poker_tables (
        channel_id INTEGER PRIMARY KEY,
        guild_id   INTEGER NOT NULL,
        host_id    INTEGER NOT NULL,
        options    TEXT NOT NULL,
        message_id INTEGER,
        deadline   TEXT,
        created_at TEXT NOT NULL
    );
    CREATE TABLE seats (
        channel_id INTEGER NOT NULL REFERENCES poker_tables (channel_id),
        user_id    INTEGER NOT NULL,
        seat       INTEGER NOT NULL,
        stack      INTEGER NOT NULL CHECK (stack >= 0),
        name       TEXT NOT NULL,
        PRIMARY KEY (channel_id, user_id),
        UNIQUE (channel_id, seat)
    );
    CREATE TABLE hands (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        channel_id  INTEGER NOT NULL,
        guild_id    INTEGER NOT NULL,
        config      TEXT NOT NULL,
        deck        TEXT NOT NULL,
        reshuffle_seed TEXT NOT NULL,
        started_at  TEXT NOT NULL,
        ended_at    TEXT,
        result      TEXT
    );
    CREATE TABLE hand_actions (
        hand_id    INTEGER NOT NULL REFERENCES hands (id),
        number     INTEGER NOT NULL,
        action     TEXT NOT NULL,
        by_clock   INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        PRIMARY KEY (hand_id, number)
    );
    """,
    # 2: tables get ids of their own (seats, prompts and hands name them: a button or a stack
    # write can never reach a later table of the same channel); every part of a table's state
    # is stored, so tables and hands resume after a restart; provably fair hands keep their
    # seeds; the ledger is append-only and names its table and hand; notices that must reach a
    # channel wait in the database until they are posted.
    """
    CREATE TABLE card_tables (
        id            INTEGER PRIMARY KEY AUTOINCREMENT,
        channel_id    INTEGER NOT NULL UNIQUE,
        guild_id      INTEGER NOT NULL,
        host_id       INTEGER NOT NULL,
        options       TEXT NOT NULL,
        message_id    INTEGER,
        deadline      TEXT,
        deadline_kind TEXT,
        running       INTEGER NOT NULL DEFAULT 0,
        closing       INTEGER NOT NULL DEFAULT 0,
        seq           INTEGER NOT NULL DEFAULT 0,
        button_seat   INTEGER,
        hand_id       INTEGER,
        created_at    TEXT NOT NULL
    );
    INSERT INTO card_tables (channel_id, guild_id, host_id, options, message_id, created_at)
        SELECT channel_id, guild_id, host_id, options, message_id, created_at FROM poker_tables;
    CREATE TABLE table_seats (
        table_id    INTEGER NOT NULL REFERENCES card_tables (id),
        user_id     INTEGER NOT NULL,
        seat        INTEGER NOT NULL,
        stack       INTEGER NOT NULL CHECK (stack >= 0),
        name        TEXT NOT NULL,
        sitting_out INTEGER NOT NULL DEFAULT 0,
        leaving     INTEGER NOT NULL DEFAULT 0,
        timeouts    INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (table_id, user_id),
        UNIQUE (table_id, seat)
    );
    INSERT INTO table_seats (table_id, user_id, seat, stack, name)
        SELECT t.id, s.user_id, s.seat, s.stack, s.name
        FROM seats s JOIN card_tables t USING (channel_id);
    DROP TABLE seats;
    DROP TABLE poker_tables;
    ALTER TABLE hands ADD COLUMN table_id INTEGER;
    ALTER TABLE hands ADD COLUMN record_version INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE hands ADD COLUMN names TEXT;
    ALTER TABLE hands ADD COLUMN shuffle TEXT;
    UPDATE hands SET table_id = (
        SELECT t.id FROM card_tables t WHERE t.channel_id = hands.channel_id
    ) WHERE ended_at IS NULL;
    CREATE INDEX hands_open ON hands (table_id) WHERE ended_at IS NULL;
    ALTER TABLE ledger ADD COLUMN table_id INTEGER;
    ALTER TABLE ledger ADD COLUMN hand_id INTEGER;
    CREATE TRIGGER ledger_no_update BEFORE UPDATE ON ledger
        BEGIN SELECT RAISE(ABORT, 'ledger rows are append-only'); END;
    CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger
        BEGIN SELECT RAISE(ABORT, 'ledger rows are append-only'); END;
    CREATE TABLE player_seeds (
        user_id INTEGER PRIMARY KEY,
        seed    TEXT NOT NULL
    );
    CREATE TABLE pending_notices (
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        channel_id INTEGER NOT NULL,
        guild_id   INTEGER NOT NULL,
        notice     TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    """,
    # 3: the economy. A ledger row may say why in words (an admin's reason) and who moved the
    # chips; each server's settings are one validated JSON document (``bot.dealer.settings``),
    # so a new setting needs no migration.
    """
    ALTER TABLE ledger ADD COLUMN note TEXT;
    ALTER TABLE ledger ADD COLUMN by_user INTEGER;
    CREATE INDEX ledger_by_reason ON ledger (guild_id, user_id, reason);
    CREATE TABLE server_settings (
        guild_id INTEGER PRIMARY KEY,
        settings TEXT NOT NULL
    );
    """,
    # 4: one row of facts per player of each finished hand, written with the hand's end, so
    # `/poker stats` is one query (hands ended before this version have none).
    """
    CREATE TABLE hand_players (
        hand_id   INTEGER NOT NULL REFERENCES hands (id),
        guild_id  INTEGER NOT NULL,
        user_id   INTEGER NOT NULL,
        variant   TEXT NOT NULL,
        big_bet   INTEGER NOT NULL,
        net       INTEGER NOT NULL,
        voluntary INTEGER NOT NULL,
        won       INTEGER NOT NULL,
        showdown  INTEGER NOT NULL,
        PRIMARY KEY (hand_id, user_id)
    );
    CREATE INDEX hand_players_by_user ON hand_players (guild_id, user_id, variant);
    """,
    # 5: the time bank (seconds left per seat; NULL: full), when a seat began sitting out (it
    # is stood up after 10 minutes), and the hands a table has dealt (the bank refills every 10)
    """
    ALTER TABLE table_seats ADD COLUMN bank INTEGER;
    ALTER TABLE table_seats ADD COLUMN sat_out_at TEXT;
    ALTER TABLE card_tables ADD COLUMN hands_dealt INTEGER NOT NULL DEFAULT 0;
    """,
    # 6: a player's hands newest first (/poker history): 23 ms to 0.2 ms over 10,000 hands
    """
    CREATE INDEX hand_players_by_user_hand ON hand_players (guild_id, user_id, hand_id);
    """,
    # 7: a player's preferences (issue 11): the language of their last interaction, for DMs,
    # and the four-colour deck in pictures
    """
    CREATE TABLE player_preferences (
        user_id     INTEGER PRIMARY KEY,
        language    TEXT,
        four_colour INTEGER NOT NULL DEFAULT 0
    );
    """,
    # 8: several processes on one database (issue 12): the process driving a table holds its
    # lease until the time in lease_until, and renews it; another may take it once expired
    """
    ALTER TABLE card_tables ADD COLUMN lease_owner TEXT;
    ALTER TABLE card_tables ADD COLUMN lease_until TEXT;
    """,
    # 9: provably fair, one hand ahead (issue 20.2): the server seed of a table's next hand,
    # drawn and committed to publicly before any player input of that hand is fixed
    """
    ALTER TABLE card_tables ADD COLUMN next_seed TEXT;
    """,
    # 10: a member's choices on one server (issue 21): whether they are pinged when it is
    # their turn (`/poker notify`)
    """
    CREATE TABLE member_preferences (
        guild_id INTEGER NOT NULL,
        user_id  INTEGER NOT NULL,
        notify   INTEGER NOT NULL DEFAULT 1,
        PRIMARY KEY (guild_id, user_id)
    );
    """,
    # 11: computer players (issue 22, RULES §8.2): each server's house account pays their
    # buy-ins and takes their stacks back; unlike a wallet it may go below zero. Its ledger
    # rows are the ledger's, under user id 0
    """
    CREATE TABLE house_accounts (
        guild_id   INTEGER PRIMARY KEY,
        balance    INTEGER NOT NULL,
        created_at TEXT NOT NULL
    );
    """,
    # 12: sit & go tournaments (issue 23, RULES §7). A tournament is dealt at a table and
    # takes that table's id, never used again; its prize pool holds the entrants' buy-ins
    # (ledger rows "entry", "refund", "prize" name it as their table) until it is paid out;
    # the chips at its table are tournament chips, not wallet chips
    """
    CREATE TABLE tournaments (
        id             INTEGER PRIMARY KEY,
        guild_id       INTEGER NOT NULL,
        channel_id     INTEGER NOT NULL,
        host_id        INTEGER NOT NULL,
        variant        TEXT NOT NULL,
        buy_in         INTEGER NOT NULL,
        starting_chips INTEGER NOT NULL,
        pool           INTEGER NOT NULL DEFAULT 0 CHECK (pool >= 0),
        status         TEXT NOT NULL,
        hands          INTEGER NOT NULL DEFAULT 0,
        created_at     TEXT NOT NULL,
        started_at     TEXT,
        ended_at       TEXT
    );
    CREATE TABLE tournament_entrants (
        tournament_id INTEGER NOT NULL,
        user_id       INTEGER NOT NULL,
        name          TEXT NOT NULL,
        seat          INTEGER NOT NULL,
        place         INTEGER,
        prize         INTEGER,
        out_hand      INTEGER,
        PRIMARY KEY (tournament_id, user_id)
    );
    ALTER TABLE hands ADD COLUMN tournament_level INTEGER;
    """,
    # practice tables (RULES §8.4): their stacks are practice chips, from and to no wallet,
    # counted apart by the audit; the statistics keep their hands apart
    """
    ALTER TABLE card_tables ADD COLUMN practice INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE hand_players ADD COLUMN practice INTEGER NOT NULL DEFAULT 0;
    """,
    # real stakes with computer players (RULES §8.4): what each seat bought in, so its result
    # is known when it cashes out, and each member's net result at such tables per day (UTC)
    """
    ALTER TABLE table_seats ADD COLUMN bought INTEGER NOT NULL DEFAULT 0;
    UPDATE table_seats SET bought = stack;
    CREATE TABLE house_results (
        guild_id INTEGER NOT NULL,
        user_id  INTEGER NOT NULL,
        day      TEXT NOT NULL,
        net      INTEGER NOT NULL,
        PRIMARY KEY (guild_id, user_id, day)
    );
    """,
    # a sit & go's hands are played with tournament chips: the statistics keep them apart
    """
    ALTER TABLE hand_players ADD COLUMN tournament INTEGER NOT NULL DEFAULT 0;
    UPDATE hand_players SET tournament = 1
        WHERE hand_id IN (SELECT id FROM hands WHERE tournament_level IS NOT NULL);
    """,
    # a mixed table's hands (RULES §10): counted under their game, and under the mix
    """
    ALTER TABLE hand_players ADD COLUMN mixed INTEGER NOT NULL DEFAULT 0;
    """,
    # direct messages (issue 43.3): each member's DM channel, so a DM costs one request; when
    # a member's DMs were refused on a server, so they are not tried again until they say so
    """
    ALTER TABLE player_preferences ADD COLUMN dm_channel INTEGER;
    ALTER TABLE member_preferences ADD COLUMN dms_refused TEXT;
    """,
    # what the bot keeps of itself between runs (issue 43.6: the server that holds its own
    # copy of the commands, DEV_GUILD_ID's, to take it away when the commands go global)
    """
    CREATE TABLE bot_state (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    """,
    # multi-table tournaments (issue 44, RULES §11): scheduled in a channel, played at tables
    # in its threads. The pool holds the buy-ins (ledger rows "entry", "refund", "prize" name
    # the tournament in multi_id) until it is paid out. An entrant's table and seat are where
    # the director put them; ``stack`` holds their chips only while they move between tables
    # (the chips are at no table then), so a kill during a move loses nothing. Times in UTC
    """
    CREATE TABLE multi_tournaments (
        id               INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id         INTEGER NOT NULL,
        channel_id       INTEGER NOT NULL,
        host_id          INTEGER NOT NULL,
        name             TEXT NOT NULL,
        terms            TEXT NOT NULL,
        buy_in           INTEGER NOT NULL,
        starting_chips   INTEGER NOT NULL,
        pool             INTEGER NOT NULL DEFAULT 0 CHECK (pool >= 0),
        status           TEXT NOT NULL,
        starts_at        TEXT NOT NULL,
        created_at       TEXT NOT NULL,
        started_at       TEXT,
        ended_at         TEXT
    );
    CREATE TABLE multi_entrants (
        tournament_id INTEGER NOT NULL,
        user_id       INTEGER NOT NULL,
        name          TEXT NOT NULL,
        registered_at TEXT NOT NULL,
        table_no      INTEGER,
        seat          INTEGER,
        stack         INTEGER,
        moves         INTEGER NOT NULL DEFAULT 0,
        place         INTEGER,
        prize         INTEGER,
        out_hand      INTEGER,
        PRIMARY KEY (tournament_id, user_id)
    );
    CREATE TABLE multi_tables (
        tournament_id INTEGER NOT NULL,
        table_no      INTEGER NOT NULL,
        thread_id     INTEGER,
        table_id      INTEGER,
        broken        INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (tournament_id, table_no)
    );
    ALTER TABLE ledger ADD COLUMN multi_id INTEGER;
    """,
    # a multi-table tournament's knock-outs wait for their places (RULES §11.7: at hand for
    # hand, until every table's hand has ended): ``out_chips`` is what the player brought to
    # the hand that knocked them out (§7.3's order); the audit reads a tournament's ledger rows
    # by tournament; its lobby message in the channel, its Discord scheduled event, and
    # whether its entrants were reminded of the start
    """
    ALTER TABLE multi_entrants ADD COLUMN out_chips INTEGER;
    CREATE INDEX ledger_multi ON ledger (multi_id);
    ALTER TABLE multi_tournaments ADD COLUMN lobby_message_id INTEGER;
    ALTER TABLE multi_tournaments ADD COLUMN event_id INTEGER;
    ALTER TABLE multi_tournaments ADD COLUMN reminded INTEGER NOT NULL DEFAULT 0;
    """,
    # a multi-table tournament's results were posted in its channel (else posted at the next
    # start: a kill between the prizes and the message loses neither)
    """
    ALTER TABLE multi_tournaments ADD COLUMN results_posted INTEGER NOT NULL DEFAULT 0;
    UPDATE multi_tournaments SET results_posted = 1 WHERE status IN ('ended', 'cancelled');
    """,
    # the number of a multi-table tournament's final table once its draw began (a kill in the
    # middle of the draw finishes it at the next start, at that table)
    """
    ALTER TABLE multi_tournaments ADD COLUMN final_table INTEGER;
    """,
    # seasons (RULES §12): a server's spans of dates; their leaderboards are read from the
    # hands and tournaments inside each span
    """
    CREATE TABLE seasons (
        id            INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id      INTEGER NOT NULL,
        name          TEXT NOT NULL,
        starts_at     TEXT NOT NULL,
        ends_at       TEXT,
        ended_at      TEXT,
        reset_wallets INTEGER NOT NULL DEFAULT 0,
        by_user       INTEGER
    );
    CREATE INDEX seasons_by_guild ON seasons (guild_id, starts_at);
    CREATE UNIQUE INDEX seasons_by_name ON seasons (guild_id, name);
    CREATE INDEX hands_by_end ON hands (guild_id, ended_at);
    """,
)


_TRIGGER = re.compile(
    r"CREATE TRIGGER (?P<name>\w+) BEFORE (?P<event>UPDATE|DELETE) ON (?P<table>\w+)\s+"
    r"BEGIN SELECT RAISE\(ABORT, '(?P<message>[^']*)'\); END;"
)


def _postgres_trigger(match: re.Match[str]) -> str:
    name, event, table, message = match.group("name", "event", "table", "message")
    return (
        f"CREATE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
        f" RAISE EXCEPTION '{message}' USING ERRCODE = 'integrity_constraint_violation';"
        f" END $$;\n    CREATE TRIGGER {name} BEFORE {event} ON {table}"
        f" FOR EACH ROW EXECUTE FUNCTION {name}();"
    )


def postgres_script(script: str) -> str:
    """A migration as PostgreSQL runs it."""
    script = script.replace(
        "INTEGER PRIMARY KEY AUTOINCREMENT", "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"
    )
    script = re.sub(r"\bINTEGER\b", "BIGINT", script)
    return _TRIGGER.sub(_postgres_trigger, script)
