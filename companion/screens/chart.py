"""The score progression: one line per player over the scorings, for the final screen and a PNG.

The displays are monochrome, so players differ by dash pattern and by their name at the line's
end. `history` is a list of {"round", "totals"}: the totals after each scoring, in order (what
`score_history` builds from the public events and `demo --json` prints as "scorings").

>>> history = [{"round": 1, "totals": {"red": 9, "blue": 4}},
...            {"round": 3, "totals": {"red": 30, "blue": 41}}]
>>> render_chart(history, ["red", "blue"], (256, 64)).size
(256, 64)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from PIL import Image

from companion.i18n import _
from companion.screens.canvas import Canvas
from companion.screens.text import GLYPH_H, LINE, width

# On/off runs in pixels along the line: solid, dashed, dotted, dash-dot, long dashes.
DASHES: tuple[tuple[int, ...], ...] = ((1,), (4, 2), (1, 2), (5, 2, 1, 2), (8, 3))


def score_history(
    events: Iterable[Mapping[str, Any]], general_only: bool = False
) -> list[dict[str, Any]]:
    """The totals after each scoring, from public events: points come from "score" events'
    detail, a point on the chart at each "totals" event. `general_only` gives one point per
    general scoring (announced by a "general_scoring" event; its last totals, after the
    Castillo and the regions), and none for a card's scoring.

    >>> score_history([{"kind": "round", "detail": 1},
    ...                {"kind": "score", "detail": {"points": {"red": 5, "blue": 0}}},
    ...                {"kind": "totals", "detail": None}])
    [{'round': 1, 'totals': {'red': 5, 'blue': 0}}]
    """
    history: list[dict[str, Any]] = []
    totals: dict[str, int] = {}
    rnd = 0
    general: int | None = None  # in a general scoring: how many points came before it
    for event in events:
        detail = event.get("detail")
        if event.get("kind") == "round" and isinstance(detail, int):
            rnd, general = detail, None
        elif event.get("kind") == "general_scoring":
            general = len(history)
        elif event.get("kind") == "score":
            # Public events are plain JSON (session views): a score's detail is a mapping.
            points = detail.get("points") if isinstance(detail, Mapping) else None
            if isinstance(points, int) and "player" in detail:  # one line of one player's
                points = {detail["player"]: points}
            for p, n in (points or {}).items():
                totals[p] = totals.get(p, 0) + int(n)
        elif event.get("kind") == "totals":
            if not general_only:
                history.append({"round": rnd, "totals": dict(totals)})
            elif general is not None:
                history[general:] = [{"round": rnd, "totals": dict(totals)}]
    return history


def render_chart(
    history: Sequence[Mapping[str, Any]],
    players: Sequence[str],
    size: tuple[int, int],
    mode: str = "1",
) -> Image.Image:
    """Axes with the top score marked, one line per player from 0 through each scoring."""
    c = Canvas(size, mode)
    series = {p: [0] + [int(h["totals"].get(p, 0)) for h in history] for p in players}
    top = max([1, *(max(s) for s in series.values())])
    # The names beside the lines' ends take a quarter of the width at most: all three letters
    # ("yel", as the standings) when one would not fit whole.
    said = {p: _(p) for p in players}  # the colours in the table's language
    whole = all(width(n) <= c.width // 4 for n in said.values())
    names = {p: n if whole else n[:3] for p, n in said.items()}
    label_w = max((width(n) for n in names.values()), default=0)
    left = width(str(top)) + 3
    right = c.width - label_w - 4
    y_top, y_bottom = GLYPH_H // 2, c.height - 4
    if right - left < 8 or y_bottom - y_top < 8:
        return c.image  # too small to say anything honest
    c.row(0, str(top), 1)
    c.draw.line((left, y_top, left, y_bottom), fill=c.ink)
    c.draw.line((left, y_bottom, right, y_bottom), fill=c.ink)
    c.draw.line((left - 2, y_top, left, y_top), fill=c.ink)
    steps = max(len(history), 1)

    def point(i: int, value: int) -> tuple[int, int]:
        x = left + round(i * (right - left) / steps)
        return x, y_bottom - round(value * (y_bottom - y_top) / top)

    for i in range(1, len(history) + 1):  # a tick under each scoring
        x = point(i, 0)[0]
        c.draw.line((x, y_bottom, x, y_bottom + 2), fill=c.ink)
    for k, p in enumerate(players):
        pts = [point(i, v) for i, v in enumerate(series[p])]
        _dashed(c, pts, DASHES[k % len(DASHES)])
    ends = {p: point(len(series[p]) - 1, series[p][-1])[1] for p in players}
    _end_labels(c, players, ends, names)
    return c.image


def _dashed(c: Canvas, pts: list[tuple[int, int]], pattern: tuple[int, ...]) -> None:
    """A polyline lit pixel by pixel; the pattern runs on across the corners."""
    cycle = sum(pattern) if len(pattern) > 1 else 1
    step = 0
    for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
        n = max(abs(x1 - x0), abs(y1 - y0), 1)
        for i in range(n + (1 if (x1, y1) == pts[-1] else 0)):
            if _lit(step % cycle, pattern):
                x = x0 + round(i * (x1 - x0) / n)
                y = y0 + round(i * (y1 - y0) / n)
                c.draw.point((x, y), fill=c.ink)
            step += 1


def _lit(pos: int, pattern: tuple[int, ...]) -> bool:
    if len(pattern) == 1:
        return True
    for i, run in enumerate(pattern):
        if pos < run:
            return i % 2 == 0
        pos -= run
    return False


def _end_labels(
    c: Canvas, players: Sequence[str], ends: dict[str, int], names: dict[str, str]
) -> None:
    """Each name beside its line's end, nudged apart so none overlaps another."""
    order = sorted(players, key=lambda p: ends[p])
    ys: list[int] = []
    lowest = c.height - GLYPH_H
    for p in order:
        y = min(max(ends[p] - GLYPH_H // 2, 0), lowest)
        if ys and y < ys[-1] + LINE:
            y = ys[-1] + LINE
        ys.append(y)
    # Pushed off the bottom: from the lowest up, each goes no lower than the one under it
    # allows, so the stack moves up only where it must (not every name, off the top).
    for i in range(len(ys) - 1, -1, -1):
        ys[i] = min(ys[i], lowest if i == len(ys) - 1 else ys[i + 1] - LINE)
    for p, y in zip(order, ys, strict=True):
        name = names[p]
        c.row(y, name, c.width - 1 - width(name))
