"""`MainUI` pages the app builds from public events: a scoring announcement, the score table.

>>> event = {"seq": 40, "kind": "score", "text": "Aragón: red 1st with 4 → 5, +2 home",
...          "detail": {"area": "aragon", "points": {"red": 7, "blue": 0},
...                     "why": ["red 1st with 4 → 5, +2 home"]}}
>>> page = announce_page(event)
>>> page.title, page.lines
('Aragón: red 7', ('red 1st with 4: 5 +2 home',))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.elgrande.data import game_data
from companion.screens.model import MainUI
from companion.screens.reasons import short_reason
from companion.screens.text import width

NEXT = "● next  hold ● repeat"
PAGE_KINDS = ("score", "totals")  # the events an announcement makes a page of, one each


def announce_footer(page: int, pages: int, width_px: int) -> str:
    """Where the announcement stands and what the pads do, as much as the display's width takes.

    >>> announce_footer(2, 9, 256), announce_footer(2, 9, 128)
    ('2/9  ● next  hold ● repeat', '2/9  ● next')
    """
    full = f"{page}/{pages}  {NEXT}"
    return full if width(full) <= width_px else f"{page}/{pages}  ● next"


def score_parts(detail: Any) -> tuple[str, dict[str, int], list[str]]:
    """(area, points, reasons) of a "score" event's detail: a dict, or the engine's AreaScore."""
    if isinstance(detail, Mapping):
        return str(detail["area"]), dict(detail.get("points", {})), list(detail.get("why", []))
    return str(detail.area), dict(detail.points), list(detail.why)


def area_title(area: str) -> str:
    try:
        return game_data().area_name(area)
    except KeyError:
        return area


def announce_page(event: Mapping[str, Any], footer: str = NEXT) -> MainUI:
    """One area's scoring: its name and who gained what, then each placing with its reason."""
    if event.get("detail") is None:  # e.g. "no region qualifies": the text says it all
        return MainUI(screen="announce", title=str(event.get("text", "")), footer=footer)
    area, points, why = score_parts(event["detail"])
    gains = ", ".join(f"{p} {n}" for p, n in sorted(points.items(), key=lambda t: -t[1]) if n)
    title = f"{area_title(area)}: {gains}" if gains else area_title(area)
    return MainUI(
        screen="announce", title=title, lines=tuple(short_reason(w) for w in why), footer=footer
    )


def scores_page(view: Mapping[str, Any], title: str = "Scores", footer: str = NEXT) -> MainUI:
    """The score table, highest first."""
    scores: dict[str, int] = dict(view.get("scores") or {})
    lines = tuple(f"{p} {n}" for p, n in sorted(scores.items(), key=lambda t: -t[1]))
    return MainUI(screen="message", title=title, lines=lines, footer=footer)
