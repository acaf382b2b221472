"""A blank device image and the few ways the screens draw on it: text rows, inverted rows, rules.

Every text call goes through `companion.screens.text`, so nothing is drawn wider than asked.

>>> c = Canvas((128, 64), "1")
>>> c.row(0, "Round 3/9")
54
>>> c.image.getbbox()[2] <= 128
True
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from companion.screens.text import GLYPH_H, draw_text, fit, width

MODES = ("1", "L")


class Canvas:
    def __init__(self, size: tuple[int, int], mode: str) -> None:
        if mode not in MODES:
            raise ValueError(f"display mode {mode!r} is not drawn; accepted: {', '.join(MODES)}")
        self.size = size
        self.width, self.height = size
        self.image = Image.new(mode, size, 0)
        self.draw = ImageDraw.Draw(self.image)
        self.ink = 255 if mode == "L" else 1

    def fits_row(self, y: int) -> bool:
        return y >= 0 and y + GLYPH_H <= self.height

    def row(self, y: int, text: str, x: int = 1, max_width: int | None = None) -> int:
        """Text at (x, y), cut to the image's width (or `max_width`); returns its width."""
        if not self.fits_row(y):
            return 0
        room = self.width - x if max_width is None else min(max_width, self.width - x)
        return draw_text(self.draw, (x, y), text, self.ink, room)

    def right(self, y: int, text: str, max_width: int | None = None) -> int:
        """Text ending at the right edge; returns its x."""
        room = self.width - 2 if max_width is None else max_width
        shown = fit(text, room)
        x = self.width - 1 - width(shown)
        self.row(y, shown, x, width(shown))
        return x

    def inverted(self, y: int, text: str, x: int = 0, max_width: int | None = None) -> None:
        """A lit band one text row tall with the text dark on it."""
        if not self.fits_row(y):
            return
        end = self.width - 1 if max_width is None else min(self.width - 1, x + max_width - 1)
        self.draw.rectangle((x, y, end, y + GLYPH_H - 1), fill=self.ink)
        draw_text(self.draw, (x + 1, y), text, 0, end - x - 1)

    def rule(self, y: int) -> None:
        self.draw.line((0, y, self.width - 1, y), fill=self.ink)
