"""How to open luma devices: the bus first, then the driver on that bus.

A :class:`Driver` is two steps so that :class:`~hw.guarded.GuardedDevice` owns the bus it
opened (and closes it when the driver fails half-way) and can send the init sequence again on
the same bus. luma's I²C and SPI interfaces import smbus2 / spidev / RPi.GPIO only when
called, so the mock path never touches Pi-only packages.

Every driver is built through :func:`hw.luma_hooks.quiet` (see there why).

>>> from hw.config import load_config
>>> drv = dummy_display(load_config("config/sim.toml").players["red"].display)
>>> drv.make(drv.open_bus()).size
(128, 32)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hw.buses import SYSFS_I2C, i2c_port
from hw.config import DisplayConfig, MatrixConfig
from hw.luma_hooks import quiet

# luma holds RES# low for 0 s by default; an SSD1322 needs a real pulse: 200 µs, with margin.
RESET_HOLD_S = 0.0002
RESET_RELEASE_S = 0.0002


@dataclass(frozen=True)
class Driver:
    """``open_bus()`` returns a luma serial interface (opens the bus); ``make(bus)`` builds the
    luma device on it (which sends the init sequence)."""

    open_bus: Callable[[], Any]
    make: Callable[[Any], Any]


# --- displays -----------------------------------------------------------------------------------

SerialFactory = Callable[[DisplayConfig], Any]


def luma_serial(
    cfg: DisplayConfig, *, mux_address: int | None = None, sysfs: Path = SYSFS_I2C
) -> Any:
    """The real bus for a display: I²C (smbus2, the mux channel's bus found in sysfs) or SPI
    (spidev + RPi.GPIO for D/C and reset, reset held long enough for an SSD1322)."""
    from luma.core.interface.serial import i2c, spi

    if cfg.interface == "i2c":
        return i2c(port=i2c_port(cfg, mux_address, sysfs=sysfs), address=cfg.address)
    return spi(
        port=cfg.spi_port,
        device=cfg.spi_device,
        gpio_DC=cfg.dc,
        gpio_RST=cfg.reset,
        bus_speed_hz=8_000_000,
        reset_hold_time=RESET_HOLD_S,
        reset_release_time=RESET_RELEASE_S,
    )


def real_display(
    cfg: DisplayConfig,
    serial: SerialFactory | None = None,
    *,
    mux_address: int | None = None,
    sysfs: Path = SYSFS_I2C,
) -> Driver:
    """The luma.oled driver named by ``cfg.model`` on its real bus: for the models
    :mod:`hw.partial` covers, its subclass that sends only the changed pixels."""
    import luma.oled.device

    from hw.partial import partial_model

    cls = quiet(partial_model(cfg.model) or getattr(luma.oled.device, cfg.model))

    def open_bus() -> Any:
        if serial is not None:
            return serial(cfg)
        return luma_serial(cfg, mux_address=mux_address, sysfs=sysfs)

    def make(bus: Any) -> Any:
        return cls(bus, width=cfg.width, height=cfg.height, rotate=cfg.rotate)

    return Driver(open_bus, make)


def dummy_display(cfg: DisplayConfig) -> Driver:
    """luma's ``dummy`` with the real model's size, rotation and pixel mode."""
    from luma.core.device import dummy
    from luma.core.interface.serial import noop

    cls = quiet(dummy)
    return Driver(
        noop,
        lambda bus: cls(
            width=cfg.width,
            height=cfg.height,
            rotate=cfg.rotate,
            mode=cfg.mode,
            serial_interface=bus,
        ),
    )


# --- the LED matrix -----------------------------------------------------------------------------


def matrix_serial(cfg: MatrixConfig) -> Any:
    """SPI for the MAX7219 chain: no D/C or reset lines, so luma's gpio is a no-op."""
    from luma.core.interface.serial import noop, spi

    return spi(port=cfg.spi_port, device=cfg.spi_device, gpio=noop())


def real_matrix(cfg: MatrixConfig, serial: Callable[[MatrixConfig], Any] = matrix_serial) -> Driver:
    """luma.led-matrix's max7219 driver, cascaded as configured, sending only changed rows."""
    from hw.partial_matrix import max7219

    cls = quiet(max7219)
    return Driver(
        lambda: serial(cfg),
        lambda bus: cls(
            bus, cascaded=cfg.cascaded, block_orientation=cfg.block_orientation, rotate=cfg.rotate
        ),
    )


def dummy_matrix(cfg: MatrixConfig) -> Driver:
    """luma's ``dummy`` shaped like the MAX7219 chain (1-bit pixels)."""
    from luma.core.device import dummy
    from luma.core.interface.serial import noop

    cls = quiet(dummy)
    w, h = 8 * cfg.cascaded, 8
    return Driver(
        noop, lambda bus: cls(width=w, height=h, rotate=cfg.rotate, mode="1", serial_interface=bus)
    )
