"""Hardware abstraction layer: real drivers (gpiozero, luma, espeak-ng) on real or mock pins.

>>> from hw import MockBackend, build_hardware, load_config
>>> hw = build_hardware(load_config("config/sim.toml"), backend=MockBackend())
>>> hw.pads["red"].led_on()
>>> hw.close()
"""

from hw.backend import Backend, MockBackend, PiBackend, backend_for
from hw.config import ConfigError, HardwareConfig, load_config
from hw.errors import StartupError
from hw.events import Btn, DeviceFault, Event, Kind, PadEvent
from hw.hardware import Hardware, build_hardware
from hw.input import InputHub, InputTiming, PadInput

__all__ = [
    "Backend",
    "Btn",
    "ConfigError",
    "DeviceFault",
    "Event",
    "Hardware",
    "HardwareConfig",
    "InputHub",
    "InputTiming",
    "Kind",
    "MockBackend",
    "PadEvent",
    "PadInput",
    "PiBackend",
    "StartupError",
    "backend_for",
    "build_hardware",
    "load_config",
]
