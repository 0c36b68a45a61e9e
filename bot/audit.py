"""The audit: per server, every chip is where the ledger says.

- every wallet equals the sum of its ledger rows;
- wallets + the house account + table stacks + the prize pools of tournaments not yet ended
  equal everything ever issued (ledger rows of an issuing reason). A tournament's table holds
  tournament chips (RULES §7.1), counted apart: its stacks add up to its entrants times the
  starting stack, and its pool to its entrants times the buy-in, minus its ledger rows. The
  house account (RULES §8.2) pays computer players' buy-ins and takes their stacks back; it
  may be below zero, and its balance is the house's result. A seat's stored stack is its stack
  before the hand in progress (stacks are written when a hand ends), so the chips committed to
  an unfinished hand are counted in it: the audit replays each unfinished hand and checks that
  its stacks plus its pots equal those stored stacks;
- practice tables (RULES §8.4) hold practice chips, from and to no wallet: counted apart, as
  tournament chips are;
- no member's wallet and no stack is negative.

`python -m bot audit` prints one line per server, ``<id> ok ...`` (with the house's result) or
what differs, and exits
non-zero if anything differs. It only reads, so it may run beside the bot.
"""

from __future__ import annotations

import sqlite3
import sys
from dataclasses import dataclass

from bot.poker.errors import PokerError
from bot.poker.record import from_record
from bot.store import Database, DatabaseBusy, DatabaseUnavailable, StoreError
from bot.store.house import HOUSE
from bot.store.totals import ServerFacts


@dataclass(frozen=True, slots=True)
class ServerAudit:
    guild: int
    problems: tuple[str, ...]
    wallets: int  # members' wallets
    house: int  # the house account's balance: its result against the players
    stacks: int
    committed: int
    issued: int
    pools: int = 0  # of tournaments not yet ended
    practice: int = 0  # practice chips on practice tables (RULES §8.4): counted apart

    @property
    def ok(self) -> bool:
        return not self.problems

    def line(self) -> str:
        if self.ok:
            return (
                f"{self.guild} ok: wallets {self.wallets} + house {self.house:+d}"
                f" + stacks {self.stacks}"
                + (f" + prize pools {self.pools}" if self.pools else "")
                + f" (of which {self.committed} in unfinished hands) = issued {self.issued}"
                + (f"; {self.practice} practice chips apart" if self.practice else "")
            )
        return f"{self.guild} DIFFERS: " + "; ".join(self.problems)


async def _committed(store: Database, facts: ServerFacts, problems: list[str]) -> int:
    """Chips in the pots of unfinished hands, each hand checked to hold exactly its players'
    stored stacks."""
    committed = 0
    apart = facts.tournament_tables | facts.practice  # tournament and practice chips
    for hand_id, table in facts.open_hands:
        try:
            hand = from_record(await store.hand_record(hand_id))
        except (PokerError, StoreError) as error:
            # the kind of error only: its text may quote the deck of a hand still played
            problems.append(f"hand #{hand_id} does not replay ({type(error).__name__})")
            continue
        if hand.is_complete:  # it ended after the facts were read (the bot plays on while it
            continue  # is audited): its end was written with its stacks, read next time
        for user, brought in zip(hand.players, hand.config.stacks, strict=True):
            stored = facts.stacks.get((table or 0, user))
            if stored != brought:
                problems.append(
                    f"hand #{hand_id}: user {user} brought {brought}, their seat holds {stored}"
                )
        in_pots = sum(hand.committed) + sum(hand.bets)
        if sum(hand.config.stacks) != sum(hand.stacks) + in_pots:
            problems.append(
                f"hand #{hand_id} holds {sum(hand.stacks) + in_pots},"
                f" its players brought {sum(hand.config.stacks)}"
            )
        if table not in apart:
            committed += in_pots
    return committed


def _tournaments(facts: ServerFacts, problems: list[str]) -> int:
    """Each open tournament's pool and tournament chips; returns the pools' sum."""
    for open_ in facts.tournaments:
        at_tables = sum(s for (table, _), s in facts.stacks.items() if table in open_.tables)
        chips = at_tables + open_.moving
        if open_.dealt and chips != open_.entrants * open_.starting_chips:
            problems.append(
                f"{open_.name}: {chips} tournament chips for {open_.entrants} entrants"
                f" of {open_.starting_chips}"
            )
        if open_.pool != open_.entrants * open_.buy_in or open_.pool != -open_.ledger:
            problems.append(
                f"{open_.name}: pool {open_.pool}, {open_.entrants} entrants of"
                f" {open_.buy_in}, its ledger rows {open_.ledger:+d}"
            )
    return sum(open_.pool for open_ in facts.tournaments)


async def audit(store: Database) -> list[ServerAudit]:
    results = []
    for guild, facts in sorted((await store.audit_facts()).items()):
        problems: list[str] = []
        for user in sorted(set(facts.wallets) | set(facts.ledger)):
            balance, rows = facts.wallets.get(user), facts.ledger.get(user, 0)
            if balance is None:
                problems.append(f"user {user} has ledger rows ({rows}) but no wallet")
            elif balance != rows:
                problems.append(f"wallet of user {user} is {balance}, its ledger says {rows}")
            if balance is not None and balance < 0 and user != HOUSE:
                problems.append(f"wallet of user {user} is negative ({balance})")
        for (table, user), stack in sorted(facts.stacks.items()):
            if stack < 0:
                problems.append(f"stack of user {user} at table {table} is negative ({stack})")
        house = facts.wallets.get(HOUSE, 0)
        wallets = sum(facts.wallets.values()) - house
        apart = facts.tournament_tables | facts.practice  # tournament and practice chips
        stacks = sum(stack for (table, _), stack in facts.stacks.items() if table not in apart)
        practice = sum(s for (table, _), s in facts.stacks.items() if table in facts.practice)
        committed = await _committed(store, facts, problems)
        pools = _tournaments(facts, problems)
        if wallets + house + stacks + pools != facts.issued:
            problems.append(
                f"wallets {wallets} + house {house} + stacks {stacks} + prize pools {pools}"
                f" = {wallets + house + stacks + pools}, but {facts.issued} were issued"
            )
        results.append(
            ServerAudit(
                guild,
                tuple(problems),
                wallets,
                house,
                stacks,
                committed,
                facts.issued,
                pools,
                practice,
            )
        )
    return results


async def run_audit(url: str) -> int:
    try:
        store = await Database.open(url, exclusive=False)
    except (DatabaseUnavailable, DatabaseBusy, StoreError) as error:
        sys.stderr.write(f"{error}\n")
        return 2
    try:
        damage = await store.backend.damage(thorough=True)
        results = await audit(store) if not damage else []
    except sqlite3.OperationalError as error:  # busy: try again
        sys.stderr.write(f"the database could not be checked now: {error}\n")
        return 2
    finally:
        await store.close()
    if damage:
        sys.stdout.write(
            f"the database is damaged: {'; '.join(damage)}: restore it from your last backup"
            " (docs/operations.md: Backups)\n"
        )
        return 1
    for result in results:
        sys.stdout.write(result.line() + "\n")
    if not results:
        sys.stdout.write("no servers yet\n")
    return 0 if all(result.ok for result in results) else 1
