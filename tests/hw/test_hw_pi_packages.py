"""A Pi-only package left out of the install (spidev, rpi-lgpio's RPi.GPIO) is one line per
package naming the keys that need it and the fix, before any pin or bus is opened."""

from __future__ import annotations

import sys
import types

import pytest
from gpiozero import LED
from gpiozero.pins.mock import MockFactory, MockPWMPin
from hw_testing import CONFIG

from companion.testing import VirtualClock
from hw import HardwareConfig, PiBackend, StartupError, build_hardware, load_config

PI = load_config(CONFIG / "pi.toml")  # I²C displays, the matrix on SPI
SIM = load_config(CONFIG / "sim.toml")  # its main display on SPI, and the matrix
FIX = "run systemd/install.sh again, or pip install '.[pi]' into the companion's venv"


def block(monkeypatch: pytest.MonkeyPatch, *modules: str) -> None:
    """Make ``modules`` not installed, whether or not this machine has them."""
    for name in modules:
        monkeypatch.setitem(sys.modules, name, None)


def provide(monkeypatch: pytest.MonkeyPatch, *modules: str) -> None:
    """Make ``modules`` installed, whether or not this machine has them."""
    for name in modules:
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))


def start(config: HardwareConfig) -> StartupError:
    factory = MockFactory(revision="d04170", pin_class=MockPWMPin)
    try:
        with pytest.raises(StartupError) as info:
            build_hardware(
                config, backend=PiBackend(pin_factory=factory), clock=VirtualClock(), start=False
            )
        for pad in config.players.values():  # nothing was claimed
            LED(pad.led, pin_factory=factory).close()
    finally:
        factory.close()
    return info.value


def test_no_spidev_names_the_matrix_and_the_fix_before_anything_opens(monkeypatch):
    block(monkeypatch, "spidev")
    assert start(PI).problems == [
        f"matrix: needs the Python package spidev (module spidev), which is not installed: {FIX}"
    ]


def test_an_spi_display_without_its_packages_names_each_package_once_with_every_key(
    monkeypatch,
):
    block(monkeypatch, "spidev", "RPi", "RPi.GPIO")
    assert start(SIM).problems == [
        "display.interface, matrix: needs the Python package spidev (module spidev), which is "
        f"not installed: {FIX}",
        "display.dc: needs the Python package rpi-lgpio (module RPi.GPIO), which is not "
        f"installed: {FIX}",
    ]


def test_installed_packages_are_not_reported(monkeypatch):
    provide(monkeypatch, "spidev", "RPi", "RPi.GPIO")
    assert PiBackend().startup_problems(SIM) == []
    block(monkeypatch, "RPi.GPIO")
    assert [p.split(":")[0] for p in PiBackend().startup_problems(SIM)] == ["display.dc"]


def test_packages_not_imported_yet_are_looked_up_on_the_path_without_being_run(
    monkeypatch, tmp_path
):
    # spidev there (a module that must not run: importing rpi-lgpio would move the working
    # directory), RPi nowhere: its GPIO is missing.
    (tmp_path / "spidev.py").write_text("raise SystemExit('spidev was imported')\n")
    for name in ("spidev", "RPi", "RPi.GPIO"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.setattr(sys, "path", [str(tmp_path)])
    assert [p.split(":")[0] for p in PiBackend().startup_problems(SIM)] == ["display.dc"]
    assert "spidev" not in sys.modules
