"""Start-up errors a person can act on (GPIO busy, gpiochip or bus not allowed), and close()
releasing everything: real gpiozero devices on mock pins, lgpio's errors imitated."""

from __future__ import annotations

import dataclasses
import errno
import sys
import types

import pytest
from gpiozero import LED
from gpiozero.pins.mock import MockFactory, MockPWMPin
from hw_testing import CONFIG, FakeI2CAdapter

from companion.testing import VirtualClock
from hw import MockBackend, PiBackend, StartupError, build_hardware, load_config
from hw.devices import Driver

PI = load_config(CONFIG / "pi.toml")


class error(Exception):  # noqa: N801 - named as lgpio names it
    """What lgpio raises (``lgpio.error``)."""


error.__module__ = "lgpio"


class BusyFactory(MockFactory):
    """Mock pins, except those the kernel holds: claiming them fails as lgpio's does."""

    def __init__(self, busy: set[int]) -> None:
        super().__init__(revision="d04170", pin_class=MockPWMPin)
        self.busy = busy

    def pin(self, spec, *args, **kwargs):
        if spec in self.busy:
            raise error("'GPIO busy'")
        return super().pin(spec, *args, **kwargs)


def test_gpios_the_kernel_holds_are_all_named_with_their_key_and_fix():
    factory = BusyFactory({7, 18})
    try:
        with pytest.raises(StartupError) as info:
            build_hardware(PI, backend=MockBackend(pin_factory=factory), start=False)
        led, buzzer = info.value.problems
        assert led.startswith("players.black.led: GPIO 7 is busy: the kernel holds it for SPI0")
        assert "dtoverlay=spi0-1cs,no_miso" in led
        assert buzzer.startswith("buzzer.pin: GPIO 18 is busy: another driver")
        # Nothing was left claimed: every other pin is free again.
        for pin in PI.gpios():
            if pin not in factory.busy:
                LED(pin, pin_factory=factory).close()
    finally:
        factory.close()


def test_a_gpiochip_the_user_may_not_open_names_the_gpio_group(monkeypatch):
    chips = []

    def refuse(chip=None):
        chips.append(chip)
        raise error("'can not open gpiochip'")

    fake = types.ModuleType("gpiozero.pins.lgpio")
    fake.LGPIOFactory = refuse
    monkeypatch.setitem(sys.modules, "gpiozero.pins.lgpio", fake)
    cfg = dataclasses.replace(PI, buses=dataclasses.replace(PI.buses, gpio_chip=4))
    with pytest.raises(StartupError) as info:
        build_hardware(cfg, backend=PiBackend())
    (problem,) = info.value.problems
    assert problem.startswith("buses.gpio_chip: can not open the GPIO chip")
    assert "'gpio' group" in problem and "usermod -aG gpio" in problem
    assert chips == [4]  # the config's chip override reached gpiozero


def test_no_pi_at_all_is_one_line_saying_so(monkeypatch):
    from gpiozero.exc import PinUnknownPi

    def no_board(chip=None):
        raise PinUnknownPi("unable to locate Pi revision in /proc/device-tree or /proc/cpuinfo")

    fake = types.ModuleType("gpiozero.pins.lgpio")
    fake.LGPIOFactory = no_board
    monkeypatch.setitem(sys.modules, "gpiozero.pins.lgpio", fake)
    with pytest.raises(StartupError) as info:
        build_hardware(PI, backend=PiBackend())
    (problem,) = info.value.problems
    assert problem.startswith("buses.gpio_chip: this is not a Raspberry Pi (unable to locate")
    assert problem.endswith("or use COMPANION_BACKEND=mock")


def test_i2c_buses_the_user_may_not_open_stop_the_start_with_the_group_to_join(
    tmp_path, monkeypatch
):
    adapter = FakeI2CAdapter(tmp_path / "i2c", buses={1, 22, 23, 24, 25, 26, 27}).install(
        monkeypatch
    )
    adapter.denied |= {22, 27}
    ports = {
        p: dataclasses.replace(c.display, i2c_port=22 + i)
        for i, (p, c) in enumerate(PI.players.items())
    }
    cfg = dataclasses.replace(
        PI,
        display=dataclasses.replace(PI.display, i2c_port=27),
        players={p: dataclasses.replace(c, display=ports[p]) for p, c in PI.players.items()},
        matrix=None,
    )
    factory = MockFactory(revision="d04170", pin_class=MockPWMPin)
    try:
        with pytest.raises(StartupError) as info:
            build_hardware(
                cfg, backend=PiBackend(pin_factory=factory), clock=VirtualClock(), start=False
            )
    finally:
        factory.close()
    assert [p.split(": ")[0:2] for p in info.value.problems] == [
        ["display", "permission denied on /dev/i2c-27"],
        ["players.red.display", "permission denied on /dev/i2c-22"],
    ]
    assert all("'i2c' group" in p for p in info.value.problems)
    assert adapter.open_handles() == 0


def test_close_releases_every_pad_pin_and_display():
    factory = MockFactory(revision="d04170", pin_class=MockPWMPin)  # lent: close() keeps it
    try:
        h = build_hardware(PI, backend=MockBackend(pin_factory=factory), start=False)
        pads = dict(h.pads)
        h.close()
        assert all(p.display.device is None for p in pads.values())
        for pad in PI.players.values():
            for pin in (pad.left, pad.right, pad.select, pad.led):
                LED(pin, pin_factory=factory).close()  # GPIOPinInUse if a pad kept it
    finally:
        factory.close()


def test_busy_gpios_of_two_players_are_both_reported():
    factory = BusyFactory({PI.players["red"].left, PI.players["black"].left})
    try:
        with pytest.raises(StartupError) as info:
            build_hardware(PI, backend=MockBackend(pin_factory=factory), start=False)
    finally:
        factory.close()
    assert [p.split(": ")[0:2] for p in info.value.problems] == [
        ["players.red.left", "GPIO 4 is busy"],
        ["players.black.left", "GPIO 14 is busy"],
    ]


class DeniedSpiBackend(MockBackend):
    """Mock pins, but the main display's spidev the user may not open."""

    def display_driver(self, cfg, mux_address):
        if cfg.interface != "spi":
            return super().display_driver(cfg, mux_address)

        def open_bus():
            raise PermissionError(errno.EACCES, "Permission denied", "/dev/spidev0.1")

        return Driver(open_bus, lambda bus: None)


def test_an_spi_display_the_user_may_not_open_names_its_key_and_the_spi_group():
    sim = load_config(CONFIG / "sim.toml")  # its main display is on SPI0 CE1
    with pytest.raises(StartupError) as info:
        build_hardware(sim, backend=DeniedSpiBackend(), clock=VirtualClock(), start=False)
    assert info.value.problems == [
        "display: permission denied on /dev/spidev0.1: add the user to the 'spi' group: "
        "sudo usermod -aG spi $USER, then log out and in again"
    ]
