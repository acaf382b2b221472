"""The device's board, one page a place, for the table to compare with the real one before a
general scoring: each colour's caballeros in a region (the King, the Grandes), in the Castillo
(only how many in all while its contents are hidden), in each court, and where the mobile
scoreboards lie with their values. Drawn from the public view only.

>>> view = {"board": {"sevilla": {"red": 3, "blue": 0, "green": 1}}, "king": "sevilla",
...         "grandes": {"red": "sevilla", "blue": "galicia"}, "court": {}, "scoreboards": {}}
>>> board_page(view, "sevilla", 2, 9)
('Board 2/9: Sevilla', ('red 3  green 1', 'King is here', 'Grande: red'))
>>> board_page({"board": {}, "castillo_total": 4, "players": ["red"]}, "castillo", 10, 11)
('Board 10/11: Castillo', ('4 caballeros in all', 'colours hidden'))
>>> board_page({"court": {"red": 5, "blue": 0}, "players": ["red", "blue"]}, "court", 11, 11)
('Board 11/11: courts', ('red 5  blue 0',))
"""

from __future__ import annotations

from typing import Any

from companion.elgrande.base import caballeros
from companion.elgrande.data import CASTILLO, game_data
from companion.elgrande.scoring_steps import COURTS, SCOREBOARDS
from companion.screens.names import short_area

ROW = 21  # characters a row holds on the narrowest main display


def board_page(view: dict[str, Any], place: str, n: int, total: int) -> tuple[str, tuple[str, ...]]:
    """(title, lines) of the page for `place` (an area, "court": every court, "scoreboards"),
    the n-th of `total`."""
    names = {COURTS: "courts", SCOREBOARDS: "scoreboards"}
    title = f"Board {n}/{total}: {names.get(place) or short_area(place)}"
    if place == COURTS:
        court = view.get("court") or {}
        # Every colour, none too: an empty court is a count to check as well.
        return title, _rows([f"{p} {court.get(p, 0)}" for p in view.get("players") or court])
    if place == SCOREBOARDS:
        values = game_data().scoreboards
        lying = (view.get("scoreboards") or {}).items()
        lines = [f"{short_area(a)} {' '.join(map(str, values.get(b) or [b]))}" for a, b in lying]
        return title, tuple(lines) or ("none on the board",)
    board = view.get("board") or {}
    if place == CASTILLO and place not in board:  # hidden: how many, never whose
        n_in = int(view.get("castillo_total") or 0)
        return title, (f"{caballeros(n_in)} in all", "colours hidden")
    counts = board.get(place) or {}
    lines = list(_rows([f"{p} {k}" for p, k in counts.items() if k])) or ["no caballeros"]
    if view.get("king") == place:
        lines.append("King is here")
    grandes = [p for p, where in (view.get("grandes") or {}).items() if where == place]
    if grandes:
        lines.append("Grande: " + ", ".join(grandes))
    return title, tuple(lines)


def _rows(cells: list[str]) -> tuple[str, ...]:
    """As many cells a row as fit the narrowest display."""
    lines: list[str] = []
    for cell in cells:
        if lines and len(lines[-1]) + 2 + len(cell) <= ROW:
            lines[-1] += "  " + cell
        else:
            lines.append(cell)
    return tuple(lines)
