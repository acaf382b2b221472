"""A page of the main display with a title: the title (a second row when it is long), a rule
under it, body rows 10 px apart, the footer on the last row, or at the title's end, or left
out when the body needs its row; and the same body in small print, each line wrapped whole,
when the big rows do not hold it.

>>> from companion.screens.canvas import Canvas
>>> c = Canvas((128, 64), "1")
>>> body_top(c, "Ranking"), body_rows(c, c.height + 1, body_top(c, "Ranking"))
(13, [13, 23, 33, 43, 53])
"""

from __future__ import annotations

from companion.screens.canvas import Canvas
from companion.screens.game_page import BODY, small_print
from companion.screens.game_page import SMALL as SMALL_PITCH
from companion.screens.legacy_text import TINY, text_width, tiny_wrap
from companion.screens.model import MainUI
from companion.screens.text import GLYPH_W, LINE, width, wrap


def body_rows(c: Canvas, bottom: int, top: int = BODY) -> list[int]:
    """The y of each body row that fits above `bottom`."""
    return list(range(top, bottom - LINE, LINE)) if bottom - top >= LINE + 1 else []


def titled(c: Canvas, ui: MainUI, bottom: int, lines: list[str], cursor: int | None) -> None:
    """Title, rule, the lines (scrolled so the cursor shows), the footer on the last row.

    Lines with no cursor to scroll to (a ranking, a score table) must all show: if the footer's
    row would hide the last of them, the footer moves to the title row's right end, or is left
    out when it does not fit there (the pads say which keys act, too)."""
    footer = ui.footer
    top = body_top(c, ui.title)
    crowded = cursor is None and len(lines) > len(body_rows(c, bottom - LINE, top))
    if footer and crowded and len(lines) <= len(body_rows(c, bottom + 1, top)):
        if fits_beside_title(c, ui):
            c.right(0, footer)
        footer = ""
    top = title_rule(c, ui.title)
    if footer:
        y = bottom - LINE - 1
        if y >= BODY:
            c.row(y, footer)
            bottom = y
    rows = body_rows(c, bottom + 1, top)
    first = 0
    if cursor is not None and rows:
        first = min(max(cursor - len(rows) + 1, 0), max(len(lines) - len(rows), 0))
    for i, (y, line) in enumerate(zip(rows, lines[first:], strict=False)):
        if cursor is not None and first + i == cursor:
            c.inverted(y, line)
        elif width(line) > c.width - 2 and text_width(line, TINY) <= c.width - 2:
            small_print(c, 1, y + 2, line, c.width - 2)  # whole in small print rather than cut
        else:
            c.row(y, line)


def title_rule(c: Canvas, title: str) -> int:
    """The title and the rule under it; a title too long for its row takes a second one.
    Returns the first body row's y."""
    lines = wrap(title, c.width - 2, title_lines(c, title))
    for i, line in enumerate(lines or [""]):
        c.row(i * LINE, line)
    rule = 11 + (len(lines) - 1) * LINE
    c.rule(rule)
    return rule + 2


def title_lines(c: Canvas, title: str) -> int:
    return 1 if width(title) <= c.width - 2 else 2


def body_top(c: Canvas, title: str) -> int:
    """The first body row's y under `title` (one row, or two for a long one), as `title_rule`
    will draw it: for the layouts that count their rows before drawing."""
    return title_lines(c, title) * LINE + 3


def fits_beside_title(c: Canvas, ui: MainUI) -> bool:
    """The footer ("● next") fits at the title row's right end, a glyph's gap between them."""
    return width(ui.title) + GLYPH_W + width(ui.footer) <= c.width


def small_rows(
    c: Canvas, ui: MainUI, bottom: int, crowded: bool = False
) -> tuple[list[str], str] | None:
    """The lines wrapped whole onto rows of small print, and where the footer goes: on its row
    under them ("row"), or at the title's end ("title") when it fits there and they need the
    room. `crowded` (a page of sentences and scores): the last short lines (the scores) side by
    side when the rows are still too few, and the footer left out when even that does not hold
    them (the pads say what the keys do). None when they need more rows than there are."""
    top = body_top(c, ui.title)
    below = (bottom - LINE - 1, "row") if ui.footer else (bottom, "")
    beside = bool(ui.footer) and fits_beside_title(c, ui)
    packed = side_by_side(list(ui.lines), c.width - 2)
    tries = [(list(ui.lines), *below)] + [(list(ui.lines), bottom, "title")] * beside
    if crowded:
        tries += [(packed, *below)] + [(packed, bottom, "title")] * beside + [(packed, bottom, "")]
    for texts, end, footer in tries:
        rows = [r for x in texts for r in tiny_wrap(x, c.width - 2, len(x))]
        whole = all(text_width(r, TINY) <= c.width - 2 for r in rows)
        if whole and len(rows) <= (end - top) // SMALL_PITCH:
            return rows, footer
    return None


def side_by_side(lines: list[str], room: int) -> list[str]:
    """The last lines that each take at most a third of a row, as few rows as they fit on,
    a comma between them ("red 3, blue 0, yellow 12")."""
    short = len(lines)
    while short > 0 and text_width(lines[short - 1], TINY) <= room // 3:
        short -= 1
    rows: list[str] = []
    for line in lines[short:]:
        if rows and text_width(f"{rows[-1]}, {line}", TINY) <= room:
            rows[-1] = f"{rows[-1]}, {line}"
        else:
            rows.append(line)
    return [*lines[:short], *rows]


def draw_small_rows(c: Canvas, ui: MainUI, bottom: int, crowded: bool = False) -> None:
    rows, footer = small_rows(c, ui, bottom, crowded) or ([], "row")
    top = title_rule(c, ui.title)
    if footer == "title":
        c.right(0, ui.footer)
    elif footer == "row":
        c.row(bottom - LINE - 1, ui.footer)
    for i, row in enumerate(rows):
        small_print(c, 1, top + 1 + i * SMALL_PITCH, row, c.width - 2)
