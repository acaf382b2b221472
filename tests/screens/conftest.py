"""The `page` fixture: a main page rendered, with what it drew recorded row by row."""

from __future__ import annotations

import pytest

from companion.screens import MainUI, render_main

PLAYERS = ["red", "blue", "yellow", "green", "black"]


@pytest.fixture
def page(monkeypatch):
    """Render a main page; returns what it drew, in the order drawn: ("row", x, y, text) for
    the big font (as fitted to its room), ("inverted", …) for an alert, ("small", x, y, text)
    for small print, ("small inverted", …) for an alert in small print."""
    from companion.screens import canvas as canvas_module
    from companion.screens import game_page, main_display
    from companion.screens.text import fit

    drawn: list[tuple[str, int, int, str]] = []
    real_text, real_small = canvas_module.draw_text, game_page.draw_legacy

    def text(draw, xy, line, fill, max_width):
        drawn.append(("row" if fill else "inverted", *xy, fit(line, max_width)))
        return real_text(draw, xy, line, fill, max_width)

    def small(draw, xy, line, fill, font):
        drawn.append(("small", *xy, line))
        return real_small(draw, xy, line, fill, font)

    monkeypatch.setattr(canvas_module, "draw_text", text)
    monkeypatch.setattr(game_page, "draw_legacy", small)

    def small_alert(draw, xy, line, fill, font):
        drawn.append(("small inverted" if fill == 0 else "small", *xy, line))
        return real_small(draw, xy, line, fill, font)

    monkeypatch.setattr(main_display, "draw_legacy", small_alert)

    def render(ui: MainUI, size=(128, 64), view=None) -> list[tuple[str, int, int, str]]:
        drawn.clear()
        render_main(view or {"players": PLAYERS}, ui, size, "1" if size[0] < 200 else "L")
        return list(drawn)

    return render
