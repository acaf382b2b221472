"""The device's board, one place a page, for the table to compare with the real one before a
general scoring: each colour's caballeros there, the King, the Grandes. Drawn from the public
view only (a hidden Castillo has no page).

>>> view = {"board": {"sevilla": {"red": 3, "blue": 0, "green": 1}}, "king": "sevilla",
...         "grandes": {"red": "sevilla", "blue": "galicia"}, "court": {}}
>>> board_page(view, "sevilla", 2, 9)
('Board 2/9: Sevilla', ('red 3  green 1', 'King is here', 'Grande: red'))
"""

from __future__ import annotations

from typing import Any

from companion.screens.names import short_area

ROW = 21  # characters a row holds on the narrowest main display


def board_page(view: dict[str, Any], place: str, n: int, total: int) -> tuple[str, tuple[str, ...]]:
    """(title, lines) of the page for `place` ("court": every court), the n-th of `total`."""
    if place == "court":
        counts = view.get("court") or {}
        title = "Board: the courts"
    else:
        counts = (view.get("board") or {}).get(place) or {}
        title = f"Board {n}/{total}: {short_area(place)}"
    cells = [f"{p} {k}" for p, k in counts.items() if k]
    lines: list[str] = []
    for cell in cells:  # as many colours a row as fit the narrowest display
        if lines and len(lines[-1]) + 2 + len(cell) <= ROW:
            lines[-1] += "  " + cell
        else:
            lines.append(cell)
    if not lines:
        lines.append("no caballeros")
    if place != "court" and view.get("king") == place:
        lines.append("King is here")
    grandes = [p for p, where in (view.get("grandes") or {}).items() if where == place]
    if grandes:
        lines.append("Grande: " + ", ".join(grandes))
    return title, tuple(lines)
