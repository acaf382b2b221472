"""``check-config --probe``: is the hardware the config describes there, and may we open it?

Checks, each problem named by its config key with the fix: the I²C mux and each display's mux
channel in sysfs, each ``/dev/i2c-N`` (exists, and the user may open it), each display answering
at its address (an SMBus quick write, as ``i2cdetect`` does), each SPI device node and the GPIO
chip. SPI devices cannot be probed: a SPI write never fails, so only the node is checked.

``sysfs`` and ``dev`` are injectable so that a test (or a PC) can point them at a fake tree.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from hw.buses import MUX_OVERLAY, SYSFS_I2C, BusNotFound, i2c_port, mux_dir
from hw.config import DisplayConfig, HardwareConfig
from hw.errors import permission_problem

DEV = Path("/dev")
SPI_FIX = "enable SPI0 in /boot/firmware/config.txt (dtoverlay=spi0-1cs,no_miso) and reboot"


def probe(cfg: HardwareConfig, *, sysfs: Path = SYSFS_I2C, dev: Path = DEV) -> list[str]:
    """Every problem found, one line each, ``key: what is wrong; what to do``."""
    problems: list[str] = []
    displays = [cfg.display, *(p.display for p in cfg.players.values() if p.display)]
    i2c = [d for d in displays if d.interface == "i2c"]
    mux_ok = True
    if cfg.mux_address is not None and any(_behind_mux(d) for d in i2c):
        where = mux_dir(cfg.mux_address, sysfs)
        if not where.is_dir():
            mux_ok = False
            overlay = MUX_OVERLAY.format(address=cfg.mux_address)
            problems.append(
                f"mux.address: no I²C mux at 0x{cfg.mux_address:02x} ({where} is missing): add "
                f"'{overlay}' to /boot/firmware/config.txt, reboot, and check the mux's wiring"
            )
    for d in i2c:
        if _behind_mux(d) and not mux_ok:
            continue  # reported once, on mux.address
        problems.extend(_probe_i2c_display(d, cfg.mux_address, sysfs, dev))
    spi_users = [(d.key, d.spi_port, d.spi_device) for d in displays if d.interface == "spi"]
    if cfg.matrix is not None:
        spi_users.append(("matrix", cfg.matrix.spi_port, cfg.matrix.spi_device))
    for key, port, device in spi_users:
        problems.extend(_probe_node(dev / f"spidev{port}.{device}", f"{key}.spi_device", "spi"))
    chip = cfg.buses.gpio_chip if cfg.buses.gpio_chip is not None else 0
    problems.extend(_probe_node(dev / f"gpiochip{chip}", "buses.gpio_chip", "gpio"))
    return problems


def _behind_mux(d: DisplayConfig) -> bool:
    return d.i2c_port is None and d.mux_channel is not None


def _probe_i2c_display(
    d: DisplayConfig, mux_address: int | None, sysfs: Path, dev: Path
) -> list[str]:
    try:
        port = i2c_port(d, mux_address, sysfs)
    except BusNotFound as e:
        return [f"{d.key}.mux_channel: {e.strerror}"]
    node = dev / f"i2c-{port}"
    key = f"{d.key}.mux_channel" if _behind_mux(d) else f"{d.key}.i2c_port"
    if missing := _probe_node(node, key, "i2c"):
        return missing
    if not _answers(node, d.address):
        return [
            f"{d.key}.address: nothing answers at 0x{d.address:02X} on {node} ({d.i2c_bus()}): "
            "check the display's cable, power and address jumper"
        ]
    return []


def _probe_node(node: Path, key: str, group: str) -> list[str]:
    if not node.exists():
        fix = SPI_FIX if group == "spi" else "check the overlays in /boot/firmware/config.txt"
        return [f"{key}: {node} is missing: {fix}"]
    if not os.access(node, os.R_OK | os.W_OK):
        return [permission_problem(key, str(node), group)]
    return []


def _answers(node: Path, address: int) -> bool:
    """An SMBus quick write to ``address``: a present device acknowledges it."""
    import smbus2

    try:
        with smbus2.SMBus(str(node)) as bus:
            bus.write_quick(address)
    except OSError as e:
        if e.errno in (errno.EREMOTEIO, errno.ENXIO, errno.EIO, errno.ETIMEDOUT):
            return False
        raise
    return True
