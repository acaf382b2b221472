"""The setup screen and the shipped table.toml: a table that changes nothing plays the printed
game, and every option that departs from it can be changed on the screen."""

from companion.app.config import load_table_defaults, packaged
from companion.app.setup import SetupScreen, TableDefaults, option_lines
from companion.elgrande.options import CHOICES, TableOptions


def test_the_shipped_table_toml_sets_every_option_to_the_printed_default():
    shipped = load_table_defaults(packaged("table.toml")).options
    assert shipped == TableOptions()
    text = packaged("table.toml").read_text(encoding="utf-8")
    assert all(f"\n{key} = " in text for key in CHOICES)  # each one named, with its comment


def test_the_setup_screen_offers_the_tie_break_and_the_castillo_shown():
    keys = [key for key, _ in option_lines("elgrande")]
    assert "tiebreak" in keys and "castillo_public" in keys
    screen = SetupScreen(("red", "blue"), TableDefaults())
    line = 1 + 2 + 1 + keys.index("tiebreak")  # Start, the two seats, the game, the options
    for _ in range(line):
        screen.press("right")
    assert "Tie-break: shared" in screen.ui().lines
    screen.press("select")
    assert "Tie-break: tournament" in screen.ui().lines
    screen.cursor = 0
    choice = screen.press("select")
    assert choice is not None and choice.options.tiebreak == "tournament"
    assert choice.options.castillo_disc_on_king == "forbidden"
