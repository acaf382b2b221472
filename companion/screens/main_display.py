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

from collections.abc import Callable
from typing import Any

from PIL import Image

from companion.i18n import _
from companion.screens.announce_page import draw_announce
from companion.screens.canvas import Canvas
from companion.screens.chart import render_chart
from companion.screens.game_page import BODY, WIDE, draw_game, winner_line
from companion.screens.game_page import SMALL as SMALL_PITCH
from companion.screens.legacy_text import TINY, draw_legacy, tiny_fit
from companion.screens.model import MainUI
from companion.screens.pair_page import draw_pair
from companion.screens.text import GLYPH_H, LINE, width, wrap
from companion.screens.titled import (
    body_rows,
    body_top,
    draw_small_rows,
    fits_beside_title,
    small_rows,
    titled,
)

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


def _reasons_crowded(c: Canvas, ui: MainUI) -> bool:
    """Under two alerts' rows a scoring's reasons (and its footer, unless it goes at the
    title's end) would not all fit even in small print."""
    if ui.screen != "announce" or len(ui.alerts) < 2:
        return False
    top = body_top(c, ui.title)
    room = (c.height - 2 * (LINE + 1) - top) // SMALL_PITCH
    beside_title = fits_beside_title(c, ui)
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


def _page(c: Canvas, view: dict[str, Any], ui: MainUI, bottom: int) -> None:
    titled(c, ui, bottom, list(ui.lines), ui.cursor)


def _ledger(c: Canvas, view: dict[str, Any], ui: MainUI, bottom: int) -> None:
    """A page of sentences (who enters what, the last note, the scores), each wrapped whole onto
    the rows; in small print when the big rows do not hold them, rather than cut or leave out
    one."""
    rows = [r for x in ui.lines for r in wrap(x, c.width - 2, len(x) + 1)]
    room = len(body_rows(c, bottom + 1, body_top(c, ui.title)))
    if len(rows) > room - bool(ui.footer) and small_rows(c, ui, bottom, True) is not None:
        draw_small_rows(c, ui, bottom, True)
        return
    titled(c, ui, bottom, rows, None)


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
    return body_rows(c, bottom + 1, top)


def _big_text(text: str, c: Canvas) -> Image.Image | None:
    if not text or width(text) * 2 > c.width - 2:
        return None
    small = Canvas((width(text) + 1, GLYPH_H), c.image.mode)
    small.row(0, text, 0)
    return small.image.resize((small.width * 2, small.height * 2), Image.Resampling.NEAREST)


def _final(c: Canvas, view: dict[str, Any], ui: MainUI, bottom: int) -> None:
    winners = view.get("winners") or []
    title = ui.title or (winner_line(winners) if winners else _("Game over"))
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
        titled(ranking, MainUI(screen="final", title=title, footer=ui.footer), bottom, lines, None)
        c.image.paste(ranking.image.crop((0, 0, split, bottom)), (0, 0))
        c.rule(11)
        return
    titled(c, MainUI(screen="final", title=title, footer=ui.footer), bottom, lines, None)


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
        lines.append(f"{place} {_(p)} {scores[p]}")
    return lines


Layout = Callable[[Canvas, dict[str, Any], MainUI, int], None]
LAYOUTS: dict[str, Layout] = {
    "game": draw_game,
    "setup": _page,
    "announce": draw_announce,
    "privacy": _privacy,
    "final": _final,
    "message": _page,
    "ledger": _ledger,
    "pair": draw_pair,
}
