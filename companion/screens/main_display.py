"""The main display: one layout per `MainUI.screen`, for 128×64 (SSD1306) and 256×64 (SSD1322).

Rows are 10 px apart. A page has a title row, a rule under it, then body rows; alerts take the
bottom rows, inverted, on every page. The game page keeps the table at a glance on both sizes:
a column a player in turn order (name, power card, score), the King's region and the cards on
offer (in small print on 128 px), then who is still choosing and what is asked. Only the
public view is read: who is still choosing a secret is shown, never what anyone chose.

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
from companion.screens.legacy_text import TINY, draw_legacy, text_width, tiny_fit, tiny_wrap
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


# -- the game ------------------------------------------------------------------------------------


def _game(c: Canvas, view: dict[str, Any], ui: MainUI, bottom: int) -> None:
    """The table at a glance: the round and phase, the turn order with each power card played
    this round (▶ who decides), the running scores, the King's region, the cards on offer; then
    who is still choosing a secret and what the deciding player is asked."""
    wide = c.width >= WIDE
    x = _round_header(c, view)
    king = f"King: {short_area(view['king'])}" if view.get("king") else ""
    cards = "Cards: " + " ".join(view.get("face_up") or []) if view.get("face_up") else ""
    if ui.footer and bottom - LINE - 1 >= BODY:  # the keys that act now, e.g. "hold ● undo"
        bottom -= LINE + 1
        c.row(bottom, ui.footer)
    if wide:
        c.right(0, king, c.width - x - GLYPH_W * 2)
        top = _standings(c, view, BODY, LINE, "▶")
    else:
        # Small print keeps the standings and the board's facts on a narrow display too,
        # above the rows a player must read from across the table.
        top = _standings(c, view, BODY - 1, SMALL, ">")
        board = " ".join(view.get("face_up") or [])
        where = f"King {short_area(view['king'])}" if view.get("king") else ""
        if where or board:
            _small(c, 1, top, "  ".join(t for t in (where, board) if t), c.width - 2)
            top += SMALL
        top += 1
        cards = ""
    who = who_line(view, c.width - 2)
    prompt = ui.title or _prompt(view)  # the app may word the prompt itself
    _game_body(c, top, bottom + 1, [f for f in (cards, who) if f], prompt, list(ui.lines))


def _game_body(
    c: Canvas, top: int, bottom: int, facts: list[str], prompt: str, lines: list[str]
) -> None:
    """The facts, the prompt and the app's lines (the active player's menu, a refusal), each
    whole, between `top` and `bottom`: the first way of these that fits is drawn — all in the
    big font; without the facts (the cards first, then who is still choosing, which the
    standings mark too); the lines, or the prompt, or both in small print."""
    said = [prompt] if prompt else []
    ways: list[tuple[list[str], list[tuple[str, bool]]]] = [
        (facts[k:], _rows(c, said, False) + _rows(c, lines, False)) for k in range(len(facts) + 1)
    ]
    ways += [
        ([], _rows(c, said, False) + _rows(c, lines, True)),
        ([], _rows(c, said, True) + _rows(c, lines, False)),
        ([], _rows(c, said, True) + _rows(c, lines, True)),
    ]
    kept, rows = next((w for w in ways if _height(w[0], w[1]) <= bottom - top), ways[-1])
    y = top
    for text, small in [*((f, False) for f in kept), *rows]:
        if y + _height([], [(text, small)]) > bottom:
            break  # nothing fits any more: better left out than drawn over the alerts
        if small:
            _small(c, 1, y, text, c.width - 2)
            y += SMALL
        else:
            c.row(y, text)
            y += LINE


def _rows(c: Canvas, texts: list[str], small: bool) -> list[tuple[str, bool]]:
    """Each text word-wrapped to the display's width, in small print or the big font."""
    room = c.width - 2
    if small:
        return [(r, True) for t in texts for r in tiny_wrap(t, room, 9)]
    return [(r, False) for t in texts for r in wrap(t, room, 9)]


def _height(facts: list[str], rows: list[tuple[str, bool]]) -> int:
    """The pixels these rows take (a big glyph is 11 px tall on a 10 px pitch)."""
    big = len(facts) + sum(not small for _, small in rows)
    return big * LINE + (len(rows) - big + len(facts)) * SMALL + 1


SMALL = 6  # the pitch of a row of small print (the tiny glyphs are 5 px tall)


def _small(c: Canvas, x: int, y: int, text: str, room: int) -> None:
    draw_legacy(c.draw, (x, y), tiny_fit(text, room), c.ink, TINY)


def _standings(c: Canvas, view: dict[str, Any], y: int, pitch: int, mark: str) -> int:
    """A column a player, in turn order: their name and this round's power card over their
    score. Returns the y below it."""
    cells = standings(view, mark)
    if not cells:
        return y
    room = (c.width - 2) // len(cells)
    for i, (head, score) in enumerate(cells):
        x = 1 + i * room
        if pitch == SMALL:
            if head.startswith(mark):  # no room for the mark: the decider's cell is inverted
                head = head[len(mark) :]
                c.draw.rectangle((x - 1, y - 1, x + text_width(head, TINY), y + 5), fill=c.ink)
                draw_legacy(c.draw, (x, y), tiny_fit(head, room - 1), 0, TINY)
            else:
                _small(c, x, y, head, room - 1)
            _small(c, x, y + pitch, score, room - 1)
        else:
            c.row(y, head, x, room - 1)
            c.row(y + pitch, score, x, room - 1)
    return y + 2 * pitch


def standings(view: dict[str, Any], mark: str = "▶") -> list[tuple[str, str]]:
    """(name and power card, score) for each player in turn order ("bla13", "22"): the player
    deciding marked, "?" after whoever is still choosing a secret; before the order is known,
    the seats in order with any open bid.

    >>> standings({"players": ["red", "blue"], "turn_order": ["blue", "red"],
    ...            "bids": {"red": 3, "blue": 9}, "scores": {"red": 4, "blue": 0},
    ...            "decision": {"players": ["red"], "secret": False}})
    [('blu9', '0'), ('▶red3', '4')]
    """
    players = view.get("turn_order") or view.get("players") or []
    bids = view.get("bids") or {}
    scores = view.get("scores") or {}
    decision = view.get("decision") or {}
    waiting = tuple(decision.get("players") or ())
    secret = bool(decision.get("secret"))
    cells = []
    for p in players:
        card = "?" if secret and p in waiting else str(bids.get(p, ""))
        head = f"{mark if p in waiting and not secret else ''}{p[:3]}{card}"
        cells.append((head, str(scores.get(p, 0))))
    return cells


def _round_header(c: Canvas, view: dict[str, Any]) -> int:
    """Round n/9, a track of the nine rounds (scoring rounds underlined), the phase; returns the
    x where the header's text ends."""
    data = game_data()
    rnd = view.get("round")
    label = f"R{rnd}/{data.rounds}" if rnd else "El Grande"
    x = 1 + c.row(0, label) + GLYPH_W // 2
    played = set(view.get("rounds") or range(1, data.rounds + 1))
    cell = 5  # 4 px wide, 1 px gap
    phase = PHASES.get(view.get("phase") or "", view.get("phase") or "")
    if x + cell * data.rounds + GLYPH_W // 2 + width(phase) <= c.width:  # the phase comes first
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
    if width(full) <= room:
        return full
    short = label + " ".join(p[:3] for p in players)
    # Too long even so: the standings' "?" and ▶ marks say it.
    return short if width(short) <= room else ""


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
    top = _title_lines(c, ui.title) * LINE + 3
    crowded = cursor is None and len(lines) > len(_body_rows(c, bottom - LINE, top))
    if footer and crowded and len(lines) <= len(_body_rows(c, bottom + 1, top)):
        if width(ui.title) + GLYPH_W + width(footer) <= c.width:
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
            _small(c, 1, y + 2, line, c.width - 2)  # whole in small print rather than cut
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


def _page(c: Canvas, view: dict[str, Any], ui: MainUI, bottom: int) -> None:
    _titled(c, ui, bottom, list(ui.lines), ui.cursor)


def _announce(c: Canvas, view: dict[str, Any], ui: MainUI, bottom: int) -> None:
    # A title naming many players takes their short names rather than lose the last.
    if len(wrap(ui.title, c.width - 2, 9)) > 2:
        ui = dataclasses.replace(ui, title=_shorter_title(ui.title, view))
    # Reasons are long: on a narrow screen each wraps onto a second row when there is room,
    # else shows in small print.
    top = _title_lines(c, ui.title) * LINE + 3
    spare = len(_body_rows(c, bottom + 1, top)) - (1 if ui.footer else 0) - len(ui.lines)
    too_long = [x for x in ui.lines if text_width(x, TINY) > c.width - 2]
    if too_long and spare < len(too_long) and ui.footer:
        ui, spare = dataclasses.replace(ui, footer=""), spare + 1  # the pads say ● goes on
    lines: list[str] = []
    for line in ui.lines:
        if width(line) > c.width - 2 and spare > 0:
            parts = wrap(line, c.width - 2, 2)
            spare -= len(parts) - 1
            lines += parts
        else:
            lines.append(line)
    _titled(c, ui, bottom, lines, None)


def _shorter_title(title: str, view: dict[str, Any]) -> str:
    """The players' and the area's short names: "Castilla la Nueva: blue 7" → "C.Nueva: blu 7"."""
    for p in view.get("players") or []:
        title = re.sub(rf"\b{re.escape(p)}\b", p[:3], title)
    data = game_data()
    for area in data.areas:
        title = title.replace(data.area_name(area), data.short_name(area))
    return title


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
