"""Before a general scoring the table walks the device's board page by page (◀ ▶ through the
places, ● when the page matches the real board) and the corrections are announced."""

from __future__ import annotations

from companion.app.menus import presses_to
from companion.elgrande.moves import Action
from companion.testing import make_bots

SEATS = ("red", "blue", "yellow")


def _to_corrections(make_table):
    table = make_table("pi.toml", seats=SEATS, seed=3, short_game=True)
    driver = table.bots(make_bots(SEATS, 3))
    while driver.step():
        d = table.app.session.table_view().decision if table.app.session else None
        if d is not None and d.kind == "correct" and table.app.mode == "game":
            return table, d.waiting[0]
    raise AssertionError("no general scoring reached")


def _main(table):
    from companion.app.painter import main_ui

    return main_ui(table.app)


def test_each_page_shows_the_devices_counts_and_one_press_says_it_matches(make_table):
    table, p = _to_corrections(make_table)
    view = table.app.session.table_view()
    table.press(p, "right")  # from "board is right" to the first page
    ui = _main(table)
    first = next(iter(view.board))
    assert ui.title.startswith("Board 1/") and ui.footer == "● it matches"
    counts = [f"{c} {n}" for c, n in view.board[first].items() if n]
    assert all(any(cell in line for line in ui.lines) for cell in counts), (counts, ui.lines)
    table.press(p, "select")  # it matches: the next page
    assert _main(table).title.startswith("Board 2/")
    assert Action("matches", first) not in table.app.session.seat_view(p).options


def test_a_correction_is_said_to_the_table(make_table):
    table, p = _to_corrections(make_table)
    said: list[str] = []
    table.app.outputs.on_say.append(lambda text, _round: said.append(text))
    s = table.app.session
    region = next(r for r, c in s.table_view().board.items() if any(c.values()) and r != "castillo")
    colour = next(c for c, n in s.table_view().board[region].items() if n)
    picks = [Action("fix_regions"), Action("fix_from", region), Action("fix_colour", colour)]
    for action in [*picks, Action("fix_to", "court")]:
        table.press(p, *presses_to(table.app.menu_for(p), action))
    assert s.events[-1]["kind"] == "correction"
    assert any(text.startswith("Correction: one of") for text in said), said
