"""The main display: one layout per `MainUI.screen`, for 128×64 (SSD1306) and 256×64 (SSD1322).

Rows are 10 px apart. A page has a title row, a rule under it, then body rows; alerts take the
bottom rows, inverted, on every page (two of them in small print when a scoring's reasons need
the rows). The game page keeps the table at a glance on both sizes: a column a player in turn
order (name, power card, score), the King's region and the cards on offer (in small print on
128 px), then who is still choosing and what is asked. Only the public view is read: who is
still choosing a secret is shown, never what anyone chose.

>>> from companion.screens.model import MainUI
>>> view = {"round": 3, "rounds": list(range(1, 10)), "phase": "bidding", "king": "sevilla",
...         "face_up": ["1a", "5"], "decision": None, "players": ["red"], "scores": {"red": 4},
...         "winners": []}
>>> render_main(view, MainUI(), (256, 64), "L").mode
'L'
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from PIL import Image

from companion.elgrande.data import game_data
from companion.screens.canvas import Canvas
from companion.screens.chart import render_chart
from companion.screens.game_page import BODY, WIDE, draw_game, small_print
from companion.screens.game_page import SMALL as SMALL_PITCH
from companion.screens.legacy_text import TINY, draw_legacy, text_width, tiny_fit
from companion.screens.model import MainUI
from companion.screens.pair_page import draw_pair
from companion.screens.text import GLYPH_H, GLYPH_W, LINE, width, wrap

RANKING_W = 100  # the final ranking's column beside the chart on a wide display


def render_main(view: dict[str, Any], ui: MainUI, size: tuple[int, int], mode: str) -> Image.Image:
    """The main display: the page `ui` asks for, drawn from the public view."""
    layout = LAYOUTS.get(ui.screen)
    if layout is None:
        raise ValueError(f"unknown main screen {ui.screen!r}; accepted: {', '.join(LAYOUTS)}")
    c = Canvas(size, mode)
    bottom = _alerts(c, ui.alerts, small=_reasons_crowded(c, ui))
    layout(c, view, ui, bottom)
    return c.image


def render_chart_page(
    history: list[dict[str, Any]],
    players: list[str],
    size: tuple[int, int],
    mode: str,
    alerts: tuple[str, ...] = (),
) -> Image.Image:
    """The score chart on the whole display (the final page's second page), the alerts under
    it as on every page: a "NOT SAVED" stays in sight while the table looks at the chart."""
    c = Canvas(size, mode)
    bottom = _alerts(c, alerts)
    c.image.paste(render_chart(history, players, (c.width, bottom), mode), (0, 0))
    return c.image


def _body_rows(c: Canvas, bottom: int, top: int = BODY) -> list[int]:
    """The y of each body row that fits above `bottom`."""
    return list(range(top, bottom - LINE, LINE)) if bottom - top >= LINE + 1 else []


def _reasons_crowded(c: Canvas, ui: MainUI) -> bool:
    """Under two alerts' rows a scoring's reasons (and its footer, unless it goes at the
    title's end) would not all fit even in small print."""
    if ui.screen != "announce" or len(ui.alerts) < 2:
        return False
    top = _body_top(c, ui.title)
    room = (c.height - 2 * (LINE + 1) - top) // SMALL_PITCH
    beside_title = _fits_beside_title(c, ui)
    return len(ui.lines) + (bool(ui.footer) and not beside_title) > room


def _alerts(c: Canvas, alerts: tuple[str, ...], *, small: bool = False) -> int:
    """Draw the alerts inverted on the bottom rows (at most two); returns the first row's y.
    ``small``: two alerts in small print on one band, 13 px tall instead of 22, so that every
    reason of a scoring still shows."""
    if small:
        shown = alerts[-2:]
        top = c.height - len(shown) * SMALL_PITCH - 1
        c.draw.rectangle((0, top, c.width - 1, c.height - 1), fill=c.ink)
        for i, alert in enumerate(shown):
            line = tiny_fit("! " + alert, c.width - 2)
            draw_legacy(c.draw, (1, top + 1 + i * SMALL_PITCH), line, 0, TINY)
        return top
    bottom = c.height
    # A lone alert too long for its row takes a second one rather than lose its end.
    rows = [
        r for a in alerts[-2:] for r in wrap("! " + a, c.width - 2, 2 if len(alerts) == 1 else 1)
    ]
    for row in reversed(rows):
        y = bottom - LINE - 1
        if y < BODY:
            break
        c.inverted(y, row)
        bottom = y
    return bottom


# -- pages built by the app ----------------------------------------------------------------------


def _titled(c: Canvas, ui: MainUI, bottom: int, lines: list[str], cursor: int | None) -> None:
    """Title, rule, the lines (scrolled so the cursor shows), the footer on the last row.

    Lines with no cursor to scroll to (a ranking, a score table) must all show: if the footer's
    row would hide the last of them, the footer moves to the title row's right end, or is left
    out when it does not fit there (the pads say which keys act, too)."""
    footer = ui.footer
    top = _body_top(c, ui.title)
    crowded = cursor is None and len(lines) > len(_body_rows(c, bottom - LINE, top))
    if footer and crowded and len(lines) <= len(_body_rows(c, bottom + 1, top)):
        if _fits_beside_title(c, ui):
            c.right(0, footer)
        footer = ""
    top = _title(c, ui.title)
    if footer:
        y = bottom - LINE - 1
        if y >= BODY:
            c.row(y, footer)
            bottom = y
    rows = _body_rows(c, bottom + 1, top)
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


def _title(c: Canvas, title: str) -> int:
    """The title and the rule under it; a title too long for its row takes a second one.
    Returns the first body row's y."""
    lines = wrap(title, c.width - 2, _title_lines(c, title))
    for i, line in enumerate(lines or [""]):
        c.row(i * LINE, line)
    rule = 11 + (len(lines) - 1) * LINE
    c.rule(rule)
    return rule + 2


def _title_lines(c: Canvas, title: str) -> int:
    return 1 if width(title) <= c.width - 2 else 2


def _body_top(c: Canvas, title: str) -> int:
    """The first body row's y under `title` (one row, or two for a long one), as `_title`
    will draw it: for the layouts that count their rows before drawing."""
    return _title_lines(c, title) * LINE + 3


def _fits_beside_title(c: Canvas, ui: MainUI) -> bool:
    """The footer ("● next") fits at the title row's right end, a glyph's gap between them."""
    return width(ui.title) + GLYPH_W + width(ui.footer) <= c.width


def _page(c: Canvas, view: dict[str, Any], ui: MainUI, bottom: int) -> None:
    _titled(c, ui, bottom, list(ui.lines), ui.cursor)


def _announce(c: Canvas, view: dict[str, Any], ui: MainUI, bottom: int) -> None:
    # A title naming many players takes their short names rather than lose the last.
    if len(wrap(ui.title, c.width - 2, 9)) > 2:
        ui = dataclasses.replace(ui, title=_shorter_title(ui.title, view))
    if _compact_reasons(c, ui, bottom):
        return
    # Reasons are long: on a narrow screen each wraps onto the rows there is room for, else
    # shows in small print, with the players' short names if it is still too long.
    top = _body_top(c, ui.title)
    spare = len(_body_rows(c, bottom + 1, top)) - (1 if ui.footer else 0) - len(ui.lines)
    too_long = [x for x in ui.lines if text_width(x, TINY) > c.width - 2]
    if too_long and spare < len(too_long) and ui.footer:
        ui, spare = dataclasses.replace(ui, footer=""), spare + 1  # the pads say ● goes on
    lines: list[str] = []
    for line in ui.lines:
        if width(line) > c.width - 2 and spare > 0:
            parts = wrap(line, c.width - 2, spare + 1)
            spare -= len(parts) - 1
            lines += parts
        elif text_width(line, TINY) > c.width - 2:
            lines.append(_shorter_title(line, view))  # short names rather than a cut row
        else:
            lines.append(line)
    _titled(c, ui, bottom, lines, None)


def _compact_reasons(c: Canvas, ui: MainUI, bottom: int) -> bool:
    """More reasons than rows above the footer ("10/13 ● next"): all of them and the footer
    still, in two columns on a wide display when each reason fits half the row, else in rows
    of small print when those hold them; when neither holds them above the footer (an alert
    takes rows), the footer's row too, the footer at the title's end if it fits there (the pads
    say ● goes on). False (nothing drawn) when the big rows are enough, the footer fits at the
    title's end, or neither way holds them."""
    lines, footer = list(ui.lines), ui.footer
    top = _body_top(c, ui.title)
    footer_y = bottom - LINE - 1
    rows = _body_rows(c, footer_y + 1, top)
    if not footer or footer_y < BODY or len(lines) <= len(rows):
        return False
    beside_title = _fits_beside_title(c, ui)
    if beside_title and len(lines) <= len(_body_rows(c, bottom + 1, top)):
        return False  # _titled puts the footer at the title row's end
    half = (c.width - 2 - GLYPH_W) // 2
    tall = (len(lines) + 1) // 2
    fits = all(text_width(x, TINY) <= c.width - 2 for x in lines)
    for end in (footer_y, bottom):  # above the footer, else down to the alerts
        rows = _body_rows(c, end + 1, top)
        columns = c.width >= WIDE and all(width(x) <= half for x in lines) and tall <= len(rows)
        small = fits and len(lines) <= (end - top) // SMALL_PITCH
        if columns or small:
            break
    else:
        return False
    top = _title(c, ui.title)
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
        title = re.sub(rf"\b{re.escape(p)}\b", p[:3], title)
    data = game_data()
    for area in data.areas:
        title = title.replace(data.area_name(area), data.short_name(area))
    return title


def _privacy(c: Canvas, view: dict[str, Any], ui: MainUI, bottom: int) -> None:
    """One player looks: the title twice the size, centred, so it reads from the seat, when
    every line still has a row under it; else in one row (a 64-pixel display has two rows under
    the big title and four under a small one: a prompt of two rows and the entry need three)."""
    big = _big_text(ui.title, c)
    top = BODY if big is None else 1 + big.height + 2
    rows = _privacy_rows(c, ui, bottom, top)
    if big is not None and len(rows) < len(ui.lines):
        big, top = None, BODY
        rows = _privacy_rows(c, ui, bottom, top)
    if big is not None:
        c.image.paste(big, ((c.width - big.width) // 2, 1), big.convert("1"))
    else:
        c.row(0, ui.title)
    footer_y = bottom - LINE - 1
    if ui.footer and footer_y >= top:
        c.row(footer_y, ui.footer)
    first = 0
    if len(rows) < len(ui.lines) and ui.cursor is not None:
        # Fewer rows than lines (an alert takes some): the entry the player picks (the cursor's
        # line) stays, and what follows it (a notice), before the prompt's first rows.
        first = max(0, min(ui.cursor, len(ui.lines) - len(rows)))
    for i, (y, line) in enumerate(zip(rows, ui.lines[first:], strict=False), start=first):
        if i == ui.cursor:  # the entry a player picks on the main display (a pad without one)
            c.inverted(y, line)
        else:
            c.row(y, line)


def _privacy_rows(c: Canvas, ui: MainUI, bottom: int, top: int) -> list[int]:
    """The private page's body rows under `top`: above the footer's row when it has one."""
    footer_y = bottom - LINE - 1
    if ui.footer and footer_y >= top:
        bottom = footer_y
    return _body_rows(c, bottom + 1, top)


def _big_text(text: str, c: Canvas) -> Image.Image | None:
    if not text or width(text) * 2 > c.width - 2:
        return None
    small = Canvas((width(text) + 1, GLYPH_H), c.image.mode)
    small.row(0, text, 0)
    return small.image.resize((small.width * 2, small.height * 2), Image.Resampling.NEAREST)


def _final(c: Canvas, view: dict[str, Any], ui: MainUI, bottom: int) -> None:
    winners = view.get("winners") or []
    title = ui.title or ("Winner: " + " and ".join(winners) if winners else "Game over")
    lines = [*ranking_lines(view), *ui.lines]
    if ui.history and c.width >= WIDE:
        # Ranking on the left, the score progression beside it.
        split = RANKING_W
        chart = render_chart(
            ui.history,
            list(view.get("scores") or {}),
            (c.width - split, bottom - BODY),
            c.image.mode,
        )
        c.image.paste(chart, (split, BODY))
        ranking = Canvas((split, c.height), c.image.mode)
        _titled(ranking, MainUI(screen="final", title=title, footer=ui.footer), bottom, lines, None)
        c.image.paste(ranking.image.crop((0, 0, split, bottom)), (0, 0))
        c.rule(11)
        return
    _titled(c, MainUI(screen="final", title=title, footer=ui.footer), bottom, lines, None)


def ranking_lines(view: dict[str, Any]) -> list[str]:
    """ "1 red 157", … : the winners first (a tie-break may order equal scores), ties share a
    place."""
    scores: dict[str, int] = view.get("scores") or {}
    winners = view.get("winners") or []
    order = sorted(scores, key=lambda p: (p not in winners, -scores[p]))
    lines, place = [], 0
    for i, p in enumerate(order):
        key = (scores[p], p in winners)
        tied = i > 0 and key == (scores[order[i - 1]], order[i - 1] in winners)
        place = place if tied else i + 1
        lines.append(f"{place} {p} {scores[p]}")
    return lines


Layout = Callable[[Canvas, dict[str, Any], MainUI, int], None]
LAYOUTS: dict[str, Layout] = {
    "game": draw_game,
    "setup": _page,
    "announce": _announce,
    "privacy": _privacy,
    "final": _final,
    "message": _page,
    "pair": draw_pair,
}
