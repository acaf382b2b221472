"""Drawing a 1-bit display in a terminal: two pixel rows per character with half blocks.

>>> from PIL import Image
>>> print(halfblocks(Image.new("1", (3, 2), 1)))
███
"""

from __future__ import annotations

from PIL import Image

_CHARS = {(0, 0): " ", (1, 0): "▀", (0, 1): "▄", (1, 1): "█"}


def halfblocks(image: Image.Image) -> str:
    img = image.convert("1")
    w, h = img.size
    px = img.load()
    rows = []
    for y in range(0, h, 2):
        row = []
        for x in range(w):
            top = 1 if px[x, y] else 0
            bottom = 1 if y + 1 < h and px[x, y + 1] else 0
            row.append(_CHARS[(top, bottom)])
        rows.append("".join(row).rstrip())
    return "\n".join(rows)


def framed(image: Image.Image, title: str = "") -> str:
    """The display inside a box, so its edges show on a dark terminal."""
    w = image.size[0]
    body = [line.ljust(w) for line in halfblocks(image).split("\n")]
    top = "┌" + (f" {title} " if title else "").ljust(w, "─") + "┐"
    return "\n".join([top, *(f"│{line}│" for line in body), "└" + "─" * w + "┘"])
