"""The ledger games' pages, line for line: a player's page and what the voice says of it, the
ranking with shared places and the tie-break, the main display's page while people enter, and
a number's stepper pointed at a value."""

from __future__ import annotations

from companion.app.ledger import FOOTER, ledger_feed, ledger_ui
from companion.app.menus import NumberMenu
from companion.kit.moves import Action
from companion.kit.steps import NumberField
from companion.screens import MainUI, render_main
from companion.screens.ledger_pages import (
    is_score_line,
    player_page,
    player_speech,
    ranking_page,
)
from companion.screens.pages import announce_footer
from companion.session.views import DecisionView

RED = [
    {"player": "red", "points": 12, "rule": "market", "why": "Markets: 3 × 4 stars = 12"},
    {"player": "red", "points": 0, "rule": "barracks", "why": "Barracks: no barracks plaza, 0"},
]


def test_a_players_page_sums_their_lines_and_says_each_reason():
    page = player_page(RED, footer="● next")
    assert (page.screen, page.title, page.footer) == ("announce", "red: 12", "● next")
    assert page.lines == ("Markets: 3 x 4 stars = 12", "Barracks: no barracks plaza, 0")
    said = player_speech(RED)
    assert said == (
        "red: Markets: 3 times 4 stars = 12. Barracks: no barracks plaza, 0. 12 in all."
    )


def test_a_score_line_is_told_from_any_other_detail():
    assert is_score_line(RED[0])
    assert not is_score_line({"player": "red", "points": 3, "rule": "x"})  # no reason
    assert not is_score_line(["red", 3])


def test_the_ranking_shares_tied_places_and_says_the_tie_break():
    detail = {"places": [[1, ["blue", "red"]], [3, ["green"]]], "tiebreak": "more stones"}
    page = ranking_page(detail, {"blue": 20, "red": 20, "green": 9}, footer="")
    assert (page.screen, page.title) == ("announce", "Ranking")
    assert page.lines == ("1 blue 20 (shared)", "1 red 20 (shared)", "3 green 9", "more stones")
    assert ranking_page({"places": [[1, ["red"]]]}, {}).lines == ("1 red 0",)


def test_while_people_enter_the_page_names_them_then_the_prompt_and_the_scores():
    d = DecisionView("entry", "Final count", False, ("red", "green"), (), parallel=True)
    view = type("View", (), {"decision": d, "scores": {"red": 3, "green": 0}})()
    ui = ledger_ui(view, "red takes back", ("NOT SAVED",), 128)
    assert ui.title == "Still entering: red, green"
    assert ui.lines == ("red takes back", "Final count", "red 3", "green 0")
    assert (ui.footer, ui.alerts, ui.screen) == (FOOTER, ("NOT SAVED",), "ledger")
    one = DecisionView("feature", "City: tiles", False, ("blue",), ())
    turn = type("View", (), {"decision": one, "scores": {"blue": 1}})()
    assert ledger_ui(turn, "", (), 128).title == "blue: City: tiles"
    done = type("View", (), {"decision": None, "scores": {"blue": 1}})()
    ui = ledger_ui(done, "", (), 128)
    assert (ui.title, ui.lines, ui.footer) == ("Scores", ("blue 1",), "")


def test_the_feed_makes_a_page_a_player_then_the_ranking_and_says_the_rest_after():
    events = [
        {"kind": "setup", "text": "Final count", "detail": None, "round": None},
        *({"kind": "score", "text": "…", "detail": d, "round": 1} for d in RED),
        {"kind": "score", "text": "…", "detail": {**RED[0], "player": "blue"}, "round": 1},
        {"kind": "totals", "text": "Scores", "detail": {"scores": {"red": 12, "blue": 12}}},
        {"kind": "ranking", "text": "red and blue share", "detail": {"places": [[1, ["red"]]]}},
        {"kind": "game_over", "text": "Game over", "detail": None, "round": 1},
        {"kind": "quiet", "text": "not said", "detail": None, "round": 1},
    ]
    pages, later, now = ledger_feed(events, frozenset({"quiet"}), {"red": 99})
    assert [p.title for p in pages] == ["red: 12", "blue: 12", "Ranking"]
    assert pages[2].lines == ("1 red 12",) and pages[2].speech == "red and blue share"
    assert now == [("Final count", None)] and later == [("Game over", 1)]
    assert pages[0].round == 1 and not pages[0].confirm


def test_a_stepper_pointed_at_a_value_shows_it_within_its_bounds():
    menu = NumberMenu(NumberField("tiles", "City: tiles", "…", low=2, high=9, default=3))
    menu.point_at(Action("tiles", 7))
    assert menu.value == 7
    menu.point_at(Action("tiles", 40))
    assert menu.value == 9
    menu.point_at(Action("pennants", 1))  # another field's: the stepper stays
    menu.point_at(Action("tiles", "7"))
    assert menu.value == 9
    menu.move(-1, held=4)
    assert menu.value == 7


CASTELL = [  # one player's reasons, each too long for a row of 128 px
    {"player": "red", "points": 8, "rule": "tower", "why": "Best tower: 8"},
    {"player": "red", "points": 0, "rule": "regions", "why": "Region variety: 1 region = 0"},
    {
        "player": "red",
        "points": 13,
        "rule": "prizes",
        "why": "Prizes: 2 trophies × 5 + 1 medal × 3 = 13",
    },
    {
        "player": "red",
        "points": 6,
        "rule": "sizes",
        "why": "Size tokens: 2 sizes × 2 + 2 further = 6",
    },
    {"player": "red", "points": 8, "rule": "local", "why": "Local performances: 5 + 3 tokens = 8"},
]


def test_a_players_reasons_go_over_as_many_pages_as_the_panel_needs_each_whole(
    drawn, main_small_print
):
    events = [{"kind": "score", "text": "…", "detail": d, "round": 1} for d in CASTELL]
    narrow = ledger_feed(events, size=(128, 64))[0]
    wide = ledger_feed(events, size=(256, 64))[0]
    assert len(wide) == 1 and wide == ledger_feed(events)[0]  # 256 px: one page, as before
    assert [p.title for p in narrow] == ["red: 35"] * 3  # every page titled with the total
    assert [x for p in narrow for x in p.lines] == list(wide[0].lines)  # each reason, in order
    # What the voice says: each page its own reasons, the last the total.
    assert narrow[0].speech == "red: Best tower: 8. Region variety: 1 region = 0."
    assert narrow[-1].speech == "red: Local performances: 5 + 3 tokens = 8. 35 in all."
    assert " ".join(p.speech[5:] for p in narrow) == wide[0].speech[5:]
    for i, p in enumerate(narrow):  # each page as the panel draws it: nothing cut or left out
        drawn.clear()
        main_small_print.clear()
        footer = announce_footer(i + 1, len(narrow), 128)
        render_main({}, MainUI("announce", p.title, p.lines, None, footer), (128, 64), "1")
        assert not [t for t in [*drawn, *main_small_print] if t.endswith(("…", ".."))]
        shown = " ".join([*drawn, *main_small_print]).split()
        assert [w for line in p.lines for w in line.split()] == shown[
            5:
        ]  # after the title and the footer


def test_a_question_too_long_for_the_title_goes_below_it_whole_in_small_print_if_need_be(
    drawn, main_small_print
):
    asked = (
        "Completed a road, a city or a cloister? Enter it (the player who placed the tile). "
        "After the last tile: end of game"
    )
    d = DecisionView("play", asked, False, ("red", "blue", "yellow"), ())
    view = type("View", (), {"decision": d, "scores": {"red": 3, "blue": 0, "yellow": 12}})()
    for width_px in (128, 256):
        ui = ledger_ui(view, "red: no undo, nothing to take back", (), width_px)
        assert ui.title == "red, blue, yellow"  # who is asked; what, under it
        assert ui.lines == (
            "red: no undo, nothing to take back",
            asked,
            "red 3",
            "blue 0",
            "yellow 12",
        )
        drawn.clear()
        main_small_print.clear()
        render_main({}, ui, (width_px, 64), "1")
        shown = [*drawn, *main_small_print]
        assert not [t for t in shown if t.endswith(("…", ".."))], shown
        words = " ".join(shown).split()
        assert all(w in words for w in asked.split()), shown
        assert {"12", "yellow", "back", "undo,"} <= set(words)
        # 128 px: the scores side by side, and no row left for the footer, which is left out.
        assert ("hold" in words) == (width_px == 256)
    short = DecisionView("feature", "City: tiles", False, ("blue",), ())
    turn = type("View", (), {"decision": short, "scores": {"blue": 1}})()
    assert ledger_ui(turn, "", (), 128).title == "blue: City: tiles"  # fits: as before
