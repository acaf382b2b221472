"""The setup screen on the main display, pressed from a pad: its title, its lines four at a time
around the cursor, each seat's and each option's value as ● changes it, and its keys."""

from __future__ import annotations

from companion.screens.model import MainUI

KEYS = "◀ ▶ line  ● select"


def test_the_setup_screen_opens_on_start_with_its_title_the_first_seats_and_its_keys(
    make_table, drawn
):
    table = make_table()  # pi.toml: five pads, every seat plays
    assert table.app.main_ui() == MainUI(
        screen="setup",
        title="New game",
        lines=("Start the game", "red: plays", "blue: plays", "yellow: plays"),
        cursor=0,
        footer=KEYS,
    )
    assert {"New game", "Start the game", "red: plays", KEYS} <= set(drawn), drawn


def test_a_seat_sits_out_on_select_and_plays_again_on_the_next(make_table):
    table = make_table()
    table.press("green", "right", "select")
    assert table.app.main_ui().lines[1] == "red: sits out"
    table.press("green", "select")
    assert table.app.main_ui().lines[1] == "red: plays"


def test_the_lines_scroll_with_the_cursor_which_marks_the_line_select_changes(make_table):
    table = make_table()
    table.press("blue", "right", "right", "right")  # yellow: the last of the first four lines
    ui = table.app.main_ui()
    assert ui.lines == ("Start the game", "red: plays", "blue: plays", "yellow: plays")
    assert ui.cursor == 3
    table.press("blue", "right", "right")  # black: the window follows, the cursor at its foot
    ui = table.app.main_ui()
    assert ui.lines == ("blue: plays", "yellow: plays", "green: plays", "black: plays")
    assert ui.cursor == 3
    table.press("blue", "select")
    assert table.app.main_ui().lines[3] == "black: sits out"


def test_the_options_say_their_values_and_select_turns_each_to_its_next(make_table):
    table = make_table()
    table.press("red", *["right"] * 6)  # past Start and the five seats: the game
    assert table.app.main_ui().lines[-1] == "Game: El Grande"
    table.press("red", "right")
    assert table.app.main_ui().lines[-1] == "Ruleset: 2015"
    table.press("red", "select")
    assert table.app.main_ui().lines[-1] == "Ruleset: 1995"
    table.press("red", "right")
    assert table.app.main_ui().lines[-1] == "Short game: no"
    table.press("red", "select")
    assert table.app.main_ui().lines[-1] == "Short game: yes"
    table.press("red", "right")
    assert table.app.main_ui().lines[-1] == "Veto: yes"
    table.press("red", "select")
    assert table.app.main_ui().lines[-1] == "Veto: no"
    table.press("red", "long", "select")  # back to Start: the game plays what the lines said
    options = table.session.state.options
    assert (options.ruleset, options.short_game, options.veto) == ("1995", True, False)


def test_select_on_start_begins_the_game_and_the_voice_says_its_set_up_then_round_1(make_table):
    table = make_table(seed=3, seats=("red", "blue", "yellow"))
    said: list[str] = []
    table.app.outputs.on_say.append(lambda text, _round: said.append(text))
    table.press("red", "select")
    assert table.app.mode == "game"
    assert said[0].startswith("The King starts in ") and "Homes: red in " in said[0], said
    assert said[1].startswith("Round 1 of 9."), said


def test_a_table_with_no_fixed_seed_draws_each_games_seed_from_two_to_the_31(make_table):
    seeds = []
    for _ in range(2):
        table = make_table(seed=None, seats=("red", "blue"))
        table.press("red", "select")
        assert table.app.mode == "game"
        seeds.append(table.session.header.seed)
    assert all(type(s) is int and 0 <= s < 2**31 for s in seeds), seeds
    # Not a few dozen games: both draws below 2**16 would come once in a billion runs.
    assert max(seeds) >= 2**16, seeds
