"""The sim's screen, composed as text: a layout for 80×24 and one for larger terminals.

`frame(snap, rows, cols)` is pure: it takes a `Snapshot` of what may be shown (gathered under the
app's lock) and returns the terminal's rows. Small (80×24 up to the large size): the header,
board and players side by side, the main display, the person's pads, a few log lines and the key
legend. Large (at least LARGE): the same on the left, the main display taller, and the log pane
the whole height on the right. Below MINIMUM: a message saying the size needed.

>>> snap = Snapshot(None, MainUI("setup", "Start?"), (), (), 0, "Esc quit", "")
>>> rows = frame(snap, 24, 80)
>>> len(rows), rows[-1].startswith("Esc quit")
(24, True)
>>> frame(snap, 20, 60)[:2]
['The sim needs a terminal of at least 80×24; this one is', '60×20.']
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

from companion.app.localized import words_of
from companion.commands.sim_board import (
    board_lines,
    board_width,
    ledger_lines,
    player_lines,
    round_line,
)
from companion.i18n import _
from companion.screens import MainUI
from companion.session.views import TableView

MINIMUM = (24, 80)  # rows, columns
LARGE = (32, 130)
LEFT = 80  # the columns of the board, players, main display and pads


@dataclass(frozen=True)
class Snapshot:
    """What the sim may show now: public things, and the person's own seats' pads."""

    view: TableView | None  # None: no game yet (the setup screen)
    main: MainUI  # the main display's page (a bot's private page already hidden)
    seats: tuple[str, ...]  # the person's pads, one line each, then the bots' (if shown)
    log: tuple[str, ...]  # the log pane's lines, already scrolled
    back: int  # how many lines the log is scrolled back
    legend: str
    notice: str  # a question (quit?) or a warning shown over the header
    announcing: int | None = None  # the round whose scoring the main display announces


def wrap(text: str, width: int, lines: int) -> list[str]:
    """`text` in at most `lines` lines of `width` characters (cut with "…")."""
    return textwrap.wrap(text, width, max_lines=lines, placeholder=" …") or [""]


def main_lines(ui: MainUI, view: TableView | None, width: int) -> list[str]:
    """The main display's page as text: title, lines (the cursor's marked), footer, alerts."""
    title = ui.title
    if not title and ui.screen == "game" and view is not None and view.decision is not None:
        title = words_of(view.game)(view.decision.prompt)
    if ui.screen == "final" and view is not None:
        ranked = sorted(view.players, key=lambda p: -view.scores.get(p, 0))
        winners = ", ".join(_(w) for w in view.winners)
        title = _("Game over. Winner: {items}").format(items=winners)
        ranking = "  ".join(f"{i}. {_(p)} {view.scores.get(p, 0)}" for i, p in enumerate(ranked, 1))
        body = wrap(ranking, width, 2)  # on one line where it fits: 80×24 keeps the board
    else:
        body = [_marked(line, i == ui.cursor) for i, line in enumerate(ui.lines)]
    out = wrap(title, width, 2) if title else []
    out += [line[:width] for line in body]
    out += [f"! {a}"[:width] for a in ui.alerts]
    if ui.footer:
        out.append(f"[{ui.footer}]"[:width])
    return out


def _marked(line: str, at_cursor: bool) -> str:
    """A body line, the cursor's marked "▶ "; an entry that shows its own arrows ("◀ power
    cards 1-7 ▶", the private page's) is the mark itself."""
    if at_cursor and line.startswith("◀ "):
        return line
    return ("▶ " if at_cursor else "  ") + line


def frame(snap: Snapshot, rows: int, cols: int) -> list[str]:
    """The terminal's rows, each at most `cols - 1` wide (the last column is left alone)."""
    if rows < MINIMUM[0] or cols < MINIMUM[1]:
        return _too_small(snap, rows, cols)
    large = rows >= LARGE[0] and cols >= LARGE[1]
    width = LEFT - 1 if large else cols - 1
    grid = [""] * rows
    name = snap.view.game_name if snap.view else _("Table companion")
    where = round_line(snap.view, snap.announcing) if snap.view else _("set-up")
    header = f"{name} sim · {where}"
    grid[0] = (snap.notice or header)[:width]
    y = 1
    # A scoring's page needs the rows at 80×24: the board gives them up until it is heard.
    board = snap.view is not None and (large or snap.main.screen != "announce")
    log_h = 0 if large else log_height(rows, cols)
    log_top = rows - 1 - (log_h + 1 if log_h else 0)  # the log sits on the legend
    if board and snap.view is not None and snap.view.page == "ledger":
        room = log_top - min(len(snap.seats), 5) - 4 - y
        for line in _fit(ledger_lines(snap.view, width), max(room, 2), "…"):
            grid[y] = line
            y += 1
    elif board and snap.view is not None:
        board_w = board_width(snap.view)
        left = board_lines(snap.view)
        right = player_lines(snap.view, width - board_w - 1)
        # The players' facts may go on below the board, as long as the main display keeps
        # its title, a line and its footer, and the person's pads their rows.
        room = log_top - min(len(snap.seats), 5) - 4 - y
        right = _fit(right, max(len(left), min(len(right), room)), "…")
        for i in range(max(len(left), len(right))):
            a = left[i] if i < len(left) else ""
            b = right[i] if i < len(right) else ""
            grid[y + i] = f"{a[:board_w]:<{board_w}} {b}"[:width]
        y += max(len(left), len(right))
    # The pads' lines, leaving the main display its title and footer at least.
    seats_h = min(len(snap.seats), 5, max(log_top - y - 3, 0))
    seats_top = log_top - seats_h  # the person's pads on the log
    main_h = seats_top - y - 1
    panel = _("main display")
    grid[y] = f"── {panel} ".ljust(width, "─")[:width]
    y += 1
    main = main_lines(snap.main, snap.view, width)
    footer = main[-1:] if snap.main.footer else []  # the keys that act now: always shown
    for line in [*_fit_cursor(main[: len(main) - len(footer)], main_h - len(footer)), *footer]:
        grid[y] = line
        y += 1
    for i, line in enumerate(snap.seats[:seats_h]):
        grid[seats_top + i] = line[:width]
    if log_h:
        grid[log_top] = _log_title(snap.back, width)
        for i, line in enumerate(wrapped(snap.log, width)[-log_h:]):
            grid[log_top + 1 + i] = line
    else:
        log_w = cols - LEFT - 3  # after "│ ", up to the last column (left alone)
        grid[0] = f"{grid[0]:<{LEFT}}│ " + _log_title(snap.back, log_w)
        shown = wrapped(snap.log, log_w)[-(rows - 2) :]
        for i in range(1, rows - 1):
            line = shown[i - 1] if i - 1 < len(shown) else ""
            grid[i] = f"{grid[i]:<{LEFT}}│ {line}"
    grid[rows - 1] = snap.legend[: cols - 1]
    return [line[: cols - 1] for line in grid]


def _too_small(snap: Snapshot, rows: int, cols: int) -> list[str]:
    """What a terminal smaller than MINIMUM shows instead of the game, which goes on: the size
    it needs, as much of it as fits (a window one column wide has room for none of it)."""
    width = cols - 1
    if width < 8:  # too narrow for words that wrap: the placeholder " …" alone takes two
        return ["too small"[:width]][: max(rows, 0)] if width > 0 else []
    need = f"{MINIMUM[1]}×{MINIMUM[0]}"
    msg = f"The sim needs a terminal of at least {need}; this one is {cols}×{rows}."
    lines = [*wrap(msg, width, 3), *wrap("Enlarge it, or Esc to quit.", width, 2)]
    return [*lines, *(wrap(snap.notice, width, 3) if snap.notice else [])][: max(rows, 0)]


def wrapped(lines: Sequence[str], width: int) -> list[str]:
    """The log's lines as the pane shows them: a long line goes on over the next rows (indented)
    instead of being cut, so nothing said is lost off the pane's edge.

    >>> wrapped(["Blue takes a card: place a new one or move one", "ok"], 20)
    ['Blue takes a card:', '  place a new one or', '  move one', 'ok']
    """
    rows: list[str] = []
    for line in lines:
        rows += textwrap.wrap(line, width, subsequent_indent="  ") or [""]
    return rows


def log_height(rows: int, cols: int) -> int:
    """How many log lines the layout for this size shows (the sim scrolls by this much)."""
    if rows >= LARGE[0] and cols >= LARGE[1]:
        return rows - 2
    return max(3, rows - 24 + 3)


def _log_title(back: int, width: int) -> str:
    where = _("scrolled back {n}, End: newest").format(n=back) if back else _("PgUp/PgDn scroll")
    title = _("log")
    return f"── {title} ({where}) ".ljust(width, "─")[:width]


def _fit_cursor(lines: Sequence[str], height: int) -> list[str]:
    """The main display's lines in `height` rows; when cut, the cursor's line (`_marked`: the
    entry a person picks on the private page or the setup screen) stays, in the last row.

    >>> _fit_cursor(["Only yellow looks", "  Choose your card", "◀ 1-7 ▶"], 2)
    ['Only yellow looks', '◀ 1-7 ▶']
    """
    cursor = next((i for i, line in enumerate(lines) if line.startswith(("▶ ", "◀ "))), None)
    if cursor is None or cursor < height - 1 or len(lines) <= height or height < 2:
        return _fit(lines, height)
    return [*lines[: height - 1], lines[cursor]]


def _fit(lines: Sequence[str], height: int, more: str = "… (the rest is in the log)") -> list[str]:
    """At most `height` lines; when cut, the last shown says more is left out (`more`)."""
    if len(lines) <= height:
        return list(lines)
    if height <= 0:
        return []
    return [*lines[: height - 1], more]
