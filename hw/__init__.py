"""Hardware abstraction layer: real drivers (gpiozero, luma, espeak-ng) and their mock twins.

>>> from hw import build_hardware, load_config
>>> hw = build_hardware(load_config("config/sim.toml"), backend="mock")
>>> hw.pads["red"].led_on()
>>> hw.close()
"""

from hw.config import ConfigError, HardwareConfig, load_config
from hw.errors import StartupError
from hw.events import Btn, DeviceFault, Event, Kind, PadEvent
from hw.hardware import Hardware, build_hardware
from hw.input import InputHub, InputTiming, PadInput

__all__ = [
    "Btn",
    "ConfigError",
    "DeviceFault",
    "Event",
    "Hardware",
    "HardwareConfig",
    "InputHub",
    "InputTiming",
    "Kind",
    "PadEvent",
    "PadInput",
    "StartupError",
    "build_hardware",
    "load_config",
]
