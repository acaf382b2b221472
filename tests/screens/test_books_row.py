"""The cards row's book pages: what fits a row, at its edges; a Veto per holder; and pages as
full as they can be (each takes every item that fits)."""

from __future__ import annotations

from companion.screens.books_row import WIDE, book_pages, row_fits
from companion.screens.legacy_text import TINY, text_width


def test_a_row_takes_a_text_exactly_as_wide_as_its_room_and_not_a_pixel_more():
    assert WIDE == 200
    big = row_fits(WIDE)  # from WIDE px on, the big font: 6 px a letter, 2 px kept
    assert big("x" * 33) and not big("x" * 34)  # 198 px fit, 204 do not (small print would)
    small = row_fits(126)  # below WIDE, the 3×5 small print: 4 px a letter
    assert text_width("x" * 31, TINY) == 124
    assert small("x" * 31) and not small("x" * 32)


def test_every_veto_held_is_named_with_its_round():
    view = {"veto_until": {"red": [4], "blue": [7, 9]}}
    assert book_pages(view, 256) == ("Veto: red to R4, blue to R7, blue to R9",)


def test_each_page_holds_every_item_that_fits_before_the_next_page_begins():
    played = {"red": [1, 2, 3], "blue": [1, 2, 3, 4, 5], "yellow": [1, 2], "green": [1, 2, 3, 4]}
    for display in (128, 256):
        fits = row_fits(display)
        pages = book_pages({"phase": "bidding", "played": played}, display)
        assert len(pages) > 1 and all(fits(page) for page in pages)
        for page, after in zip(pages, pages[1:], strict=False):
            first_next = after.removeprefix("Played: ").split(", ")[0]
            assert not fits(f"{page}, {first_next}"), (page, first_next)
