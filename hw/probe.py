"""``check-config --probe``: is the hardware the config describes there, and may we open it?

Checks, each problem named by its config key with the fix: the I²C mux and each display's mux
channel in sysfs, each ``/dev/i2c-N`` (exists, and the user may open it), each display answering
at its address (an SMBus quick write, as ``i2cdetect`` does), each SPI device node and the GPIO
chip, and the sound card the voice plays on. SPI devices cannot be probed: a SPI write never
fails, so only the node is checked. Each fix follows the config in hand (the SPI overlay for
its chip selects and MISO; ``i2c-dev`` when the bus is there but has no node).

``sysfs``, ``dev`` and ``cards`` are injectable so that a test (or a PC) can point them at a
fake tree.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from hw.buses import MUX_OVERLAY, MUX_ROOT_BUS, SYSFS_I2C, BusNotFound, i2c_port, mux_dir
from hw.config import DisplayConfig, HardwareConfig
from hw.errors import permission_problem
from hw.sound import PROC_CARDS, sound_cards, speaker_problems

DEV = Path("/dev")
I2C0_PORT = 0  # /dev/i2c-0: GPIO 0/1 on every Pi with dtparam=i2c_vc=on (the main display's)
I2C0_LINES = "'dtparam=i2c_vc=on' and 'dtparam=i2c_vc_baudrate=400000'"
CONFIG_TXT = "/boot/firmware/config.txt"
# The file systemd/install.sh writes: one file to look for, whichever way i2c-dev was set up.
MODULES_LOAD_CONF = "/etc/modules-load.d/elgrande-companion.conf"
I2C_DEV_FIX = (
    f"load i2c-dev: `echo i2c-dev | sudo tee {MODULES_LOAD_CONF}` and "
    "`sudo modprobe i2c-dev` (the config.txt lines alone do not load it)"
)
GPIO_FIX = (
    "no GPIO chip: this is not a Raspberry Pi's kernel, or /dev is not the Pi's "
    "(`ls /dev/gpiochip*`; a Pi 5 has gpiochip0, or gpiochip4 on older kernels)"
)


def probe(
    cfg: HardwareConfig,
    *,
    sysfs: Path = SYSFS_I2C,
    dev: Path = DEV,
    cards: Path = PROC_CARDS,
) -> list[str]:
    """Every problem found, one line each, ``key: what is wrong; what to do``."""
    problems: list[str] = []
    displays = [cfg.display, *(p.display for p in cfg.players.values() if p.display)]
    i2c = [d for d in displays if d.interface == "i2c"]
    on_root_bus = [d for d in i2c if d.i2c_port in (None, MUX_ROOT_BUS)]
    if on_root_bus and (root := _probe_bus(MUX_ROOT_BUS, "buses.i2c", sysfs, dev)):
        problems.extend(root)  # one line: nothing behind i2c-1 can answer without it
        i2c = [d for d in i2c if d not in on_root_bus]
    mux_ok = True
    if cfg.mux_address is not None and any(_behind_mux(d) for d in i2c):
        where = mux_dir(cfg.mux_address, sysfs)
        if not where.is_dir():
            mux_ok = False
            overlay = MUX_OVERLAY.format(address=cfg.mux_address)
            problems.append(
                f"mux.address: no I²C mux at 0x{cfg.mux_address:02x} ({where} is missing): add "
                f"'{overlay}' to {CONFIG_TXT} and reboot; `sudo i2cdetect -y 1` showing "
                f"{cfg.mux_address:02x} means the mux answers but that line is missing, -- "
                "means check its wiring (UU: a driver holds it)"
            )
    missing_buses: set[int] = set()  # each reported once, on the first display on it
    for d in i2c:
        if _behind_mux(d) and not mux_ok:
            continue  # reported once, on mux.address
        problems.extend(_probe_i2c_display(d, cfg.mux_address, sysfs, dev, missing_buses))
    problems.extend(_probe_spi(cfg, displays, dev))
    problems.extend(_probe_gpio_chip(cfg.buses.gpio_chip, dev))
    if cfg.speaker.enabled:
        problems.extend(speaker_problems(cfg.speaker.device, sound_cards(cards)))
    return problems


def spi_overlay(cfg: HardwareConfig, *, second_cs: bool = False) -> str:
    """The ``config.txt`` line for the SPI this config uses (``2cs`` when CE1 is needed)."""
    selects = "2cs" if second_cs or cfg.buses.spi == "2cs" else "1cs"
    return f"dtoverlay=spi0-{selects}" + ("" if cfg.buses.spi_miso else ",no_miso")


def _probe_spi(cfg: HardwareConfig, displays: list[DisplayConfig], dev: Path) -> list[str]:
    users = [(d.key, d.spi_port, d.spi_device) for d in displays if d.interface == "spi"]
    if cfg.matrix is not None:
        users.append(("matrix", cfg.matrix.spi_port, cfg.matrix.spi_device))
    overlay = spi_overlay(cfg, second_cs=any(device == 1 for _, _, device in users))
    problems = []
    for key, port, device in users:
        node = dev / f"spidev{port}.{device}"
        if not node.exists():
            problems.append(
                f"{key}.spi_device: {node} is missing: add '{overlay}' to {CONFIG_TXT} "
                "(and no other spi0 overlay or dtparam=spi=on) and reboot"
            )
        elif not os.access(node, os.R_OK | os.W_OK):
            problems.append(permission_problem(f"{key}.spi_device", str(node), "spi"))
    return problems


def _probe_gpio_chip(chip: int | None, dev: Path) -> list[str]:
    # None: gpiozero picks gpiochip4 on a Pi 5 kernel that has it, else gpiochip0.
    chips = [chip] if chip is not None else [4, 0]
    for n in chips:
        node = dev / f"gpiochip{n}"
        if node.exists():
            if not os.access(node, os.R_OK | os.W_OK):
                return [permission_problem("buses.gpio_chip", str(node), "gpio")]
            return []
    return [f"buses.gpio_chip: {dev / f'gpiochip{chips[-1]}'} is missing: {GPIO_FIX}"]


def _probe_bus(port: int, key: str, sysfs: Path, dev: Path) -> list[str]:
    """The bus node ``/dev/i2c-N``: missing with its adapter in sysfs means i2c-dev."""
    node = dev / f"i2c-{port}"
    if node.exists():
        if not os.access(node, os.R_OK | os.W_OK):
            return [permission_problem(key, str(node), "i2c")]
        return []
    if (sysfs / f"i2c-{port}").exists():
        return [f"{key}: {node} is missing but the bus is there: {I2C_DEV_FIX}"]
    fix = {
        MUX_ROOT_BUS: "add 'dtparam=i2c_arm=on' to ",
        I2C0_PORT: f"add {I2C0_LINES} (I²C0 on GPIO 0/1, above any dtoverlay line) to ",
    }.get(port, "check the overlays in ")
    return [f"{key}: {node} is missing: {fix}{CONFIG_TXT}, reboot, and {I2C_DEV_FIX}"]


def _behind_mux(d: DisplayConfig) -> bool:
    return d.i2c_port is None and d.mux_channel is not None


def _probe_i2c_display(
    d: DisplayConfig, mux_address: int | None, sysfs: Path, dev: Path, missing_buses: set[int]
) -> list[str]:
    try:
        port = i2c_port(d, mux_address, sysfs)
    except BusNotFound as e:
        return [f"{d.key}.mux_channel: {e.strerror}"]
    if port in missing_buses:
        return []
    node = dev / f"i2c-{port}"
    key = f"{d.key}.mux_channel" if _behind_mux(d) else f"{d.key}.i2c_port"
    if missing := _probe_bus(port, key, sysfs, dev):
        missing_buses.add(port)
        return missing
    if not _answers(node, d.address):
        return [
            f"{d.key}.address: nothing answers at 0x{d.address:02X} on {node} ({d.i2c_bus()}): "
            "check the display's cable, power and address jumper"
            + (
                " (a board wired for SPI never answers: docs/building.md)"
                if d.model == "ssd1309"
                else ""
            )
        ]
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
