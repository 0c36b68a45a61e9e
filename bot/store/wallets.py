"""Wallets and their ledger: every balance change writes its ledger row in the same transaction.

Ledger rows are append-only (database triggers refuse UPDATE and DELETE). A wallet's balance is
the sum of its rows; chips are *issued* by rows whose reason is in :data:`ISSUANCE`.
"""

from __future__ import annotations

import json

from bot.store.backend import Session, StoreError
from bot.store.base import InsufficientChips, StoreBase
from bot.store.house import HOUSE, account, is_person

# reasons that create (or, for "take", destroy) chips; every other row moves them; a season's
# wallet reset (RULES §12.4) creates or destroys the difference
ISSUANCE = frozenset({"open", "daily", "grant", "take", "season_reset"})


class WalletStore(StoreBase):
    async def _opening_balance(self, db: Session, guild: int) -> int:
        """The server's own starting balance, if it set one, else the bot's."""
        found = await db.fetchval(
            "SELECT settings FROM server_settings WHERE guild_id = ?", (guild,)
        )
        chosen = json.loads(found).get("starting_balance") if found else None
        return self.starting_balance if chosen is None else int(chosen)

    async def _wallet(self, db: Session, guild: int, user: int, *, lock: bool = False) -> int:
        """The balance, opening the wallet (with its ledger row) on first use. ``lock``: the
        row stays locked to this transaction, which is about to change it. The house's
        account (:data:`HOUSE`) is a row of its own, opened at 0 without a ledger row."""
        if user == HOUSE:
            return await self._house(db, guild, lock=lock)
        found = await db.fetchval(
            "SELECT balance FROM wallets WHERE guild_id = ? AND user_id = ?"
            + (db.for_update if lock else ""),
            (guild, user),
        )
        if found is not None:
            return int(found)
        opening = await self._opening_balance(db, guild)
        opened = await db.execute(
            "INSERT INTO wallets (guild_id, user_id, balance, created_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (guild_id, user_id) DO NOTHING",
            (guild, user, opening, self._now()),
        )
        if not opened:  # another process opened it in the meantime
            return await self._wallet(db, guild, user, lock=lock)
        await self._ledger(
            db, guild=guild, user=user, delta=opening, balance_after=opening, reason="open"
        )
        return opening

    async def _house(self, db: Session, guild: int, *, lock: bool = False) -> int:
        found = await db.fetchval(
            "SELECT balance FROM house_accounts WHERE guild_id = ?"
            + (db.for_update if lock else ""),
            (guild,),
        )
        if found is not None:
            return int(found)
        await db.execute(
            "INSERT INTO house_accounts (guild_id, balance, created_at) VALUES (?, 0, ?)"
            " ON CONFLICT (guild_id) DO NOTHING",
            (guild, self._now()),
        )
        return await self._house(db, guild, lock=lock)

    async def _ledger(
        self,
        db: Session,
        *,
        guild: int,
        user: int,
        delta: int,
        balance_after: int,
        reason: str,
        channel: int | None = None,
        table: int | None = None,
        hand: int | None = None,
        note: str | None = None,
        by: int | None = None,
        multi: int | None = None,
    ) -> None:
        await db.execute(
            "INSERT INTO ledger (guild_id, user_id, delta, balance_after, reason, channel_id,"
            " table_id, hand_id, note, by_user, created_at, multi_id)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                guild,
                user,
                delta,
                balance_after,
                reason,
                channel,
                table,
                hand,
                note,
                by,
                self._now(),
                multi,
            ),
        )

    async def balance(self, guild: int, user: int) -> int:
        async with self.transaction() as db:
            return await self._wallet(db, guild, user)

    async def _change_wallet(
        self,
        db: Session,
        *,
        guild: int,
        user: int,
        delta: int,
        reason: str,
        channel: int | None = None,
        table: int | None = None,
        note: str | None = None,
        by: int | None = None,
        multi: int | None = None,
    ) -> int:
        """Add ``delta`` to a wallet, with its ledger row; returns the new balance. Call inside
        a transaction. The house's may go below zero (RULES §8.2). ``multi``: the multi-table
        tournament whose pool the chips come from or go to."""
        balance = await self._wallet(db, guild, user, lock=True)
        if balance + delta < 0 and user != HOUSE:
            raise InsufficientChips(balance, -delta)
        if user == HOUSE:
            await db.execute(
                "UPDATE house_accounts SET balance = balance + ? WHERE guild_id = ?",
                (delta, guild),
            )
        else:
            await db.execute(
                "UPDATE wallets SET balance = balance + ? WHERE guild_id = ? AND user_id = ?",
                (delta, guild, user),
            )
        await self._ledger(
            db,
            guild=guild,
            user=user,
            delta=delta,
            balance_after=balance + delta,
            reason=reason,
            channel=channel,
            table=table,
            note=note,
            by=by,
            multi=multi,
        )
        return balance + delta

    @staticmethod
    async def _stack(db: Session, table: int, user: int) -> int | None:
        found = await db.fetchval(
            "SELECT stack FROM table_seats WHERE table_id = ? AND user_id = ?", (table, user)
        )
        return None if found is None else int(found)

    async def buy_in(
        self,
        *,
        guild: int,
        channel: int,
        table: int,
        user: int,
        seat: int,
        name: str,
        amount: int,
        practice: bool = False,
    ) -> tuple[int, int]:
        """Move ``amount`` from the wallet to the table stack (seating the player if new); a
        computer player's from the house (RULES §8.2). At a practice table (RULES §8.4) the
        stack is practice chips, from no wallet (the balance returned is then 0). Returns (new
        stack, new balance)."""
        if amount <= 0:
            raise StoreError("a buy-in must be a positive number of chips")
        async with self.transaction() as db:
            balance = 0
            if not practice:
                balance = await self._change_wallet(
                    db,
                    guild=guild,
                    user=account(user),
                    delta=-amount,
                    reason="buy_in",
                    channel=channel,
                    table=table,
                )
            await db.execute(
                "INSERT INTO table_seats (table_id, user_id, seat, stack, name, bought)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (table_id, user_id)"
                " DO UPDATE SET stack = table_seats.stack + excluded.stack,"
                " bought = table_seats.bought + excluded.bought",
                (table, user, seat, amount, name, amount),
            )
            stack = await self._stack(db, table, user)
            assert stack is not None
            return stack, balance

    async def cash_out(
        self,
        *,
        guild: int,
        channel: int,
        table: int,
        user: int,
        practice: bool = False,
        house_cap: int | None = None,
    ) -> int:
        """Move the whole table stack back to the wallet and free the seat. Returns the chips
        the wallet keeps (a capped table's: less what passed the cap).
        The wallet is locked first, as in every change of a wallet and a seat (one order: no
        deadlock), so a second cash-out at once waits and finds the seat gone. A computer
        player's stack goes back to the house; practice chips (RULES §8.4) go to no wallet.
        ``house_cap``: the table plays real stakes with computer players (RULES §8.4), and a
        member's net result there is capped per day; what passes it goes back to the house."""
        owner = account(user)
        async with self.transaction() as db:
            if house_cap is not None and not practice:  # the house, then the member: the
                await self._wallet(db, guild, HOUSE, lock=True)  # order of a computer's
            if not practice:  # standing up for a member who sits down (no deadlock)
                await self._wallet(db, guild, owner, lock=True)
            seat = await db.fetch(
                "SELECT stack, bought FROM table_seats WHERE table_id = ? AND user_id = ?",
                (table, user),
            )
            if not seat:
                return 0
            stack, bought = int(seat[0][0]), int(seat[0][1])
            await db.execute(
                "DELETE FROM table_seats WHERE table_id = ? AND user_id = ?", (table, user)
            )
            if practice:
                return stack
            await self._change_wallet(
                db,
                guild=guild,
                user=owner,
                delta=stack,
                reason="cash_out",
                channel=channel,
                table=table,
            )
            if house_cap is not None:  # what the wallet keeps: the stack less what passed
                return stack - await self._cap_house_winnings(  # the day's cap
                    db,
                    guild=guild,
                    user=user,
                    result=stack - bought,
                    cap=house_cap,
                    channel=channel,
                    table=table,
                )
            return stack

    async def _cap_house_winnings(
        self,
        db: Session,
        *,
        guild: int,
        user: int,
        result: int,
        cap: int,
        channel: int,
        table: int,
    ) -> int:
        """RULES §8.4: ``result`` (chips won, or lost if negative) at a table of real stakes
        with computer players adds to the member's net result there for the day (UTC); what
        passes ``cap`` goes back to the house, with a ledger row on both sides that says so.
        Returns the chips taken back. Call inside the transaction that paid the result."""
        if not is_person(user) or not result:
            return 0
        # the member's wallet row orders every change of their day's count (a sit & go's
        # payout of 0 chips locks nothing else): no update lost between two transactions
        await self._wallet(db, guild, user, lock=True)
        day = self._now()[:10]
        found = await db.fetchval(
            "SELECT net FROM house_results WHERE guild_id = ? AND user_id = ? AND day = ?",
            (guild, user, day),
        )
        before = int(found or 0)
        excess = min(max(result, 0), max(before + result - cap, 0))
        await db.execute(
            "INSERT INTO house_results (guild_id, user_id, day, net) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (guild_id, user_id, day) DO UPDATE SET net = excluded.net",
            (guild, user, day, before + result - excess),
        )
        if excess:
            for owner, delta in ((user, -excess), (HOUSE, excess)):
                await self._change_wallet(
                    db,
                    guild=guild,
                    user=owner,
                    delta=delta,
                    reason="house_cap",
                    channel=channel,
                    table=table,
                    note=str(cap),
                )
        return excess

    async def house_result_today(self, guild: int, user: int) -> int:
        """The member's net result today (UTC) at tables of real stakes with computer players,
        after the cap (RULES §8.4)."""
        found = await self._one(
            "SELECT net FROM house_results WHERE guild_id = ? AND user_id = ? AND day = ?",
            (guild, user, self._now()[:10]),
        )
        return int(found or 0)

    async def chips_in_play(self, guild: int) -> int:
        """Wallets, the house, table stacks and tournaments' prize pools of a server (not
        their tournament chips, nor practice chips): everything issued, whatever happens."""
        return int(
            await self._one(
                "SELECT (SELECT COALESCE(SUM(balance), 0) FROM wallets WHERE guild_id = ?)"
                " + (SELECT COALESCE(SUM(balance), 0) FROM house_accounts WHERE guild_id = ?)"
                " + (SELECT COALESCE(SUM(s.stack), 0) FROM table_seats s JOIN card_tables t"
                " ON t.id = s.table_id WHERE t.guild_id = ? AND t.practice = 0 AND t.id NOT IN"
                " (SELECT id FROM tournaments))"
                " + (SELECT COALESCE(SUM(pool), 0) FROM tournaments WHERE guild_id = ?)",
                (guild, guild, guild, guild),
            )
            or 0
        )

    async def wallets_opened(self, guild: int) -> int:
        return int(
            await self._one(
                "SELECT COUNT(*) FROM wallets WHERE guild_id = ? AND user_id > ?", (guild, HOUSE)
            )
            or 0
        )
