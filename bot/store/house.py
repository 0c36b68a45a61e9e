"""Computer players' chips belong to the house (RULES §8.2).

A server's house account is a wallet row of its own (user :data:`HOUSE`) that may go below
zero: a computer player's buy-in is a ledger row from it, and the computer's stack goes back
to it when it stands up, so its balance is the house's result against the players. Computer
players are seated under ids below zero (one per seat number at a table); no Discord user has
such an id, so they never have a wallet, daily chips or gifts of their own."""

from __future__ import annotations

HOUSE = 0  # the user id of a server's house account: no Discord user has it


def is_computer(user: int) -> bool:
    """Whether this seat's player is a computer player (RULES §8)."""
    return user < 0


def account(user: int) -> int:
    """The wallet a seat's chips come from and go back to."""
    return HOUSE if is_computer(user) else user


def is_person(user: int) -> bool:
    """A member's own wallet: neither the house nor a computer player."""
    return user > HOUSE
