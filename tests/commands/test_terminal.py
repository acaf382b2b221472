"""A 1-bit display drawn in a terminal (`companion demo`'s frames): each pixel is its own
braille dot, the edges of a display of any size are drawn, and the box fits the dots."""

from __future__ import annotations

import pytest
from PIL import Image

from companion.commands.terminal import braille, framed

# Braille's dot numbers: the left column is dots 1, 2, 3 and 7 from the top, the right 4, 5, 6, 8.
DOTS = {(0, 0): 1, (0, 1): 2, (0, 2): 3, (1, 0): 4, (1, 1): 5, (1, 2): 6, (0, 3): 7, (1, 3): 8}


def _lit(size: tuple[int, int], *pixels: tuple[int, int]) -> Image.Image:
    image = Image.new("1", size, 0)
    for xy in pixels:
        image.putpixel(xy, 1)
    return image


@pytest.mark.parametrize("pixel", sorted(DOTS))
def test_each_pixel_of_a_cell_is_its_own_braille_dot(pixel: tuple[int, int]) -> None:
    dot = DOTS[pixel]
    assert braille(_lit((2, 4), pixel)) == chr(0x2800 + (1 << (dot - 1)))


def test_a_dark_display_shows_blank_cells_and_each_pixel_lands_in_its_own_cell() -> None:
    assert braille(_lit((4, 8))) == "⠀⠀\n⠀⠀"
    # the second cell of the second row: its top left and bottom right pixels
    assert braille(_lit((4, 8), (2, 4), (3, 7))) == "⠀⠀\n⠀⢁"


def test_a_display_whose_size_is_not_whole_cells_shows_its_last_row_and_column() -> None:
    # 3×5: the last column has no right half and the last row only its top pixels.
    assert braille(Image.new("1", (3, 5), 1)) == "⣿⡇\n⠉⠁"
    assert braille(_lit((3, 5), (2, 4))) == "⠀⠀\n⠀⠁"
    assert braille(_lit((3, 5), (1, 4))) == "⠀⠀\n⠈⠀"


def test_a_grey_or_colour_picture_is_drawn_as_the_panel_would_light_it() -> None:
    assert braille(Image.new("RGB", (2, 4), (0, 0, 0))) == "⠀"  # black: no dot lit
    grey = Image.new("L", (4, 4), 0)
    grey.putpixel((0, 0), 255)
    assert braille(grey) == "⠁⠀"


def test_the_box_fits_the_dots_row_by_row_with_or_without_a_title() -> None:
    image = _lit((8, 8), (0, 0), (7, 7))
    assert framed(image).split("\n") == ["┌────┐", "│⠁⠀⠀⠀│", "│⠀⠀⠀⢀│", "└────┘"]
    assert framed(image, "m").split("\n")[0] == "┌ m ─┐"
