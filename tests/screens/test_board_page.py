"""The board check's pages (companion.screens.board_page): what the main display lists for a
region, the Castillo and the courts before a general scoring."""

from __future__ import annotations

from companion.screens.board_page import ROW, board_page


def test_a_region_page_puts_as_many_counts_a_row_as_the_narrow_display_holds():
    counts = {"red": 3, "blue": 2, "green": 4, "black": 12, "yellow": 10}
    title, lines = board_page({"board": {"sevilla": counts}}, "sevilla", 1, 12)
    assert title == "Board 1/12: Sevilla"
    # "red 3  blue 2  green 4" would take 22 of the 21 places: green goes to the next row.
    assert lines == ("red 3  blue 2", "green 4  black 12", "yellow 10")
    assert all(len(line) <= ROW for line in lines)


def test_an_empty_region_says_so_and_names_every_grande_in_it():
    view = {
        "board": {"sevilla": {"red": 0, "blue": 0}},
        "grandes": {"red": "sevilla", "blue": "aragon", "green": "sevilla"},
    }
    assert board_page(view, "sevilla", 8, 12)[1] == ("no caballeros", "Grande: red, green")


def test_an_empty_hidden_castillo_says_it_holds_none():
    view = {"board": {"sevilla": {"red": 1}}, "castillo_total": 0, "players": ["red"]}
    assert board_page(view, "castillo", 10, 12)[1] == ("0 caballeros in all", "colours hidden")
