"""The renderers the app calls, in one place: main display, LED matrix, pad, score chart.

>>> from companion.elgrande.engine import new_game
>>> from companion.elgrande.views import public_view
>>> render_main(public_view(new_game(["red", "blue"], seed=1)), MainUI(), (128, 64), "1").size
(128, 64)
"""

from __future__ import annotations

from companion.screens.main_display import render_chart_page, render_main
from companion.screens.matrix import render_matrix
from companion.screens.model import MainUI, PadMenu
from companion.screens.pad import render_pad

__all__ = ["MainUI", "PadMenu", "render_chart_page", "render_main", "render_matrix", "render_pad"]
