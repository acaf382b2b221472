"""A player's private pad display (128×32): the question, ◀ entry ▶, where the cursor is (n/m),
their secret note, their power cards left and their Castillo count.

Rows: the title (0–10; a longer question in two rows of small print), the entry under the cursor
(10–20), then two rows of small print: the note
(a secret this player is entering) with n/m at its right, and the hand with the Castillo count.
The entry has the whole row: a label of up to 19 characters sits between ◀ and ▶, a longer one
(moves.LABEL_MAX is 21) takes the arrows' room too, so no label is ever cut.

>>> from companion.screens.model import PadMenu
>>> menu = PadMenu(player="red", title="Power card", entries=("13", "12"), cursor=0, waiting=True)
>>> render_pad({"you": {"hand": [12, 13], "castillo": 2}}, menu, (128, 32)).size
(128, 32)
>>> hand_text([1, 2, 3, 5, 9, 10, 11, 12, 13], 60)
'1-3 5 9-13'
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from companion.screens.canvas import Canvas
from companion.screens.legacy_text import TINY, draw_legacy, text_width, tiny_fit, tiny_wrap
from companion.screens.model import PadMenu
from companion.screens.text import GLYPH_W, LINE, width

SMALL = 6  # pitch of a small-print row (the tiny glyphs are 5 px tall)


def render_pad(
    player_view: dict[str, Any] | None, menu: PadMenu, size: tuple[int, int]
) -> Image.Image:
    """One pad's private display: the question and the entry under the cursor."""
    c = Canvas(size, "1")
    entry_y = LINE
    if width(menu.title) <= c.width - 2:
        c.row(0, menu.title)
    else:
        # A long question takes two rows of small print rather than lose its end.
        for i, line in enumerate(tiny_wrap(menu.title, c.width - 2, 2)):
            _small(c, 1 + i * SMALL, line, 1, c.width - 2)
        entry_y += 1
    if menu.entries:
        _entry_row(c, entry_y, menu)
    y = entry_y + LINE
    if (menu.note or menu.entries) and y + SMALL <= c.height:
        note_room = c.width - 2
        if menu.entries:
            count = f"{menu.cursor + 1}/{len(menu.entries)}"
            count_w = text_width(count, TINY)
            _small(c, y, count, c.width - 1 - count_w, count_w)
            note_room -= count_w + 4
        if menu.note:
            _small(c, y, menu.note, 1, note_room)
        y += SMALL
    you = (player_view or {}).get("you")
    if you and y + SMALL <= c.height:
        y = c.height - SMALL  # the hand always sits on the bottom row
        castillo = f"Castillo {you.get('castillo', 0)}"
        right = c.width - 1 - text_width(castillo, TINY)
        _small(c, y, castillo, right, text_width(castillo, TINY))
        _small(c, y, hand_text(you.get("hand") or [], right - 5), 1, right - 5)
    return c.image


def _entry_row(c: Canvas, y: int, menu: PadMenu) -> None:
    label = menu.current or ""
    between = c.width - 2 * (GLYPH_W + 1)  # the room between ◀ and ▶
    if width(label) > between:
        c.row(y, label, 0, c.width)  # the whole label beats the arrows, which ◀ ▶ only hint at
        return
    c.row(y, "◀", 0)
    c.row(y, "▶", c.width - GLYPH_W)
    c.row(y, label, GLYPH_W + 1, between)


def _small(c: Canvas, y: int, text: str, x: int, max_width: int) -> None:
    # The tiny glyphs sit on rows 1–5 of their 8-row cell: start a row higher.
    draw_legacy(c.draw, (x, y - 1), tiny_fit(text, max_width), c.ink, TINY)


def hand_text(hand: list[int], max_width: int) -> str:
    """The power cards left, each number when they fit, else runs ("9-13")."""
    cards = sorted(hand)
    plain = " ".join(map(str, cards))
    if text_width(plain, TINY) <= max_width:
        return plain
    runs: list[list[int]] = []
    for n in cards:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return " ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)
