"""The pictures (issue 11). The showdown picture: one row of cards per hand shown, in
showdown order, the winners framed; faces drawn once; two or four colours; a small PNG. The
picture of a player's own hand: their cards, down cards marked beside up cards, in their
colours. The table picture: backs for down cards, up cards, seats still in the hand."""

from __future__ import annotations

import io

import pytest
from PIL import Image

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
    LABEL_HEIGHT,
    MARGIN,
    ROW_GAP,
    WINNER,
    showdown_picture,
    showdown_png,
)
from bot.pictures.table import CELL_GAP, table_picture, up_streets
from bot.pictures.table import GAP as TABLE_GAP
from bot.pictures.table import LABEL_HEIGHT as LABEL_ROW
from bot.pictures.table import MARGIN as TABLE_MARGIN
from bot.poker.cards import parse_card, parse_cards
from bot.text import Msg, Speaker

SAY = Speaker("en")


def summary(*hands: tuple[str, str], winners: tuple[tuple[str, int], ...]) -> HandSummary:
    return HandSummary(
        channel_id=1,
        hand_id=9,
        title=Msg("game-seven-card-stud"),
        shown=tuple(
            ShownHand(name, parse_cards(cards), Msg("hand-royal-flush")) for name, cards in hands
        ),
        pots=(
            PotResult(
                Msg("pot-label", which="single", number=0, half="all"),
                sum(chips for _, chips in winners),
                winners,
            ),
        ),
        stacks=(),
        folded_out=False,
    )


def test_one_row_per_hand_shown_and_the_winner_framed() -> None:
    shown = summary(
        ("Ann", "Ah Kh Qh Jh Th 2c 3d"),
        ("Bob", "2s 2h 9c 9d Ks 4c 7h"),
        ("Cy", "3c 4d 5h 6s 8c Jd Qs"),
        winners=(("Bob", 60),),
    )
    picture = showdown_picture(shown, SAY)
    row = LABEL_HEIGHT + CARD_HEIGHT + ROW_GAP
    assert picture.height == 2 * MARGIN + 3 * row - ROW_GAP
    assert picture.width >= 7 * CARD_WIDTH
    frame_x = MARGIN // 2 + 1  # the left side of a row's gold frame
    middle = [MARGIN + index * row + row // 2 for index in range(3)]
    framed = [picture.getpixel((frame_x, y)) == WINNER for y in middle]
    assert framed == [False, True, False]


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
    assert picture.height == 2 * TABLE_MARGIN + LABEL_ROW + card.height  # two seats: one row
    top = TABLE_MARGIN + LABEL_ROW + card.height // 2
    centres = [TABLE_MARGIN + n * (card.width + TABLE_GAP) + card.width // 2 for n in range(4)]
    assert [picture.getpixel((x, top)) == BACK for x in centres] == [True, True, False, False]
    assert up_streets(view) == 2
    everyone_in = TableView(1, Msg("game-seven-card-stud"), 1, seats[:1] + seats[2:], None)
    assert up_streets(everyone_in) == up_streets(view)  # a fold is no new street


def test_no_table_picture_without_seats_in_the_hand() -> None:
    view = TableView(1, Msg("game-seven-card-stud"), 1, (seat(1, "Ah", folded=True),), None)
    with pytest.raises(ValueError, match="seats in the hand"):
        table_picture(view, SAY)
