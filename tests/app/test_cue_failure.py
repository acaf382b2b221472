"""A buzzer that refuses a cue: the table still says and shows everything (mock pins)."""

from __future__ import annotations

import logging

from companion.testing import make_bots

THREE = ("red", "blue", "yellow")


def _to_first_scoring(table) -> tuple[list[str], list[str]]:
    """Bots press their pads through the first scoring's pages: what was said, the pages' titles."""
    table.press("red", "select")
    driver = table.bots(make_bots(THREE, 3))
    titles: list[str] = []
    # The speaker keeps a few lines queued at most (the oldest dropped): waiting for it after
    # each move keeps what is heard from depending on how busy the machine is.
    for _ in range(2000):
        if table.app.mode == "announce":
            break
        assert driver.step(), "the bots ran out of moves first"
        table.hw.speaker.wait_idle(5)
    while table.app.mode == "announce":
        titles.append(table.app.main_ui().title)
        table.press("blue", "select")
        table.hw.speaker.wait_idle(5)
    table.hw.speaker.wait_idle(5)
    return list(table.hw.speaker.spoken), titles


def test_a_cue_the_buzzer_refuses_drops_no_speech_and_no_page(make_table, monkeypatch, caplog):
    heard, pages = _to_first_scoring(make_table(seed=3, seats=THREE))
    table = make_table(seed=3, seats=THREE)

    def refuse(name) -> None:  # as the buzzer refuses a cue whose notes it cannot play
        raise ValueError("note 'A7' is outside this buzzer's range")

    monkeypatch.setattr(table.hw.buzzer, "cue", refuse)
    with caplog.at_level(logging.WARNING, logger="companion.app.outputs"):
        assert _to_first_scoring(table) == (heard, pages)
    assert pages and any("Round 2" in line for line in heard)
    refused = [r.getMessage() for r in caplog.records if "not played" in r.getMessage()]
    assert sorted(refused) == sorted(set(refused))  # each cue logged once, not at every turn
    assert any("'reveal'" in m for m in refused) and any("'turn'" in m for m in refused)
    why = "note 'A7' is outside this buzzer's range"  # the journal says what refused the cue
    assert f"buzzer: cue 'turn' not played: {why}" in refused
