"""The sim's screen as `frame` composes it, row by row, at 80×24, at the large size and below
the minimum: what sits where, what gives way when the rows run short, and where each layout
begins (mutation tests of commands/sim_layout.py)."""

from __future__ import annotations

import dataclasses

import pytest

from companion.commands.sim_layout import Snapshot, frame
from companion.elgrande.data import game_data
from companion.elgrande.options import TableOptions
from companion.screens import MainUI
from companion.session.session import Session
from companion.session.store import MemoryStore
from companion.session.views import TableView

SEATS = ("red", "blue", "yellow", "green")
LEGEND = "red: 1◀ 2▶ 3● 4 hold● │ PgUp PgDn ↑↓ End: log │ Esc: quit"
FOOTER = "● pick  hold ● leave"
QUIT = "Quit? This game is not kept (no --store). y: quit, any other key: play on"
LONG_LOG_LINE = "a long line of the log that goes on past the pane's edge and wraps over rows"


def _view(players: tuple[str, ...] = SEATS, **changes: object) -> TableView:
    view = Session.new(MemoryStore(), players, seed=7).table_view()
    return dataclasses.replace(view, **changes)


def _pads(n: int) -> tuple[str, ...]:
    return tuple(f"● seat {i}" for i in range(n))


# The header, the board's first six rows and four players' counts beside them, before any bid.
TOP_OF_FOUR = [
    "El Grande sim · round 1 of 9 · bidding · King in Castilla la Nueva",
    "area (g: Grande) 1st2nd3rd red blu yel gre  K        pts crt prv crd bid",
    "Castillo           5  3  1  (secret)          red      0   7  21  13   -",
    "Aragón             5  4  1   .   .   .  2g    blue     0   7  21  13   -",
    "Castilla la Nueva  7  4  2   .   .   .   .  K yellow   0   7  21  13   -",
    "Castilla la Vieja  6  4  2   .   .   .   .    green    0   7  21  13   -",
    "Cataluña           4  2  1   .   .   .   .    choosing: red, blu, yel, gre",
]
# Red's pad, then the log with one line said, on the legend.
UNDER_ONE_PAD = [
    "● red: pad",
    "── log (PgUp/PgDn scroll) ─────────────────────────────────────────────────────",
    "said",
    "",
    "",
    "red: 1◀ 2▶ 3● 4 hold● │ PgUp PgDn ↑↓ End: log │ Esc: quit",
]
CUT_80X24 = [
    "El Grande sim · round 1 of 9 · bidding · King in Castilla la Nueva",
    "area (g: Grande) 1st2nd3rd red blu yel gre bla  K        pts crt prv crd bid",
    "Castillo           5  3  1  (secret)              red      0   7  21  13   -",
    "Aragón             5  4  1   .   .   .  2g   .    blue     0   7  21  13   -",
    "Castilla la Nueva  7  4  2   .   .   .   .   .  K yellow   0   7  21  13   -",
    "Castilla la Vieja  6  4  2   .   .   .   .   .    green    0   7  21  13   -",
    "Cataluña           4  2  1   .   .   .   .   .    black    0   7  21  13   -",
    "Galicia            4  2  0   .   .  2g   .   .    choosing: red, blu, yel, gre,",
    "Granada            6  3  1   .   .   .   .   .      bla",  # who chooses: never cut
    "País Vasco         5  3  1  2g   .   .   .   .    order: -",
    "Sevilla            4  3  1   .  2g   .   .   .    cards: Move 5 from a region,",
    "Valencia           5  3  2   .   .   .   .  2g    …",
    "── main display ───────────────────────────────────────────────────────────────",
    "… (the rest is in the log)",
    "[● pick  hold ● leave]",
    "● seat 0",
    "● seat 1",
    "● seat 2",
    "● seat 3",
    "── log (scrolled back 4, End: newest) ─────────────────────────────────────────",
    "said 4",
    "said 5",
    "a long line of the log that goes on past the pane's edge and wraps over rows",
    "red: 1◀ 2▶ 3● 4 hold● │ PgUp PgDn ↑↓ End: log │ Esc: quit · and more words past",
]
ROOMY_80X24 = [
    *TOP_OF_FOUR,
    "Galicia            4  2  0   .   .  2g   .    order: -",
    "Granada            6  3  1   .   .   .   .    cards: Move 2 own+2 others, Veto,",
    "País Vasco         5  3  1  2g   .   .   .      Score the emptiest,",
    "Sevilla            4  3  1   .  2g   .   .      Mobile scoreboard, King's card",
    "Valencia           5  3  2   .   .   .   .    ",
    "── main display ───────────────────────────────────────────────────────────────",
    "Choose where the caballeros of your court go now that the King has moved on to",
    "a new x region",
    "  line one",
    "▶ line two",
    "[● pick  hold ● leave]",
    *UNDER_ONE_PAD,
]
ANNOUNCE = [
    "El Grande sim · round 1 of 9 · bidding · King in Castilla la Nueva",
    "── main display ───────────────────────────────────────────────────────────────",
    "Scoring round 3",
    "  reason 0",
    "  reason 1",
    "  reason 2",
    "  reason 3",
    "  reason 4",
    "  reason 5",
    "  reason 6",
    "  reason 7",
    "  reason 8",
    "  reason 9",
    "  reason 10",
    "  reason 11",
    "  reason 12",
    "  reason 13",
    "… (the rest is in the log)",
    *UNDER_ONE_PAD,
]
SETUP = [
    "Table companion sim · set-up",
    "── main display ───────────────────────────────────────────────────────────────",
    "Start?",
    "▶ Start",
    "  Options",
    "",
    "",
    "",
    "",
    "",
    "",
    "",
    "",
    "",
    "● seat 0",
    "● seat 1",
    "● seat 2",
    "● seat 3",
    "● seat 4",
    "── log (PgUp/PgDn scroll) ─────────────────────────────────────────────────────",
    "",
    "",
    "",
    "red: 1◀ 2▶ 3● 4 hold● │ PgUp PgDn ↑↓ End: log │ Esc: quit",
]
LARGE_LEFT = [
    *TOP_OF_FOUR,
    "Galicia            4  2  0   .   .  2g   .    order: -",
    "Granada            6  3  1   .   .   .   .    cards: Move 5 from a region,",
    "País Vasco         5  3  1  2g   .   .   .      Move 4 any colour,",
    "Sevilla            4  3  1   .  2g   .   .      Move 4 of your own,",
    "Valencia           5  3  2   .   .   .   .      Move 2 own+2 others,",
    "                                                Move 3 opponents',",
    "                                                Move 3 any colour,",
    "                                                Place 2 more,",
    "                                                Move all or place 2,",
    "                                                Move all yours out, Veto,",
    "                                                Courts to province,",
    "                                                Opponents return 3,",
    "                                                Return 3 clockwise,",
    "                                                Return 1 of each,",
    "                                              …",
    "── main display ───────────────────────────────────────────────────────────────",
    "Choose your power card (sealed)",
    "▶ line two",
    "[● pick  hold ● leave]",
    "● seat 0",
    "● seat 1",
    "● seat 2",
    "● seat 3",
    "● seat 4",
]


def test_at_80x24_the_players_panel_the_main_display_and_the_pads_give_way_to_the_log() -> None:
    """Five players and cards with long titles: the players' panel is cut with "…" at the
    board's last row, the main display keeps its keys and says the rest is in the log, four of
    the five pads fit, and the log, scrolled back, sits on the legend (cut at column 79)."""
    view = _view((*SEATS, "black"), face_up=("1a", "1d", "1h", "2b", "2c"))
    title = "Choose the region where the caballeros of your court go, once the King has moved"
    page = MainUI(
        "game", title + " away from it", ("line one", "line two", "line three"), 0, FOOTER
    )
    log = (*(f"said {i}" for i in range(6)), LONG_LOG_LINE)
    legend = LEGEND + " · and more words past eighty"
    assert frame(Snapshot(view, page, _pads(5), log, 4, legend, ""), 24, 80) == CUT_80X24


def test_at_80x24_a_long_title_wraps_at_the_screens_width_and_blank_rows_stay_blank() -> None:
    title = "Choose where the caballeros of your court go now that the King has moved on to a"
    page = MainUI("game", title + " new x region", ("line one", "line two"), 1, FOOTER)
    shown = frame(Snapshot(_view(), page, ("● red: pad",), ("said",), 0, LEGEND, ""), 24, 80)
    assert shown == ROOMY_80X24


def test_a_short_games_header_numbers_its_rounds_as_the_voice_and_the_round_track_do() -> None:
    # A short game skips round 1: it opens on round 2 of 9 ("Round 2 of 9." says the
    # voice) and ends on round 9 of 9, never "round 9 of 6".
    options = TableOptions(short_game=True)
    view = Session.new(MemoryStore(), SEATS[:2], seed=3, options=options).table_view()
    page = MainUI("game", "", (), 0, "")
    for shown_round in (2, 9):
        snap = Snapshot(dataclasses.replace(view, round=shown_round), page, (), (), 0, LEGEND, "")
        header = frame(snap, 24, 80)[0]
        assert header.startswith(f"El Grande sim · round {shown_round} of 9 · ")


def test_a_notice_takes_the_header_and_a_game_page_without_a_title_shows_the_prompt() -> None:
    page = MainUI("game", "", (), 0, "● pick")
    shown = frame(Snapshot(_view(), page, ("● red: pad",), (), 0, LEGEND, "Quit? y"), 24, 80)
    assert shown[0] == "Quit? y"
    assert shown[12:15] == [
        "── main display " + "─" * 63,
        "Choose your power card (sealed)",
        "[● pick]",
    ]
    assert shown[15:18] == ["", "", ""] and shown[18] == "● red: pad"


def test_at_80x24_a_scoring_page_takes_the_boards_rows() -> None:
    page = MainUI("announce", "Scoring round 3", tuple(f"reason {i}" for i in range(25)))
    shown = frame(Snapshot(_view(), page, ("● red: pad",), ("said",), 0, LEGEND, ""), 24, 80)
    assert shown == ANNOUNCE


def test_the_setup_screen_says_set_up_and_shows_five_pads_at_most() -> None:
    page = MainUI("setup", "Start?", ("Start", "Options"), 0)
    assert frame(Snapshot(None, page, _pads(7), (), 0, LEGEND, ""), 24, 80) == SETUP


def test_at_130x32_the_log_runs_the_whole_height_beside_a_players_panel_cut_short() -> None:
    """A players' panel longer than the rows left above the main display's title, its line
    and keys and the five pads, is cut with "…"; the log beside it wraps a long line."""
    view = _view(face_up=tuple(game_data().action_cards)[:16])
    page = MainUI("game", "", ("line one", "line two"), 1, FOOTER)
    log = ("said 0", LONG_LOG_LINE, *(f"said {i}" for i in range(1, 8)))
    shown = frame(Snapshot(view, page, _pads(7), log, 3, LEGEND, ""), 32, 130)
    assert [line[:80].rstrip() for line in shown[:-1]] == LARGE_LEFT
    assert [line[80:] for line in shown[:-1]] == [
        "│ ── log (scrolled back 3, End: newest) ─────────",
        "│ said 0",
        "│ a long line of the log that goes on past the",
        "│   pane's edge and wraps over rows",
        *(f"│ said {i}" for i in range(1, 8)),
        *["│ "] * 20,
    ]
    assert shown[-1] == LEGEND


def test_at_130x32_a_long_log_shows_its_newest_lines_under_its_title() -> None:
    page = MainUI("game", "", ("line one", "line two"), 1, FOOTER)
    log = tuple(f"said {i}" for i in range(40))
    shown = frame(Snapshot(_view(), page, _pads(2), log, 0, LEGEND, ""), 32, 130)
    assert [line[80:] for line in shown[:-1]] == [
        "│ ── log (PgUp/PgDn scroll) ─────────────────────",
        *(f"│ said {i}" for i in range(10, 40)),
    ]
    assert shown[12][:80] == "── main display " + "─" * 63 + " "
    assert shown[29:31] == [f"{'● seat 0':<80}│ said 38", f"{'● seat 1':<80}│ said 39"]


@pytest.mark.parametrize(
    ("rows", "cols", "logged"),
    [(30, 100, 9), (40, 100, 19), (30, 200, 9), (32, 129, 11), (31, 130, 10)],
)
def test_below_130x32_the_log_sits_on_the_legend_taking_the_rows_past_24(
    rows: int, cols: int, logged: int
) -> None:
    page = MainUI("game", "", ("line one", "line two"), 1, "● pick")
    log = tuple(f"said {i}" for i in range(30))
    shown = frame(Snapshot(_view(), page, _pads(7), log, 0, LEGEND, ""), rows, cols)
    assert len(shown) == rows and shown[-1] == LEGEND
    assert shown[12] == "── main display " + "─" * (cols - 17)
    assert shown[rows - 2 - logged] == "── log (PgUp/PgDn scroll) ".ljust(cols - 1, "─")
    assert shown[rows - 1 - logged : rows - 1] == list(log[-logged:])
    assert not any("│" in line for line in shown[:-1])


@pytest.mark.parametrize(
    ("cols", "message"),
    [
        (
            12,
            ["The sim", "needs a", "terminal …", "Enlarge it,", "or Esc to …"],
        ),
        (
            20,
            ["The sim needs a", "terminal of at", "least 80×24; this …", "Enlarge it, or Esc"]
            + ["to quit."],
        ),
        (
            30,
            ["The sim needs a terminal of", "at least 80×24; this one is", "30×20."]
            + ["Enlarge it, or Esc to quit."],
        ),
    ],
)
def test_below_80x24_the_screen_says_the_size_needed_wrapped_to_the_terminal(
    cols: int, message: list[str]
) -> None:
    snap = Snapshot(None, MainUI("setup"), (), (), 0, LEGEND, "")
    assert frame(snap, 20, cols)[: len(message)] == message


def test_below_80x24_a_question_asked_shows_under_the_message_in_three_rows_at_most() -> None:
    snap = Snapshot(None, MainUI("setup"), (), (), 0, LEGEND, QUIT)
    assert frame(snap, 20, 20)[-3:] == ["Quit? This game is", "not kept (no", "--store). y: …"]
    assert frame(snap, 20, 28)[-3:] == [
        "Quit? This game is not kept",
        "(no --store). y: quit, any",
        "other key: play on",
    ]


def test_at_130x32_a_log_line_as_wide_as_the_pane_is_wrapped_not_cut_at_the_last_column() -> None:
    """The pane beside the board has the columns after "│ " up to the last one, left alone:
    47 at 130 columns. A line of 48 goes on over the next row, its last letter kept."""
    said = "Blue plays Move 2 own+2 others: 2 from Galicia!"  # 47
    log = (said, said + "!", "x" * 60)
    page = MainUI("setup", "Start?", ("Start",), 0)
    shown = frame(Snapshot(None, page, (), log, 0, LEGEND, ""), 32, 130)
    assert [line[80:] for line in shown[1:6]] == [
        f"│ {said}",
        "│ Blue plays Move 2 own+2 others: 2 from",
        "│   Galicia!!",
        "│ " + "x" * 47,
        "│   " + "x" * 13,
    ]


def test_a_window_of_any_size_down_to_one_column_or_row_is_drawn_never_refused() -> None:
    """A window dragged down to one column must not end the sim (and an unkept game with it):
    every size gives rows that fit it, down to nothing at all."""
    for notice in ("", QUIT):
        snap = Snapshot(_view(), MainUI("setup"), _pads(2), ("said",), 0, LEGEND, notice)
        for rows in range(0, 26):
            for cols in range(1, 82):
                shown = frame(snap, rows, cols)
                assert len(shown) <= max(rows, 0) or rows >= 24, (rows, cols)
                assert all(len(line) <= cols - 1 for line in shown), (rows, cols)
    assert frame(Snapshot(None, MainUI("setup"), (), (), 0, LEGEND, ""), 20, 5) == ["too "]
