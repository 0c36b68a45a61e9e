"""The pictures (issue 11). The showdown picture: one row of cards per hand shown, in
showdown order, the winners framed; faces drawn once; two or four colours; a small PNG. The
picture of a player's own hand: their cards, down cards marked beside up cards, in their
colours. The table picture: backs for down cards, up cards, seats still in the hand."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.dealer import describe
from bot.dealer.views import HandSummary, PotResult, SeatView, ShownHand, TableView
from bot.pictures.cards import (
    BACK,
    BACKGROUND,
    CARD_HEIGHT,
    CARD_WIDTH,
    FOUR_COLOURS,
    TWO_COLOURS,
    card_face,
    small,
)
from bot.pictures.hand import GAP as HAND_GAP
from bot.pictures.hand import MARGIN as HAND_MARGIN
from bot.pictures.hand import MARK_HEIGHT, hand_picture, hand_png
from bot.pictures.showdown import (
    BAR_HEIGHT,
    COMPACT_NAME,
    LABEL_HEIGHT,
    LOW,
    WINNER,
    in_order,
    layout,
    showdown_picture,
    showdown_png,
)
from bot.pictures.table import CELL_GAP, POT_HEIGHT, table_picture, up_streets
from bot.pictures.table import GAP as TABLE_GAP
from bot.pictures.table import LABEL_HEIGHT as LABEL_ROW
from bot.pictures.table import MARGIN as TABLE_MARGIN
from bot.poker.cards import parse_card, parse_cards
from bot.text import Msg, Speaker
from tests.poker.helpers import check_down, make_hand

SAY = Speaker("en")


def summary(*hands: tuple[str, str], winners: tuple[tuple[str, int], ...]) -> HandSummary:
    return HandSummary(
        channel_id=1,
        hand_id=9,
        title=Msg("game-seven-card-stud"),
        shown=tuple(
            ShownHand(name, parse_cards(cards), Msg("hand-royal-flush")) for name, cards in hands
        ),
        pots=(PotResult(sum(chips for _, chips in winners), winners),),
        stacks=(),
        folded_out=False,
    )


def test_hands_in_showdown_order_and_the_winner_framed() -> None:
    shown = summary(
        ("Ann", "Ah Kh Qh Jh Th 2c 3d"),
        ("Bob", "2s 2h 9c 9d Ks 4c 7h"),
        ("Cy", "3c 4d 5h 6s 8c Jd Qs"),
        winners=(("Bob", 60),),
    )
    picture = showdown_picture(shown, SAY)
    shape = layout(shown, SAY)
    assert shape.columns == 1 and picture.size == shape.size  # three hands: one column
    assert picture.width >= 7 * CARD_WIDTH
    framed = []
    for index in range(3):
        left, top = shape.cell(index)
        framed.append(picture.getpixel((left - 5, top + shape.cell_height // 2)) == WINNER)
    assert framed == [False, True, False]


def test_eight_hands_two_a_row_best_five_first_and_marked() -> None:
    """Issue 21: readable at a phone's width (no tall column of eight), each hand sorted with
    its best five first, a gold bar under them, a blue one under the low's, the rest dimmed."""
    hands = tuple((f"P{n}", "2s 2h 9c 9d Ks 4c 7h") for n in range(8))
    eight = summary(*hands, winners=(("P0", 80),))
    picture = showdown_picture(eight, SAY)
    assert layout(eight, SAY).columns == 2 and picture.height < 1.5 * picture.width
    best = parse_cards("9c 9d 2s 2h Ks")
    marked = ShownHand("Ann", parse_cards("2s 2h 9c 9d Ks 4c 7h"), Msg("hand-royal-flush"))
    marked = ShownHand(marked.name, marked.cards, marked.value, None, (), best, ())
    assert in_order(marked)[:5] == best  # the two pair, then the kicker
    one = HandSummary(
        channel_id=1,
        hand_id=9,
        title=Msg("game-seven-card-stud"),
        shown=(marked,),
        pots=eight.pots,
        stacks=(),
        folded_out=False,
    )
    drawn = showdown_picture(one, SAY).convert("RGB")
    left, top = layout(one, SAY).cell(0)
    bar = top + LABEL_HEIGHT + CARD_HEIGHT + 3
    under = [drawn.getpixel((left + n * (CARD_WIDTH + 6) + 10, bar)) for n in range(7)]
    assert under[:5] == [WINNER] * 5 and WINNER not in under[5:]
    centre = (left + 5 * (CARD_WIDTH + 6) + 3, top + LABEL_HEIGHT + 5)
    assert drawn.getpixel(centre) != (255, 255, 255)  # a card that plays no part: dimmed
    assert drawn.getpixel((left + 3, top + LABEL_HEIGHT + 5)) == (255, 255, 255)


def test_a_hi_lo_hand_marks_its_low_and_its_down_cards() -> None:
    hand = make_hand("stud_hi_lo", players=3)  # every hand has a low
    check_down(hand)
    names = {player: f"P{player}" for player in hand.players}
    found = describe.summary(
        hand, names=names, channel_id=1, hand_id=5, title=Msg("game-stud-hi-lo")
    )
    assert found == type(found).from_dict(found.to_dict())  # kept while it waits
    for shown in found.shown:
        assert len(shown.best) == 5 and set(shown.best) <= set(shown.cards)
        assert shown.face_up.count(False) == 3  # two down, then the last: stud, told apart
        assert (shown.low is None) == (shown.low_five == ())
    with_low = [n for n, shown in enumerate(found.shown) if shown.low_five]
    assert with_low
    picture = showdown_picture(found, SAY).convert("RGB")
    shape = layout(found, SAY)
    left, top = shape.cell(with_low[0])
    bar = top + LABEL_HEIGHT + CARD_HEIGHT + 3
    row = [
        picture.getpixel((left + n * (CARD_WIDTH + 6) + x, bar))
        for n in range(7)
        for x in (10, CARD_WIDTH - 10)
    ]
    assert LOW in row
    below = top + LABEL_HEIGHT + CARD_HEIGHT + BAR_HEIGHT + 9  # "down" under 3 of the 7
    marked = [
        any(
            picture.getpixel((left + n * (CARD_WIDTH + 6) + x, below)) != picture.getpixel((1, 1))
            for x in range(10, CARD_WIDTH - 10)
        )
        for n in range(7)
    ]
    assert marked.count(True) == 3


def test_faces_are_drawn_once_and_four_colours_make_diamonds_blue() -> None:
    diamond = parse_card("Qd")
    assert card_face(diamond) is card_face(diamond)
    two = card_face(diamond).convert("RGB").getcolors(CARD_WIDTH * CARD_HEIGHT)
    four = card_face(diamond, True).convert("RGB").getcolors(CARD_WIDTH * CARD_HEIGHT)
    assert two is not None and four is not None
    assert TWO_COLOURS["d"] in {colour for _, colour in two}
    assert FOUR_COLOURS["d"] in {colour for _, colour in four}
    assert FOUR_COLOURS["d"] not in {colour for _, colour in two}


def test_the_png_is_small_and_reads_back() -> None:
    shown = summary(
        *((f"Player {n}", "Ah Kd Qc Js Th 9d 8c") for n in range(6)), winners=(("Player 0", 90),)
    )
    data = showdown_png(shown, SAY)
    assert len(data) < 60_000
    picture = Image.open(io.BytesIO(data))
    assert picture.format == "PNG"
    assert picture.size == showdown_picture(shown, SAY).size


def test_no_picture_without_hands_shown() -> None:
    with pytest.raises(ValueError, match="hands shown"):
        showdown_picture(summary(winners=(("Ann", 10),)), SAY)


def test_a_long_name_and_value_widen_the_picture_instead_of_running_off_it() -> None:
    short = summary(("Ann", "Ah Kd Qc Js Th"), winners=(("Ann", 10),))
    long = summary(("B" * 40, "Ah Kd Qc Js Th"), winners=(("B" * 40, 123456),))
    assert showdown_picture(long, SAY).width > showdown_picture(short, SAY).width
    picture = showdown_picture(long, SAY)
    right_edge = [picture.getpixel((picture.width - 1, y)) for y in range(picture.height)]
    assert set(right_edge) <= {(24, 94, 58)}  # only felt at the edge: the text fits


def test_a_hand_picture_marks_down_cards_only_beside_up_cards() -> None:
    """Stud (RULES §2.2: down cards and up cards): a mark under each down card. A draw game
    (RULES §5, every card down): no marks. One card wide per card."""
    stud = parse_cards("Ah Kd Qc Js")
    marked = hand_picture(stud, (False, False, True, True), SAY)
    assert marked.width == 2 * HAND_MARGIN + 4 * CARD_WIDTH + 3 * HAND_GAP
    assert marked.height == 2 * HAND_MARGIN + CARD_HEIGHT + MARK_HEIGHT
    mark_row = HAND_MARGIN + CARD_HEIGHT + MARK_HEIGHT // 2
    lit = [
        any(picture_pixel(marked, x, mark_row) != BACKGROUND for x in card_columns(number))
        for number in range(4)
    ]
    assert lit == [True, True, False, False]
    drawn = hand_picture(parse_cards("2c 3d 4h 5s 7c"), (False,) * 5, SAY)
    assert drawn.height == 2 * HAND_MARGIN + CARD_HEIGHT


def test_a_hand_picture_uses_the_readers_colours() -> None:
    cards = parse_cards("Qd 5c")
    for four_colour, blue in ((False, False), (True, True)):
        data = hand_png(cards, (True, True), SAY, four_colour=four_colour)
        image = Image.open(io.BytesIO(data)).convert("RGB")
        colours = image.getcolors(image.width * image.height)
        assert colours is not None
        assert any(b > r + 100 and b > g + 60 for _, (r, g, b) in colours) is blue


def card_columns(number: int) -> range:
    left = HAND_MARGIN + number * (CARD_WIDTH + HAND_GAP)
    return range(left, left + CARD_WIDTH)


def picture_pixel(picture: Image.Image, x: int, y: int) -> tuple[int, int, int]:
    """The pixel, and its neighbours in a few rows (a mark's letters are thin)."""
    for dy in range(-4, 5):
        pixel = picture.getpixel((x, y + dy))
        assert isinstance(pixel, tuple)
        if pixel[:3] != BACKGROUND:
            return (pixel[0], pixel[1], pixel[2])
    return BACKGROUND


def seat(number: int, up: str, *, folded: bool = False) -> SeatView:
    return SeatView(
        number=number,
        user_id=number,
        name=f"Player {number}",
        stack=100,
        dealt=True,
        up_cards=parse_cards(up),
        down_count=2,
        folded=folded,
    )


def test_the_table_picture_shows_backs_for_down_cards_and_leaves_folded_seats_out() -> None:
    """RULES §2.2: two down cards, then up cards. The picture is drawn from the public view,
    which holds how many cards are down, never which."""
    seats = (seat(1, "Ah 7c"), seat(2, "Kd 2s", folded=True), seat(3, "9h 9d"))
    view = TableView(1, Msg("game-seven-card-stud"), 1, seats, None, hand_id=3)
    picture = table_picture(view, SAY)
    card = small(None)
    assert picture.width == 2 * TABLE_MARGIN + 2 * (4 * card.width + 3 * TABLE_GAP) + CELL_GAP
    # two seats: one row, then the pot's line
    assert picture.height == 2 * TABLE_MARGIN + LABEL_ROW + card.height + POT_HEIGHT
    top = TABLE_MARGIN + LABEL_ROW + card.height // 2
    centres = [TABLE_MARGIN + n * (card.width + TABLE_GAP) + card.width // 2 for n in range(4)]
    assert [picture.getpixel((x, top)) == BACK for x in centres] == [True, True, False, False]
    assert up_streets(view) == 2
    everyone_in = TableView(1, Msg("game-seven-card-stud"), 1, seats[:1] + seats[2:], None)
    assert up_streets(everyone_in) == up_streets(view)  # a fold is no new street


def test_the_table_picture_shows_the_pot_the_stacks_and_who_is_to_act() -> None:
    """Issue 21: not only the cards."""
    seats = (seat(1, "Ah 7c"), seat(3, "9h 9d"))
    view = TableView(
        1, Msg("game-seven-card-stud"), 1, seats, None, hand_id=3, pots=(120,), actor_id=3
    )
    picture = table_picture(view, SAY).convert("RGB")
    card = small(None)
    cell = 4 * card.width + 3 * TABLE_GAP
    label_rows = range(TABLE_MARGIN, TABLE_MARGIN + LABEL_ROW - 4)

    def gold(columns: range, rows: range) -> bool:
        return any(picture.getpixel((x, y)) == WINNER for x in columns for y in rows)

    first = range(TABLE_MARGIN, TABLE_MARGIN + cell)
    second = range(TABLE_MARGIN + cell + CELL_GAP, TABLE_MARGIN + 2 * cell + CELL_GAP)
    assert not gold(first, label_rows) and gold(second, label_rows)  # seat 3 acts
    pot_rows = range(picture.height - TABLE_MARGIN - POT_HEIGHT, picture.height - TABLE_MARGIN)
    assert gold(range(TABLE_MARGIN, picture.width // 2), pot_rows)  # the pot's line
    assert "3 · Player 3 · 100" in SAY(
        "picture-seat", number=3, name="Player 3", stack=100, acting="no"
    )


def test_no_table_picture_without_seats_in_the_hand() -> None:
    view = TableView(1, Msg("game-seven-card-stud"), 1, (seat(1, "Ah", folded=True),), None)
    with pytest.raises(ValueError, match="seats in the hand"):
        table_picture(view, SAY)


PHONE = 360  # the width a phone gives a picture in a channel, in CSS pixels


@pytest.mark.parametrize("count", range(2, 9))
def test_every_showdown_reads_at_a_phones_width(count: int) -> None:
    """Issue 36.8: four hands side by side made a picture 1,010 px wide, so a phone shrank its
    names to 5 px. Whatever the number of hands, names stay 10 px or taller and cards 20 px
    wide or wider once the picture is shrunk to a phone's width, and it is no tall column."""
    hands = [
        (f"🤖 Player {n}", "Ah Kd Qc Js Th 9d 8c")
        if n % 2
        else (f"Player {n}", "2s 2h 9c 9d Ks 4c 7h")
        for n in range(count)
    ]
    shown = summary(*hands, winners=(("Player 0", 123_456),))
    shape = layout(shown, SAY)
    width, height = showdown_picture(shown, SAY).size
    shrink = min(1.0, PHONE / width)
    name = 18 if shape.columns == 1 else COMPACT_NAME
    assert name * shrink >= 10, (width, name * shrink)
    assert shape.card_size[0] * shrink >= 20, (width, shape.card_size)
    assert height <= 1.5 * width, (width, height)
