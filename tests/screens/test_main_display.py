"""The main display's scoring, final and ranking pages: what each row shows, and where, for
crafted pages (long reasons, many of them, alerts under them, titles naming many players, a
shared win). test_screens.py holds the golden images; these read the rows drawn."""

from __future__ import annotations

import pytest
from PIL import Image

from companion.screens import MainUI, render_main
from companion.screens.main_display import ranking_lines
from companion.screens.pages import announce_footer

PLAYERS = ["red", "blue", "yellow", "green", "black"]
FOOTER = "10/13 ● next"
REASONS = (
    "blue 1st with 4: 5",
    "red 2nd with 3: 3",
    "yellow 3rd with 2: 1",
    "green =4th with 1: 0",
    "black =4th with 1: 0",
)
SHORT = "black none"
LONG = "blue 1st with 4: 5 +2 home"  # 26 characters: its first 21 are a row of 128 px whole
LONGER = "red 2nd with 3: 3 +5 king"
TOO_LONG = "yellow 1st with 4: 5 +2, +5 king"  # 32 characters: 128 px in small print
HISTORY = (
    {"round": 3, "totals": {"red": 30, "blue": 41, "yellow": 22}},
    {"round": 9, "totals": {"red": 80, "blue": 99, "yellow": 96}},
)


def _announce(title, lines, footer="", alerts=()) -> MainUI:
    return MainUI("announce", title, tuple(lines), None, footer, tuple(alerts))


# -- a scoring's reasons in the big font: a second row while rows are spare -------------------


def test_a_long_reason_takes_a_second_row_while_one_is_spare_the_next_is_small_print(page):
    # Five rows under the title, the footer takes one, three reasons: one row is spare.
    assert page(_announce("Aragón", (SHORT, LONG, LONGER), "● next")) == [
        ("row", 1, 0, "Aragón"),
        ("row", 1, 53, "● next"),
        ("row", 1, 13, SHORT),
        ("row", 1, 23, "blue 1st with 4: 5 +2"),  # a whole row of 21 characters
        ("row", 1, 33, "home"),
        ("small", 1, 45, LONGER),
    ]


def test_a_reason_takes_as_many_rows_as_are_spare(page):
    # Five Grandes in one region on 128 px: three rows of the four above the footer.
    line = "Grande: yellow, green, blue, red, black"
    assert page(_announce("Board 3/12: Sevilla", (SHORT, line), "● it matches")) == [
        ("row", 1, 0, "Board 3/12: Sevilla"),
        ("row", 1, 53, "● it matches"),
        ("row", 1, 13, SHORT),
        ("row", 1, 23, "Grande: yellow,"),
        ("row", 1, 33, "green, blue, red,"),
        ("row", 1, 43, "black"),
    ]


def test_with_no_footer_its_row_is_spare_too(page):
    assert page(_announce("Aragón", (LONG, LONGER, SHORT))) == [
        ("row", 1, 0, "Aragón"),
        ("row", 1, 13, "blue 1st with 4: 5 +2"),
        ("row", 1, 23, "home"),
        ("row", 1, 33, "red 2nd with 3: 3 +5"),
        ("row", 1, 43, "king"),
        ("row", 1, 53, SHORT),
    ]


def test_on_a_wide_display_a_reason_one_character_too_long_takes_a_second_row(page):
    # 43 characters: 258 px, the row holds 254.
    reason = "yellow =1st with 4: 5 +2 home, +5 kings, +3"
    assert page(_announce("Aragón", (SHORT, reason), "● next"), (256, 64))[2:] == [
        ("row", 1, 13, SHORT),
        ("row", 1, 23, "yellow =1st with 4: 5 +2 home, +5 kings,"),
        ("row", 1, 33, "+3"),
    ]


def test_under_alerts_a_long_reason_wraps_only_into_a_row_that_is_there(page):
    # Two alerts leave two rows: no spare one, the long reason is small print.
    two = page(_announce("Aragón", (SHORT, LONG), alerts=("NOT SAVED", "blue's pad: fault")))
    assert two[2:] == [("row", 1, 0, "Aragón"), ("row", 1, 13, SHORT), ("small", 1, 25, LONG)]
    # One alert leaves four rows: three reasons and one row spare.
    one = page(_announce("Aragón", (SHORT, "yellow none", LONG), alerts=("NOT SAVED",)))
    assert one[1:] == [
        ("row", 1, 0, "Aragón"),
        ("row", 1, 13, SHORT),
        ("row", 1, 23, "yellow none"),
        ("row", 1, 33, "blue 1st with 4: 5 +2"),
        ("row", 1, 43, "home"),
    ]


def test_under_two_alerts_every_reason_of_a_scoring_shows_the_alerts_in_small_print(page):
    two = ("NOT SAVED", "blue's pad: fault")
    assert page(_announce("Aragón", REASONS, FOOTER, two)) == [
        ("small inverted", 1, 52, "! NOT SAVED"),
        ("small inverted", 1, 58, "! blue's pad: fault"),
        ("row", 1, 0, "Aragón"),
        ("row", 55, 0, FOOTER),
        *(("small", 1, 14 + 6 * i, reason) for i, reason in enumerate(REASONS)),
    ]
    # A wide display keeps the big font, in two columns.
    wide = page(_announce("Aragón", REASONS, FOOTER, two), (256, 64))
    assert [d[3] for d in wide if d[0] == "row"] == ["Aragón", FOOTER, *REASONS]
    # Few reasons: the alerts keep their rows.
    assert page(_announce("Aragón", REASONS[:1], FOOTER, two))[:2] == [
        ("inverted", 1, 53, "! blue's pad: fault"),
        ("inverted", 1, 42, "! NOT SAVED"),
    ]


def test_a_reason_too_long_for_small_print_takes_the_footers_row_when_it_needs_it(page):
    # No row spare: the footer gives its row (the pads say ● goes on) to the reason's second.
    assert page(_announce("Aragón", (TOO_LONG, LONGER, "yellow none", SHORT), "● next")) == [
        ("row", 1, 0, "Aragón"),
        ("row", 1, 13, "yellow 1st with 4: 5"),
        ("row", 1, 23, "+2, +5 king"),
        ("small", 1, 35, LONGER),
        ("row", 1, 43, "yellow none"),
        ("row", 1, 53, SHORT),
    ]
    # One row spare: the footer stays, but the reason needs three rows: rather than cut it,
    # every reason goes to small print, each wrapped whole.
    longest = TOO_LONG + " castillo +4 court"
    assert page(_announce("Aragón", (longest, "yellow none", SHORT), "● next")) == [
        ("row", 1, 0, "Aragón"),
        ("row", 1, 53, "● next"),
        ("small", 1, 14, "yellow 1st with 4: 5 +2, +5"),
        ("small", 1, 20, "king castillo +4 court"),
        ("small", 1, 26, "yellow none"),
        ("small", 1, 32, SHORT),
    ]


def test_a_title_of_three_rows_or_more_takes_the_short_names_one_of_two_keeps_them(page):
    long_title = "Castilla la Nueva: yellow 12, green 10, black 7"
    assert page(_announce(long_title, (SHORT,), "● next"))[:2] == [
        ("row", 1, 0, "C.Nueva: yel 12, gre"),
        ("row", 1, 10, "10, bla 7"),
    ]
    assert page(_announce("Aragón: red 7, blue 4, yellow 2", (SHORT,), "● next"))[:2] == [
        ("row", 1, 0, "Aragón: red 7, blue"),
        ("row", 1, 10, "4, yellow 2"),
    ]


# -- more reasons than rows above the footer -----------------------------------------------------


def test_on_a_wide_display_many_reasons_stand_in_two_columns_above_the_footer(page):
    more = (*REASONS, "red court: 2", "blue court: 1", "green court: 0")
    title = "País Vasco: blue 5, red 3, yellow 1"
    assert page(_announce(title, more, FOOTER), (256, 64)) == [
        ("row", 1, 0, title),
        ("row", 1, 53, FOOTER),
        *[("row", 1, 13 + 10 * i, line) for i, line in enumerate(more[:4])],
        *[("row", 131, 13 + 10 * i, line) for i, line in enumerate(more[4:])],
    ]
    # Under a title of two rows, two rows a column: four reasons in two columns of two.
    title = "Castilla la Nueva: yellow 12, green 10, black 7, red 3"
    assert page(_announce(title, REASONS[:4], FOOTER), (256, 64)) == [
        ("row", 1, 0, "Castilla la Nueva: yellow 12, green 10,"),
        ("row", 1, 10, "black 7, red 3"),
        ("row", 1, 53, FOOTER),
        ("row", 1, 23, REASONS[0]),
        ("row", 1, 33, REASONS[1]),
        ("row", 131, 23, REASONS[2]),
        ("row", 131, 33, REASONS[3]),
    ]


def test_under_a_title_of_two_rows_columns_that_need_the_footers_row_take_it(page):
    # Seven reasons stand four rows a column; under a two-row title only three rows are above
    # the footer (23, 33, 43), so the columns go down to the bottom and the footer gives up its
    # row (a title this long leaves it no room at its end): nothing is drawn over another.
    more = (*REASONS, "red court: 2", "blue court: 1")
    title = "Castilla la Nueva: yellow 12, green 10, black 7, red 3"
    assert page(_announce(title, more, FOOTER), (256, 64)) == [
        ("row", 1, 0, "Castilla la Nueva: yellow 12, green 10,"),
        ("row", 1, 10, "black 7, red 3"),
        *[("row", 1, 23 + 10 * i, line) for i, line in enumerate(more[:4])],
        *[("row", 131, 23 + 10 * i, line) for i, line in enumerate(more[4:])],
    ]


@pytest.mark.parametrize(
    ("title", "n", "alerts", "first"),
    [
        ("País Vasco: blue 5", 5, (), 14),
        ("País Vasco: blue 5, red 3", 4, (), 24),  # under a title of two rows
        ("País Vasco: blue 5", 3, ("NOT SAVED",), 14),  # above an alert
    ],
)
def test_on_a_narrow_display_many_reasons_are_small_print_above_the_footer(
    page, title, n, alerts, first
):
    drawn = page(_announce(title, REASONS[:n], FOOTER, alerts))
    footer_y = 64 - 11 * (1 + len(alerts))
    assert ("row", 1, footer_y, FOOTER) in drawn
    small = [d for d in drawn if d[0] == "small"]
    assert small == [("small", 1, first + 6 * i, line) for i, line in enumerate(REASONS[:n])]


def test_as_many_reasons_as_rows_stay_in_the_big_font(page):
    # Four rows above the footer, four reasons.
    assert page(_announce("País Vasco: blue 5", REASONS[:4], FOOTER)) == [
        ("row", 1, 0, "País Vasco: blue 5"),
        ("row", 1, 53, FOOTER),
        *[("row", 1, 13 + 10 * i, line) for i, line in enumerate(REASONS[:4])],
    ]


@pytest.mark.parametrize(("width", "footer"), [(128, FOOTER), (48, "● next")])
def test_a_footer_that_fits_at_the_titles_end_leaves_every_row_to_the_big_font(page, width, footer):
    # Five rows: the footer at the title row's end (on 48 px exactly to its edge).
    lines = REASONS if width == 128 else ("a 1", "b 2", "c 3", "d 4", "e 5")
    title = "Aragón" if width == 128 else "T"
    assert page(_announce(title, lines, footer), (width, 64)) == [
        ("row", width - 1 - 6 * len(footer), 0, footer),
        ("row", 1, 0, title),
        *[("row", 1, 13 + 10 * i, line) for i, line in enumerate(lines)],
    ]


def test_with_no_footer_its_row_holds_a_reason_in_the_big_font_too(page):
    # Under a title of two rows, three rows above a footer's, four with none.
    title = "País Vasco: blue 5, red 3"
    assert page(_announce(title, REASONS[:4])) == [
        ("row", 1, 0, "País Vasco: blue 5,"),
        ("row", 1, 10, "red 3"),
        *[("row", 1, 23 + 10 * i, line) for i, line in enumerate(REASONS[:4])],
    ]


def test_a_footer_a_row_too_wide_for_the_titles_end_keeps_its_row(page):
    # "Aragón: red 5", a space, "● fix it": 132 px, not 128: the reasons go to small print.
    drawn = page(_announce("Aragón: red 5", REASONS, "● fix it"))
    assert drawn[:2] == [("row", 1, 0, "Aragón: red 5"), ("row", 1, 53, "● fix it")]
    assert [d[3] for d in drawn[2:] if d[0] == "small"] == list(REASONS)


def test_a_reason_too_long_even_for_small_print_takes_the_players_short_names(page):
    lines = (*REASONS[:4], TOO_LONG)
    assert page(_announce("País Vasco: blue 5", lines, FOOTER)) == [
        ("row", 1, 0, "País Vasco: blue 5"),
        *[("row", 1, 13 + 10 * i, line) for i, line in enumerate(lines[:4])],
        ("small", 1, 55, "yel 1st with 4: 5 +2, +5 king"),
    ]


def test_however_many_reasons_none_is_drawn_over_the_footer(page):
    # Nine: too many for small print above the footer and even for the rows down to the bottom.
    many = tuple(f"{p} court: {n}" for n in (1, 2) for p in PLAYERS)[:9]
    drawn = page(_announce("País Vasco: blue 5", many, FOOTER))
    assert ("row", 1, 53, FOOTER) in drawn
    assert all(y + 5 <= 53 for kind, _, y, _ in drawn if kind == "small")
    assert all(y + 10 <= 53 for kind, _, y, text in drawn if kind == "row" and text != FOOTER)


@pytest.mark.parametrize("size", [(128, 64), (256, 64)])
@pytest.mark.parametrize("title", ["Aragón", "País Vasco: blue 5, red 3, yellow 1"])
def test_with_an_alert_up_every_reason_of_a_scoring_still_shows(page, size, title):
    # The alert's row and the footer's leave the five reasons too few rows: the footer gives
    # its row up (at the title's end when it fits there; the pads say ● goes on).
    footer = announce_footer(2, 9, size[0])
    drawn = page(_announce(title, REASONS, footer, ("NOT SAVED",)), size)
    assert drawn[0] == ("inverted", 1, 53, "! NOT SAVED")
    assert [d[3] for d in drawn if d[3] in REASONS] == list(REASONS)
    assert all(d[2] + (5 if d[0] == "small" else 10) <= 53 for d in drawn[1:])
    at_title_end = ("row", size[0] - 1 - 6 * len(footer), 0, footer)
    assert [d for d in drawn if d[3] == footer] in ([], [at_title_end])


# -- the final page and its ranking --------------------------------------------------------------


def test_the_final_page_names_the_winners_or_says_the_game_is_over(page):
    shared = {"scores": {"red": 50, "blue": 50}, "winners": ["red", "blue"]}
    assert page(MainUI("final"), view=shared) == [
        ("row", 1, 0, "Winner: red and blue"),
        ("row", 1, 13, "1 red 50"),
        ("row", 1, 23, "1 blue 50"),
    ]
    none = {"scores": {"red": 50, "blue": 40}, "winners": []}
    assert page(MainUI("final"), view=none)[0] == ("row", 1, 0, "Game over")


def test_a_shared_win_shares_the_first_place():
    assert ranking_lines({"scores": {"red": 50, "blue": 50}, "winners": ["red", "blue"]}) == [
        "1 red 50",
        "1 blue 50",
    ]


def test_the_wide_final_page_keeps_its_footer_and_an_alert_under_ranking_and_chart(page):
    view = {"scores": HISTORY[-1]["totals"], "winners": ["blue"]}
    ui = MainUI("final", footer="● chart", history=HISTORY)
    drawn = page(ui, (256, 64), view)
    assert ("row", 1, 53, "● chart") in drawn
    # Under an alert: its row is the alert's as on any page, the ranking's column too.
    alerted = render_main(
        view, MainUI("final", history=HISTORY, alerts=("NOT SAVED",)), (256, 64), "L"
    )
    message = render_main(view, MainUI("message", alerts=("NOT SAVED",)), (256, 64), "L")
    band = (0, 53, 256, 64)
    assert alerted.crop(band).tobytes() == message.crop(band).tobytes()
    assert isinstance(alerted, Image.Image) and alerted.crop(band).getbbox() is not None
