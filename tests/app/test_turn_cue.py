"""The buzzer's "turn" cue: once for each new player to decide in the open, never for a sealed
step (everyone enters at once), never again while the same player goes on deciding."""

from __future__ import annotations

import pytest
from table_testing import enter_power_card

THREE = ("red", "blue", "yellow")


@pytest.fixture
def cues(make_table, monkeypatch):
    """A three-seat table just started (sealed power cards), and the cues its buzzer is given."""
    table = make_table(seed=3, seats=THREE)
    given: list[str] = []
    monkeypatch.setattr(table.hw.buzzer, "cue", given.append)
    table.press("red", "select")
    return table, given


def test_the_turn_cue_sounds_for_the_first_player_after_the_reveal_and_not_in_a_sealed_step(cues):
    table, given = cues
    enter_power_card(table, "red", 5)
    enter_power_card(table, "blue", 13)
    assert given == []  # who is still to enter changed, but nobody's turn came
    enter_power_card(table, "yellow", 9)  # the reveal: the highest card, blue's, plays first
    assert table.app.view.decision.waiting == ("blue",)
    assert given == ["reveal", "turn"]
    table.press("blue", "right", "left", "right", "select")  # blue goes on deciding
    assert table.app.view.decision.waiting == ("blue",)
    assert given == ["reveal", "turn"]


def test_the_first_player_after_the_reveal_is_cued_even_when_the_last_to_enter(cues):
    table, given = cues
    enter_power_card(table, "red", 5)
    enter_power_card(table, "yellow", 9)
    enter_power_card(table, "blue", 13)  # blue entered last and plays first
    assert table.app.view.decision.waiting == ("blue",)
    assert given == ["reveal", "turn"]
