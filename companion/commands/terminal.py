"""Drawing a 1-bit display in a terminal, in braille dots (8 pixels a character).

>>> from PIL import Image
>>> print(framed(Image.new("1", (8, 4), 1), "m"))
┌ m ─┐
│⣿⣿⣿⣿│
└────┘
"""

from __future__ import annotations

from PIL import Image


def framed(image: Image.Image, title: str = "") -> str:
    """The display in braille dots inside a box, so its edges show on a dark terminal."""
    body = braille(image).split("\n")
    w = len(body[0])
    top = "┌" + (f" {title} " if title else "").ljust(w, "─") + "┐"
    return "\n".join([top, *(f"│{line}│" for line in body), "└" + "─" * w + "┘"])


def braille(image: Image.Image) -> str:
    """Eight pixels per character (2 wide, 4 high): a 256×64 display in 128×16 characters.

    >>> braille(Image.new("1", (2, 4), 1))
    '⣿'
    """
    img = image.convert("1")
    w, h = img.size
    px = img.load()
    bits = ((0, 0, 0x01), (0, 1, 0x02), (0, 2, 0x04), (1, 0, 0x08), (1, 1, 0x10), (1, 2, 0x20))
    bits += ((0, 3, 0x40), (1, 3, 0x80))
    rows = []
    for y in range(0, h, 4):
        row = []
        for x in range(0, w, 2):
            code = 0
            for dx, dy, bit in bits:
                if x + dx < w and y + dy < h and px[x + dx, y + dy]:
                    code |= bit
            row.append(chr(0x2800 + code))
        rows.append("".join(row))
    return "\n".join(rows)
