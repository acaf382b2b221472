"""The final page of a finished game: the ranking and the score chart turn on ●, the arrows do
nothing, a long ● starts a new game; each pad says the game is over and its player's score."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from store_table_testing import stop
from table_testing import Table

from companion.commands.sim import SimScreen
from companion.commands.sim_log import SimLog
from companion.elgrande.bots import GreedyBot
from companion.elgrande.engine import decision
from companion.session.resilient import open_resilient
from hw.events import DeviceFault

SEATS = ("red", "blue")  # both with a pad display in sim.toml


@pytest.fixture(scope="module")
def finished(tmp_path_factory) -> Path:
    """A store holding a short two-seat game played by bots to its end (played once)."""
    where = tmp_path_factory.mktemp("finished")
    table = Table("sim.toml", seed=4, seats=SEATS, store=open_resilient(where / "game.db"))
    try:
        table.press("red", "select")  # the game starts
        s, bots = table.session, {"red": GreedyBot(1), "blue": GreedyBot(2)}
        while not s.over:
            p = decision(s.state).players[0]
            s.decide(p, bots[p].choose(s.state, p))
        table.app.refresh()
        while table.app.mode == "announce":  # the last scoring heard to its end
            table.press("red", "select")
        assert table.app.mode == "final"
    finally:
        stop(table)
    return where


@pytest.fixture
def final_table(finished, tmp_path):
    """A table restarted on a copy of the finished game: it opens on the final page."""
    for f in finished.iterdir():
        shutil.copy(f, tmp_path / f.name)
    table = Table("sim.toml", seed=4, seats=SEATS, store=open_resilient(tmp_path / "game.db"))
    assert table.app.mode == "final"
    yield table
    stop(table)


def _main(table: Table) -> bytes:
    return table.hw.display.device.image.tobytes()


def test_select_turns_to_the_chart_and_back_each_time(final_table):
    ranking = _main(final_table)
    final_table.press("blue", "select")
    chart = _main(final_table)
    assert chart != ranking
    shown = []
    for _ in range(3):
        final_table.press("red", "select")
        shown.append(_main(final_table))
    assert shown == [ranking, chart, ranking]


def test_the_arrows_change_nothing_and_a_long_press_starts_a_new_game(final_table):
    ranking = _main(final_table)
    for p in SEATS:
        final_table.press(p, "left", "right")
    assert final_table.app.mode == "final" and _main(final_table) == ranking
    final_table.press("blue", "long")
    assert final_table.app.mode == "setup" and final_table.session is None


def test_each_pad_says_game_over_and_its_players_score_and_the_page_its_key(
    final_table, drawn, small_print
):
    drawn.clear()
    final_table.app.painter.forget()  # every display drawn again, to read what it shows
    final_table.app.refresh()
    assert drawn.count("Game over") == len(SEATS), drawn  # on the pads: "Winner: …" on the main
    scores = final_table.session.state.scores
    assert sorted(t for t in small_print if t.startswith("you scored")) == sorted(
        f"you scored {scores[p]}" for p in SEATS
    )
    assert "● chart" in drawn, drawn


def test_the_sims_log_of_a_finished_game_resumed_ranks_the_players_and_names_no_chart(
    final_table,
):
    # The chart is saved when a game ends; this table resumed it ended, and saved none.
    log = SimLog()
    screen = SimScreen(final_table.app, final_table.hw, (), False, log)
    screen.snapshot(24, 80, "")
    scores = final_table.session.state.scores
    ranked = sorted(SEATS, key=lambda p: -scores[p])
    assert log.lines == [
        "» Final scores",
        *(f"    {i}. {p} {scores[p]}" for i, p in enumerate(ranked, 1)),
    ]


def test_an_alert_stays_up_on_the_final_page(final_table, drawn):
    final_table.hw.events.put(DeviceFault("LED matrix", False, "bus error", at=0.0))
    drawn.clear()
    final_table.drain()
    assert final_table.app.main_ui().alerts == ("LED matrix: fault",)
    assert "! LED matrix: fault" in drawn, drawn


def test_an_alert_stays_up_under_the_score_chart(final_table, drawn):
    final_table.press("red", "select")  # the chart
    final_table.hw.events.put(DeviceFault("LED matrix", False, "bus error", at=0.0))
    drawn.clear()
    final_table.drain()
    assert "! LED matrix: fault" in drawn, drawn
