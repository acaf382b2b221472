"""The table's language: table.toml's `language`, the setup screen's last line, else the
system locale, English the fallback."""

from __future__ import annotations

import pytest

from companion.app.setup import SetupScreen, TableDefaults
from companion.app.table_file import check_table
from companion.i18n import language

PADS = ("red", "blue", "yellow")


def test_table_toml_names_the_language():
    table, problems = check_table({"language": "fr"})
    assert problems == [] and table.language == "fr"
    assert check_table({})[0].language is None


@pytest.mark.parametrize("value", ["de", "FR", 1])
def test_a_language_the_device_has_no_catalog_for_is_refused_in_one_line(value):
    table, problems = check_table({"language": value})
    assert table is None
    assert len(problems) == 1 and problems[0].startswith("language: got ")
    assert problems[0].endswith('accepted: "en" or "fr"')


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "fr_CA.UTF-8", "LC_ALL": "en_GB.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({}, "en"),
        ({"LANGUAGE": "de:fr", "LANG": "de_DE.UTF-8"}, "fr"),
    ],
)
def test_without_a_choice_the_system_locale_decides(monkeypatch, env, expected):
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(key, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    assert TableDefaults().table_language() == expected
    assert TableDefaults(language="en").table_language() == "en"


def test_the_setup_screen_shows_and_switches_the_language_on_its_last_line():
    screen = SetupScreen(PADS, TableDefaults(language="en"))
    assert screen.ui().title == "New game"
    lines = screen._lines()
    assert lines[-1] == "Language: English"
    assert lines[:-1] == [
        "Start the game",
        *(f"{p}: plays" for p in PADS),
        "Game: El Grande",
        *lines[len(PADS) + 2 : -1],
    ]
    screen.press("left")  # from Start back round to the last line
    screen.press("select")
    assert language() == "fr"
    assert screen.ui().title == "Nouvelle partie"
    assert screen._lines()[-1] == "Langue\u202f: Français"
    screen.press("left")
    screen.press("left")
    screen.press("long")  # back to Start
    choice = screen.press("select")
    assert choice is not None and choice.language == "fr"


def test_the_language_chosen_comes_back_after_a_restart():
    screen = SetupScreen(PADS, TableDefaults(language="fr"))
    saved = screen.to_json()
    again = SetupScreen(PADS, TableDefaults(language="en"))
    assert language() == "en"
    again.restore(saved)
    assert again.language == "fr" and language() == "fr"
