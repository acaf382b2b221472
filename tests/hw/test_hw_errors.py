"""The start-up error messages themselves: the whole line a person reads for each cause."""

from __future__ import annotations

import errno

import pytest
from gpiozero.exc import PinUnknownPi
from luma.core.error import DevicePermissionError

from hw import StartupError
from hw.errors import (
    chip_problem,
    device_named_in,
    gpio_problem,
    is_permission_error,
    permission_problem,
)

GPIO_GROUP = (
    ": add the user to the 'gpio' group: sudo usermod -aG gpio $USER, then log out and in "
    "again; on a Pi 5 with an old gpiozero, set buses.gpio_chip = 4"
)


class error(Exception):  # noqa: N801 - named as lgpio names it
    """What lgpio raises (``lgpio.error``): no errno, the reason quoted in the text."""


def test_a_startup_error_reads_one_cause_per_line():
    e = StartupError(["led: GPIO 7 is busy", "buzzer.pin: GPIO 18 is busy"])
    assert str(e) == "led: GPIO 7 is busy\nbuzzer.pin: GPIO 18 is busy"
    assert e.problems == ["led: GPIO 7 is busy", "buzzer.pin: GPIO 18 is busy"]


def test_what_counts_as_you_may_not_open_this_device():
    assert is_permission_error(PermissionError())  # spidev: a bare PermissionError
    assert is_permission_error(PermissionError(errno.EACCES, "Permission denied"))
    for code in (errno.EACCES, errno.EPERM):
        e = OSError("denied")  # an errno set by hand is not turned into PermissionError
        e.errno = code
        assert not isinstance(e, PermissionError) and is_permission_error(e)
    assert is_permission_error(DevicePermissionError("I2C device not permitted: /dev/i2c-1"))
    assert not is_permission_error(OSError(errno.EIO, "Remote I/O error"))
    assert not is_permission_error(error("'GPIO busy'"))


def test_the_device_file_named_is_the_errors_own():
    denied = PermissionError(errno.EACCES, "Permission denied", "/dev/spidev0.0")
    assert device_named_in(denied) == "/dev/spidev0.0"  # not the quoted "/dev/spidev0.0'"
    luma = DevicePermissionError("I2C device not permitted: /dev/i2c-3 (run as root)")
    assert device_named_in(luma) == "/dev/i2c-3"
    assert (
        permission_problem("display", device_named_in(PermissionError()), "i2c")
        == "display: permission denied on its device file: add the user to the 'i2c' group: "
        "sudo usermod -aG i2c $USER, then log out and in again"
    )


@pytest.mark.parametrize(
    ("pin", "line"),
    [
        (2, "k: GPIO 2 is busy: the kernel holds it for I²C-1 SDA (dtparam=i2c_arm=on)"),
        (
            8,
            "k: GPIO 8 is busy: the kernel holds it for SPI0 CE0 (SPI switched on with "
            "dtparam=spi=on claims GPIO 7–11); use 'dtoverlay=spi0-1cs,no_miso' in "
            "/boot/firmware/config.txt instead, then reboot",
        ),
        (
            14,
            "k: GPIO 14 is busy: the kernel holds it for the serial console (UART TX); set "
            "enable_uart=0 and turn the serial console off (raspi-config), then reboot",
        ),
        (
            17,
            "k: GPIO 17 is busy: another driver or program holds it (see 'pinctrl get 17'); "
            "free it or choose another GPIO",
        ),
    ],
)
def test_a_busy_gpio_names_who_holds_it_and_the_fix(pin, line):
    assert gpio_problem(error("'GPIO busy'"), "k", pin) == line


def test_busy_is_known_by_its_errno_too():
    e = OSError(errno.EBUSY, "Resource in use")
    assert gpio_problem(e, "k", 2) == (
        "k: GPIO 2 is busy: the kernel holds it for I²C-1 SDA (dtparam=i2c_arm=on)"
    )


def test_a_gpiochip_refused_while_claiming_a_pin_is_the_chips_problem():
    refused = error("'can not open gpiochip'")
    line = "buses.gpio_chip: can not open the GPIO chip (can not open gpiochip)" + GPIO_GROUP
    assert gpio_problem(refused, "players.black.led", 7) == line
    assert gpio_problem(PermissionError("no access"), "players.black.led", 7) == (
        "buses.gpio_chip: can not open the GPIO chip (no access)" + GPIO_GROUP
    )
    assert gpio_problem(error("'bad gpio number'"), "players.black.led", 7) is None
    assert gpio_problem(ValueError("nonsense"), "players.black.led", 7) is None


def test_a_chip_the_user_may_not_open_quotes_the_reason_without_its_quotes():
    assert chip_problem(error("'can not open gpiochip'"), "buses.gpio_chip") == (
        "buses.gpio_chip: can not open the GPIO chip (can not open gpiochip)" + GPIO_GROUP
    )
    # only the quotes and spaces around lgpio's text go, nothing of the text itself
    assert chip_problem(error(" 'can not open gpiochip X' "), "buses.gpio_chip") == (
        "buses.gpio_chip: can not open the GPIO chip (can not open gpiochip x)" + GPIO_GROUP
    )
    assert chip_problem(PermissionError("Permission denied"), "buses.gpio_chip") == (
        "buses.gpio_chip: can not open the GPIO chip (permission denied)" + GPIO_GROUP
    )
    assert chip_problem(error("'bad handle'"), "buses.gpio_chip") is None


def test_no_pi_is_said_in_one_line():
    assert chip_problem(PinUnknownPi("no revision"), "buses.gpio_chip") == (
        "buses.gpio_chip: this is not a Raspberry Pi (no revision): run it on the Pi, "
        "or use COMPANION_BACKEND=mock"
    )
