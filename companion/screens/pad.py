"""A player's private pad display (128×32): the question, ◀ entry ▶, where the cursor is (n/m),
their secret note, their power cards left and their Castillo count.

Rows: the title (0–10; a longer question in two rows of small print), the entry under the cursor
(10–20), then two rows of small print: the note
(a secret this player is entering) with n/m at its right, and the hand with the Castillo count.
While the entry names an action card, its printed text takes the small-print rows instead of
the hand, a page at a time (the app turns the pages on a slow timer: no press is spent).
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
from companion.screens.legacy_text import (
    TINY,
    draw_legacy,
    text_width,
    tiny_fit,
    tiny_legible,
    tiny_wrap,
)
from companion.screens.model import PadMenu
from companion.screens.text import GLYPH_W, LINE, width
from companion.screens.word_wrap import break_lines, words

SMALL = 6  # pitch of a small-print row (the tiny glyphs are 5 px tall)


def render_pad(
    player_view: dict[str, Any] | None, menu: PadMenu, size: tuple[int, int]
) -> Image.Image:
    """One pad's private display: the question and the entry under the cursor."""
    c = Canvas(size, "1")
    entry_y = _entry_y(menu, c.width)
    if entry_y == LINE:
        c.row(0, menu.title)
    else:
        # A long question takes two rows of small print, and goes on below the entry (in
        # place of a card's text, see text_pages) rather than lose its end.
        rows = _question_rows(menu.title, c.width)
        if len(rows) > 2 and not (menu.entries and _text_widths(menu, size)):
            rows = tiny_wrap(menu.title, c.width - 2, 2)  # no row below: cut, and marked so
        for i, line in enumerate(rows[:2]):
            _small(c, 1 + i * SMALL, line, 1, c.width - 2)
    if menu.entries:
        _entry_row(c, entry_y, menu)
    y = entry_y + LINE
    pages = text_pages(menu, size)
    page = list(pages[menu.page % len(pages)]) if pages else []
    if (menu.note or menu.entries) and y + SMALL <= c.height:
        note_room = c.width - 2
        if menu.entries:
            count = menu.place
            count_w = text_width(count, TINY)
            _small(c, y, count, c.width - 1 - count_w, count_w)
            note_room -= count_w + 4
        first = menu.note or (page.pop(0) if page else "")
        if first:
            _small(c, y, first, 1, note_room)
        y += SMALL
    if pages:
        # The card's text in place of the hand: it is what this choice needs.
        for line in page:
            _small(c, y, line, 1, c.width - 2)
            y += SMALL
        return c.image
    you = (player_view or {}).get("you")
    if you and y + SMALL <= c.height:
        y = c.height - SMALL  # the hand always sits on the bottom row
        cards, count = you.get("hand") or [], you.get("castillo", 0)
        # "Cast." when the hand's runs need the room ("1-2 4-5 7-8 10-11 13" beside "Castillo 10").
        for label in ("Castillo", "Cast."):
            castillo = f"{label} {count}"
            right = c.width - 1 - text_width(castillo, TINY)
            hand = hand_text(cards, right - 5)
            if text_width(hand, TINY) <= right - 5:
                break
        _small(c, y, castillo, right, text_width(castillo, TINY))
        _small(c, y, hand, 1, right - 5)
    return c.image


def _entry_y(menu: PadMenu, pad_width: int) -> int:
    """The entry row's y: one row down, or a pixel more below a question in two rows."""
    return LINE if width(menu.title) <= pad_width - 2 else LINE + 1


def text_pages(menu: PadMenu, size: tuple[int, int]) -> list[tuple[str, ...]]:
    """`menu.text` in pages of the small-print rows below the entry (the first beside n/m,
    narrower; after the note when there is one), each word whole, after what of a long question
    the rows above the entry do not hold; [] without either.

    >>> from companion.screens.model import PadMenu
    >>> menu = PadMenu("red", "Take an action card", ("Score one region",), 0, True,
    ...                text="Special scoring: choose one region; score it now.")
    >>> text_pages(menu, (128, 32))
    [('Special scoring: choose one', 'region; score it now.')]
    """
    widths = _text_widths(menu, size)
    rest = _question_rest(menu, size[0])
    if not (menu.text or rest) or not menu.entries or not widths:
        return []
    rows_of = len(widths)
    lines: list[str] = []
    for text in (rest, menu.text):  # the question's end, then the card's text on a row of its own
        first = len(lines)
        lines += break_lines(
            words(tiny_legible(text)),
            lambda s, i, first=first: text_width(s, TINY) <= widths[(first + i) % rows_of],
        )
    return [tuple(lines[i : i + rows_of]) for i in range(0, len(lines), rows_of)]


def _text_widths(menu: PadMenu, size: tuple[int, int]) -> list[int]:
    """The widths of the small-print rows below the entry that a text may take (each page's
    rows alike): the first beside n/m, none of those the note takes."""
    pad_w, pad_h = size
    count_w = text_width(menu.place, TINY)
    rows = (pad_h - _entry_y(menu, pad_w) - LINE) // SMALL
    if rows <= 0:
        return []
    widths = [pad_w - 2 - count_w - 4] + [pad_w - 2] * (rows - 1)
    return widths[1:] if menu.note else widths


def _question_rows(title: str, pad_width: int) -> list[str]:
    """A question too long for the title's row in rows of small print, each word whole."""
    return break_lines(
        words(tiny_legible(title)), lambda s, _i: text_width(s, TINY) <= pad_width - 2
    )


def _question_rest(menu: PadMenu, pad_width: int) -> str:
    """What of a long question the two rows above the entry do not hold ("" if they do)."""
    if _entry_y(menu, pad_width) == LINE:
        return ""
    return " ".join(_question_rows(menu.title, pad_width)[2:])


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
