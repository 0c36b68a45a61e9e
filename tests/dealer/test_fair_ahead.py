"""Provably fair, one hand ahead (issue 20.2, README "Provably fair deals"): the bot commits to
a hand's server seed before any player's part of that deal is fixed, and a player who set no
seed brings a value Discord assigned (their latest interaction's id), never one the bot drew.
So the bot cannot search for a deck it likes: once the commitment is public, the deck still
moves with every player input, and the commitment cannot."""

from __future__ import annotations

from bot.dealer.dealer import Dealer
from bot.dealer.entropy import Entropy
from bot.dealer.table import Table
from bot.dealer.views import Effects
from bot.poker.cards import format_cards
from bot.poker.fairness import commitment, fair_deck
from bot.store import Database
from tests.dealer.conftest import CHANNEL, HOST, FakeClock
from tests.dealer.helpers import act, passive, seated

BOB = 101


async def deal_first_hand(
    store: Database, clock: FakeClock, bob_seed: str | None, click: int
) -> tuple[str, str, list[str], int]:
    """A table seated, its commitment read, then the players' inputs, then the deal: the
    commitment shown, the deck dealt, the player seeds used and the hand id."""
    dealer = Dealer(store, clock=clock, entropy=Entropy.seeded(11), hand_pause=2)
    table = await seated(dealer, "seven_card_stud", 2)
    shown = commitment(table.next_seed)  # public on the table message from now on
    await store.set_player_seed(BOB, bob_seed)  # inputs fixed after the commitment
    await dealer.change(CHANNEL, lambda table: table.start(HOST), click=(HOST, click))
    hand = table.hand
    assert hand is not None and hand.deck.source is not None and table.hand_id is not None
    source = hand.deck.source
    assert commitment(source.server_seed) == shown
    seeds = list(source.player_seeds)
    assert format_cards(hand.deck.cards) == format_cards(
        fair_deck(source.server_seed, seeds, table.hand_id).cards
    )
    while table.live_hand is not None:  # leave the table as the audit wants it: settled
        await act(table, passive(table))
    await dealer.change(CHANNEL, lambda table: table.end(HOST, can_manage=True))
    return shown, format_cards(hand.deck.cards), seeds, table.hand_id


async def test_the_deck_moves_with_inputs_given_after_the_commitment(
    store: Database, clock: FakeClock
) -> None:
    first = await deal_first_hand(store, clock, "lucky", click=555)
    second = await deal_first_hand(store, clock, "unlucky", click=555)
    third = await deal_first_hand(store, clock, None, click=777)
    # the same server seed (the same draw), so the same commitment each time ...
    assert first[0] == second[0] == third[0]
    # ... and yet the deck is another one when a player's input changes after it
    assert first[1] != second[1] != third[1]
    # the host's latest interaction; Bob's own seed, with his user id as he never clicked
    assert first[2] == ["555", f"lucky:{BOB}"]
    assert second[2] == ["555", f"unlucky:{BOB}"]
    assert third[2] == ["777", str(BOB)]  # Bob never clicked: his user id, not a drawn value


async def test_the_next_hands_commitment_is_fixed_when_this_hand_is_dealt(
    dealer: Dealer, store: Database, clock: FakeClock
) -> None:
    table = await seated(dealer, "seven_card_stud", 2)
    await dealer.change(CHANNEL, lambda table: table.start(HOST))
    first = table.hand_id
    ahead = commitment(table.next_seed)  # on this hand's table message
    stored = await store.load_tables(CHANNEL)
    assert stored[0].state.next_seed == table.next_seed.hex()  # kept across a restart
    while table.live_hand is not None:  # Bob's clicks during this hand: after the commitment
        actor = table.live_hand.actor
        await dealer.change(
            CHANNEL, lambda table: act(table, passive(table)), click=(actor or 0, 990 + table.seq)
        )
    clicks = {seat.user_id: seat.click for seat in table.seats.values()}
    clock.advance(5)  # the pause between hands: the next hand is dealt by the clock
    await dealer.change(CHANNEL, lambda table: table.on_deadline(clock()))
    hand = table.hand
    assert hand is not None and hand.deck.source is not None
    assert table.hand_id != first
    assert commitment(hand.deck.source.server_seed) == ahead
    assert list(hand.deck.source.player_seeds) == [str(clicks[HOST]), str(clicks[BOB])]
    assert commitment(table.next_seed) != ahead  # and the one after is drawn, shown anew


async def test_a_players_click_survives_a_change_undone(dealer: Dealer) -> None:
    """The table is read back from the database after a change is undone: the clicks heard
    since the commitment (kept in memory only) stay the players' part of the next deal."""
    table = await seated(dealer, "seven_card_stud", 2)
    await dealer.change(CHANNEL, hear_bob)
    await dealer._reload(table)
    assert table.seats[BOB].click == 4242
    assert table.seats[BOB].deal_seed(None) == "4242"
    assert table.seats[BOB].deal_seed("mine") == "mine:4242"


async def hear_bob(table: Table) -> Effects:
    table.heard(BOB, 4242)  # as an interaction of his would
    return Effects()
