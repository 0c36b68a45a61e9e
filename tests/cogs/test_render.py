"""What players read: names escaped and cut (never an action or an amount), notices from
their keys, and long texts split under Discord's 2,000 characters (defects 5 and 11)."""

from __future__ import annotations

import json

from bot.dealer.views import (
    HandSummary,
    Notice,
    PotResult,
    PrivateHand,
    RecentAction,
    ShownHand,
)
from bot.poker.cards import parse_cards
from bot.text import Msg, Speaker, plain
from bot.text.catalogue import readable_suits
from cogs.poker._render import (
    MESSAGE_LIMIT,
    cards_text,
    messages,
    recent_text,
    summary_content,
)
from cogs.poker._render import notice_text as notice_in
from cogs.poker._views import draw_picker

SAY = Speaker("en")


def notice_text(notice: Notice) -> str:
    return notice_in(SAY, notice)


NASTY = "@everyone **bold** <@123> [link](http://evil.example) #x `y` ~~z~~ | > -"


def test_a_name_can_neither_ping_nor_format() -> None:
    text = plain(NASTY, 200)
    assert "<@123>" not in text and "](" not in text and "**" not in text
    unescaped = text
    for char in "*_~`|<>#[]@:/()-":
        unescaped = unescaped.replace("\\" + char, "")
    assert not any(char in unescaped for char in "*_~`|<>#[]@:/()-")
    assert plain("Line\nbreak\tname") == "Line break name"
    assert plain("x" * 40) == "x" * 31 + "…"


def test_the_recent_line_cuts_names_never_actions() -> None:
    text = recent_text(
        SAY,
        RecentAction(
            "A" * 60, Msg("act", act=Msg("act-raise", amount=60), all_in="yes", clock="no")
        ),
    )
    assert text.endswith(" raises to 60 (all-in)")
    assert text.startswith("A" * 15 + "…")


def test_notices_escape_names() -> None:
    for notice in (
        Notice("left", {"name": NASTY, "chips": 250}),
        Notice("sat_out_by_clock", {"name": NASTY}),
        Notice("closed", {"paid": [[NASTY, 10], ["Bob", 20]]}),
    ):
        text = notice_text(notice)
        assert "@everyone" not in text.replace("\\@everyone", "")
        assert "<@123>" not in text
    assert notice_text(Notice("left", {"name": "Ann", "chips": 250})) == "Ann left with 250 chips."
    assert "Hand #7" in notice_text(Notice("hand_voided", {"hand": 7}))


def test_a_long_summary_and_its_notices_are_split_under_the_limit() -> None:
    names = [f"{'*_~' * 10}{index}" for index in range(8)]  # escaped, each doubles in length
    cards = parse_cards("As Ks Qs Js Ts 9s 8s")
    summary = HandSummary(
        channel_id=1,
        hand_id=99,
        title=Msg("game-seven-card-stud"),
        shown=tuple(ShownHand(name, cards, Msg("hand-royal-flush")) for name in names),
        pots=tuple(PotResult(1000, tuple((name, 125) for name in names), pot=i) for i in range(4)),
        stacks=tuple((name, 10_000) for name in names),
        folded_out=False,
    )
    parts = [summary_content(SAY, summary)]
    parts += [notice_text(Notice("left", {"name": name, "chips": 9999})) for name in names]
    parts.append(notice_text(Notice("closed", {"paid": [[name, 9999] for name in names]})))
    sent = messages(parts)
    assert len(sent) > 1
    assert all(len(text) <= MESSAGE_LIMIT for text in sent)
    assert "\n".join(sent) == "\n".join(parts)  # nothing lost, nothing reordered
    assert sent[0].startswith("**Hand #99**")
    assert messages(["x" * 5000]) == ["x" * (MESSAGE_LIMIT - 1) + "…"]


def test_a_stored_summary_reads_back_as_it_was() -> None:
    """A summary waits in the database as data until it is posted: the same text after."""
    summary = HandSummary(
        channel_id=1,
        hand_id=5,
        title=Msg("game-triple-draw"),
        shown=(
            ShownHand("Ann", parse_cards("7c 5d 4h 3s 2c"), Msg("hand-low", cards="7-5-4-3-2")),
        ),
        pots=(PotResult(40, (("Ann", 40),)),),
        stacks=(("Ann", 520), ("Bo", 480)),
        folded_out=False,
    )
    stored = Notice("summary", summary.to_dict())
    again = Notice.from_dict(json.loads(json.dumps(stored.to_dict())))
    assert notice_text(again) == summary_content(SAY, summary)


def test_the_turn_line_shows_the_running_time_bank() -> None:
    """Issue 10: when the clock has run out, the table message shows the bank running."""
    from datetime import UTC, datetime

    from bot.dealer.views import TableView
    from cogs.poker._render import table_content

    when = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
    view = TableView(
        channel_id=1, title=Msg("game-all"), seq=1, seats=(), status=None, actor_id=5, deadline=when
    )
    assert f"<@5>, it's your turn · clock <t:{int(when.timestamp())}:R>." in table_content(
        SAY, view
    )
    banked = TableView(
        channel_id=1,
        title=Msg("game-all"),
        seq=1,
        seats=(),
        status=None,
        actor_id=5,
        deadline=when,
        time_bank=True,
    )
    assert f"· time bank <t:{int(when.timestamp())}:R>." in table_content(SAY, banked)


def test_a_summary_stored_before_issue_21_still_reads() -> None:
    """A summary waiting in the database from an older version (shown hands without their
    best five, pots with a label) is posted after an upgrade, not lost."""
    label = {"key": "pot-label", "args": {"which": "single", "number": 0, "half": "all"}}
    stored = {
        "channel_id": 1,
        "hand_id": 5,
        "title": {"key": "game-triple-draw", "args": {}},
        "shown": [["Ann", [0, 13, 10, 4, 22], {"key": "hand-unknown", "args": {}}]],
        "pots": [[label, 40, [["Ann", 40]]]],
        "stacks": [["Ann", 520], ["Bo", 480]],
        "folded_out": False,
    }
    text = notice_text(Notice("summary", stored))
    assert "Ann wins 40" in text and "Stacks: Ann 520, Bo 480" in text


def test_black_suits_read_as_text_and_red_ones_as_emoji() -> None:
    """Issue 36.7: ♠ and ♣ were drawn as near-black emoji, unreadable on a dark theme (Discord,
    and the try-out's page). They carry VARIATION SELECTOR-15 (text presentation, in the text's
    colour); ♥ and ♦ stay emoji, red. Stripping the selector gives the plain text back."""
    text = cards_text(parse_cards("As Kc Qh Jd"))
    assert text == "A♠\ufe0e K♣\ufe0e Q♥ J♦"
    assert readable_suits(text) == text  # once only
    assert text.replace("\ufe0e", "") == "A♠ K♣ Q♥ J♦"
    said = SAY("summary-board", cards=text)
    assert "♠\ufe0e" in said and "♠\ufe0e\ufe0e" not in said
    hand = PrivateHand(1, 2, 3, parse_cards("8s 8h 2c 3d 4c"), (False,) * 5, Msg("hand-high"))
    picker = draw_picker(SAY, hand, table=3, seq=7)
    labels = [option.label for option in picker.children[0].options]  # type: ignore[attr-defined]
    assert labels[:2] == ["8♠\ufe0e", "8♥"]


def test_ten_seats_of_long_markdown_names_fit_in_one_table_message() -> None:
    """Issue 43.6: ten seats of 32-character names full of markdown, in the middle of a hand
    (up cards, bets, all-ins, the last actions), rendered 2,112 characters (2,162 in French),
    which Discord refuses. The names are shortened until it fits; every seat is still there."""
    from datetime import UTC, datetime

    from bot.dealer.views import SeatView, TableView
    from cogs.poker._render import table_content

    name = "*_~|<@`#" * 4  # 32 characters, every one escaped: 64 written
    up = tuple(parse_cards("Kc Qh Jd 10s"))
    seats = tuple(
        SeatView(
            number=n, user_id=1000 + n, name=name[:-2] + f"{n:02d}", stack=123_456, dealt=True,
            up_cards=up, down_count=1, bet=20_000, all_in=n % 3 == 0, sitting_out=n == 5,
            leaving=n == 6,
        )
        for n in range(1, 11)
    )  # fmt: skip
    raise_ = Msg("act", act=Msg("act-raise", amount=40_000), all_in="yes", clock="yes")
    view = TableView(
        channel_id=1, title=Msg("title-practice", title=Msg("title-stud", game=Msg(
            "game-five-card-stud"), small=10_000, big=20_000, ante=1_000, bring_in=5_000)),
        seq=1, seats=seats, status=Msg("status-closing"), hand_id=123_456,
        street=Msg("street-five-card-stud-3"), pots=(1_000_000, 200_000, 30_000),
        actor_id=1001, to_call=20_000, deadline=datetime(2026, 11, 29, tzinfo=UTC),
        recent=tuple(RecentAction(seat.name, raise_, 3) for seat in seats),
        recent_before=tuple(RecentAction(seat.name, raise_, 2) for seat in seats),
        before_street=Msg("street-five-card-stud-2"), commitment="ab" * 32, restarted=True,
        rotation=Msg("rotation-line", game=Msg("game-razz"), left=3, next=Msg(
            "game-triple-draw"), now="yes"),
    )  # fmt: skip
    for language in ("en", "fr"):
        text = table_content(Speaker(language), view)  # type: ignore[arg-type]
        assert len(text) <= MESSAGE_LIMIT, (language, len(text))
        assert sum(f" {seat.number:d} " in line for seat in seats for line in
                   text.split("\n") if line.startswith(("·", "▶"))) == 10, text  # fmt: skip
        assert "ab" * 32 in text  # the commitment, whole
