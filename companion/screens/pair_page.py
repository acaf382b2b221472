"""The main display's pairing page: a seat's QR code beside its typed fallback.

The QR code comes as rows of "1" (dark) and "0" (light) modules, drawn as ink on paper: lit
background, dark modules, with a two-module quiet zone, at 2 px a module where the display is
tall enough (a version-2 code: 25 + 4 modules = 58 px on a 64 px panel), else 1 px.

>>> from companion.screens.model import MainUI
>>> c = Canvas((128, 64), "1")
>>> draw_pair(c, {}, MainUI("pair", "BLUE", ("code 123456",), qr=("10" * 12 + "1",) * 25), 64)
>>> c.image.getpixel((1, 1)), c.image.getpixel((4, 4))
(1, 0)
"""

from __future__ import annotations

from typing import Any

from companion.screens.canvas import Canvas
from companion.screens.legacy_text import TINY, draw_legacy, text_width
from companion.screens.model import MainUI
from companion.screens.text import LINE, width

QUIET = 2  # modules of light border around the code


def draw_pair(c: Canvas, view: dict[str, Any], ui: MainUI, bottom: int) -> None:
    modules = len(ui.qr)
    x0 = 0
    if modules:
        side = modules + 2 * QUIET
        scale = 2 if side * 2 <= bottom else 1
        size = side * scale
        c.draw.rectangle((0, 0, size - 1, size - 1), fill=c.ink)
        for y, row in enumerate(ui.qr):
            for x, dark in enumerate(row):
                if dark == "1":
                    left, top = (x + QUIET) * scale, (y + QUIET) * scale
                    c.draw.rectangle((left, top, left + scale - 1, top + scale - 1), fill=0)
        x0 = size + 3
    room = c.width - x0 - 1
    y = 0
    for text in (ui.title, *ui.lines, ui.footer):
        if not text or y + LINE > bottom + 1:
            continue
        if width(text) > room:  # an address: in small print, its port on a row of its own
            head, colon, tail = text.rpartition(":")
            parts = [head, colon + tail] if colon and text_width(text, TINY) > room else [text]
            for i, part in enumerate(parts):
                draw_legacy(c.draw, (x0, y + 1 + 6 * i), part, c.ink, TINY)
            y += max(LINE, 6 * len(parts) + 2)
        else:
            c.row(y, text, x0, room)
            y += LINE
