"""The Pi-only Python packages a config's devices need, checked before anything is opened.

luma imports spidev (an SPI display, the LED matrix) and RPi.GPIO (an SPI display's D/C and
reset lines; rpi-lgpio provides it) only when it opens a bus, so a package left out of the
install surfaces as a bare ``ModuleNotFoundError`` from inside luma, half-way through the
start. Here each missing one is a line naming the config keys that need it and the fix.
lgpio, which the pin factory needs, is checked where the factory is made
(:func:`hw.backend.pi_pin_factory`).

``find_spec`` looks a package up without running it: importing rpi-lgpio's RPi.GPIO would
import lgpio, which changes the working directory.
"""

from __future__ import annotations

import importlib.util
import sys

from hw.config import HardwareConfig

INSTALL_FIX = "run systemd/install.sh again, or pip install '.[pi]' into the companion's venv"


def _needed(config: HardwareConfig) -> dict[tuple[str, str], list[str]]:
    """(module, package) → the config keys that need it, in the config's order."""
    needs: dict[tuple[str, str], list[str]] = {}
    for d in config.displays():
        if d.interface == "spi":
            needs.setdefault(("spidev", "spidev"), []).append(f"{d.key}.interface")
            needs.setdefault(("RPi.GPIO", "rpi-lgpio"), []).append(f"{d.key}.dc")
    if config.matrix is not None:
        needs.setdefault(("spidev", "spidev"), []).append("matrix")
    return needs


def _installed(module: str) -> bool:
    if module in sys.modules:  # imported already (or blocked, as None)
        return sys.modules[module] is not None
    try:
        return importlib.util.find_spec(module) is not None
    except ImportError:  # its parent package is missing
        return False


def missing_pi_packages(config: HardwareConfig) -> list[str]:
    """One line per package the config needs that is not installed: who needs it, the fix."""
    return [
        f"{', '.join(keys)}: needs the Python package {package} (module {module}), which is not "
        f"installed: {INSTALL_FIX}"
        for (module, package), keys in _needed(config).items()
        if not _installed(module)
    ]
