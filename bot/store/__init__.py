"""Persistence: one SQLite database through aiosqlite (wallets, ledger, tables, hand logs)."""

from bot.store.base import InsufficientChips, StoreError
from bot.store.database import Database, DatabaseUnavailable
from bot.store.process_lock import DatabaseBusy

__all__ = ["Database", "DatabaseBusy", "DatabaseUnavailable", "InsufficientChips", "StoreError"]
