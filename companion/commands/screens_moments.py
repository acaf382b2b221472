"""The app stopped at each moment `companion screens` pictures, and the frames it drew there.

A `TableApp` on the mock backend (gpiozero's mock pins, luma's dummy displays, a virtual clock)
plays a seeded game by bots that press its buttons, as `companion demo` does. Before every press
the table is looked at; at each wanted moment the images the panels hold are kept: what the app
sent to the luma devices, nothing drawn here. The moments: the setup screen, a sealed bid some
have entered, a turn (with a fault the hardware layer reports), the main display's private page
for a pad without a display, the scoring page with the most reasons, the last score table, the
final ranking, its chart, and the chart the app saves at the end of a game.

The table is pi.toml's five pads with two of them (`BLIND`) built without a display, so that the
private page appears; its main display is the one of the config named in `MAIN_DISPLAYS`.
"""

from __future__ import annotations

import logging
import queue
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path

from PIL import Image

from companion.app.config import load_app_config, packaged
from companion.app.mode import Mode
from companion.app.setup import TableDefaults
from companion.app.table import TableApp
from companion.session.store import DEFAULT_GAME
from companion.testing import BotDriver, Presser, VirtualClock, make_bots
from hw.backend import MockBackend
from hw.config import HardwareConfig, load_config
from hw.display import Display
from hw.hardware import Hardware, build_hardware

# Where each main display comes from: pi.toml's SSD1309 and sim.toml's SSD1322.
MAIN_DISPLAYS = {"128x64": "pi.toml", "256x64": "sim.toml"}
# Pads without a display (blue is the second seat: even a two-player game has one).
BLIND = ("blue", "green")
FROM_ROUND = 3  # game moments are taken from the first general scoring's round on
SCORES_TITLE = "Scores"  # the title of the score table page (companion.screens.pages)
MAX_PRESSES = 50_000  # a five-player game takes about 3000: more means the bots are stuck


@dataclass
class Shots:
    """The frames kept, by moment; `when` says after how many presses each main frame was."""

    main: dict[str, Image.Image] = field(default_factory=dict)
    matrix: dict[str, Image.Image] = field(default_factory=dict)
    pads: dict[str, Image.Image] = field(default_factory=dict)
    when: dict[str, int] = field(default_factory=dict)
    saved_chart: Image.Image | None = None  # the scores.png the app writes at the end


def table_config(main: str) -> HardwareConfig:
    """pi.toml with the `BLIND` pads' displays removed and the main display of `main`'s config.

    Only the mock backend opens it: the main display's D/C and reset pins of sim.toml are not
    driven there (on a Pi they would clash with pi.toml's pads)."""
    hardware, _ = load_app_config(None, "pi.toml")
    players = {
        p: replace(c, display=None) if p in BLIND else c for p, c in hardware.players.items()
    }
    return replace(hardware, display=load_config(packaged(main)).display, players=players)


def panel(display: Display) -> Image.Image:
    """The image the luma dummy device behind `display` was last sent (what the panel shows)."""
    image = display.device.image if display.device is not None else None
    if image is None:
        raise RuntimeError(f"{display.name} has shown nothing")
    return image.copy()


def take_shots(config: HardwareConfig, players: int, seed: int) -> Shots:
    """Play the seeded game on `config` and keep the frames of every moment."""
    clock = VirtualClock()
    hw = build_hardware(config, backend=MockBackend(), clock=clock, start=False)
    try:
        with tempfile.TemporaryDirectory() as out_dir:
            return _Camera(hw, clock, players, seed, Path(out_dir)).play()
    finally:
        hw.close()


class _Camera:
    # The moments a game must reach for its pictures (the others are kept when reached).
    REQUIRED = frozenset({"bids", "turn", "privacy", "announce", "scores"})

    def __init__(
        self,
        hw: Hardware,
        clock: VirtualClock,
        players: int,
        seed: int,
        out_dir: Path,
        game: str = DEFAULT_GAME,
    ) -> None:
        _, table = load_app_config(None, "pi.toml")  # the shipped table.toml's options
        self.seats = tuple(hw.config.players)[:players]
        options = table.options if game == table.game else table.others.get(game)
        defaults = TableDefaults(options, self.seats, game)
        self.hw, self.out_dir = hw, out_dir
        self.app = TableApp(hw, defaults, seed=seed, out_dir=out_dir, resume=False)
        self.presser = Presser(hw, clock)
        bots = make_bots(self.seats, seed, game)
        self.driver = BotDriver(self.app, self.presser, bots, hw.events)
        self.shots = Shots()
        self.presses = 0
        self.most_reasons = -1

    def play(self) -> Shots:
        self._keep("setup")
        while (planned := self.driver.plan()) is not None:
            player, buttons = planned
            for button in buttons:
                self._look()
                self._press(player, button)
        if self.app.mode != Mode.FINAL:
            raise RuntimeError(f"the bots stopped before the end (mode {self.app.mode})")
        self._keep("final")
        self._keep_matrix("final")
        self._press(self.seats[0], "select")  # the final page's second half: the chart
        self._keep("chart")
        assert self.app.chart_path is not None
        with Image.open(self.app.chart_path) as saved:
            self.shots.saved_chart = saved.copy()
        missing = self.REQUIRED - set(self.shots.main)
        if missing:
            raise RuntimeError(f"this game never reached: {', '.join(sorted(missing))}")
        return self.shots

    def _press(self, player: str, button: str) -> None:
        if self.presses >= MAX_PRESSES:
            raise RuntimeError(f"no end after {MAX_PRESSES} presses (mode {self.app.mode})")
        self.presser.press(player, button)
        self.presses += 1
        self._drain()

    def _drain(self) -> None:
        """Handle every queued event now, on this thread (the loop's job in the app)."""
        while True:
            try:
                event = self.hw.events.get_nowait()
            except queue.Empty:
                return
            self.app.handle(event)

    def _keep(self, name: str) -> None:
        self.shots.main[name] = panel(self.hw.display)
        self.shots.when[name] = self.presses

    def _keep_matrix(self, name: str) -> None:
        image = self.hw.matrix.image if self.hw.matrix is not None else None
        if image is None:
            raise RuntimeError("the table has no LED matrix, or it has shown nothing")
        self.shots.matrix[name] = image.copy()

    def _keep_pad(self, name: str, player: str) -> None:
        display = self.hw.pads[player].display
        assert display is not None
        self.shots.pads[name] = panel(display)

    def _look(self) -> None:
        """Keep the frames if the table is at a wanted moment (looked at before every press)."""
        app, taken = self.app, self.shots.main
        s = app.session
        view = s.table_view() if s is not None else None
        if s is None or view is None or view.round is None or view.round < FROM_ROUND:
            return
        if app.mode == Mode.ANNOUNCE:
            page = app.announcer.current
            if page.title == SCORES_TITLE:
                self._keep("scores")  # the last score table of the game stays
            elif not page.confirm and len(page.lines) > self.most_reasons:  # an area scored
                self.most_reasons = len(page.lines)
                self._keep("announce")
            return
        if app.mode != Mode.GAME:
            return
        if app.privacy is not None:
            if "privacy" not in taken and s.legal(app.privacy):
                self._keep("privacy")
            return
        d, step = view.decision, view.sealed_step
        if d is None:
            return
        seen = [p for p in self.seats if self.hw.pads[p].display is not None]
        if step is not None and d.kind == "bid" and "bids" not in taken:
            has_sealed = {p: s.seat_view(p).sealed_choice is not None for p in step}
            if any(has_sealed.values()):
                choosing = [p for p in seen if p in step and not has_sealed[p]]
                sealed = [p for p in seen if has_sealed.get(p, False)]
                if choosing or sealed:
                    self._keep("bids")
                    self._keep_matrix("bids")
                    self._keep_pad("sealed", (choosing or sealed)[0])
        if step is None and d.kind == "card" and d.waiting[0] in seen and "turn" not in taken:
            self._turn_with_a_fault(d.waiting[0])

    def _turn_with_a_fault(self, player: str) -> None:
        """A turn while the LED matrix reports a bus error (as a failed write would report it),
        kept; then the matrix answers again."""
        assert self.hw.matrix is not None
        health = self.hw.matrix.health
        with _quiet(health_log):
            health.failed(OSError(121, "Remote I/O error"))
            self._drain()
            self._keep("turn")
            self._keep_matrix("turn")
            self._keep_pad("turn", player)
            health.ok()
            self._drain()


health_log = logging.getLogger("hw.health")


@contextmanager
def _quiet(logger: logging.Logger) -> Iterator[None]:
    """The fault is staged for the picture: its log lines would only alarm the command's user."""
    was, logger.disabled = logger.disabled, True
    try:
        yield
    finally:
        logger.disabled = was
