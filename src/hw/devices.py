"""Openers for luma devices: the real luma.oled / luma.led-matrix drivers, or luma's dummy.

Each function returns a zero-argument callable so a degraded device can be opened again.
luma's I²C and SPI interfaces import smbus2 / spidev / RPi.GPIO only when called, so the mock
path never touches Pi-only packages.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hw.config import DisplayConfig, MatrixConfig

SerialFactory = Callable[[DisplayConfig], Any]


def luma_serial(cfg: DisplayConfig) -> Any:
    """The real bus for a display: I²C (smbus2) or SPI (spidev + RPi.GPIO for D/C, reset)."""
    from luma.core.interface.serial import i2c, spi

    if cfg.interface == "i2c":
        return i2c(port=cfg.i2c_port, address=cfg.address)
    return spi(
        port=cfg.spi_port,
        device=cfg.spi_device,
        gpio_DC=cfg.dc,
        gpio_RST=cfg.reset,
        bus_speed_hz=8_000_000,
    )


def real_display(cfg: DisplayConfig, serial: SerialFactory = luma_serial) -> Callable[[], Any]:
    """Opener for the luma.oled driver named by ``cfg.model`` on its real bus."""
    import luma.oled.device

    cls = getattr(luma.oled.device, cfg.model)

    def open_() -> Any:
        return cls(serial(cfg), width=cfg.width, height=cfg.height, rotate=cfg.rotate)

    return open_


def dummy_display(cfg: DisplayConfig) -> Callable[[], Any]:
    """Opener for luma's ``dummy`` with the real model's size, rotation and pixel mode."""
    from luma.core.device import dummy

    return lambda: dummy(width=cfg.width, height=cfg.height, rotate=cfg.rotate, mode=cfg.mode)


def matrix_serial(cfg: MatrixConfig) -> Any:
    """SPI for the MAX7219 chain: no D/C or reset lines, so luma's gpio is a no-op."""
    from luma.core.interface.serial import noop, spi

    return spi(port=cfg.spi_port, device=cfg.spi_device, gpio=noop())


def real_matrix(
    cfg: MatrixConfig, serial: Callable[[MatrixConfig], Any] = matrix_serial
) -> Callable[[], Any]:
    """Opener for luma.led-matrix's max7219 driver, cascaded as configured."""
    from luma.led_matrix.device import max7219

    def open_() -> Any:
        return max7219(
            serial(cfg),
            cascaded=cfg.cascaded,
            block_orientation=cfg.block_orientation,
            rotate=cfg.rotate,
        )

    return open_


def dummy_matrix(cfg: MatrixConfig) -> Callable[[], Any]:
    """Opener for luma's ``dummy`` shaped like the MAX7219 chain (1-bit pixels)."""
    from luma.core.device import dummy

    w, h = 8 * cfg.cascaded, 8
    return lambda: dummy(width=w, height=h, rotate=cfg.rotate, mode="1")
