"""``build_hardware``: one call from a validated config to every device, real or mock.

>>> from hw.config import load_config
>>> hw = build_hardware(load_config("config/sim.toml"))
>>> hw.backend.name, sorted(hw.pads), hw.display.size
('mock', ['blue', 'green', 'red', 'yellow'], (256, 64))
>>> hw.close()
"""

from __future__ import annotations

import logging
import queue
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any

from hw.backend import Backend, backend_for
from hw.bus_writer import BusWriters
from hw.buses import bus_name
from hw.buzzer import Buzzer
from hw.config import DisplayConfig, HardwareConfig
from hw.display import Display
from hw.errors import StartupError, gpio_problem
from hw.events import Event
from hw.guarded import GuardedDevice
from hw.input import InputHub
from hw.matrix import Matrix
from hw.pad import Pad
from hw.speaker import SilentSpeaker, Speaker

log = logging.getLogger(__name__)


@dataclass
class Hardware:
    """Every device of the table, and the one queue their events come out of."""

    config: HardwareConfig
    backend: Backend
    events: queue.Queue[Event]
    input: InputHub
    pads: dict[str, Pad]
    display: Display
    speaker: Speaker
    matrix: Matrix | None = None
    buzzer: Buzzer | None = None
    writers: BusWriters = field(default_factory=BusWriters)
    _closed: bool = field(default=False, repr=False)

    @property
    def pad_displays(self) -> dict[str, Display]:
        """The private displays, by player (players without one are absent)."""
        return {p: pad.display for p, pad in self.pads.items() if pad.display is not None}

    def displays(self) -> list[Display]:
        """The main display first, then the pad displays."""
        return [self.display, *self.pad_displays.values()]

    @property
    def pin_factory(self) -> Any:
        """The gpiozero pin factory every GPIO device here is on (the backend's)."""
        return self.backend.pin_factory

    def moment(self) -> AbstractContextManager[None]:
        """Inside, what the displays and the matrix are given goes out on every bus at once;
        at the end, every bus has written it (hw/bus_writer.py)."""
        return self.writers.moment()

    def maintain(self) -> None:
        """Call it from the app loop (every second or so): retries degraded devices whose
        back-off has run out, and re-sends init and state to panels that are due for it."""
        for d in self.displays():
            d.refresh()
        if self.matrix is not None:
            self.matrix.refresh()

    def close(self) -> None:
        """Stop the threads and release every pin and bus (idempotent)."""
        if self._closed:
            return
        self._closed = True
        self.writers.close()  # what the displays were given is written before they blank
        self.input.close()
        self.speaker.close()
        if self.buzzer:
            self.buzzer.close()
        if self.matrix:
            self.matrix.close()
        for pad in self.pads.values():
            pad.close()
        self.display.close()
        self.backend.close()

    def __enter__(self) -> Hardware:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def build_hardware(
    config: HardwareConfig,
    *,
    backend: Backend | None = None,
    clock: Callable[[], float] = time.monotonic,
    start: bool = True,
) -> Hardware:
    """Open every device in ``config`` on ``backend`` (a :class:`~hw.backend.MockBackend` or
    :class:`~hw.backend.PiBackend`; by default the one :func:`~hw.backend.backend_for` picks
    from ``COMPANION_BACKEND`` and the config). The hardware closes the backend with itself.

    ``clock`` drives input timing and retry back-off (tests pass a fake one). With
    ``start=False`` the input thread is not started and tests call ``hw.input.pump(now)``.

    A Pi-only package the config needs and the install left out, a GPIO the kernel holds,
    or a bus or gpiochip the user may not open, raises
    :class:`~hw.errors.StartupError` listing every such problem with its config key and fix;
    nothing is left open. A display that does not answer is not an error: it is degraded.
    """
    if backend is None:
        backend = backend_for(config)
    events: queue.Queue[Event] = queue.Queue()
    hub = InputHub(config.input, clock=clock, events=events)
    factory = backend.open_pins(config.buses)
    writers = BusWriters()
    opened: list[Any] = []

    def display(cfg: DisplayConfig, name: str) -> Display:
        d = Display(
            name,
            cfg.size,
            cfg.mode,
            backend.display_driver(cfg, config.mux_address),
            contrast=cfg.contrast,
            clock=clock,
            notify=events.put,
            key=cfg.key,
            group=cfg.interface,
            writers=writers,
            bus=bus_name(cfg),
        )
        opened.append(d)
        return d

    problems: list[str] = []  # start-up errors a person must fix, all reported at once
    try:
        if missing := backend.startup_problems(config):  # before a bus is opened half-way
            raise StartupError(missing)
        main = display(config.display, "main display")
        pads: dict[str, Pad] = {}
        for player in config.seats:  # a phone-only seat: a pad with nothing wired
            pcfg = config.players.get(player)
            pd = display(pcfg.display, f"{player} pad display") if pcfg and pcfg.display else None
            try:
                pad = Pad(player, pcfg, on_edge=hub.edge, pin_factory=factory, display=pd)
            except StartupError as e:
                problems.extend(e.problems)
                continue
            opened.append(pad)
            pads[player] = pad
            hub.add_pad(player, pad.pressed_now())
        matrix = None
        if config.matrix is not None:
            m = config.matrix
            matrix = Matrix(
                "LED matrix",
                m.size,
                backend.matrix_driver(m),
                brightness=m.brightness,
                clock=clock,
                notify=events.put,
                writers=writers,
                bus=f"spi{m.spi_port}",
            )
            opened.append(matrix)
        buzzer = None
        if config.buzzer is not None:
            try:
                buzzer = backend.buzzer(config.buzzer, factory)
            except Exception as e:
                if (problem := gpio_problem(e, "buzzer.pin", config.buzzer.pin)) is None:
                    raise
                problems.append(problem)
            else:
                opened.append(buzzer)
        # A device the user may not open has given up; the rest only wait for a cable.
        problems.extend(
            d.health.last_error for d in opened if isinstance(d, GuardedDevice) and d.health.gave_up
        )
        if problems:
            raise StartupError(problems)
        speaker = backend.speaker(config.speaker) if config.speaker.enabled else SilentSpeaker()
    except Exception:
        writers.close()
        for dev in reversed(opened):
            dev.close()
        backend.close()
        raise
    hw = Hardware(
        config=config,
        backend=backend,
        events=events,
        input=hub,
        pads=pads,
        display=main,
        speaker=speaker,
        matrix=matrix,
        buzzer=buzzer,
        writers=writers,
    )
    if start:
        hub.start()
    log.info("hardware ready (%s backend): %s", backend.name, config.summary())
    return hw
