"""The declared mode table: every mode has its rules, and the table's mode is one of them."""

from companion.app.mode import Mode
from companion.app.modes import MODES


def test_every_mode_has_its_rules_under_its_own_name():
    assert set(MODES) == set(Mode)
    assert all(rules.name is mode for mode, rules in MODES.items())


def test_a_mode_is_its_own_name(make_table):
    table = make_table()
    assert table.app.mode is Mode.SETUP and table.app.mode == "setup"
    table.press("red", "select")
    assert table.app.mode is Mode.GAME
