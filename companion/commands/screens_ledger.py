"""The moments `companion screens --game GAME` pictures for a game that keeps a ledger: the setup
screen, everyone entering their counts (the main display and a pad's stepper), a player's
scoring page, the ranking, the final page and its chart. The app plays the seeded game by bots
that press its buttons, as for El Grande (`screens_moments`)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from companion.app.mode import Mode
from companion.commands.screens_moments import Shots, _Camera
from companion.i18n import _
from companion.testing import VirtualClock
from hw.backend import MockBackend
from hw.config import HardwareConfig
from hw.hardware import build_hardware

MOMENTS = ("setup", "entry", "announce", "ranking", "final", "chart")


class LedgerCamera(_Camera):
    REQUIRED = frozenset({"entry", "announce", "ranking"})

    def _look(self) -> None:
        app, taken = self.app, self.shots.main
        if app.mode == Mode.ANNOUNCE:
            page = app.announcer.current
            if page.title == _("Ranking"):
                self._keep("ranking")
            elif len(page.lines) > self.most_reasons:
                self.most_reasons = len(page.lines)
                self._keep("announce")
            return
        view = app.view if app.session is not None else None
        d = view.decision if view is not None else None
        if app.mode == Mode.GAME and d is not None and "entry" not in taken:
            seen = [p for p in d.waiting if self.hw.pads[p].display is not None]
            if seen and app.seat(seen[0]).number is not None:
                self._keep("entry")
                self._keep_pad("entry", seen[0])


def take_ledger_shots(
    config: HardwareConfig, players: int, seed: int, game: str, language: str = "en"
) -> Shots:
    clock = VirtualClock()
    hw = build_hardware(config, backend=MockBackend(), clock=clock, start=False)
    try:
        with tempfile.TemporaryDirectory() as out_dir:
            camera = LedgerCamera(hw, clock, players, seed, Path(out_dir), game, language)
            return camera.play()
    finally:
        hw.close()
