"""A scoring's page on the main display: its title, its reasons, the footer; the reasons in
two columns or small print when they are many, wrapped onto the spare rows when they are long,
in small print wrapped whole rather than cut; and a scoring's reasons split into as many pages
as a display needs to show each whole (`reason_pages`).
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from companion.elgrande.data import game_data
from companion.i18n import _
from companion.screens.canvas import Canvas
from companion.screens.game_page import BODY, WIDE, small_print
from companion.screens.game_page import SMALL as SMALL_PITCH
from companion.screens.legacy_text import TINY, text_width
from companion.screens.model import MainUI
from companion.screens.text import GLYPH_W, LINE, width, wrap
from companion.screens.titled import (
    body_rows,
    body_top,
    draw_small_rows,
    fits_beside_title,
    small_rows,
    title_rule,
    titled,
)


def draw_announce(c: Canvas, view: dict[str, Any], ui: MainUI, bottom: int) -> None:
    # A title naming many players takes their short names rather than lose the last.
    if len(wrap(ui.title, c.width - 2, 9)) > 2:
        ui = dataclasses.replace(ui, title=_shorter_title(ui.title, view))
    if _compact_reasons(c, ui, bottom):
        return
    # Reasons are long: on a narrow screen each wraps onto the rows there is room for, else
    # shows in small print, with the players' short names if it is still too long.
    top = body_top(c, ui.title)
    spare = len(body_rows(c, bottom + 1, top)) - (1 if ui.footer else 0) - len(ui.lines)
    too_long = [x for x in ui.lines if text_width(x, TINY) > c.width - 2]
    if too_long and spare < len(too_long) and ui.footer:
        ui, spare = dataclasses.replace(ui, footer=""), spare + 1  # the pads say ● goes on
    lines: list[str] = []
    whole = True
    for line in ui.lines:
        if width(line) > c.width - 2 and spare > 0:
            parts = wrap(line, c.width - 2, spare + 1)
            whole = whole and len(wrap(line, c.width - 2, len(line))) == len(parts)
            spare -= len(parts) - 1
            lines += parts
        elif text_width(line, TINY) > c.width - 2:
            lines.append(_shorter_title(line, view))  # short names rather than a cut row
            whole = whole and text_width(lines[-1], TINY) <= c.width - 2
        else:
            lines.append(line)
    whole = whole and len(lines) <= len(body_rows(c, bottom + 1, top))
    # Rather than cut a reason: every reason wrapped whole in small print, when that holds them.
    if not whole and small_rows(c, ui, bottom) is not None:
        draw_small_rows(c, ui, bottom)
        return
    titled(c, ui, bottom, lines, None)


def reason_pages(
    title: str, lines: tuple[str, ...], size: tuple[int, int]
) -> list[tuple[str, ...]]:
    """A scoring's reasons in as many pages as a display of `size` needs to show each whole
    under `title`: all on one page when the announcement's layout already shows them whole
    (on one row each, in columns or small print, or wrapped onto the spare rows); else, in
    order, as many as fill the rows above the footer, each reason wrapped whole onto big rows (a
    reason taller than that alone on a page, which shows it in small print).

    >>> reason_pages("red: 9", ("Best tower: 8", "Region variety: 1 region = 0"), (128, 64))
    [('Best tower: 8', 'Region variety: 1 region = 0')]
    >>> long = tuple(f"Prizes: {n} trophies x 5 + 1 medal x 3 = 13" for n in range(4))
    >>> [len(p) for p in reason_pages("red: 9", long, (128, 64))]
    [2, 2]
    """
    c = Canvas(size, "1")
    top = body_top(c, title)
    above_footer = len(body_rows(c, c.height - LINE, top))
    tall = [len(wrap(x, c.width - 2, len(x) + 1)) for x in lines]
    if _shown_whole(c, lines, top, above_footer, sum(tall)):
        return [lines]
    pages: list[tuple[str, ...]] = []
    page: list[str] = []
    rows = 0
    for line, n in zip(lines, tall, strict=True):
        if page and rows + n > above_footer:
            pages.append(tuple(page))
            page, rows = [], 0
        page.append(line)
        rows += n
    return [*pages, tuple(page)] if page else pages


def _shown_whole(c: Canvas, lines: tuple[str, ...], top: int, above_footer: int, tall: int) -> bool:
    """`draw_announce` shows every reason whole with no alert: as many as the rows above the footer,
    each wrapped onto the spare rows; more, each on a row of its own (the footer moved to the
    title's end or left out), in two columns on a wide display, or in small print."""
    if len(lines) <= above_footer:
        return tall <= above_footer
    rows = body_rows(c, c.height + 1, top)
    if len(lines) <= len(rows) and all(width(x) <= c.width - 2 for x in lines):
        return True
    half = (c.width - 2 - GLYPH_W) // 2
    if (
        c.width >= WIDE
        and all(width(x) <= half for x in lines)
        and (len(lines) + 1) // 2 <= len(rows)
    ):
        return True
    small = all(text_width(x, TINY) <= c.width - 2 for x in lines)
    return small and len(lines) <= (c.height - top) // SMALL_PITCH


def _compact_reasons(c: Canvas, ui: MainUI, bottom: int) -> bool:
    """More reasons than rows above the footer ("10/13 ● next"): all of them and the footer
    still, in two columns on a wide display when each reason fits half the row, else in rows
    of small print when those hold them; when neither holds them above the footer (an alert
    takes rows), the footer's row too, the footer at the title's end if it fits there (the pads
    say ● goes on). False (nothing drawn) when the big rows are enough, the footer fits at the
    title's end, or neither way holds them."""
    lines, footer = list(ui.lines), ui.footer
    top = body_top(c, ui.title)
    footer_y = bottom - LINE - 1
    rows = body_rows(c, footer_y + 1, top)
    if not footer or footer_y < BODY or len(lines) <= len(rows):
        return False
    beside_title = fits_beside_title(c, ui)
    if beside_title and len(lines) <= len(body_rows(c, bottom + 1, top)):
        return False  # titled() puts the footer at the title row's end
    half = (c.width - 2 - GLYPH_W) // 2
    tall = (len(lines) + 1) // 2
    fits = all(text_width(x, TINY) <= c.width - 2 for x in lines)
    for end in (footer_y, bottom):  # above the footer, else down to the alerts
        rows = body_rows(c, end + 1, top)
        columns = c.width >= WIDE and all(width(x) <= half for x in lines) and tall <= len(rows)
        small = fits and len(lines) <= (end - top) // SMALL_PITCH
        if columns or small:
            break
    else:
        return False
    top = title_rule(c, ui.title)
    if end == footer_y:
        c.row(footer_y, footer)
    elif beside_title:
        c.right(0, footer)
    for i, line in enumerate(lines):
        if columns:
            c.row(top + (i % tall) * LINE, line, 1 + (i // tall) * (half + GLYPH_W), half)
        else:
            small_print(c, 1, top + 1 + i * SMALL_PITCH, line, c.width - 2)
    return True


def _shorter_title(title: str, view: dict[str, Any]) -> str:
    """The players' and the area's short names: "Castilla la Nueva: blue 7" → "C.Nueva: blu 7"."""
    for p in view.get("players") or []:
        name = _(p)  # as the title names them
        title = re.sub(rf"\b{re.escape(name)}\b", name[:3], title)
    data = game_data()
    for area in data.areas:
        title = title.replace(data.area_name(area), data.short_name(area))
    return title
