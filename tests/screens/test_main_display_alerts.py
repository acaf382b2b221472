"""Two alerts under a crowded scoring page: the alerts go in small print on one lit band only
when their two rows would leave the reasons too few, and the band is whole; any other page, or
one alert, keeps the alerts' big rows (the `page` fixture: conftest.py)."""

from __future__ import annotations

from test_main_display import FOOTER, PLAYERS, REASONS, _announce

from companion.screens import MainUI, render_main
from companion.screens.legacy_text import TINY, text_width
from companion.screens.text import GLYPH_W, width

TWO = ("NOT SAVED", "blue's pad: fault")
BIG_ROWS = [("inverted", 1, 53, "! blue's pad: fault"), ("inverted", 1, 42, "! NOT SAVED")]


def alerts_drawn(drawn: list[tuple[str, int, int, str]]) -> list[tuple[str, int, int, str]]:
    return [d for d in drawn if d[0] in ("inverted", "small inverted")]


def test_four_reasons_fit_in_small_print_above_the_two_alerts_big_rows(page):
    # 29 px under the title's rule hold four rows of small print, the footer at the title's end.
    assert alerts_drawn(page(_announce("Aragón", REASONS[:4], FOOTER, TWO))) == BIG_ROWS
    # Five do not: the alerts give up their rows.
    assert [d[0] for d in alerts_drawn(page(_announce("Aragón", REASONS, FOOTER, TWO)))] == [
        "small inverted",
        "small inverted",
    ]


def test_a_footer_that_does_not_fit_beside_the_title_counts_as_a_row(page):
    title = "A" * 16  # with "● next" 10 px too wide for the title's row
    assert width(title) + GLYPH_W + width("● next") == 138
    crowded = page(_announce(title, REASONS[:4], "● next", TWO))
    assert [d[0] for d in alerts_drawn(crowded)] == ["small inverted"] * 2
    assert ("row", 1, 40, "● next") in crowded  # above the band, the four reasons above it
    assert [d[3] for d in crowded if d[0] == "small"] == list(REASONS[:4])
    # One that fits beside it is not a row.
    fits = "B" * 14
    assert width(fits) + GLYPH_W + width("● next") <= 128
    assert alerts_drawn(page(_announce(fits, REASONS[:4], "● next", TWO))) == BIG_ROWS
    # Three reasons and such a footer fit above the big rows.
    assert alerts_drawn(page(_announce(title, REASONS[:3], "● next", TWO))) == BIG_ROWS


def test_under_a_title_of_two_rows_three_reasons_keep_the_alerts_big_rows(page):
    title = "Castilla la Nueva: yellow 12, green 10"  # two rows on 128 px
    assert alerts_drawn(page(_announce(title, REASONS[:3], "", TWO))) == BIG_ROWS


def test_one_alert_or_another_page_keeps_the_big_rows(page):
    one = page(_announce("Aragón", REASONS, FOOTER, ("NOT SAVED",)))
    assert alerts_drawn(one) == [("inverted", 1, 53, "! NOT SAVED")]
    menu = MainUI("message", "Turn", tuple(f"line {i}" for i in range(8)), None, "", TWO)
    assert alerts_drawn(page(menu)) == BIG_ROWS


def test_three_alerts_on_the_band_show_the_last_two(page):
    three = ("LED matrix: fault", *TWO)
    assert alerts_drawn(page(_announce("Aragón", REASONS, FOOTER, three))) == [
        ("small inverted", 1, 52, "! NOT SAVED"),
        ("small inverted", 1, 58, "! blue's pad: fault"),
    ]


def test_the_band_is_lit_edge_to_edge_down_to_the_last_row():
    ui = _announce("Aragón", REASONS, FOOTER, TWO)
    image = render_main({"players": PLAYERS}, ui, (128, 64), "1")
    for y in range(51, 64):
        assert image.getpixel((0, y)) and image.getpixel((127, y)), f"row {y} not lit at an edge"
    assert not any(image.getpixel((x, 50)) for x in range(128))  # a dark row above it


def test_an_alert_as_wide_as_the_band_shows_whole_one_wider_is_cut_with_dots(page):
    whole = "! " + "x" * 40
    while text_width(whole, TINY) > 126:
        whole = whole[:-1]
    assert text_width(whole, TINY) >= 124
    wider = whole + "yy"
    drawn = page(_announce("Aragón", REASONS, FOOTER, (whole[2:], wider[2:])))
    first, second = (d[3] for d in alerts_drawn(drawn))
    assert first == whole
    assert second.endswith("..") and text_width(second, TINY) <= 126


def test_a_lone_alert_one_character_too_long_for_the_wide_row_takes_a_second(page):
    alert = "z" * 41  # "! " and 41: 43 characters, 258 px, on a row of 254
    assert alerts_drawn(page(_announce("Aragón", (), "", (alert,)), (256, 64))) == [
        ("inverted", 1, 53, "z" * 41),
        ("inverted", 1, 42, "!"),
    ]
