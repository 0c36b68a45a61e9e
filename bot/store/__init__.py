"""Persistence: one SQLite database through aiosqlite (wallets, ledger, tables, hand logs)."""

from bot.store.database import Database, InsufficientChips, StoreError

__all__ = ["Database", "InsufficientChips", "StoreError"]
