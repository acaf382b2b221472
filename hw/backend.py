"""Choosing the backend and its gpiozero pin factory.

Precedence: an explicit argument, then ``COMPANION_BACKEND``, then the config's ``backend``;
``auto`` means ``pi`` on a Raspberry Pi and ``mock`` anywhere else.

>>> resolve_backend("auto", env={}, on_pi=False)
'mock'
>>> resolve_backend("pi", env={"COMPANION_BACKEND": "mock"})
'mock'
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hw.config import BACKENDS, ConfigError
from hw.errors import StartupError, chip_problem

ENV_VAR = "COMPANION_BACKEND"
MOCK_REVISION = "d04170"  # a Raspberry Pi 5 (8 GB): the mock board has the Pi 5 header


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


def mock_pin_factory() -> Any:
    """gpiozero's MockFactory with PWM-capable pins (the buzzer needs PWM)."""
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    return MockFactory(revision=MOCK_REVISION, pin_class=MockPWMPin)


def pi_pin_factory(chip: int | None = None) -> Any:
    """gpiozero's lgpio factory (Pi 5 and Bookworm; works on older Pis too).

    lgpio creates notification pipes in its working directory, so point ``LG_WD`` at a
    writable place first (the service may run from a read-only directory). ``chip`` is
    ``buses.gpio_chip``: None lets gpiozero choose (gpiochip4 on a Pi 5 that has it, else 0).
    A gpiochip the user may not open is a :class:`~hw.errors.StartupError` naming the fix.
    """
    if "LG_WD" not in os.environ:
        run_user = Path(f"/run/user/{os.getuid()}")
        os.environ["LG_WD"] = str(
            run_user if os.access(run_user, os.W_OK) else tempfile.gettempdir()
        )
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
