"""The main display: one layout per `MainUI.screen`, for 128×64 (SSD1306) and 256×64 (SSD1322).

Rows are 10 px apart. A page has a title row, a rule under it, then body rows; alerts take the
bottom rows, inverted, on every page. Only the public view is read: who is still choosing a secret
is shown, never what anyone chose.

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

from companion.elgrande.data import game_data
from companion.screens.canvas import Canvas
from companion.screens.chart import render_chart
from companion.screens.model import MainUI
from companion.screens.names import short_area
from companion.screens.text import GLYPH_H, GLYPH_W, LINE, width, wrap

BODY = 13  # the first body row: below the title row (0–10) and the rule (11)
WIDE = 200  # from this width on, two facts share a row
RANKING_W = 100  # the final ranking's column beside the chart on a wide display

PHASES = {
    "setup": "Set-up",
    "bidding": "Bids",
    "turns": "Turns",
    "round_end": "",
    "scoring": "Scoring",
    "over": "The end",  # "Game over" would not fit beside the round track on 128 px
}


def render_main(view: dict[str, Any], ui: MainUI, size: tuple[int, int], mode: str) -> Image.Image:
    """The main display: the page `ui` asks for, drawn from the public view."""
    layout = LAYOUTS.get(ui.screen)
    if layout is None:
        raise ValueError(f"unknown main screen {ui.screen!r}; accepted: {', '.join(LAYOUTS)}")
    c = Canvas(size, mode)
    bottom = _alerts(c, ui.alerts)
    layout(c, view, ui, bottom)
    return c.image


def _body_rows(c: Canvas, bottom: int, top: int = BODY) -> list[int]:
    """The y of each body row that fits above `bottom`."""
    return list(range(top, bottom - LINE, LINE)) if bottom - top >= LINE + 1 else []


def _alerts(c: Canvas, alerts: tuple[str, ...]) -> int:
    """Draw the alerts inverted on the bottom rows (at most two); returns the first row's y."""
    bottom = c.height
    for alert in reversed(alerts[-2:]):
        y = bottom - LINE - 1
        if y < BODY:
            break
        c.inverted(y, "! " + alert)
        bottom = y
    return bottom


# -- the game ------------------------------------------------------------------------------------


def _game(c: Canvas, view: dict[str, Any], ui: MainUI, bottom: int) -> None:
    wide = c.width >= WIDE
    x = _round_header(c, view)
    king = f"King: {short_area(view['king'])}" if view.get("king") else ""
    cards = "Cards: " + " ".join(view.get("face_up") or []) if view.get("face_up") else ""
    if ui.footer and bottom - LINE - 1 >= BODY:  # the keys that act now, e.g. "hold ● undo"
        bottom -= LINE + 1
        c.row(bottom, ui.footer)
    rows = _body_rows(c, bottom)
    who = who_line(view, c.width - 2)
    facts = [who, cards] if wide else [king, cards, who]
    if wide:
        c.right(0, king, c.width - x - GLYPH_W * 2)
    facts = [f for f in facts if f]
    prompt = ui.title or _prompt(view)  # the app may word the prompt itself
    # The prompt keeps at least one row and the app's lines (the active player's menu, a
    # refusal) theirs; the King and the cards give their rows up first.
    while facts and len(facts) + (1 if prompt else 0) + len(ui.lines) > len(rows):
        facts.pop(0)
    n_facts = len(facts)
    for y, fact in zip(rows, facts, strict=False):
        c.row(y, fact)
    prompt_rows = rows[n_facts:]
    room = max(len(prompt_rows) - len(ui.lines), 1 if prompt and ui.lines else 0)
    lines = wrap(prompt, c.width - 2, room if ui.lines else len(prompt_rows)) if prompt else []
    lines = [*lines[: max(len(prompt_rows) - len(ui.lines), 0)], *ui.lines]
    for y, line in zip(prompt_rows, lines, strict=False):
        c.row(y, line)


def _round_header(c: Canvas, view: dict[str, Any]) -> int:
    """Round n/9, a track of the nine rounds (scoring rounds underlined), the phase; returns the
    x where the header's text ends."""
    data = game_data()
    rnd = view.get("round")
    label = f"R{rnd}/{data.rounds}" if rnd else "El Grande"
    x = 1 + c.row(0, label) + GLYPH_W // 2
    played = set(view.get("rounds") or range(1, data.rounds + 1))
    cell = 5  # 4 px wide, 1 px gap
    if x + cell * data.rounds + GLYPH_W <= c.width:
        for n in range(1, data.rounds + 1):
            left = x + (n - 1) * cell
            box = (left, 1, left + 3, 7)
            if n not in played:
                c.draw.point((left + 1, 4), fill=c.ink)  # a skipped round (short game)
            elif rnd and n < rnd:
                c.draw.rectangle((left, 5, left + 3, 7), fill=c.ink)
            elif rnd and n == rnd:
                c.draw.rectangle(box, fill=c.ink)
            else:
                c.draw.rectangle(box, outline=c.ink)
            if n in data.general_scoring_after:
                c.draw.line((left, 9, left + 3, 9), fill=c.ink)
        x += cell * data.rounds + GLYPH_W // 2
    phase = PHASES.get(view.get("phase") or "", view.get("phase") or "")
    return x + c.row(0, phase, x)


def who_line(view: dict[str, Any], room: int = 10**6) -> str:
    """Who the device waits for; in a secret step, who is still choosing (never what). Names
    shrink to three letters when the row is short."""
    if view.get("winners"):
        return "Winner: " + " and ".join(view["winners"])
    decision = view.get("decision")
    if not decision:
        return ""
    label = "Choosing: " if decision.get("secret") else "Waiting: "
    players = decision.get("players") or []
    full = label + " ".join(players)
    return full if width(full) <= room else label + " ".join(p[:3] for p in players)


def _prompt(view: dict[str, Any]) -> str:
    decision = view.get("decision")
    return decision.get("prompt", "") if decision else ""


# -- pages built by the app ----------------------------------------------------------------------


def _titled(c: Canvas, ui: MainUI, bottom: int, lines: list[str], cursor: int | None) -> None:
    """Title, rule, the lines (scrolled so the cursor shows), the footer on the last row.

    Lines with no cursor to scroll to (a ranking, a score table) must all show: if the footer's
    row would hide the last of them, the footer moves to the title row's right end, or is left
    out when it does not fit there (the pads say which keys act, too)."""
    footer = ui.footer
    crowded = cursor is None and len(lines) > len(_body_rows(c, bottom - LINE))
    if footer and crowded and len(lines) <= len(_body_rows(c, bottom + 1)):
        if width(ui.title) + GLYPH_W + width(footer) <= c.width:
            c.right(0, footer)
        footer = ""
    c.row(0, ui.title)
    c.rule(11)
    if footer:
        y = bottom - LINE - 1
        if y >= BODY:
            c.row(y, footer)
            bottom = y
    rows = _body_rows(c, bottom + 1)
    first = 0
    if cursor is not None and rows:
        first = min(max(cursor - len(rows) + 1, 0), max(len(lines) - len(rows), 0))
    for i, (y, line) in enumerate(zip(rows, lines[first:], strict=False)):
        if cursor is not None and first + i == cursor:
            c.inverted(y, line)
        else:
            c.row(y, line)


def _page(c: Canvas, view: dict[str, Any], ui: MainUI, bottom: int) -> None:
    _titled(c, ui, bottom, list(ui.lines), ui.cursor)


def _announce(c: Canvas, view: dict[str, Any], ui: MainUI, bottom: int) -> None:
    # Reasons are long: on a narrow screen each wraps onto a second row when there is room.
    spare = len(_body_rows(c, bottom + 1)) - (1 if ui.footer else 0) - len(ui.lines)
    lines: list[str] = []
    for line in ui.lines:
        if width(line) > c.width - 2 and spare > 0:
            parts = wrap(line, c.width - 2, 2)
            spare -= len(parts) - 1
            lines += parts
        else:
            lines.append(line)
    _titled(c, ui, bottom, lines, None)


def _privacy(c: Canvas, view: dict[str, Any], ui: MainUI, bottom: int) -> None:
    """One player looks: the title twice the size, centred, so it reads from the seat."""
    big = _big_text(ui.title, c)
    if big is not None:
        c.image.paste(big, ((c.width - big.width) // 2, 1), big.convert("1"))
        top = 1 + big.height + 2
    else:
        c.row(0, ui.title)
        top = BODY
    footer_y = bottom - LINE - 1
    if ui.footer and footer_y >= top:
        c.row(footer_y, ui.footer)
        bottom = footer_y
    for i, (y, line) in enumerate(zip(_body_rows(c, bottom + 1, top), ui.lines, strict=False)):
        if i == ui.cursor:  # the entry a player picks on the main display (a pad without one)
            c.inverted(y, line)
        else:
            c.row(y, line)


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
    "game": _game,
    "setup": _page,
    "announce": _announce,
    "privacy": _privacy,
    "final": _final,
    "message": _page,
}
