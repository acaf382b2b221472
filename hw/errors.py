"""Start-up errors a person can act on: which config key or device, what is wrong, the fix.

lgpio reports a GPIO the kernel holds as ``'GPIO busy'`` and a missing group membership as
``'can not open gpiochip'``; luma reports ``/dev/i2c-N`` it may not open as
``DevicePermissionError``; spidev raises a plain ``PermissionError``. None of them says which
config key is behind it or what to do, so the HAL translates them here.

>>> class error(Exception): ...   # what lgpio raises
>>> print(gpio_problem(error("'GPIO busy'"), "players.black.led", 7))  # doctest: +ELLIPSIS
players.black.led: GPIO 7 is busy: the kernel holds it for SPI0 CE1 (SPI switched on with ...
"""

from __future__ import annotations

import errno
import re

GROUP_FIX = "sudo usermod -aG {group} $USER, then log out and in again"

# Why the kernel may hold a GPIO on the reference build, and the config.txt line that frees it.
_KERNEL_USES = {
    2: "I²C-1 SDA (dtparam=i2c_arm=on)",
    3: "I²C-1 SCL (dtparam=i2c_arm=on)",
    7: "SPI0 CE1",
    8: "SPI0 CE0",
    9: "SPI0 MISO",
    10: "SPI0 MOSI",
    11: "SPI0 SCLK",
    14: "the serial console (UART TX)",
    15: "the serial console (UART RX)",
}
_SPI_FIX = (
    " (SPI switched on with dtparam=spi=on claims GPIO 7–11); use "
    "'dtoverlay=spi0-1cs,no_miso' in /boot/firmware/config.txt instead, then reboot"
)
_UART_FIX = "; set enable_uart=0 and turn the serial console off (raspi-config), then reboot"


class StartupError(Exception):
    """The hardware could not start; :attr:`problems` lists each cause with its fix."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


def is_permission_error(exc: BaseException) -> bool:
    """True for "you may not open this device" (not a loose cable: retrying will not help)."""
    if isinstance(exc, PermissionError) or getattr(exc, "errno", None) in (
        errno.EACCES,
        errno.EPERM,
    ):
        return True
    try:
        from luma.core.error import DevicePermissionError
    except ImportError:  # pragma: no cover - luma is a dependency
        return False
    return isinstance(exc, DevicePermissionError)


def device_named_in(exc: BaseException) -> str:
    """The device file an OS or luma error names (luma puts it in the message)."""
    if filename := getattr(exc, "filename", None):
        return str(filename)
    found = re.search(r"/dev/\S+", str(exc))
    return found.group(0) if found else "its device file"


def permission_problem(key: str, device: str, group: str) -> str:
    """The message for a device the user may not open."""
    return (
        f"{key}: permission denied on {device}: add the user to the '{group}' group: "
        + GROUP_FIX.format(group=group)
    )


def _message(exc: BaseException) -> str:
    return str(exc).strip("'\" ").lower()


def gpio_problem(exc: BaseException, key: str, pin: int) -> str | None:
    """Explain an error claiming GPIO ``pin`` for ``key``; None if it is not one we know."""
    text = _message(exc)
    if "busy" in text or getattr(exc, "errno", None) == errno.EBUSY:
        use = _KERNEL_USES.get(pin)
        if use is None:
            return (
                f"{key}: GPIO {pin} is busy: another driver or program holds it "
                f"(see 'pinctrl get {pin}'); free it or choose another GPIO"
            )
        fix = _SPI_FIX if use.startswith("SPI") else _UART_FIX if "serial" in use else ""
        return f"{key}: GPIO {pin} is busy: the kernel holds it for {use}{fix}"
    if "gpiochip" in text or is_permission_error(exc):
        return chip_problem(exc, "buses.gpio_chip")
    return None


def chip_problem(exc: BaseException, key: str) -> str | None:
    """Explain an error opening the gpiochip (lgpio's factory)."""
    text = _message(exc)
    if any(t.__name__ == "PinUnknownPi" for t in type(exc).__mro__):
        # gpiozero found no board revision: no device tree of a Pi (a PC, a chroot, a container).
        return (
            f"{key}: this is not a Raspberry Pi ({text}): run it on the Pi, "
            "or use COMPANION_BACKEND=mock"
        )
    if "gpiochip" in text or is_permission_error(exc):
        return (
            f"{key}: can not open the GPIO chip ({text}): add the user to the 'gpio' group: "
            + GROUP_FIX.format(group="gpio")
            + "; on a Pi 5 with an old gpiozero, set buses.gpio_chip = 4"
        )
    return None
