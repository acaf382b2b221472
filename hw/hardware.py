"""``build_hardware``: one call from a validated config to every device, real or mock.

>>> from hw.config import load_config
>>> hw = build_hardware(load_config("config/sim.toml"))
>>> hw.backend, sorted(hw.pads), hw.display.size
('mock', ['blue', 'green', 'red', 'yellow'], (256, 64))
>>> hw.close()
"""

from __future__ import annotations

import logging
import queue
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hw import devices
from hw.backend import mock_pin_factory, pi_pin_factory, resolve_backend
from hw.buzzer import Buzzer, RecordingBuzzer
from hw.config import DisplayConfig, HardwareConfig
from hw.display import Display
from hw.errors import StartupError, gpio_problem
from hw.events import Btn, Event
from hw.guarded import GuardedDevice
from hw.input import InputHub
from hw.matrix import Matrix
from hw.pad import Pad
from hw.speaker import EspeakSpeaker, RecordingSpeaker, SilentSpeaker, Speaker

log = logging.getLogger(__name__)


@dataclass
class Hardware:
    """Every device of the table, and the one queue their events come out of."""

    config: HardwareConfig
    backend: str
    events: queue.Queue[Event]
    input: InputHub
    pads: dict[str, Pad]
    display: Display
    speaker: Speaker
    matrix: Matrix | None = None
    buzzer: Buzzer | None = None
    pin_factory: Any = None
    _owns_factory: bool = field(default=True, repr=False)
    _closed: bool = field(default=False, repr=False)

    @property
    def pad_displays(self) -> dict[str, Display]:
        """The private displays, by player (players without one are absent)."""
        return {p: pad.display for p, pad in self.pads.items() if pad.display is not None}

    def displays(self) -> list[Display]:
        return [self.display, *self.pad_displays.values()]

    def drive(self, player: str, button: Btn | str, pressed: bool) -> None:
        """Mock backend only: press or release a button by driving its mock pin.

        The edge goes through gpiozero's callbacks like a real one (for ``sim`` and ``demo``).
        """
        if self.backend != "mock":
            raise RuntimeError("drive() only exists on the mock backend; press the real button")
        pin = self.pin_factory.pin(self.config.players[player].pin(Btn(button)))
        if pressed:
            pin.drive_low()  # pull-up: pressed shorts the GPIO to ground
        else:
            pin.drive_high()

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
        self.input.close()
        self.speaker.close()
        if self.buzzer:
            self.buzzer.close()
        if self.matrix:
            self.matrix.close()
        for pad in self.pads.values():
            pad.close()
        self.display.close()
        if self.pin_factory is not None and self._owns_factory:
            self.pin_factory.close()

    def __enter__(self) -> Hardware:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def build_hardware(
    config: HardwareConfig,
    *,
    backend: str | None = None,
    clock: Callable[[], float] = time.monotonic,
    wav_dir: str | Path | None = None,
    start: bool = True,
    pin_factory: Any = None,
) -> Hardware:
    """Open every device in ``config`` on the chosen backend ("mock" or "pi").

    ``clock`` drives input timing and retry back-off (tests pass a fake one). With
    ``start=False`` the input thread is not started and tests call ``hw.input.pump(now)``.
    ``wav_dir`` makes speech go through espeak-ng into WAV files (on either backend).
    ``pin_factory`` lends a gpiozero factory (e.g. a MockFactory whose pins a test drives
    before start); the caller then closes it.

    A GPIO the kernel holds, or a bus or gpiochip the user may not open, raises
    :class:`~hw.errors.StartupError` listing every such problem with its config key and fix;
    nothing is left open. A display that does not answer is not an error: it is degraded.
    """
    chosen = resolve_backend(config.backend, backend)
    mock = chosen == "mock"
    events: queue.Queue[Event] = queue.Queue()
    owns_factory = pin_factory is None
    factory = pin_factory or (
        mock_pin_factory() if mock else pi_pin_factory(config.buses.gpio_chip)
    )
    hub = InputHub(config.input, clock=clock, events=events)
    opened: list[Any] = []

    def display(cfg: DisplayConfig, name: str) -> Display:
        driver = (
            devices.dummy_display(cfg)
            if mock
            else devices.real_display(cfg, mux_address=config.mux_address)
        )
        d = Display(
            name,
            cfg.size,
            cfg.mode,
            driver,
            contrast=cfg.contrast,
            clock=clock,
            notify=events.put,
            key=cfg.key,
            group=cfg.interface,
        )
        opened.append(d)
        return d

    problems: list[str] = []  # start-up errors a person must fix, all reported at once
    try:
        main = display(config.display, "main display")
        pads: dict[str, Pad] = {}
        for player, pcfg in config.players.items():
            pd = display(pcfg.display, f"{player} pad display") if pcfg.display else None
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
            driver = devices.dummy_matrix(m) if mock else devices.real_matrix(m)
            matrix = Matrix(
                "LED matrix",
                m.size,
                driver,
                brightness=m.brightness,
                clock=clock,
                notify=events.put,
            )
            opened.append(matrix)
        buzzer = None
        if config.buzzer is not None:
            b = config.buzzer
            cls = RecordingBuzzer if mock else Buzzer
            try:
                buzzer = cls(b.pin, pin_factory=factory, mid_tone=b.mid_tone, octaves=b.octaves)
            except Exception as e:
                if (problem := gpio_problem(e, "buzzer.pin", b.pin)) is None:
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
        sp = config.speaker
        speaker: Speaker
        if not sp.enabled:
            speaker = SilentSpeaker()
        elif mock and wav_dir is None:
            speaker = RecordingSpeaker()
        else:
            speaker = EspeakSpeaker(
                voice=sp.voice,
                rate=sp.rate,
                volume=sp.volume,
                executable=sp.executable,
                wav_dir=wav_dir,
            )
    except Exception:
        for dev in reversed(opened):
            dev.close()
        if owns_factory:
            factory.close()
        raise
    hw = Hardware(
        config=config,
        backend=chosen,
        events=events,
        input=hub,
        pads=pads,
        display=main,
        speaker=speaker,
        matrix=matrix,
        buzzer=buzzer,
        pin_factory=factory,
        _owns_factory=owns_factory,
    )
    if start:
        hub.start()
    log.info("hardware ready (%s backend): %s", chosen, config.summary())
    return hw
