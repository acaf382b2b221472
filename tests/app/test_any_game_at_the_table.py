"""The table plays any game the device knows, on the same pads: the setup screen's game line,
numbers on a stepper, everyone entering at once in the open, each taking back their own entry,
and each player's score lines announced a page a player, then the ranking."""

from __future__ import annotations

import pytest

from companion.app.menus import NumberMenu
from companion.app.table_file import check_table
from companion.kit.moves import Action
from companion.testing import make_bots
from hw.events import Btn, Kind, PadEvent

THREE = ("red", "blue", "yellow")


@pytest.mark.parametrize("game", ["akropolis", "castell", "carcassonne"])
def test_each_game_is_played_to_its_ranking_by_presses_with_its_reasons_said(make_table, game):
    table = make_table(seats=THREE, game=game, seed=4)
    said: list[str] = []
    table.app.outputs.on_say.append(lambda text, _round: said.append(text))
    table.press("red", "select")  # Start
    assert table.session.header.game == game
    driver = table.bots(make_bots(THREE, 4, game))
    while driver.step():
        pass
    assert table.app.finished and table.session.over
    view = table.app.view
    assert set(view.scores) == set(THREE) and view.winners
    # Every score line was said with its reason, a player at a time, then the ranking.
    lines = [e for e in table.session.events if e["kind"] == "score" and "rule" in e["detail"]]
    assert lines
    for event in lines:
        why = event["detail"]["why"].replace(" × ", " times ")
        assert any(why in text for text in said), why
    ranking = next(e for e in table.session.events if e["kind"] == "ranking")
    assert ranking["text"] in said


def test_the_setup_screen_names_the_game_and_changes_it_with_select(make_table):
    table = make_table(seats=("red", "blue", "yellow", "green", "black"))
    table.press("red", *["right"] * 6)  # past Start and the five seats: the game
    assert table.app.main_ui().lines[-1] == "Game: El Grande"
    table.press("red", "select")
    assert table.app.main_ui().lines[-1] == "Game: Akropolis"
    table.press("red", "long", "select")  # Start, with five seats: Akropolis seats four at most
    assert table.app.session is None
    assert table.app.main_ui().footer == "2 to 4 seats play; 5 chosen"
    table.press("red", "right", "select", "long", "select")  # red sits out; Start
    assert table.session.header.game == "akropolis"
    assert table.session.players == ("blue", "yellow", "green", "black")


def test_a_number_is_entered_on_a_stepper_and_a_held_button_speeds_up(make_table):
    table = make_table(seats=THREE, game="castell")
    table.press("red", "select")
    menu = table.app.menu_for("red")
    assert isinstance(menu, NumberMenu) and menu.value == 0
    assert table.app.pad_menu("red").title == "Tower score"
    table.press("red", "right", "right")
    assert menu.value == 2
    # Held: the hub repeats ▶; from the fourth repeat on, each one steps two.
    for _ in range(8):
        table.app.handle(PadEvent("red", Btn.RIGHT, Kind.REPEAT, table.clock()))
    assert menu.value == 2 + 3 * 1 + 5 * 2
    table.press("red", "select")
    assert table.session.state.steps[-1].values["red"] == {"tower": 15}


def test_in_the_open_entry_a_player_takes_back_their_own_entry_after_others_entered(make_table):
    table = make_table(seats=THREE, game="castell")
    table.press("red", "select")
    table.press("red", "right", "right", "select")  # red: 2
    table.press("blue", "right", "select")  # blue: 1, the latest decision
    table.press("red", "long")
    values = table.session.state.steps[-1].values
    assert values == {"blue": {"tower": 1}}
    assert table.session.events[-1]["text"] == "red takes back: Tower score 2"
    assert "red" in table.app.main_ui().title  # red is entering again


def test_the_ledger_page_says_who_is_still_entering(make_table):
    table = make_table(seats=THREE, game="castell")
    table.press("red", "select")
    assert table.app.main_ui().title == "Still entering: red, blue, yellow"
    table.press("blue", "select")
    assert table.app.main_ui().title == "Still entering: red, yellow"
    assert table.session.decide  # the session, not the page, holds the entries
    assert table.session.state.steps[-1].values["blue"] == {"tower": 0}


def test_a_table_file_names_its_game_and_each_games_options_in_a_section():
    table, problems = check_table({"game": "akropolis", "akropolis": {"markets": True}})
    assert problems == [] and table is not None
    assert table.game == "akropolis" and table.options.markets is True
    _, problems = check_table({"game": "chess", "akropolis": {"market": True}})
    assert problems[0].startswith('game: got string "chess"; accepted: "elgrande" or ')
    assert problems[1].startswith("akropolis.market: unknown key; accepted here: houses")


def test_an_action_out_of_the_number_range_is_never_on_the_stepper(make_table):
    table = make_table(seats=THREE, game="castell")
    table.press("red", "select")
    menu = table.app.menu_for("red")
    table.press("red", "left")
    assert menu.value == 0  # the lowest stays the lowest
    assert Action("tower", -1) not in menu.actions
