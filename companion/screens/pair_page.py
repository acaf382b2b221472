"""The main display's pairing page: a seat's QR code beside its typed fallback.

The QR code comes as rows of "1" (dark) and "0" (light) modules, drawn as ink on paper: lit
background, dark modules, with a two-module quiet zone, at 2 px a module where the display is
tall enough (a version-2 code: 25 + 4 modules = 58 px on a 64 px panel), a one-module quiet zone
where that keeps 2 px (version 3: 29 + 2 = 31 modules, 62 px), else 1 px.

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
        # 2 px a module where the page is tall enough; a version-3 code (a Wi-Fi's name and
        # password) keeps 2 px with a one-module quiet zone: 31 modules, 62 px.
        quiet = QUIET if (modules + 2 * QUIET) * 2 <= bottom else 1
        side = modules + 2 * quiet
        scale = 2 if side * 2 <= bottom else 1
        size = side * scale
        c.draw.rectangle((0, 0, size - 1, size - 1), fill=c.ink)
        for y, row in enumerate(ui.qr):
            for x, dark in enumerate(row):
                if dark == "1":
                    left, top = (x + quiet) * scale, (y + quiet) * scale
                    c.draw.rectangle((left, top, left + scale - 1, top + scale - 1), fill=0)
        x0 = size + 3
    room = c.width - x0 - 1
    y = 0
    for text in (ui.title, *ui.lines, ui.footer):
        if not text or y + LINE > bottom + 1:
            continue
        if width(text) > room:  # in small print, over as many rows as it takes
            parts = _pieces(text, room)
            for i, part in enumerate(parts):
                draw_legacy(c.draw, (x0, y + 1 + 6 * i), part, c.ink, TINY)
            y += max(LINE, 6 * len(parts) + 2)
        else:
            c.row(y, text, x0, room)
            y += LINE


def _pieces(text: str, room: int) -> list[str]:
    """`text` in small-print rows of at most `room` px: an address with its port on a row of its
    own, anything else (a Wi-Fi's name or password) cut where a row is full, nothing dropped.

    >>> _pieces("10.42.0.1:8080", 40), _pieces("change-this-phrase", 40)
    (['10.42.0.1', ':8080'], ['change-thi', 's-phrase'])
    """
    if text_width(text, TINY) <= room:
        return [text]
    head, colon, tail = text.rpartition(":")
    if colon and text_width(head, TINY) <= room and text_width(colon + tail, TINY) <= room:
        return [head, colon + tail]
    parts = [""]
    for ch in text:
        if parts[-1] and text_width(parts[-1] + ch, TINY) > room:
            parts.append("")
        parts[-1] += ch
    return parts
