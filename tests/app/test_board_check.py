"""Before a general scoring the table walks the device's board page by page (◀ ▶ through the
regions, the Castillo, the courts and the mobile scoreboards, ● when the page matches the real
board) and the corrections are announced."""

from __future__ import annotations

import re

from companion.app.menus import presses_to
from companion.elgrande.moves import Action
from companion.testing import make_bots
from hw.events import DeviceFault

SEATS = ("red", "blue", "yellow")


def _to_corrections(make_table, **options):
    table = make_table("pi.toml", seats=SEATS, seed=3, short_game=True, **options)
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
    said: list[tuple[str, int | None]] = []
    table.app.outputs.on_say.append(lambda text, round_: said.append((text, round_)))
    s = table.app.session
    region = next(r for r, c in s.table_view().board.items() if any(c.values()) and r != "castillo")
    colour = next(c for c, n in s.table_view().board[region].items() if n)
    picks = [Action("fix_regions"), Action("fix_from", region), Action("fix_colour", colour)]
    for action in [*picks, Action("fix_to", "court")]:
        table.press(p, *presses_to(table.app.menu_for(p), action))
        ui, under = _main(table), table.app.menu_for(p).current()
        if under.kind in ("matches", "fix_from"):  # a page, or the place a caballero leaves
            footer = "● it matches" if under.kind == "matches" else "● fix it"
            assert ui.footer == footer and re.fullmatch(r"Board \d+/\d+: .+", ui.title), ui
        else:  # its colour, or where it goes (a place too): the game's page, no board page
            assert ui.screen == "game", (under, ui)
    correction = s.events[-1]
    assert correction["kind"] == "correction" and correction["round"] is not None
    # Said as the event is, tagged with the round whose scoring it precedes.
    assert (correction["text"], correction["round"]) in said, said
    assert correction["text"].startswith("Correction: one of")


def _walk_to(table, p, title_end: str):
    """● on each page (it matches) until the page whose title ends with `title_end`."""
    for _ in range(12):
        ui = _main(table)
        if ui.title.endswith(title_end):
            return ui
        assert ui.footer == "● it matches", ui
        table.press(p, "select")
    raise AssertionError(f"no page {title_end!r}: {_main(table).title}")


def test_a_hidden_castillo_has_a_page_with_its_total_and_never_a_colour(make_table):
    table, p = _to_corrections(make_table)
    table.press(p, "right")
    ui = _walk_to(table, p, ": Castillo")
    total = sum(table.app.session.state.board["castillo"].values())
    assert ui.lines == (f"{total} caballero{'' if total == 1 else 's'} in all", "colours hidden")
    assert not any(c in " ".join((ui.title, *ui.lines)) for c in SEATS)
    table.press(p, "select")  # one ● and the page is matched: the next is the courts
    assert _main(table).title.endswith(": courts")


def test_a_public_castillo_shows_each_colour(make_table):
    table, p = _to_corrections(make_table, castillo_public=True)
    table.press(p, "right")
    ui = _walk_to(table, p, ": Castillo")
    counts = table.app.session.table_view().board["castillo"]
    assert all(f"{c} {n}" in " ".join(ui.lines) for c, n in counts.items() if n), ui.lines


def test_the_courts_page_shows_every_players_court_count(make_table):
    table, p = _to_corrections(make_table)
    view = table.app.session.table_view()
    table.press(p, "right")
    ui = _walk_to(table, p, ": courts")
    assert " ".join(ui.lines).split() == [w for c in SEATS for w in (c, str(view.court[c]))]
    table.press(p, "select")
    assert Action("matches", "court") not in table.app.session.seat_view(p).options


def test_the_scoreboards_page_shows_where_each_lies_and_its_values(make_table):
    from companion.elgrande.data import game_data

    table, p = _to_corrections(make_table)
    lying = table.app.session.table_view().scoreboards
    assert lying  # seed 3: a 4a card has left one on the board
    table.press(p, "right")
    ui = _walk_to(table, p, ": scoreboards")
    data = game_data()
    assert ui.lines == tuple(
        f"{data.short_name(a)} {' '.join(map(str, data.scoreboards[b]))}" for a, b in lying.items()
    )
    table.press(p, "select")
    assert Action("matches", "scoreboards") not in table.app.session.seat_view(p).options


def test_an_alert_stays_up_on_the_board_pages_and_on_the_scorings_pages_after(make_table, drawn):
    table, p = _to_corrections(make_table)
    table.hw.events.put(DeviceFault("LED matrix", False, "bus error", at=0.0))
    table.drain()
    drawn.clear()
    table.press(p, "right")  # the first board page
    ui = _main(table)
    assert ui.title.startswith("Board 1/") and ui.alerts == ("LED matrix: fault",), ui
    assert "! LED matrix: fault" in drawn, drawn
    table.press(p, *presses_to(table.app.menu_for(p), Action("confirm")))  # the board is right
    driver = table.bots(make_bots(SEATS, 3))
    while table.app.mode != "announce":  # the Castillo's discs, then the scoring's pages
        assert driver.step()
    ui = _main(table)
    assert ui.screen == "announce" and ui.alerts == ("LED matrix: fault",), ui
    drawn.clear()
    table.app.painter.forget()  # the scoring's first page drawn again, to read it
    table.app.refresh()
    assert "! LED matrix: fault" in drawn, drawn


def test_the_pad_numbers_each_page_as_the_main_display_does_and_every_page_comes_in_order(
    make_table,
):
    from companion.elgrande.data import game_data
    from companion.elgrande.scoring_steps import check_pages

    table, p = _to_corrections(make_table)
    pages = check_pages(game_data().regions, bool(table.app.session.table_view().scoreboards))
    table.press(p, "right")  # from "board is right" to the first page
    seen = []
    for _ in pages:
        ui, pad = _main(table), table.app.pad_menu(p)
        number = re.match(r"Board (\d+/\d+): ", ui.title).group(1)
        assert pad.place == number, (pad.place, ui.title)  # one numbering
        seen.append(int(number.split("/")[0]))
        table.press(p, "select")  # it matches: the next page
    assert seen == list(range(1, len(pages) + 1))  # every page, none skipped, in order


def test_after_a_fix_the_page_comes_back_and_a_caballero_may_go_back_to_the_province(make_table):
    table, p = _to_corrections(make_table)
    s = table.app.session
    table.press(p, "right", "select")  # the first page matches
    page = next(a.target for a in s.seat_view(p).options if a.kind == "matches")
    assert s.table_view().board[page] and any(s.table_view().board[page].values())
    colour = next(c for c, n in s.table_view().board[page].items() if n)
    province = s.state.province[colour]
    for action in (
        Action("fix_from", page),
        Action("fix_colour", colour),
        Action("fix_to", "province"),
    ):
        table.press(p, *presses_to(table.app.menu_for(p), action))
    assert s.state.province[colour] == province + 1
    assert s.events[-1]["text"].endswith("to the province")
    ui = _main(table)  # back on the page it was fixed from, under the cursor
    assert table.app.menu_for(p).current() == Action("matches", page)
    assert ui.title.startswith("Board 2/") and ui.footer == "● it matches", ui
