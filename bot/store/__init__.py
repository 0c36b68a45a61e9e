"""Persistence: one SQLite database through aiosqlite (wallets, ledger, tables, hand logs)."""

from bot.store.database import ClosedTable, Database, InsufficientChips, StoreError

__all__ = ["ClosedTable", "Database", "InsufficientChips", "StoreError"]
