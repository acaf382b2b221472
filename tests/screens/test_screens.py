"""Screens: golden images of every layout on each device, text that always fits, no secret drawn.

Golden images live in tests/screens/golden/. After a deliberate change of a layout, regenerate
them with
    SCREENS_GOLDEN_UPDATE=1 .venv/bin/pytest tests/screens/test_screens.py
and look at every changed PNG before committing it.
"""

from __future__ import annotations

import copy
import dataclasses
import doctest
import importlib
import re
from contextlib import contextmanager
from pathlib import Path
from unittest import mock

import pytest
from golden_images import Goldens
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from companion.commands.screens import render_all, run_screens
from companion.elgrande.bots import RandomBot, play_game
from companion.elgrande.data import game_data
from companion.elgrande.engine import apply, apply_in_place, decision, legal_actions, new_game
from companion.elgrande.moves import Action
from companion.elgrande.options import TableOptions
from companion.elgrande.scoring import AreaScore, Bonus, Placing
from companion.elgrande.steps import SecretStep
from companion.elgrande.views import event_json, public_view
from companion.screens import (
    MainUI,
    PadMenu,
    render_chart_page,
    render_main,
    render_matrix,
    render_pad,
)
from companion.screens.board_page import board_page
from companion.screens.canvas import Canvas
from companion.screens.chart import render_chart, score_history
from companion.screens.game_page import who_line
from companion.screens.legacy_text import tiny_wrap
from companion.screens.main_display import ranking_lines
from companion.screens.matrix import matrix_text
from companion.screens.names import card_text, short_area
from companion.screens.pad import hand_text, text_pages
from companion.screens.pages import announce_page, discs_page, scores_page
from companion.screens.reasons import area_score
from companion.screens.text import GLYPH_H, LINE, clean, fit, font, width, wrap
from companion.testing import Presser, VirtualClock

assert_golden = Goldens(Path(__file__).parent / "golden", "SCREENS_GOLDEN_UPDATE").check
MAINS = {"128x64": ((128, 64), "1"), "256x64": ((256, 64), "L")}
PLAYERS = ["red", "blue", "yellow", "green", "black"]

# Public views written out by hand: the goldens do not move when a bot game would.
BIDS = {
    "players": PLAYERS,
    "round": 3,
    "rounds": list(range(1, 10)),
    "phase": "bidding",
    "king": "castilla_nueva",
    "face_up": ["1a", "2f", "3d", "4a", "5"],
    "decision": {
        "players": ["red", "yellow", "black"],
        "kind": "bid",
        "prompt": "Choose your power card (sealed)",
        "secret": True,
        "chosen": ["blue", "green"],
    },
    "scores": dict.fromkeys(PLAYERS, 0),
    "winners": [],
}
TURN = {
    **BIDS,
    "round": 5,
    "phase": "turns",
    "king": "pais_vasco",
    "decision": {
        "players": ["yellow"],
        "kind": "card",
        "prompt": "Take an action card",
        "secret": False,
    },
}
FINAL = {
    **BIDS,
    "round": 9,
    "phase": "over",
    "decision": None,
    "face_up": [],
    "scores": {"red": 62, "blue": 105, "yellow": 125, "green": 88, "black": 105},
    "winners": ["yellow"],
}
SCORE_EVENT = {
    "seq": 212,
    "kind": "score",
    "text": "Aragón: red 1st with 4 → 5, +2 home; blue 2nd with 3 → 4",
    "detail": AreaScore(
        "aragon",
        {"red": 7, "blue": 4, "yellow": 0, "green": 0, "black": 0},
        (
            Placing("red", 1, 1, False, 4, 5, (Bonus("home", 2),)),
            Placing("blue", 2, 2, False, 3, 4),
        ),
    ).to_json(),
}
SETUP = MainUI(
    screen="setup",
    title="New game",
    lines=("Seats: red blue yellow", "Ties: 2015", "Short game: no", "Veto: yes", "Start"),
    cursor=1,
    footer="◀ ▶ move  ● change",
)
HISTORY = [
    {"round": 1, "totals": {"red": 9, "blue": 0, "yellow": 7}},
    {"round": 3, "totals": {"red": 30, "blue": 41, "yellow": 22}},
    {"round": 6, "totals": {"red": 55, "blue": 60, "yellow": 71}},
    {"round": 9, "totals": {"red": 80, "blue": 99, "yellow": 96}},
]


# -- golden images -------------------------------------------------------------------------------


def _short_private(lines: tuple[str, ...], cursor: int, alert: str = "NOT SAVED") -> MainUI:
    return MainUI(
        screen="privacy",
        title="Only green looks",
        lines=lines,
        cursor=cursor,
        footer="● pick  hold ● leave",
        alerts=(alert,),
    )


MAIN_PAGES = {
    "game-bids": (BIDS, MainUI()),
    "game-turn": (TURN, MainUI(alerts=("blue's pad: fault",))),
    "game-footer": (TURN, MainUI(footer="hold ● undo")),
    "game-lines": (
        TURN,
        MainUI(lines=("red: take 3 to court 1/4", "blue: not your turn; waiting for red")),
    ),
    "setup": (BIDS, SETUP),
    "announce": (FINAL, announce_page(SCORE_EVENT)),
    "privacy": (BIDS, MainUI(screen="privacy", title="Only blue", footer="blue: hold ●")),
    "privacy-menu": (
        BIDS,
        MainUI(screen="privacy", title="blue: disc", lines=("◀ Galicia  3/9 ▶",), cursor=0),
    ),
    # A row short (an alert takes it): the small title, and the entry kept in sight, first or
    # last, with what follows it before the prompt's first rows.
    "privacy-short": (
        BIDS,
        _short_private(
            ("Choose your power card", "(sealed)", "◀ power cards 1-7 ▶", "5 is taken"),
            2,
            "NOT SAVED: disk full",
        ),
    ),
    "privacy-notice": (
        BIDS,
        _short_private(("◀ power cards 1-7 ▶", "5 is taken:", "choose again"), 0),
    ),
    "privacy-prompt": (
        BIDS,
        _short_private(("Take back which", "played power card?", "◀ take back 12 ▶"), 2),
    ),
    # A title too wide for big letters on 128 px (as every "Only <colour> looks"), on 256 big.
    "privacy-sealed": (
        BIDS,
        MainUI(
            screen="privacy",
            title="Only yellow looks",
            lines=("your choice: Galicia",),
            cursor=0,
            footer="hold ● withdraw",
        ),
    ),
    # No footer: the lines take its row, the big title stays over a prompt and its entry.
    "privacy-bare": (
        BIDS,
        MainUI(
            screen="privacy",
            title="blue: disc",
            lines=("Your secret disc", "◀ Galicia  3/9 ▶"),
            cursor=1,
            alerts=("NOT SAVED",),
        ),
    ),
    # The title row's end holds the footer only when it fits there: not "● chart" beside
    # "Winner: yellow" on 128 px, where the alert leaves no row for it under three players.
    "final-alert": (
        {**FINAL, "scores": {"yellow": 99, "blue": 96, "red": 80}, "winners": ["yellow"]},
        MainUI(screen="final", footer="● chart", alerts=("NOT SAVED",)),
    ),
    # A title of two rows (three on 128 px before the names are shortened), reasons under it.
    "announce-long-title": (
        FINAL,
        MainUI(
            "announce",
            "Castilla la Nueva: yellow 7, green 4, black 2",
            ("yellow 1st with 5: 7", "green 2nd with 3: 4", "black 3rd with 2: 2"),
            None,
            "4/9  ● next",
        ),
    ),
    # The setup menu under an alert: fewer rows than lines, scrolled to keep the cursor's.
    "setup-alert": (BIDS, dataclasses.replace(SETUP, cursor=3, alerts=("NOT SAVED",))),
    # A full board page: on 128 px no row is spare to wrap the four Grandes' row and small print
    # cannot hold it whole, so it names them short ("yel, gre, blu, red") in small print.
    "board-full": (
        FINAL,
        MainUI(
            "announce",
            *board_page(
                {
                    "board": {
                        "sevilla": {"red": 3, "blue": 2, "green": 4, "black": 12, "yellow": 10}
                    },
                    "king": "sevilla",
                    "grandes": dict.fromkeys(["yellow", "green", "blue", "red"], "sevilla"),
                },
                "sevilla",
                3,
                12,
            ),
            None,
            "● it matches",
        ),
    ),
    # A title of exactly 21 characters, one row on 128 px, under two alerts: the two lines in
    # small print above the footer.
    "board-castillo": (
        FINAL,
        MainUI(
            "announce",
            *board_page({"board": {}, "castillo_total": 4}, "castillo", 10, 12),
            None,
            "● it matches",
            ("NOT SAVED", "LED matrix: fault"),
        ),
    ),
    # A title of 43 characters: two rows on 256 px too.
    "announce-title-43": (
        FINAL,
        MainUI(
            "announce",
            "Castilla la Nueva: yellow 7, green 4, red 2",
            ("yellow 1st with 5: 7", "green 2nd with 3: 4", "red 3rd with 2: 2"),
            None,
            "4/9  ● next",
        ),
    ),
    "final": (FINAL, MainUI(screen="final")),
    "final-chart": (
        {**FINAL, "scores": HISTORY[-1]["totals"], "winners": ["blue"]},
        MainUI(screen="final", history=tuple(HISTORY)),
    ),
    "message": (BIDS, MainUI(screen="message", title="Saved", lines=("Game 3 resumed",))),
}


@pytest.mark.parametrize("label", MAINS)
@pytest.mark.parametrize("page", MAIN_PAGES)
def test_main_screens_match_their_golden_images(label, page):
    size, mode = MAINS[label]
    view, ui = MAIN_PAGES[page]
    image = render_main(view, ui, size, mode)
    assert (image.size, image.mode) == (size, mode)
    assert_golden(f"main_{label}_{page}", image)


@pytest.mark.parametrize(
    ("name", "view"), [("bids", BIDS), ("turn", TURN), ("final", FINAL), ("setup", {})]
)
def test_matrix_frames_match_their_golden_images(name, view):
    assert_golden(f"matrix_32x8_{name}", render_matrix(view, (32, 8)))


def test_pad_frames_match_their_golden_images():
    you = {"you": {"hand": [1, 2, 3, 4, 6, 7, 9, 10, 11, 12, 13], "castillo": 3}}
    turn = PadMenu("red", "Take an action card", ("1a", "2f", "3d", "4a", "5"), 2, True)
    sealed = PadMenu("red", "Power card (sealed)", ("13", "12", "9"), 1, True, note="sealed: 12")
    assert_golden("pad_128x32_turn", render_pad(you, turn, (128, 32)))
    assert_golden("pad_128x32_sealed", render_pad(you, sealed, (128, 32)))
    assert_golden(
        "pad_128x32_setup", render_pad(None, PadMenu("red", "Join?", (), 0, True), (128, 32))
    )


@pytest.mark.parametrize("label", MAINS)
def test_chart_matches_its_golden_image(label):
    size, mode = MAINS[label]
    assert_golden(f"chart_{label}", render_chart(HISTORY, ["red", "blue", "yellow"], size, mode))


@pytest.mark.parametrize("label", MAINS)
def test_the_chart_page_is_the_chart_on_the_whole_display_or_above_its_alerts(label, drawn):
    size, mode = MAINS[label]
    players = ["red", "blue", "yellow"]
    whole = render_chart_page(HISTORY, players, size, mode)
    assert whole.tobytes() == render_chart(HISTORY, players, size, mode).tobytes()
    drawn.clear()
    page = render_chart_page(HISTORY, players, size, mode, ("NOT SAVED",))
    assert "! NOT SAVED" in drawn
    above = size[1] - LINE - 1  # one alert takes the bottom row
    chart = render_chart(HISTORY, players, (size[0], above), mode)
    assert page.crop((0, 0, size[0], above)).tobytes() == chart.tobytes()


def test_a_player_no_scoring_has_given_points_yet_is_drawn_at_naught():
    # A scoring's totals name only those it gave points to (score_history adds up the areas').
    missing = [{"round": 3, "totals": {"red": 4}}, {"round": 6, "totals": {"red": 6, "blue": 2}}]
    naught = [{"round": 3, "totals": {"red": 4, "blue": 0}}, missing[1]]
    players = ["red", "blue"]
    for size, mode in MAINS.values():
        drawn = render_chart(missing, players, size, mode).tobytes()
        assert drawn == render_chart(naught, players, size, mode).tobytes()


@pytest.mark.parametrize("label", MAINS)
def test_the_charts_names_are_whole_or_all_three_letters(label, drawn):
    size, mode = MAINS[label]
    players = ["red", "blue", "yellow", "green", "black"]
    render_chart(HISTORY, players, size, mode)
    names = [t for t in drawn if t.isalpha()]
    assert sorted(names) in (sorted(players), sorted(p[:3] for p in players)), drawn


# -- what the layouts say ------------------------------------------------------------------------


def test_the_round_track_marks_the_general_scoring_rounds():
    # While nobody is asked (no headline), the round header heads the page.
    image = render_main({**BIDS, "decision": None}, MainUI(), (128, 64), "1")
    # Under the track (right of "R3/9"), row 9 holds only the marks under rounds 3, 6 and 9.
    track = range(width("R3/9") + 2, width("R3/9") + 2 + 9 * 5 + 3)
    lit = [x for x in track if image.getpixel((x, 9))]
    runs = [x for x in lit if x - 1 not in lit]
    assert len(runs) == len(game_data().general_scoring_after) == 3
    # the same view in round 4 lights the same marks: they are fixed, not "this round"
    later = render_main({**BIDS, "decision": None, "round": 4}, MainUI(), (128, 64), "1")
    assert [x for x in track if later.getpixel((x, 9))] == lit


def test_the_round_track_marks_a_round_the_short_game_skips_with_a_dot():
    # Round 1 skipped; nobody asked (no headline): the round track heads the page.
    short = {**BIDS, "decision": None, "rounds": list(game_data().round_numbers(True))}
    assert short["rounds"] == [2, 3, 4, 5, 6, 7, 8, 9]
    image = render_main(short, MainUI(), (128, 64), "1")
    left = width("R3/9") + 1 + 3  # the track's first cell, after a half-glyph gap

    def lit(n):
        x0 = left + (n - 1) * 5
        return {(x, y) for x in range(x0, x0 + 4) for y in range(11) if image.getpixel((x, y))}

    assert lit(1) == {(left + 1, 4)}  # skipped: a dot
    assert len(lit(2)) == 12  # a round played: its lower three rows filled


def test_ranking_puts_the_winner_first_and_ties_share_a_place():
    assert ranking_lines(FINAL) == [
        "1 yellow 125",
        "2 blue 105",
        "2 black 105",
        "4 green 88",
        "5 red 62",
    ]
    # A tie-break winner with the same score as another is still first, alone.
    tied = {"scores": {"red": 50, "blue": 50}, "winners": ["blue"]}
    assert ranking_lines(tied) == ["1 blue 50", "2 red 50"]


def test_the_matrix_shows_the_round_and_the_colour_waited_for():
    assert matrix_text(TURN) == "5 YEL"
    assert matrix_text(BIDS) == "3 x3"  # how many still choose, never who chose what
    assert matrix_text(FINAL) == "YEL!"
    assert matrix_text({}) == "-"
    assert matrix_text({"winners": ["red", "blue"]}, 2) == "RE BL!"  # two winners, shortened


def test_the_matrix_underlines_only_a_general_scoring_round():
    bottom_row = lambda img: [img.getpixel((x, 7)) for x in range(32)]  # noqa: E731
    assert any(bottom_row(render_matrix(BIDS, (32, 8))))  # round 3
    assert not any(bottom_row(render_matrix(TURN, (32, 8))))  # round 5


def test_the_matrix_shortens_a_colour_name_rather_than_cut_it():
    view = {"round": 9, "decision": {"players": ["magenta"], "secret": False}}
    assert matrix_text(view) == "9 MAG"
    narrow = render_matrix(view, (16, 8))  # "9 MAG" does not fit: "9 M" or less does
    assert narrow.getbbox() is not None and narrow.getbbox()[2] <= 16


@pytest.mark.parametrize(
    ("size", "shown"),
    [
        ((32, 8), (2, 0, "9 MAG")),  # 28 px
        ((24, 8), (1, 0, "9 MA")),  # 22
        ((16, 8), (0, 0, "9 M")),  # 16: just fits
        ((8, 8), (1, 0, "9")),  # 6
        ((8, 16), (1, 4, "9")),  # a matrix on its side: centred down it too
    ],
)
def test_the_matrix_drops_a_letter_at_a_time_until_the_text_fits(small_print_at, size, shown):
    from companion.screens import matrix

    drawn_at = small_print_at(matrix)
    render_matrix({"round": 9, "decision": {"players": ["magenta"], "secret": False}}, size)
    assert drawn_at == [shown]


def test_a_pad_menu_refuses_too_many_entries_or_a_cursor_past_them():
    with pytest.raises(ValueError, match="at most 10 entries, got 11"):
        PadMenu("red", "Seats", tuple(map(str, range(11))), 0, True)
    with pytest.raises(ValueError, match="cursor 2 outside 0–1"):
        PadMenu("red", "Seats", ("2", "3"), 2, True)


def test_the_pad_shows_a_hand_as_runs_when_every_card_would_not_fit():
    assert hand_text([3, 1, 2], 100) == "1 2 3"
    assert hand_text(list(range(1, 14)), 60) == "1-13"
    assert hand_text([1, 2, 5, 7, 8, 9], 20) == "1-2 5 7-9"


def test_a_hand_that_fits_the_pads_row_shows_every_card():
    # The row beside "Castillo 2" on a 128 px pad leaves 82 px: nine cards take 68 in small print.
    assert hand_text(list(range(1, 10)), 82) == "1 2 3 4 5 6 7 8 9"


def test_a_pad_entry_sits_between_the_arrows_unless_it_needs_their_room(monkeypatch):
    from companion.screens import canvas as canvas_module

    drawn_at: list[tuple[int, str]] = []
    real = canvas_module.draw_text

    def record(draw, xy, text, fill, max_width):
        drawn_at.append((xy[0], text))
        return real(draw, xy, text, fill, max_width)

    monkeypatch.setattr(canvas_module, "draw_text", record)
    for label, row in [
        ("take 3 to court 1/4", [(0, "◀"), (122, "▶"), (7, "take 3 to court 1/4")]),  # 114 px
        ("move 2 from C.Nueva!", [(0, "move 2 from C.Nueva!")]),  # 120 px: the arrows' room
    ]:
        drawn_at.clear()
        render_pad(None, PadMenu("red", "Act", (label,), 0, True), (128, 32))
        assert drawn_at[1:] == row


@pytest.fixture
def pad_small_print(small_print_at):
    """Every text a pad draws in small print, with where: (x, y, text)."""
    from companion.screens import pad

    return small_print_at(pad)


def test_a_long_pad_question_takes_two_rows_of_small_print_and_goes_on_below_the_entry(
    pad_small_print,
):
    # "Place caballeros from your court" is 32 characters, 128 px: one more than a row holds.
    question = "Place caballeros from your court in any region, then take an action card"
    render_pad(None, PadMenu("red", question, ("13", "12"), 0, True), (128, 32))
    assert pad_small_print == [
        (1, 0, "Place caballeros from your"),
        (1, 6, "court in any region, then take"),
        (115, 20, "1/2"),  # the entry a pixel lower, at 11, and this row under it
        (1, 20, "an action card"),  # the question's end, every word whole
    ]
    # Only where the note takes the row below is the second row cut, and marked so.
    pad_small_print.clear()
    question = "Place caballeros from your court in any region then elsewhere please"
    render_pad(None, PadMenu("red", question, ("13", "12"), 0, True, "sealed: 9"), (128, 32))
    assert pad_small_print[1] == (1, 6, "court in any region then else..")


def test_a_cards_text_on_a_tall_pad_fills_the_rows_below_from_beside_the_count(pad_small_print):
    text = (
        "Special scoring: choose one region; score it now. Then every player with the most "
        "caballeros in the court scores too."
    )
    menu = PadMenu("red", "Take an action card", ("Score one region", "Veto"), 0, True, text=text)
    render_pad(None, menu, (128, 64))
    assert pad_small_print == [
        (115, 19, "1/2"),
        (1, 19, "Special scoring: choose one"),
        (1, 25, "region; score it now. Then"),
        (1, 31, "every player with the most"),
        (1, 37, "caballeros in the court scores"),
        (1, 43, "too."),
    ]


def test_a_hand_too_wide_for_its_row_beside_the_castillo_shows_as_runs(pad_small_print):
    # "1 2 … 11" is 92 px; the row left of "Castillo 2" is 82.
    you = {"you": {"hand": list(range(1, 12)), "castillo": 2}}
    render_pad(you, PadMenu("red", "Power card", ("11",), 0, True), (128, 32))
    assert pad_small_print[1:] == [(87, 25, "Castillo 2"), (1, 25, "1-11")]
    # Even as runs, a hand can be wider than the row (80 px of 78 beside "Castillo 10"): the
    # count is written "Cast. 10", and the 90 px it leaves hold every card.
    pad_small_print.clear()
    you = {"you": {"hand": [1, 2, 4, 5, 7, 8, 10, 11, 13], "castillo": 10}}
    render_pad(you, PadMenu("red", "Power card", ("13",), 0, True), (128, 32))
    assert pad_small_print[1:] == [(95, 25, "Cast. 10"), (1, 25, "1 2 4 5 7 8 10 11 13")]


@pytest.mark.parametrize(
    ("size", "question", "big"),
    [
        ((128, 32), "Put the Grande where?", True),  # 126 px: the row's whole room
        ((256, 32), "Choose the region the King moves to then go", False),  # 258 px of 254
    ],
)
def test_a_pad_question_is_one_big_row_when_it_fits(drawn, pad_small_print, size, question, big):
    render_pad(None, PadMenu("red", question, ("13", "12"), 0, True), size)
    assert (drawn[0] == question) is big
    assert (pad_small_print[0][2] == question) is not big


def test_a_cards_text_takes_the_rows_the_question_and_the_note_leave(pad_small_print):
    text = "Special scoring: choose one region; score it now."
    pages = [("Special scoring: choose one",), ("region; score it now.",)]
    long = "Place caballeros from your court in any region, then take an action card"
    entries = ("Score one region", "Veto")
    # Below the note the one row left holds a row of the text; so does the row beside the
    # count under a question in two rows, after the question's end; under both, no row is left.
    assert (
        text_pages(PadMenu("red", "Take a card", entries, 0, True, "sealed: 9", text), (128, 32))
        == pages
    )
    menu = PadMenu("red", long, entries, 0, True, text=text)
    assert text_pages(menu, (128, 32)) == [("an action card",), *pages]
    assert text_pages(PadMenu("red", long, entries, 0, True, "sealed: 9", text), (128, 32)) == []
    # The row beside the count is as wide as the count leaves: "9/9" (12 px) leaves 110 px for
    # "Special scoring: choose one" (108).
    nine = tuple(f"card {n}" for n in range(1, 10))
    menu = PadMenu("red", "Reveal a card", nine, 8, True, text=text)
    assert text_pages(menu, (128, 32))[0] == (
        "Special scoring: choose one",
        "region; score it now.",
    )


def test_a_pad_without_the_players_view_still_shows_the_menu():
    image = render_pad(None, PadMenu("red", "Seats", ("2", "3"), 0, True), (128, 32))
    assert image.getbbox() is not None and image.getbbox()[3] <= 25  # nothing on the hand row


def test_every_region_has_a_distinct_short_name_of_nine_characters_at_most():
    names = [short_area(a) for a in game_data().areas]
    assert all(len(n) <= 9 for n in names) and len(set(names)) == len(names)


def test_announce_page_titles_the_area_with_the_points_won():
    page = announce_page(SCORE_EVENT)
    assert page.title == "Aragón: red 7, blue 4"
    assert page.lines == ("red 1st with 4: 5 +2 home", "blue 2nd with 3: 4")
    bare = announce_page({"kind": "score", "text": "Special scoring: no region qualifies"})
    assert bare.title == "Special scoring: no region qualifies" and bare.lines == ()


def test_an_area_where_nobody_gained_is_titled_by_its_name_alone_and_bonuses_are_each_shown():
    empty = AreaScore("galicia", {"red": 0, "blue": 0}, ()).to_json()
    page = announce_page({"kind": "score", "text": "Galicia: nobody here", "detail": empty})
    assert page.title == "Galicia" and page.lines == ("nobody here",)
    both = Placing("red", 1, 1, False, 2, 4, (Bonus("king", 2), Bonus("home", 2)))
    detail = AreaScore("castilla_nueva", {"red": 8}, (both,)).to_json()
    page = announce_page({"kind": "score", "text": "", "detail": detail})
    assert page.lines == ("red 1st with 2: 4 +2 King +2 home",)


def test_a_score_detail_of_another_type_is_refused_naming_it():
    with pytest.raises(TypeError, match="AreaScore or its JSON, not <class 'int'>"):
        area_score(7)


def test_only_a_choice_of_a_card_has_the_cards_text():
    assert card_text(Action("card", "2h")) == game_data().action_cards["2h"].text
    assert card_text(Action("act", "2h")) is None  # using the card in hand: its text is known
    assert card_text(None) is None


def test_a_finished_games_page_names_the_winner(drawn):
    assert who_line(FINAL) == "Winner: yellow"
    assert who_line({"winners": ["blue", "black"]}) == "Winner: blue and black"
    render_main(FINAL, MainUI(), (256, 64), "L")
    assert "Winner: yellow" in drawn


def test_the_discs_page_is_titled_with_what_the_table_does():
    page = discs_page({"red": {"disc": "sevilla", "count": 3, "to": "sevilla"}})
    assert page.title == "Castillo: move by discs" and page.lines == ("red 3 → Sevilla",)


def test_an_announce_title_naming_many_players_takes_their_short_names_to_fit(drawn):
    title = "Valencia: yellow 5, green 3, black 3, blue 3"  # three rows of 21 with whole names
    ui = MainUI("announce", title, ("yellow 1st with 4: 5",), None, "3/9 ● next")
    render_main({"players": PLAYERS}, ui, (128, 64), "1")
    assert drawn[:2] == ["Valencia: yel 5, gre", "3, bla 3, blu 3"]


def test_the_cards_row_gives_way_to_the_prompt_when_rows_run_out(drawn, main_small_print):
    tiny = main_small_print
    ui = MainUI("game", alerts=("green, blue: hold ● to choose unseen",))
    render_main(BIDS, ui, (128, 64), "1")
    assert "3 to bid" in drawn  # the headline says what, and the standings' "?" who
    assert not any(t.startswith("Cards ") for t in tiny), tiny
    drawn.clear()
    tiny.clear()
    render_main(BIDS, MainUI("game"), (128, 64), "1")  # with the room, the cards show too
    assert any(t.startswith("Cards 1/5 ") for t in tiny), tiny
    assert "Choose your power card (sealed)" in [*tiny, *drawn]


def test_the_round_and_king_share_the_cards_row_in_small_print_only_when_all_fit_whole(
    main_small_print,
):
    # 128 px leave 126 for small print, 4 px a character: 31 characters share a row, 32 do not.
    tiny = main_small_print
    view = {**TURN, "round": 0, "phase": "", "king": "aragon", "face_up": ["5"]}
    render_main(view, MainUI(), (128, 64), "1")
    assert "King Aragon  Cards: King's card" in tiny and "Cards: King's card" not in tiny, tiny
    tiny.clear()
    render_main({**TURN, "king": "castilla_nueva", "face_up": ["5"]}, MainUI(), (128, 64), "1")
    assert "R5/9 Turns  King C.Nueva" in tiny and "Cards: King's card" in tiny, tiny
    assert not any(t.endswith("..") for t in tiny), tiny


QUIET = {  # turns of round 3 with no King placed, no card on offer and no one waited for
    "players": PLAYERS[:3],
    "round": 3,
    "phase": "turns",
    "scores": dict.fromkeys(PLAYERS[:3], 0),
    "face_up": [],
    "king": None,
    "decision": None,
}


@pytest.mark.parametrize(
    ("size", "big", "small"),
    [
        ((128, 64), ["R3/9", "Turns", "Place caballeros"], ["red", "0", "blu", "0", "yel", "0"]),
        (
            (256, 64),
            ["R3/9", "Turns", "", "red", "0", "blu", "0", "yel", "0", "Place caballeros"],
            [],
        ),
    ],
    ids=["128x64", "256x64"],
)
def test_a_game_page_with_nothing_on_offer_and_no_one_waited_for_has_no_rows_for_them(
    drawn, main_small_print, size, big, small
):
    render_main(QUIET, MainUI(title="Place caballeros"), size, "1")
    assert (drawn, main_small_print) == (big, small)  # the King's place on the right is ""


@pytest.mark.parametrize(
    ("waited", "secret", "head", "said"),
    [
        (["yellow"], False, "yel: disc", None),  # the headline names the one asked
        (["blue", "yellow"], True, "2 to disc", "Choosing: blue yellow"),
        (PLAYERS[2:], True, "3 to disc", "Choosing: yel gre bla"),
        # "Choosing: red blu yel gre bla" is 174 px: the standings' marks say it
        (PLAYERS, True, "5 to disc", None),
    ],
    ids=["one", "whole", "short", "none"],
)
def test_who_is_waited_for_is_named_whole_when_it_fits_else_by_three_letters(
    drawn, main_small_print, waited, secret, head, said
):
    # 128 px leave 126 for the row: "Choosing: blue yellow" is 21 characters, 126 px; the
    # headline, at twice the size, 10 characters.
    view = {**QUIET, "players": PLAYERS, "scores": dict.fromkeys(PLAYERS, 0)}
    asked = {"players": waited, "secret": secret, "prompt": "Choose", "kind": "card_disc"}
    view["decision"] = asked
    render_main(view, MainUI(), (128, 64), "1")
    assert drawn == [head, "Choose"]
    assert (
        (said in main_small_print)
        if said
        else not any(t.startswith(("Choosing", "Waiting")) for t in main_small_print)
    ), main_small_print


def test_before_round_one_the_header_says_el_grande(drawn):
    render_main({**QUIET, "round": 0, "phase": "setup"}, MainUI(), (128, 64), "1")
    assert drawn == ["El Grande", "Set-up"]


def test_a_prompt_as_wide_as_the_row_stays_on_one_row(drawn):
    render_main(QUIET, MainUI(title="Place your caballeros"), (128, 64), "1")  # 126 px
    assert drawn == ["R3/9", "Turns", "Place your caballeros"]


def test_a_long_prompt_goes_to_small_print_before_the_lines_do(drawn, main_small_print):
    # The prompt takes 3 big rows (2 small) and the line 1: the line stays big.
    view = {**QUIET, "king": "galicia"}
    prompt = "Move up to two caballeros from the court into one region"
    render_main(view, MainUI(title=prompt, lines=("red: 2 left",)), (128, 64), "1")
    assert drawn == ["R3/9", "Turns", "red: 2 left"]
    assert main_small_print[-2:] == ["Move up to two caballeros from", "the court into one region"]


def test_when_nothing_fits_the_prompt_and_lines_show_small_until_the_alert(drawn, main_small_print):
    lines = ("red: not your turn; waiting for blue to choose", "blue: 5 is taken: choose again")
    render_main(BIDS, MainUI(lines=lines, alerts=("NOT SAVED",)), (128, 64), "1")
    assert drawn == ["! NOT SAVED", "3 to bid"]  # no cards row, no "Choosing: …"
    assert main_small_print[-2:] == [  # the headline says what is asked: no prompt in full
        "R3/9 Bids  King C.Nueva",
        "red: not your turn; waiting for",  # the next row would cover the alert
    ]


def test_a_text_is_cut_after_nine_rows_in_either_size(drawn, main_small_print):
    long = "word " * 80
    render_main(QUIET, MainUI(title=long), (128, 128), "1")
    assert drawn[2:] == ["word word word word"] * 8 + ["word word word word…"]
    drawn.clear()
    main_small_print.clear()
    two = ("NOT SAVED", "blue's pad: fault")  # 82 rows left: nine big rows do not fit
    render_main(QUIET, MainUI(title=long, alerts=two), (128, 128), "1")
    six = "word word word word word word"
    assert main_small_print[6:] == [six] * 8 + [six + ".."]


def test_the_small_standings_share_the_row_evenly(small_print_at):
    from companion.screens import game_page

    drawn_at = small_print_at(game_page)
    view = {**QUIET, "bids": {"red": 13, "blue": 1, "yellow": 12}, "scores": {"red": 5}}
    view["decision"] = {"players": ["yellow"], "secret": False, "prompt": ""}
    render_main(view, MainUI(), (128, 64), "1")  # 126 px: three cells of 42
    cells = [(1, "red13", "5"), (43, "blu1", "0"), (85, "yel12", "0")]  # yellow's inverted
    # Under the headline (22 px and a gap).
    assert drawn_at[:6] == [c for x, h, n in cells for c in ((x, 23, h), (x, 29, n))]


FIVE = (
    "blue 1st with 4: 5",
    "red 2nd with 3: 3",
    "yellow 3rd with 2: 1",
    "green =4th with 1: 0",
    "black =4th with 1: 0",
)
LONG_FIVE = ("blue 1st with 4: 5 +2 home", "red 2nd with 3: 3 +5 king", *FIVE[2:])


@pytest.mark.parametrize("size", [(128, 64), (256, 64)])
@pytest.mark.parametrize("reasons", [FIVE, LONG_FIVE])
def test_an_area_page_with_five_reasons_shows_them_all_and_its_footer(
    drawn, main_small_print, size, reasons
):
    tiny = main_small_print
    title = "País Vasco: blue 5, red 3, yellow 1"
    ui = MainUI("announce", title, reasons, None, "10/13 ● next")
    render_main({"players": PLAYERS}, ui, size, "L")
    assert "10/13 ● next" in drawn
    assert [r for r in [*drawn, *tiny] if r in reasons] == list(reasons)  # whole, in order


def test_score_history_adds_up_points_and_marks_each_totals_event():
    events = [
        {"seq": 1, "kind": "round", "text": "Round 1", "detail": 1},
        {"seq": 2, "kind": "score", "text": "", "detail": {"area": "a", "points": {"red": 5}}},
        {"seq": 3, "kind": "score", "text": "", "detail": {"area": "b", "points": {"red": 2}}},
        {"seq": 4, "kind": "totals", "text": "", "detail": None},
        {"seq": 5, "kind": "round", "text": "Round 2", "detail": 2},
        {"seq": 6, "kind": "score", "text": "", "detail": {"area": "a", "points": {"red": 1}}},
        {"seq": 7, "kind": "totals", "text": "", "detail": None},
    ]
    assert score_history(events) == [
        {"round": 1, "totals": {"red": 7}},
        {"round": 2, "totals": {"red": 8}},
    ]


def test_with_open_bids_too_the_general_scorings_are_those_after_rounds_3_6_and_9():
    # Open bidding logs each power card as it is played, a number as a round's detail is: the
    # scorings (`demo --json`'s) still name the rounds they follow, the last the final scores.
    s = play_game(["red", "blue"], 1, options=TableOptions(bidding="open", short_game=True))
    events = [event_json(e) for e in s.events]
    assert any(e["kind"] == "bid" and isinstance(e["detail"], int) for e in events)
    general = score_history(events, general_only=True)
    assert [h["round"] for h in general] == [3, 6, 9]
    assert general[-1]["totals"] == s.scores


def test_the_chart_stacks_names_pushed_off_the_bottom_upward_a_line_apart(monkeypatch):
    # Three players still at naught all end on the axis: their names go up from the bottom row
    # a line apart (none under the picture, none on another), the leader's stays at the top.
    from companion.screens import canvas as canvas_module

    rows: dict[str, int] = {}
    real = canvas_module.draw_text

    def record(draw, xy, text, fill, max_width):
        rows[text] = xy[1]
        return real(draw, xy, text, fill, max_width)

    monkeypatch.setattr(canvas_module, "draw_text", record)
    players = ["red", "blue", "green", "black"]
    render_chart([{"round": 3, "totals": {"red": 40}}], players, (128, 64))
    bottom = 64 - GLYPH_H
    assert {p: rows.get(p) for p in players} == {
        "red": 0,
        "blue": bottom - 2 * LINE,
        "green": bottom - LINE,
        "black": bottom,
    }


def test_the_chart_draws_the_leader_highest():
    # Two players, one scoring: the leader's end sits above the other's.
    image = render_chart([{"round": 3, "totals": {"a": 40, "b": 10}}], ["a", "b"], (128, 64))
    column = [y for y in range(64) if image.getpixel((110 - 13, y))]  # just left of the labels
    assert column and min(column) < 20 < max(column)


def test_bad_screen_or_mode_is_refused_with_what_is_accepted():
    with pytest.raises(ValueError, match="unknown main screen 'scores'.*game, setup"):
        render_main(BIDS, MainUI(screen="scores"), (128, 64), "1")
    with pytest.raises(ValueError, match="mode 'RGB'.*1, L"):
        render_main(BIDS, MainUI(), (128, 64), "RGB")


# -- text never leaves the image -----------------------------------------------------------------


def test_fit_and_wrap_keep_to_the_width():
    assert fit("short", 60) == "short"
    assert width(fit("x" * 50, 60)) <= 60 and fit("x" * 50, 60).endswith("…")
    assert fit("anything", 5) == ""
    lines = wrap("word " * 40, 60, 3)
    assert len(lines) == 3 and all(width(line) <= 60 for line in lines)
    assert wrap("aaa bbb ccc", 20, 1) == ["aa…"]  # one line: cut, not carried to a second
    assert wrap("a " + "x" * 30, 60, 3) == ["a", "xxxxxxxxx…"]  # a word too long is cut
    assert wrap("  ", 60, 3) == [] and wrap("", 60, 1) == []
    assert tiny_wrap("  ", 60, 3) == []  # no words, no rows (in small print too)
    # A room of one character holds no letter beside "…": nothing; of two, one letter and "…".
    assert fit("Sevilla", 11) == "" and fit("Sevilla", 12) == "S…" and fit("Sevilla", 17) == "S…"


def test_a_canvas_row_keeps_to_the_image_and_to_the_room_it_is_given():
    c = Canvas((128, 64), "1")
    # A row whose glyphs would go past the bottom is not drawn at all.
    assert c.row(64 - GLYPH_H + 1, "Sevilla") == 0 and c.image.getbbox() is None
    assert c.row(-1, "Sevilla") == 0 and c.image.getbbox() is None
    # Cut with "…" to the room given, and to the image's right edge when the room is wider.
    drawn = c.row(0, "x" * 30, 1, 30)
    assert drawn <= 30 and c.image.getbbox()[2] <= 31
    assert c.row(12, "x" * 30, 100, 100) <= 28 and c.image.getbbox()[2] <= 128
    assert 0 < c.row(24, "x" * 30, 50) <= 128 - 50


def test_of_two_alerts_each_takes_one_row_a_long_one_cut(drawn):
    alerts = ("blue's pad: fault, reconnect its cable to the hub", "NOT SAVED")
    render_main(QUIET, MainUI(alerts=alerts), (128, 64), "1")
    assert [t for t in drawn if t.startswith("!")] == ["! NOT SAVED", "! blue's pad: fault,…"]
    assert "reconnect its cable" not in drawn


def test_a_character_the_font_lacks_or_a_control_character_shows_as_one_question_mark():
    assert clean("Ωmega 日") == "?mega ?"
    assert clean("red\tblue\n\x00") == "red?blue??"
    assert width("日本") == 2 * width("?")


@contextmanager
def drawn_outside():
    """Record every text and point drawn that falls outside its image."""
    escaped: list[tuple] = []
    real_text, real_point = ImageDraw.ImageDraw.text, ImageDraw.ImageDraw.point

    def text(self, xy, text, fill=None, font=None, *args, **kwargs):
        left, top, right, bottom = font.getbbox(text)
        w, h = self.im.size
        x, y = xy
        if x + left < 0 or y + top < 0 or x + right > w or y + bottom > h:
            escaped.append(("text", xy, text, (w, h)))
        return real_text(self, xy, text, fill, font, *args, **kwargs)

    def point(self, xy, fill=None):
        w, h = self.im.size
        if not (0 <= xy[0] < w and 0 <= xy[1] < h):
            escaped.append(("point", xy, (w, h)))
        return real_point(self, xy, fill)

    with (
        mock.patch.object(ImageDraw.ImageDraw, "text", text),
        mock.patch.object(ImageDraw.ImageDraw, "point", point),
    ):
        yield escaped


label = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=0, max_size=80
)
names = st.lists(
    st.text(alphabet="abcdefghijklmnopqrstuvwxyzñó", min_size=1, max_size=30),
    min_size=1,
    max_size=5,
    unique=True,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    screen=st.sampled_from(["game", "setup", "announce", "privacy", "final", "message"]),
    title=label,
    lines=st.lists(label, max_size=8),
    footer=label,
    alerts=st.lists(label, max_size=3),
    players=names,
    prompt=label,
    main=st.sampled_from(list(MAINS)),
    secret=st.booleans(),
)
def test_no_text_leaves_the_main_display(
    screen, title, lines, footer, alerts, players, prompt, main, secret
):
    view = {
        **BIDS,
        "players": players,
        "scores": {p: 10**6 for p in players},
        "winners": players[:1] if screen == "final" else [],
        "decision": {"players": players, "prompt": prompt, "secret": secret, "kind": "x"},
        "face_up": [prompt[:4]] * 5,
    }
    cursor = len(lines) - 1 if lines and screen == "setup" else None
    history = ({"round": 9, "totals": {p: 10**6 for p in players}},)
    ui = MainUI(screen, title, tuple(lines), cursor, footer, tuple(alerts), history)
    size, mode = MAINS[main]
    with drawn_outside() as escaped:
        render_main(view, ui, size, mode)
    assert escaped == []


@settings(max_examples=40, deadline=None)
@given(
    title=label,
    entries=st.lists(label, max_size=10),
    note=label,
    players=names,
    hand=st.lists(st.integers(1, 13), unique=True),
)
def test_no_text_leaves_a_pad_or_the_matrix(title, entries, note, players, hand):
    menu = PadMenu(players[0], title, tuple(entries), len(entries) // 2, True, note=note)
    view = {
        "round": 9,
        "decision": {"players": players[:1], "secret": False},
        "you": {"hand": hand, "castillo": 30},
    }
    with drawn_outside() as escaped:
        render_pad(view, menu, (128, 32))
        render_matrix(view, (32, 8))
        render_matrix({**view, "winners": players}, (32, 8))
        history = [{"round": 9, "totals": {p: n for p, n in zip(players, hand, strict=False)}}]
        for size in ((128, 64), (256, 64), (40, 20)):
            render_chart(history, players, size)
    assert escaped == []


def test_the_bounds_check_catches_text_drawn_past_the_edge():
    # The guard above is only worth having if it fires: draw past the edge on purpose.
    with drawn_outside() as escaped:
        ImageDraw.Draw(Image.new("1", (20, 10))).text((5, 0), "too long", font=font())
    assert escaped and escaped[0][0] == "text"


# -- secrets -------------------------------------------------------------------------------------


def _public_outputs(state) -> list[bytes]:
    view = public_view(state)
    images = [render_main(view, MainUI(), size, mode) for size, mode in MAINS.values()]
    images.append(render_matrix(view, (32, 8)))
    return [img.tobytes() for img in images]


def _to_secret_step(seed: int, players: list[str], kind: str):
    """Play random moves until a secret step of `kind` waits for two or more players."""
    s = new_game(players, seed)
    bot = RandomBot(seed)
    for _ in range(5000):
        d = decision(s)
        assert d is not None
        if d.secret and d.kind == kind and len(d.players) >= 2:
            return s
        p = d.players[0]
        apply_in_place(s, p, bot.choose(s, p))
    raise AssertionError(f"no {kind} step reached")


@settings(max_examples=12, deadline=None)
@given(
    kind=st.sampled_from(["bid", "castillo_disc"]),
    seed=st.integers(0, 10**6),
    picks=st.tuples(st.integers(0, 20), st.integers(0, 20)),
    seats=st.integers(2, 5),
)
def test_public_screens_are_identical_whatever_was_sealed(kind, seed, picks, seats):
    s = _to_secret_step(seed, PLAYERS[:seats], kind)
    p = decision(s).players[0]
    legal = legal_actions(s, p)
    assume(len(legal) > 1)
    first = legal[picks[0] % len(legal)]
    other = legal[(picks[0] + 1 + picks[1] % (len(legal) - 1)) % len(legal)]
    assert first != other
    a, b = apply(s, p, first), apply(s, p, other)
    assert isinstance(a.steps[-1], SecretStep)  # still waiting for the others: nothing revealed
    b.hands = {q: list(reversed(h)) for q, h in b.hands.items()}  # hands differ too
    assert _public_outputs(a) == _public_outputs(b)


def test_the_secret_check_would_see_a_difference_in_public_state():
    # Guard for the test above: a public difference (the King moved) does change the screens.
    s = new_game(["red", "blue", "yellow"], 2)
    moved = copy.deepcopy(s)
    moved.king = next(r for r in game_data().regions if r != s.king)
    assert _public_outputs(s) != _public_outputs(moved)


# -- the picture command and the docstrings ------------------------------------------------------


def test_screens_command_writes_every_screen(tmp_path, capsys):
    assert run_screens(str(tmp_path), seed=3, players=3, scale=1) == 0
    written = {Path(line).name for line in capsys.readouterr().out.split()}
    assert written == {p.name for p in tmp_path.iterdir()}
    for name in (
        "main-128x64-game-turn",
        "main-256x64-announce",
        "main-256x64-final",
        "matrix-turn",
        "pad-turn",
        "chart-256x64",
    ):
        assert f"{name}.png" in written
    with Image.open(tmp_path / "main-128x64-final.png") as img:
        assert img.size == (128, 64) and img.getbbox() is not None
    with Image.open(tmp_path / "pad-turn.png") as img:
        assert img.size == (128, 32)
    # The README and docs/ show every picture the command makes, from the committed docs/screens/
    # (the README links them as docs/screens/NAME, a page under docs/ as screens/NAME).
    root = Path(__file__).resolve().parents[2]
    pages = [root / "README.md", *sorted((root / "docs").glob("*.md"))]
    text = "\n".join(page.read_text(encoding="utf-8") for page in pages)
    shown = set(re.findall(r"\((?:docs/)?screens/([\w.-]+\.png)\)", text))
    assert shown == written
    assert shown == {p.name for p in (root / "docs" / "screens").iterdir()}


@pytest.mark.parametrize(
    ("players", "scale", "wrong"),
    [(1, 3, "--players must be 2 to 5, got 1"), (6, 3, "--players must be 2 to 5, got 6")]
    + [(2, 0, "--scale must be 1 to 8, got 0"), (5, 9, "--scale must be 1 to 8, got 9")],
    ids=["players 1", "players 6", "scale 0", "scale 9"],
)
def test_screens_command_refuses_numbers_out_of_range(players, scale, wrong, capsys, monkeypatch):
    import companion.commands.screens as command

    monkeypatch.setattr(command, "render_all", mock.Mock(return_value=[]))
    assert run_screens("out", seed=4, players=players, scale=scale) == 2
    assert capsys.readouterr().err == f"companion screens: {wrong}\n"
    command.render_all.assert_not_called()


@pytest.mark.parametrize(("players", "scale"), [(2, 1), (5, 8)], ids=["lowest", "highest"])
def test_screens_command_takes_the_numbers_at_its_bounds(players, scale, capsys, monkeypatch):
    import companion.commands.screens as command

    render = mock.Mock(return_value=[Path("out/a.png")])
    monkeypatch.setattr(command, "render_all", render)
    assert run_screens("out", seed=4, players=players, scale=scale) == 0
    render.assert_called_once_with(
        Path("out"), seed=4, players=players, scale=scale, game="elgrande", language="en"
    )
    assert capsys.readouterr().out == f"{Path('out/a.png')}\n"


@pytest.fixture(scope="module")
def pictures(tmp_path_factory):
    """`companion screens --seed 3 --players 3 --scale 2`, written once for the tests below."""
    out = tmp_path_factory.mktemp("screens")
    render_all(out, seed=3, players=3, scale=2)
    return out


def _as_pictured(frame: Image.Image, scale: int = 2) -> bytes:
    size = (frame.width * scale, frame.height * scale)
    big = frame.convert("L").resize(size, Image.Resampling.NEAREST)
    return big.tobytes()


def _png(path: Path) -> bytes:
    with Image.open(path) as img:
        return img.convert("L").tobytes()


def _table(seats: tuple[str, ...], seed: int, out_dir: Path | None = None, config="pi.toml"):
    """A TableApp on a shipped config mocked (as it is: its pads' displays too), built here."""
    from companion.app.config import load_app_config
    from companion.app.setup import TableDefaults
    from companion.app.table import TableApp
    from hw.backend import MockBackend
    from hw.hardware import build_hardware

    hardware, table = load_app_config(None, config)
    clock = VirtualClock()
    hw = build_hardware(hardware, backend=MockBackend(), clock=clock, start=False)
    app = TableApp(hw, TableDefaults(table.options, seats), seed=seed, out_dir=out_dir)
    return hw, clock, app


@pytest.mark.parametrize(("label", "config"), [("128x64", "pi.toml"), ("256x64", "sim.toml")])
def test_the_setup_picture_is_the_frame_a_fresh_table_shows(pictures, label, config):
    hw, _, _ = _table(("red", "blue", "yellow"), seed=3, config=config)
    with hw:
        frame = hw.display.device.image
    assert frame.size == MAINS[label][0]
    assert _png(pictures / f"main-{label}-setup.png") == _as_pictured(frame)


def test_the_final_picture_and_chart_are_those_of_the_same_game_played_at_a_table(
    pictures, tmp_path
):
    # The same seed, bots pressing the buttons, on a table whose pads all have a display: the
    # game is the same, so its last frame and saved chart are the command's.
    from companion.testing import BotDriver, make_bots

    seats = ("red", "blue", "yellow")
    hw, clock, app = _table(seats, seed=3, out_dir=tmp_path)
    with hw:
        presser = Presser(hw, clock)
        driver = BotDriver(app, presser, make_bots(seats, 3), hw.events)
        while (planned := driver.plan()) is not None:
            for button in planned[1]:
                presser.press(planned[0], button)
                while not hw.events.empty():
                    app.handle(hw.events.get_nowait())
        assert app.mode == "final"
        frame = hw.display.device.image
    assert _png(pictures / "main-128x64-final.png") == _as_pictured(frame)
    assert _png(pictures / "chart-large.png") == _png(tmp_path / "scores.png")


def test_the_committed_pictures_are_what_the_command_makes_now(tmp_path):
    # The docs show docs/screens/: after a change to what the app draws, run
    # `companion screens --out docs/screens` again (the defaults) and look at the new pictures.
    render_all(tmp_path)
    docs = Path(__file__).resolve().parents[2] / "docs" / "screens"
    stale = sorted(p.name for p in tmp_path.iterdir() if _png(p) != _png(docs / p.name))
    assert stale == [], "docs/screens is stale: run companion screens --out docs/screens"


def test_the_committed_french_pictures_are_what_the_command_makes_now(tmp_path):
    # docs/fr/screens/, shown by the French guide: `companion screens --lang fr --out
    # docs/fr/screens` after a change to what the app draws or to the French catalog.
    render_all(tmp_path, language="fr")
    docs = Path(__file__).resolve().parents[2] / "docs" / "fr" / "screens"
    assert {p.name for p in tmp_path.iterdir()} == {p.name for p in docs.iterdir()}
    stale = sorted(p.name for p in tmp_path.iterdir() if _png(p) != _png(docs / p.name))
    assert stale == [], "docs/fr/screens is stale: run companion screens --lang fr --out ..."


def test_screens_command_refuses_a_bad_player_count(tmp_path, capsys):
    assert run_screens(str(tmp_path / "out"), seed=1, players=6, scale=1) == 2
    assert "--players must be 2 to 5, got 6" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    "name",
    [
        "companion.screens.text",
        "companion.screens.names",
        "companion.screens.canvas",
        "companion.screens.main_display",
        "companion.screens.matrix",
        "companion.screens.pad",
        "companion.screens.chart",
        "companion.screens.reasons",
        "companion.screens.pages",
        "companion.screens.legacy_text",
        "companion.screens.word_wrap",
        "companion.screens.game_page",
        "companion.screens.board_page",
        "companion.screens.books_row",
        "companion.screens.tiny_accents",
    ],
)
def test_docstring_examples_run(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0


def test_screens_and_voice_never_import_the_hardware_layer():
    import subprocess
    import sys

    code = (
        # (companion.commands.screens is not among them: it pictures the app on mock hardware.)
        "import sys, companion.screens, companion.screens.voice\n"
        "print(sorted(m for m in sys.modules if m == 'hw' or m.startswith('hw.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("font_name", ["TINY", "MATRIX_FONT"])
def test_small_print_has_the_pixels_luma_legacy_text_draws(font_name):
    """The masks are made from the font's bytes, not by luma's point-by-point drawing: every
    character, and lines of them, must come out exactly as luma draws them."""
    from luma.core.legacy import text as luma_text

    from companion.screens import legacy_text

    legacy_font = getattr(legacy_text, font_name)
    lines = [chr(c) for c in range(32, 127)]
    lines += ["".join(map(chr, range(32, 127))), "1-3 5 9-13", "Castillo 12", "Cast..", ""]
    for line in lines:
        w = legacy_text.text_width(line, legacy_font)
        ours = Image.new("1", (w + 4, 10), 0)
        legacy_text.draw_legacy(ImageDraw.Draw(ours), (2, 1), line, 1, legacy_font)
        theirs = Image.new("1", (w + 4, 10), 0)
        luma_text(ImageDraw.Draw(theirs), (2, 1), line, fill=1, font=legacy_font)
        assert ours.tobytes() == theirs.tobytes(), repr(line)
        assert line.strip() == "" or theirs.getbbox() is not None  # a line of pixels, compared


FIVE_SCORES = {"yellow": 119, "red": 113, "blue": 102, "green": 97, "black": 46}


@pytest.mark.parametrize(("size", "mode"), [((128, 64), "1"), ((256, 64), "L")])
def test_a_five_player_ranking_and_score_table_show_every_player(size, mode, drawn):
    view = {"scores": FIVE_SCORES, "winners": ["yellow"]}
    render_main(view, MainUI("final", "Winner: yellow", (), None, "● chart"), size, mode)
    assert [t for t in drawn if t[0].isdigit()] == [
        "1 yellow 119",
        "2 red 113",
        "3 blue 102",
        "4 green 97",
        "5 black 46",
    ]
    drawn.clear()
    table = scores_page(view, footer="12/12  ● next")
    render_main(view, table, size, mode)
    assert [t for t in drawn if t.split(" ")[0] in FIVE_SCORES] == [
        f"{p} {n}" for p, n in FIVE_SCORES.items()
    ]
    assert "12/12  ● next" in drawn  # moved to the title row, not dropped: it fits there


def test_the_last_two_alerts_show_one_row_each(drawn):
    alerts = ("NOT SAVED", "LED matrix: fault", "green, blue: hold ● to choose unseen")
    render_main(BIDS, MainUI("message", "Saved", alerts=alerts), (128, 64), "1")
    shown = [t for t in drawn if t.startswith("!") or "choose unseen" in t]  # bottom row first
    assert len(shown) == 2 and shown[0].startswith("! green, blue: hold")
    assert shown[1] == "! LED matrix: fault"  # "NOT SAVED", the first, has no row
