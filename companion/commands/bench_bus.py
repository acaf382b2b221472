"""What a press puts on the buses, and the press → last pixel it models on a Pi Zero 2 W.

The mock stack has no bus. Every frame a display or the LED matrix is given during a press goes,
after the press was timed, to the driver the Pi would use (hw/partial.py's, on a serial interface
that counts bytes instead of sending them), so the bytes counted are the ones the real drivers
would send, windows and framing included. Beside them, each driver's ``least_bytes``: the fewest
bytes any driver could send for the same change (every byte that differs, in one window), the
physical limit the ratio is taken against.

The model of a press on a Pi Zero 2 W, each term sequential (the loop writes the displays after
the decision is stored):

    CPU time here × ZERO2_CPU_FACTOR  +  fsyncs × SD_FSYNC_MS  +  bus time of the bytes

with the bus time at the reference build's clocks: I²C at 400 kHz, 9 clocks a byte (8 bits and
the acknowledge), the TCA9548A's channel select (its address and one control byte) whenever a
write goes to another channel than the last; SPI at luma's default 8 MHz, 8 clocks a byte.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from hw import partial

I2C_HZ = 400_000
I2C_CLOCKS_PER_BYTE = 9  # 8 data bits and the acknowledge
SPI_HZ = 8_000_000  # luma's default bus_speed_hz, which the reference build keeps
MUX_SELECT_BYTES = 2  # the TCA9548A's address byte and its control register
ZERO2_CPU_FACTOR = 10.0  # a press's CPU time on a Zero 2 W over this machine's (see performance.md)
SD_FSYNC_MS = 4.0  # one fsync on an A1-rated SD card: two 4 KiB writes at its 500 IOPS floor
MATRIX_KEY = "matrix"  # hw.matrix.Matrix's key


class CountingSerial:
    """luma's serial interface shape; counts the bytes each write would put on the wire
    (I²C: the address and control byte of each message, then its payload)."""

    def __init__(self, interface: str) -> None:
        self.framing = 2 if interface == "i2c" else 0
        self.bytes = 0

    def command(self, *cmd: int) -> None:
        self.bytes += self.framing + len(cmd)

    def data(self, data: Sequence[int]) -> None:
        self.bytes += self.framing + len(data)


@dataclass(frozen=True)
class PressBytes:
    """The bytes one press puts on the buses, and their physical limit."""

    i2c: int  # mux selects included
    spi: int
    changed: int  # the fewest bytes the panels could have been sent (mux selects left out)

    @property
    def sent(self) -> int:
        return self.i2c + self.spi

    def bus_ms(self) -> float:
        """Milliseconds on the wires, one bus after the other."""
        i2c = self.i2c * I2C_CLOCKS_PER_BYTE / I2C_HZ
        spi = self.spi * 8 / SPI_HZ
        return (i2c + spi) * 1000


@dataclass
class _Panel:
    interface: str
    channel: int | None  # the mux channel of an I²C display
    driver: Any


class BusMeter:
    """One counting driver per device of a hardware config; ``press`` counts a press's frames.

    The drivers start knowing nothing, as after a (re)open: the first frame a device is given
    goes whole, as on the real panel.
    """

    def __init__(self, hardware: Any) -> None:
        self._panels: dict[str, _Panel] = {}
        displays = (hardware.display, *(p.display for p in hardware.players.values()))
        for cfg in (c for c in displays if c is not None):
            made = partial.partial_model(cfg.model)
            if made is None:
                raise ValueError(f"no partial-update driver for {cfg.model}: nothing to count")
            opts = {"width": cfg.width, "height": cfg.height, "rotate": cfg.rotate}
            channel = cfg.mux_channel if cfg.interface == "i2c" else None
            driver = made(CountingSerial(cfg.interface), **opts)
            self._panels[cfg.key] = _Panel(cfg.interface, channel, driver)
        m = hardware.matrix
        if m is not None:
            driver = partial.max7219(
                CountingSerial("spi"),
                cascaded=m.cascaded,
                block_orientation=m.block_orientation,
                rotate=m.rotate,
            )
            self._panels[MATRIX_KEY] = _Panel("spi", None, driver)
        self._channel: int | None = None  # the mux channel selected last

    def press(self, frames: Iterable[tuple[str, Image.Image]]) -> PressBytes:
        """The bytes of (device key, frame) written in this order."""
        i2c = spi = changed = 0
        for key, image in frames:
            panel = self._panels[key]
            least = panel.driver.least_bytes(image)
            if not least:
                continue  # nothing differs: the driver sends nothing
            bus = panel.driver._serial_interface
            before = bus.bytes
            panel.driver.display(image)
            sent = bus.bytes - before
            changed += least
            if panel.interface == "spi":
                spi += sent
                continue
            if panel.channel is not None and panel.channel != self._channel:
                sent += MUX_SELECT_BYTES
                self._channel = panel.channel
            i2c += sent
        return PressBytes(i2c, spi, changed)


def zero2_ms(
    cpu_s: float,
    fsyncs: int,
    bus: PressBytes,
    factor: float = ZERO2_CPU_FACTOR,
    fsync_ms: float = SD_FSYNC_MS,
) -> float:
    """The modelled press → last pixel on a Pi Zero 2 W, in milliseconds.

    >>> zero2_ms(0.001, 1, PressBytes(i2c=400, spi=0, changed=380))
    23.0
    """
    return cpu_s * 1000 * factor + fsyncs * fsync_ms + bus.bus_ms()
