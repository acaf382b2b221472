"""The game `companion screens` pictures is the one asked for, its moments are taken in the order
the game reaches them (the sealed bids on a pad still choosing), and what it cannot picture (a
panel that shows nothing, a table without an LED matrix or a pad display, bots that stop or never
end) is named in the error."""

from __future__ import annotations

import re
import threading
from dataclasses import replace
from typing import Any

import pytest
from luma.core.interface.serial import noop
from PIL import Image

from companion.app.mode import Mode
from companion.app.table import TableApp
from companion.commands import screens_moments
from companion.commands.screens_moments import MAIN_DISPLAYS, panel, table_config, take_shots
from companion.testing import BotDriver, Presser
from hw.config import HardwareConfig
from hw.devices import Driver
from hw.display import Display

INPUT_THREAD = "hw-input"  # the name of the input hub's own thread (hw.input.InputHub.start)


def _narrow() -> HardwareConfig:
    """pi.toml's 128×64 main display, blue and green without a pad display."""
    return table_config(MAIN_DISPLAYS["128x64"])


def _count_presses(monkeypatch: pytest.MonkeyPatch) -> list[set[str]]:
    """Every press the bots' finger makes, each as the names of the threads alive during it."""
    presses: list[set[str]] = []
    real = Presser.press

    def press(self: Presser, player: str, button: str) -> None:
        presses.append({t.name for t in threading.enumerate()})
        real(self, player, button)

    monkeypatch.setattr(Presser, "press", press)
    return presses


def test_the_pictures_are_of_a_game_of_as_many_players_as_asked(drawn: list[str]) -> None:
    shots = take_shots(_narrow(), 2, 3)
    moments = {"setup", "bids", "privacy", "turn", "announce", "scores", "final", "chart"}
    assert set(shots.main) == moments
    ranked = {t for t in drawn if re.fullmatch(r"\d (red|blue|yellow|green|black) \d+", t)}
    assert [t.split()[1] for t in sorted(ranked)] == ["red", "blue"]  # the final ranking


def test_the_moments_are_taken_in_the_order_the_game_reaches_them() -> None:
    when = take_shots(_narrow(), 2, 3).when
    assert when["setup"] == 0  # before any press
    # The first round pictured: its sealed bids (as soon as one is entered), then a turn.
    assert 0 < when["bids"] < when["turn"]
    assert when["announce"] < when["scores"] < when["final"]  # the last score table, then the end
    assert when["chart"] == when["final"] + 1  # one ● turns the final page to the chart


def test_the_pad_pictured_at_the_sealed_bids_is_one_still_choosing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Seed 3, three players: red (the first pad with a display) seals first, yellow chooses.
    apps: list[TableApp] = []

    class Watched(BotDriver):
        def __init__(self, app: TableApp, *args: Any, **kwargs: Any) -> None:
            super().__init__(app, *args, **kwargs)
            apps.append(app)

    pictured: list[tuple[str, set[str], Image.Image]] = []  # (panel, who had sealed, image)
    real = screens_moments.panel

    def watched_panel(display: Display) -> Image.Image:
        s = apps[0].session if apps else None
        sealed = set()
        if s is not None:
            sealed = {p for p in s.players if s.seat_view(p).sealed_choice is not None}
        image = real(display)
        pictured.append((display.name, sealed, image))
        return image

    monkeypatch.setattr(screens_moments, "BotDriver", Watched)
    monkeypatch.setattr(screens_moments, "panel", watched_panel)
    shots = take_shots(_narrow(), 3, 3)
    [(name, sealed)] = [(n, s) for n, s, image in pictured if image is shots.pads["sealed"]]
    assert sealed and name.removesuffix(" pad display") not in sealed


def test_the_game_is_played_on_the_virtual_clock_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    # The bots' finger pumps the input hub itself: the hub's own thread, running beside it in
    # real time, would race it over the pads and the pictures could change from run to run.
    monkeypatch.setattr(screens_moments, "MAX_PRESSES", 20)  # a few presses are enough to see
    presses = _count_presses(monkeypatch)
    with pytest.raises(RuntimeError, match="^no end after 20 presses"):
        take_shots(_narrow(), 2, 3)
    assert presses and not any(INPUT_THREAD in threads for threads in presses)


def test_a_game_that_does_not_end_is_stopped_after_so_many_presses(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(screens_moments, "MAX_PRESSES", 10)
    presses = _count_presses(monkeypatch)
    modes = "|".join(m.value for m in Mode)
    with pytest.raises(RuntimeError, match=rf"^no end after 10 presses \(mode ({modes})\)$"):
        take_shots(_narrow(), 2, 3)
    assert len(presses) == 10


def test_bots_that_stop_before_the_end_are_named_with_the_mode(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class StoppingBots(BotDriver):
        """Bots that make no move once the game has begun."""

        def plan(self) -> tuple[str, list[str]] | None:
            return None if self.app.mode == Mode.GAME else super().plan()

    monkeypatch.setattr(screens_moments, "BotDriver", StoppingBots)
    with pytest.raises(RuntimeError, match=r"^the bots stopped before the end \(mode game\)$"):
        take_shots(_narrow(), 2, 3)


def test_a_table_without_an_led_matrix_is_refused_by_name() -> None:
    with pytest.raises(
        RuntimeError, match="^the table has no LED matrix, or it has shown nothing$"
    ):
        take_shots(replace(_narrow(), matrix=None), 2, 3)


def test_moments_a_table_cannot_show_are_all_named() -> None:
    # No pad has a display: no pad to picture a sealed bid or a turn on (the private page is
    # shown, on the main display).
    config = _narrow()
    players = {p: replace(c, display=None) for p, c in config.players.items()}
    with pytest.raises(RuntimeError, match="^this game never reached: bids, turn$"):
        take_shots(replace(config, players=players), 2, 3)


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
