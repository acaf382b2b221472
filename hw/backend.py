"""The backend: the one object that decides between the real table and its mock.

As gpiozero's pin factory is its only mock switch, a backend builds everything that differs
between a Raspberry Pi and a PC: the pin factory, the luma drivers (a real OLED or luma's
``dummy``), the LED matrix's driver, the buzzer and the speaker. Everything else is the same
code on both. Mock-only controls (a finger on a button) live on :class:`MockBackend` alone.

:func:`backend_for` picks one the way the config asks. Precedence: an explicit name, then
``COMPANION_BACKEND``, then the config's ``backend``; ``auto`` means ``pi`` on a Raspberry Pi
and ``mock`` anywhere else.

>>> resolve_backend("auto", env={}, on_pi=False)
'mock'
>>> resolve_backend("pi", env={"COMPANION_BACKEND": "mock"})
'mock'
>>> from hw.config import load_config
>>> backend_for(load_config("config/sim.toml")).name
'mock'
"""

from __future__ import annotations

import os
import tempfile
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar

from hw import devices
from hw.buzzer import Buzzer, RecordingBuzzer
from hw.config import (
    BACKENDS,
    BusConfig,
    BuzzerConfig,
    ConfigError,
    DisplayConfig,
    HardwareConfig,
    MatrixConfig,
    SpeakerConfig,
)
from hw.errors import StartupError, chip_problem
from hw.pi_packages import missing_pi_packages
from hw.speaker import EspeakSpeaker, RecordingSpeaker, Speaker

ENV_VAR = "COMPANION_BACKEND"
MOCK_REVISION = "d04170"  # a Raspberry Pi 5 (8 GB): the mock board has the Pi 5 header


class Backend(ABC):
    """Builds the devices that differ between the Pi and the mock, for one ``Hardware``.

    It owns the pin factory it makes (:meth:`close` closes it). A factory passed in as
    ``pin_factory`` is lent: every GPIO device is built on it, and its lender closes it.
    """

    name: ClassVar[str]

    def __init__(self, *, pin_factory: Any = None) -> None:
        self._lent = pin_factory
        self._factory: Any = pin_factory

    @property
    def pin_factory(self) -> Any:
        """The gpiozero factory the devices are on (None before :meth:`open_pins`)."""
        return self._factory

    def open_pins(self, buses: BusConfig) -> Any:
        """The gpiozero pin factory for every GPIO device: the lent one, or a new one."""
        if self._factory is None:
            self._factory = self._new_pin_factory(buses)
        elif self._factory is not self._lent:
            # Two tables on one factory would fight over the same pins.
            raise RuntimeError(f"this {self.name} backend's pins are in use; build a new backend")
        return self._factory

    def close(self) -> None:
        """Release the pin factory this backend made (idempotent; a lent one stays open)."""
        factory, self._factory = self._factory, self._lent
        if factory is not None and factory is not self._lent:
            factory.close()

    def startup_problems(self, config: HardwareConfig) -> list[str]:
        """What stops ``config`` from starting on this backend before anything is opened."""
        return []

    @abstractmethod
    def _new_pin_factory(self, buses: BusConfig) -> Any: ...

    @abstractmethod
    def display_driver(self, cfg: DisplayConfig, mux_address: int | None) -> devices.Driver:
        """How to open one display (``mux_address`` is the I²C mux, if the build has one)."""

    @abstractmethod
    def matrix_driver(self, cfg: MatrixConfig) -> devices.Driver:
        """How to open the LED matrix."""

    @abstractmethod
    def buzzer(self, cfg: BuzzerConfig, pin_factory: Any) -> Buzzer:
        """The buzzer on ``cfg.pin`` (gpiozero's errors pass through: the caller names them)."""

    @abstractmethod
    def speaker(self, cfg: SpeakerConfig) -> Speaker:
        """The voice, when the config has it enabled."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class PiBackend(Backend):
    """The real table: lgpio pins, luma.oled and luma.led-matrix on their buses, the buzzer on
    PWM, espeak-ng on the sound card."""

    name = "pi"

    def startup_problems(self, config: HardwareConfig) -> list[str]:
        return missing_pi_packages(config)

    def _new_pin_factory(self, buses: BusConfig) -> Any:
        return pi_pin_factory(buses.gpio_chip)

    def display_driver(self, cfg: DisplayConfig, mux_address: int | None) -> devices.Driver:
        return devices.real_display(cfg, mux_address=mux_address)

    def matrix_driver(self, cfg: MatrixConfig) -> devices.Driver:
        return devices.real_matrix(cfg)

    def buzzer(self, cfg: BuzzerConfig, pin_factory: Any) -> Buzzer:
        return Buzzer(cfg.pin, pin_factory=pin_factory, mid_tone=cfg.mid_tone, octaves=cfg.octaves)

    def speaker(self, cfg: SpeakerConfig) -> Speaker:
        return _espeak(cfg)


class MockBackend(Backend):
    """The table on a PC: gpiozero's MockFactory pins, luma's ``dummy`` devices with each real
    model's size and mode, the real buzzer driver on mock PWM pins (recording its notes), and a
    speaker that records what it would say, or with ``wav_dir`` speaks through espeak-ng into
    WAV files there.

    The drivers above the pins and buses are the real ones: gpiozero's Button, LED and
    TonalBuzzer, luma's device code. Mock pins see every edge (they know nothing of bounce
    time): the input hub's own debounce is what filters them, as on the Pi. A gpiozero mock pin
    also records every state change it ever had; ours keep only the latest `PIN_HISTORY`, so an
    evening of games in one process (`companion sim`) holds a flat memory line.
    """

    name = "mock"

    def __init__(self, *, pin_factory: Any = None, wav_dir: str | Path | None = None) -> None:
        super().__init__(pin_factory=pin_factory)
        self.wav_dir = wav_dir

    def _new_pin_factory(self, buses: BusConfig) -> Any:
        from gpiozero.pins.mock import MockFactory

        # PWM pins: the buzzer needs them; any pin can be a button's or an LED's as well.
        return MockFactory(revision=MOCK_REVISION, pin_class=_bounded_pin_class())

    def display_driver(self, cfg: DisplayConfig, mux_address: int | None) -> devices.Driver:
        return devices.dummy_display(cfg)

    def matrix_driver(self, cfg: MatrixConfig) -> devices.Driver:
        return devices.dummy_matrix(cfg)

    def buzzer(self, cfg: BuzzerConfig, pin_factory: Any) -> Buzzer:
        return RecordingBuzzer(
            cfg.pin, pin_factory=pin_factory, mid_tone=cfg.mid_tone, octaves=cfg.octaves
        )

    def speaker(self, cfg: SpeakerConfig) -> Speaker:
        return RecordingSpeaker() if self.wav_dir is None else _espeak(cfg, self.wav_dir)

    def drive(self, gpio: int, pressed: bool) -> None:
        """Press or release the button on ``gpio`` as a finger would.

        Buttons short their GPIO to ground against the pull-up, so pressed drives the mock
        pin low; the edge then goes through gpiozero's callbacks like a real one.
        """
        if self._factory is None:
            raise RuntimeError("no pins yet: build the hardware on this backend first")
        pin = self._factory.pin(gpio)
        if pressed:
            pin.drive_low()
        else:
            pin.drive_high()

    def __repr__(self) -> str:
        return f"MockBackend(wav_dir={self.wav_dir!r})"


# How many state changes a mock pin remembers (gpiozero's keep them all: ~360 KiB a game).
PIN_HISTORY = 64
_PIN_CLASS: list[type] = []


def _bounded_pin_class() -> type:
    """gpiozero's MockPWMPin with its record of state changes bounded to PIN_HISTORY."""
    if not _PIN_CLASS:
        from collections import deque

        from gpiozero.pins.mock import MockPWMPin

        class BoundedMockPin(MockPWMPin):  # type: ignore[misc]
            def clear_states(self) -> None:
                super().clear_states()
                self.states = deque(self.states, maxlen=PIN_HISTORY)

        _PIN_CLASS.append(BoundedMockPin)
    return _PIN_CLASS[0]


BACKEND_CLASSES: dict[str, type[Backend]] = {"mock": MockBackend, "pi": PiBackend}


def backend_for(
    config: HardwareConfig,
    name: str | None = None,
    *,
    pin_factory: Any = None,
    env: Mapping[str, str] | None = None,
) -> Backend:
    """A new backend of the kind ``name``, ``COMPANION_BACKEND`` or the config's ``backend``
    asks for (in that order; see :func:`resolve_backend`), on a lent ``pin_factory`` if given."""
    chosen = resolve_backend(config.backend, name, env=env)
    return BACKEND_CLASSES[chosen](pin_factory=pin_factory)


def is_raspberry_pi(model_file: str = "/proc/device-tree/model") -> bool:
    """True on a Raspberry Pi (the device tree names the model)."""
    try:
        return "Raspberry Pi" in Path(model_file).read_text(errors="replace")
    except OSError:
        return False


def resolve_backend(
    configured: str,
    override: str | None = None,
    *,
    env: Mapping[str, str] | None = None,
    on_pi: bool | None = None,
) -> str:
    """Return "mock" or "pi"; an unknown value is a :class:`ConfigError` naming its source."""
    env = os.environ if env is None else env
    for source, value in (
        ("backend argument", override),
        (f"environment variable {ENV_VAR}", env.get(ENV_VAR) or None),
        ("backend", configured),
    ):
        if value is None:
            continue
        if value not in BACKENDS:
            accepted = ", ".join(repr(b) for b in BACKENDS)
            raise ConfigError([f"{source}: {value!r} is not accepted; accepted: {accepted}"])
        if value == "auto":
            return "pi" if (is_raspberry_pi() if on_pi is None else on_pi) else "mock"
        return value
    return "mock"


def pi_pin_factory(chip: int | None = None) -> Any:
    """gpiozero's lgpio factory (Pi 5 and Bookworm; works on older Pis too).

    lgpio creates notification pipes in its working directory, so point ``LG_WD`` at a
    writable place first (the service may run from a read-only directory). lgpio also
    ``chdir``s the whole process there when it first reads ``LG_WD``; its pipe paths are
    absolute, so the caller's working directory is put back. ``chip`` is
    ``buses.gpio_chip``: None lets gpiozero choose (gpiochip4 on a Pi 5 that has it, else 0).
    A gpiochip the user may not open is a :class:`~hw.errors.StartupError` naming the fix.
    """
    if "LG_WD" not in os.environ:
        run_user = Path(f"/run/user/{os.getuid()}")
        os.environ["LG_WD"] = str(
            run_user if os.access(run_user, os.W_OK) else tempfile.gettempdir()
        )
    with _keep_working_directory():
        try:
            from gpiozero.pins.lgpio import LGPIOFactory
        except ImportError as e:
            raise RuntimeError(
                "backend 'pi' needs lgpio (pip install '.[pi]' on the Pi); "
                f"on a PC use {ENV_VAR}=mock ({e})"
            ) from None
        try:
            return LGPIOFactory(chip=chip)
        except Exception as e:
            problem = chip_problem(e, "buses.gpio_chip")
            if problem is None:
                raise
            raise StartupError([problem]) from e


@contextmanager
def _keep_working_directory() -> Iterator[None]:
    """Relative paths given on the command line (a state directory) keep meaning what they
    meant, whatever the block does to the working directory."""
    before = os.getcwd()
    try:
        yield
    finally:
        if os.getcwd() != before:
            os.chdir(before)


def _espeak(cfg: SpeakerConfig, wav_dir: str | Path | None = None) -> Speaker:
    return EspeakSpeaker(
        voice=cfg.voice,
        rate=cfg.rate,
        volume=cfg.volume,
        device=cfg.device or None,
        executable=cfg.executable,
        wav_dir=wav_dir,
    )
