"""The versioned schema. Each entry moves the database up one version; start-up applies the
ones it has not seen (``PRAGMA user_version`` holds the version reached)."""

from __future__ import annotations

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
)
