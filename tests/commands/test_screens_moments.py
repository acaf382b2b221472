"""The game `companion screens` pictures is the one asked for, and a panel it cannot picture is
named in the error."""

from __future__ import annotations

import re

import pytest
from luma.core.interface.serial import noop

from companion.commands.screens_moments import MAIN_DISPLAYS, panel, table_config, take_shots
from hw.devices import Driver
from hw.display import Display


def test_the_pictures_are_of_a_game_of_as_many_players_as_asked(drawn: list[str]) -> None:
    shots = take_shots(table_config(MAIN_DISPLAYS["128x64"]), 2, 3)
    moments = {"setup", "bids", "privacy", "turn", "announce", "scores", "final", "chart"}
    assert set(shots.main) == moments
    ranked = {t for t in drawn if re.fullmatch(r"\d (red|blue|yellow|green|black) \d+", t)}
    assert [t.split()[1] for t in sorted(ranked)] == ["red", "blue"]  # the final ranking


def test_a_panel_that_never_answered_is_named_as_having_shown_nothing() -> None:
    def no_answer(bus: object) -> object:
        raise OSError(121, "Remote I/O error")

    display = Display("main display", (128, 64), "1", Driver(noop, no_answer))
    try:
        assert display.degraded
        with pytest.raises(RuntimeError, match="^main display has shown nothing$"):
            panel(display)
    finally:
        display.close()
