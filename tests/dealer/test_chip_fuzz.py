"""A hypothesis state machine drives two tables of one server (sharing wallets) with random
joins, leaves, top-ups, clicks (legal or not, in turn or not, fresh or stale), timeouts,
sit-outs, ends and restarts. After every step: the audit holds, and each table in memory is
exactly what the database would give back after a restart."""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)

from bot.audit import audit
from bot.dealer import persistence
from bot.dealer.dealer import NOT_SAVED, Dealer, Refusal
from bot.dealer.entropy import Entropy
from bot.dealer.options import TableOptions
from bot.dealer.table import Table
from bot.poker.events import Action, ActionKind
from bot.store import Database
from tests.conftest import drop_database, new_database
from tests.dealer.conftest import GUILD, FakeClock
from tests.dealer.crash import fingerprint
from tests.dealer.helpers import sql
from tests.postgres_server import PostgresServer

USERS = (100, 101, 102, 103, 104)
CHANNELS = (10, 11)
VARIANTS = ("seven_card_stud", "stud_hi_lo", "five_card_stud", "triple_draw")


class ChipMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.loop = asyncio.new_event_loop()
        self.folder = Path(tempfile.mkdtemp())
        self.clock = FakeClock()
        self.url = self.run(self._new_database())
        self.store, self.dealer = self.run(self._start())
        self.restarts = 0

    def run(self, coroutine):  # type: ignore[no-untyped-def]
        return self.loop.run_until_complete(coroutine)

    async def _new_database(self) -> str:
        return f"sqlite:///{self.folder / 'poker.sqlite3'}"

    async def _start(self) -> tuple[Database, Dealer]:
        store = await Database.open(self.url, clock=self.clock)
        dealer = Dealer(store, clock=self.clock, entropy=Entropy.seeded(1), hand_pause=2)
        await dealer.resume()
        return store, dealer

    def teardown(self) -> None:
        self.run(self.store.close())
        self._drop_database()
        self.loop.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    def _drop_database(self) -> None:
        """The SQLite file goes with the folder."""

    async def _state(self, channel: int) -> tuple[object, list[tuple[object, ...]]]:
        """The channel's table and every wallet, as a refusal must leave them."""
        table = self.dealer.tables.get(channel)
        wallets = await sql(self.store, "SELECT guild_id, user_id, balance FROM wallets"
                            " ORDER BY guild_id, user_id")  # fmt: skip
        return (fingerprint(table) if table is not None else None), wallets

    async def _change(self, channel: int, operation) -> None:  # type: ignore[no-untyped-def]
        """A change, or a refusal that changed nothing; never a crash passed off as one
        (issue 27.2: an internal error or a failed write here is a defect)."""
        before = await self._state(channel)
        refused: Exception | None = None
        try:
            async with self.dealer.locked(channel) as table:
                await operation(table)
        except Refusal as refusal:
            refused = refusal
        if refused is not None:
            key = getattr(getattr(refused, "message", None), "key", None)
            assert key not in ("error-internal", NOT_SAVED), refused
            assert await self._state(channel) == before, refused

    # ------------------------------------------------------------------ rules

    @initialize(first=st.sampled_from(VARIANTS), second=st.sampled_from(VARIANTS))
    def two_tables_dealing(self, first: str, second: str) -> None:
        """Two tables dealing, one player seated at both (their wallet is shared)."""
        for channel, variant, users in ((10, first, USERS[:3]), (11, second, USERS[2:])):
            self.open_table(channel, variant, users[0])
            for user in users:
                self.join(channel, user, 200)
            self.start(channel, users[0])

    @rule(
        channel=st.sampled_from(CHANNELS),
        choices=st.lists(st.integers(0, 14), min_size=4, max_size=30),
    )
    def play(self, channel: int, choices: list[int]) -> None:
        """A run of legal actions by whoever is to act; the next hand is dealt when due."""
        for choice in choices:
            table = self.dealer.tables.get(channel)
            if table is not None and not table.in_hand and table.running:
                self.clock_runs(channel, 2)
            self.click(channel, choice, ActionKind.FOLD, None, actor=True, stale=False)

    @rule(
        channel=st.sampled_from(CHANNELS),
        variant=st.sampled_from(VARIANTS),
        host=st.sampled_from(USERS),
    )
    def open_table(self, channel: int, variant: str, host: int) -> None:
        async def create() -> None:
            try:
                options = TableOptions.model_validate({"variant": variant, "small_bet": 10})
                await self.dealer.create(channel=channel, guild=GUILD, host=host, options=options)
            except Refusal:
                pass

        self.run(create())

    @rule(
        channel=st.sampled_from(CHANNELS),
        user=st.sampled_from(USERS),
        buy_in=st.one_of(st.none(), st.integers(-5, 1200), st.just(2**64)),
    )
    def join(self, channel: int, user: int, buy_in: int | None) -> None:
        self.run(self._change(channel, lambda table: table.join(user, f"U{user}", buy_in)))

    @rule(channel=st.sampled_from(CHANNELS), user=st.sampled_from(USERS))
    def leave(self, channel: int, user: int) -> None:
        self.run(self._change(channel, lambda table: table.leave(user)))

    @rule(channel=st.sampled_from(CHANNELS), user=st.sampled_from(USERS), out=st.booleans())
    def sit_out_or_back(self, channel: int, user: int, out: bool) -> None:
        self.run(
            self._change(channel, lambda table: table.sit_out(user) if out else table.back(user))
        )

    @rule(channel=st.sampled_from(CHANNELS), user=st.sampled_from(USERS))
    def start(self, channel: int, user: int) -> None:
        self.run(self._change(channel, lambda table: table.start(user)))

    @rule(
        channel=st.sampled_from(CHANNELS),
        choice=st.integers(0, 20),
        kind=st.sampled_from(list(ActionKind)),
        amount=st.one_of(st.none(), st.integers(0, 90)),
        actor=st.booleans(),
        stale=st.booleans(),
    )
    def click(  # noqa: PLR0917
        self,
        channel: int,
        choice: int,
        kind: ActionKind,
        amount: int | None,
        actor: bool,
        stale: bool,
    ) -> None:
        async def act(table: Table) -> object:
            hand = table.live_hand
            if hand is None:
                return await table.act(USERS[choice % len(USERS)], table.seq, Action(kind))
            legal = hand.legal_actions()
            user = hand.actor if actor else USERS[choice % len(USERS)]
            if choice < 15 and legal:  # mostly a legal action
                option = legal[-1 - choice % len(legal)]  # folds (listed first) come last
                discards = ()
                if option.kind is ActionKind.DRAW and user is not None and user in hand.players:
                    held = hand.cards[hand.index_of(user)]
                    discards = tuple(held[: choice % 3])
                action = Action(option.kind, option.amount, discards)
            else:
                action = Action(kind, amount)
            return await table.act(user or 0, table.seq - int(stale), action)

        self.run(self._change(channel, act))

    @rule(channel=st.sampled_from(CHANNELS), seconds=st.sampled_from([1, 2, 60, 61]))
    def clock_runs(self, channel: int, seconds: int) -> None:
        self.clock.advance(seconds)
        self.run(self._change(channel, lambda table: table.on_deadline(self.clock())))

    @rule(channel=st.sampled_from(CHANNELS), user=st.sampled_from(USERS), admin=st.booleans())
    def end(self, channel: int, user: int, admin: bool) -> None:
        self.run(self._change(channel, lambda table: table.end(user, can_manage=admin)))

    @rule()
    def restart(self) -> None:
        self.run(self.store.close())
        self.store, self.dealer = self.run(self._start())
        self.restarts += 1

    # ------------------------------------------------------------------ invariants

    @invariant()
    def every_chip_is_accounted_for(self) -> None:
        results = self.run(audit(self.store))
        assert all(result.ok for result in results), [result.line() for result in results]

    @invariant()
    def memory_is_what_the_database_holds(self) -> None:
        for stored in self.run(self.store.load_tables()):
            table = self.dealer.tables[stored.channel_id]
            copy = Table(
                table_id=stored.id,
                channel_id=stored.channel_id,
                guild_id=stored.guild_id,
                host_id=stored.host_id,
                options=table.options,
                store=self.store,
                clock=self.clock,
                hand_pause=2,
            )
            problem = persistence.restore(copy, stored, now=self.clock(), fresh_clock=False)
            assert problem is None
            assert fingerprint(copy) == fingerprint(table)
        assert set(self.dealer.tables) == {t.channel_id for t in self.run(self.store.load_tables())}


ChipMachine.TestCase.settings = settings(
    max_examples=30,
    stateful_step_count=50,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestChipFuzz = ChipMachine.TestCase


class PostgresChipMachine(ChipMachine):
    """The same machine on a PostgreSQL database of its own (restarts reopen it)."""

    server: PostgresServer | None = None

    async def _new_database(self) -> str:
        assert self.server is not None
        return await new_database(self.server)

    def _drop_database(self) -> None:
        assert self.server is not None
        self.run(drop_database(self.server, self.url))


def test_the_chip_machine_on_postgresql(postgres_server: PostgresServer) -> None:
    PostgresChipMachine.server = postgres_server
    run_state_machine_as_test(
        PostgresChipMachine,
        settings=settings(
            max_examples=10,
            stateful_step_count=40,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )
