"""Which ``/dev/i2c-N`` a display is on: an explicit port, or its mux channel found in sysfs.

The kernel's ``i2c-mux`` overlay numbers the TCA9548A's channels at boot (22…29 on one Pi and
kernel, 11…18 on another), so the config names the *channel* and this module asks sysfs:
``/sys/bus/i2c/devices/1-0070/channel-0`` is a link to the channel's bus, e.g. ``i2c-22``.

>>> import os, tempfile
>>> root = Path(tempfile.mkdtemp())
>>> (root / "1-0070").mkdir()
>>> os.symlink("../i2c-22", root / "1-0070" / "channel-0")
>>> mux_channel_port(0, 0x70, sysfs=root)
22
"""

from __future__ import annotations

import errno
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hw.config import DisplayConfig

SYSFS_I2C = Path("/sys/bus/i2c/devices")
MUX_ROOT_BUS = 1  # the TCA9548A hangs off i2c-1 (GPIO 2/3)
MUX_OVERLAY = "dtoverlay=i2c-mux,pca9548,addr=0x{address:02x}"


class BusNotFound(OSError):
    """The bus a display needs is not there (mux or channel missing in sysfs)."""

    def __init__(self, message: str) -> None:
        super().__init__(errno.ENODEV, message)


def mux_dir(mux_address: int, sysfs: Path = SYSFS_I2C) -> Path:
    """The mux's own sysfs directory, e.g. ``/sys/bus/i2c/devices/1-0070``."""
    return sysfs / f"{MUX_ROOT_BUS}-{mux_address:04x}"


def mux_channel_port(channel: int, mux_address: int, sysfs: Path = SYSFS_I2C) -> int:
    """The bus number the kernel gave mux ``channel``; :class:`BusNotFound` says what to fix."""
    where = mux_dir(mux_address, sysfs)
    if not where.is_dir():
        raise BusNotFound(
            f"no I²C mux at 0x{mux_address:02x} on i2c-{MUX_ROOT_BUS} ({where} is missing): "
            f"add '{MUX_OVERLAY.format(address=mux_address)}' to /boot/firmware/config.txt, "
            "reboot, and check the mux's wiring"
        )
    link = where / f"channel-{channel}"
    try:
        target = os.readlink(link)
    except OSError:
        raise BusNotFound(f"the mux has no channel {channel} ({link} is missing)") from None
    found = re.fullmatch(r"i2c-(\d+)", Path(target).name)
    if found is None:
        raise BusNotFound(f"{link} points to {target!r}, not an i2c-N bus")
    return int(found.group(1))


def bus_name(cfg: DisplayConfig) -> str:
    """The wires a display is on, named as its writer thread is: ``i2c-N`` (a display behind
    the mux is on the mux's own bus, i2c-1), or ``spiN``.

    >>> from hw.config import load_config
    >>> cfg = load_config("config/pi.toml")
    >>> bus_name(cfg.display), bus_name(cfg.players["red"].display)
    ('i2c-0', 'i2c-1')
    """
    if cfg.interface == "spi":
        return f"spi{cfg.spi_port}"
    return f"i2c-{MUX_ROOT_BUS if cfg.i2c_port is None else cfg.i2c_port}"


def i2c_port(cfg: DisplayConfig, mux_address: int | None, sysfs: Path = SYSFS_I2C) -> int:
    """The bus of an I²C display: ``i2c_port`` if set (an override), else its mux channel's."""
    if cfg.i2c_port is not None:
        return cfg.i2c_port
    if cfg.mux_channel is not None and mux_address is not None:
        return mux_channel_port(cfg.mux_channel, mux_address, sysfs)
    return MUX_ROOT_BUS
