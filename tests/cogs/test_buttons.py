"""The table message's buttons (RULES §4.4): every button has its own custom id, and a click
says exactly the action it shows, amount included."""

from __future__ import annotations

from typing import Any

import discord

from bot.dealer.views import TableView
from bot.poker.events import ActionKind, LegalAction
from bot.text import Msg, Speaker
from cogs.poker._economy import pager
from cogs.poker._views import Click, table_components

SAY = Speaker("en")


def buttons(view: TableView) -> dict[str, str]:
    """Label → custom id, asserting no two buttons share a custom id (Discord refuses such a
    message: 400, code 50035)."""
    found = [
        (str(item.label), str(item.custom_id)) for item in table_components(SAY, view).children
    ]  # type: ignore[attr-defined]
    ids = [custom for _, custom in found]
    assert len(set(ids)) == len(ids), ids
    return dict(found)


def test_an_open_pair_offers_both_bet_sizes_each_with_its_own_button() -> None:
    """RULES §4.4: with an open pair on fourth street, a player may bet the small or the big
    bet. The two buttons once had the same custom id, so the table message could not be posted
    or edited at all."""
    legal = (
        LegalAction(ActionKind.CHECK),
        LegalAction(ActionKind.BET, 10),
        LegalAction(ActionKind.BET, 20),
    )
    view = TableView(
        1,
        Msg("game-seven-card-stud"),
        7,
        (),
        None,
        actor_id=5,
        legal=legal,
        street=Msg("street-seven-card-stud-1"),
        table_id=3,
    )
    shown = buttons(view)
    assert set(shown) == {"Check", "Bet 10", "Bet 20", "My cards"}, shown
    small, big = Click.parse(shown["Bet 10"]), Click.parse(shown["Bet 20"])
    assert small is not None and big is not None
    assert (small.table, small.seq, small.name, small.amount) == (3, 7, "bet", 10)
    assert (big.name, big.amount) == ("bet", 20)
    check = Click.parse(shown["Check"])
    assert check is not None and (check.name, check.amount) == ("check", None)


def test_a_button_of_an_older_version_still_parses() -> None:
    click = Click.parse("poker:3:7:bring_in")
    assert click is not None and (click.name, click.amount) == ("bring_in", None)
    click = Click.parse("poker:3:7:bring_in_3")
    assert click is not None and (click.name, click.amount) == ("bring_in", 3)


def test_only_an_action_has_an_amount() -> None:
    """A forged id with an amount on another button is no button of ours."""
    assert Click.parse("poker:3:0:start_9") is None
    assert Click.parse("poker:3:0:leave_fold_7") is None
    assert Click.parse(f"poker:3:7:bet_{'9' * 13}") is None


def test_the_pages_of_a_ledger_never_repeat_a_custom_id() -> None:
    """A ledger or leaderboard of one page had Previous and Next both named ``…:0``: Discord
    refuses such a message (400, 50035), so `/poker ledger` failed for every member with
    fewer than eleven movements. One page has no buttons now."""

    for pages in (1, 2, 3):
        for page in range(pages):
            ids = [str(item.custom_id) for item in pager(SAY, "ledger:7:", page, pages).children]  # type: ignore[attr-defined]
            assert len(set(ids)) == len(ids), (page, pages, ids)
            assert len(ids) == (0 if pages == 1 else 2)


def _items(view: TableView) -> dict[str, Any]:
    return {str(item.label): item for item in table_components(SAY, view).children}  # type: ignore[attr-defined]


def test_while_a_computer_thinks_the_action_buttons_are_disabled() -> None:
    """Issue 36.15: a click while a computer player is to act answered "It is not your turn";
    the buttons now show it (My cards stays live)."""
    legal = (LegalAction(ActionKind.FOLD), LegalAction(ActionKind.CALL, 10))
    street = Msg("street-seven-card-stud-1")
    for actor, disabled in ((-1, True), (5, False)):
        view = TableView(
            1, Msg("game-seven-card-stud"), 7, (), None, actor_id=actor, legal=legal,
            street=street, table_id=3,
        )  # fmt: skip
        shown = _items(view)
        assert shown["Fold"].disabled is disabled and shown["Call 10"].disabled is disabled
        assert shown["My cards"].disabled is False


def test_join_stands_out_only_until_the_table_deals() -> None:
    """Issue 36.15: between hands of a running table, Join was the highlighted button for the
    players already seated; it stands out until the first hand is dealt."""
    for hand_id, style in ((None, discord.ButtonStyle.primary), (4, discord.ButtonStyle.secondary)):
        view = TableView(1, Msg("game-seven-card-stud"), 7, (), None, hand_id=hand_id, table_id=3)
        assert _items(view)["Join"].style is style
