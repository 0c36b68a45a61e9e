"""Persistence: SQLite (aiosqlite) or PostgreSQL (asyncpg) behind one store."""

from bot.store.backend import DatabaseUnavailable, StoreError, failed_write
from bot.store.base import InsufficientChips
from bot.store.database import Database
from bot.store.process_lock import DatabaseBusy

__all__ = [
    "Database",
    "DatabaseBusy",
    "DatabaseUnavailable",
    "InsufficientChips",
    "StoreError",
    "failed_write",
]
