"""What a press puts on the buses, and the press → last pixel it models on a Pi Zero 2 W.

The mock stack has no bus. Every frame a display or the LED matrix is given during a press goes,
after the press was timed, to the driver the Pi would use (hw/partial.py's, on a serial interface
that counts bytes instead of sending them), so the bytes counted are the ones the real drivers
would send, windows and framing included. Beside them, each driver's ``least_bytes``: the fewest
bytes any driver could send for the same change (every byte that differs, in one window), the
physical limit the ratio is taken against.

The model of a press on a Pi Zero 2 W, in the order the app does it: the decision is stored
(every fsync of a press comes before its first frame), then the app thread draws the frames one
after the other, and each frame, once given, goes to its bus's writer thread (hw/bus_writer.py),
which works its frames off in order: the driver's CPU time, then the bytes on the wires. With
every CPU time here × the CPU factor measured in the same run (bench_calibrate.py), a frame
given after ``given`` of the press's CPU time is done at

    done = max(its bus's previous frame done, fsyncs × SD_FSYNC_MS + given)
           + its driver's CPU time + its bytes' time on its wires

and the press's last pixel is the latest of its frames' ``done`` and the app thread's own end
(fsyncs × SD_FSYNC_MS + the press's CPU time). The buses' threads are taken to run beside the
app thread (the wires do: an I²C transfer waits in the kernel, the GIL released); their drivers'
CPU time would, on one core, also have to share it.

The wires are at the reference build's clocks: I²C at 400 kHz on both I²C buses, 9 clocks a
byte (8 bits and the acknowledge), the TCA9548A's channel select (its address and one control
byte) whenever a write on the mux's bus goes to another channel than the last; SPI at luma's
default 8 MHz, 8 clocks a byte. A bus's drivers' CPU time is what hw/partial.py's ``display``
takes here to work out and frame the windows (the mock stack's own frames do not run it).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image

from hw import partial, partial_matrix
from hw.buses import bus_name

I2C_HZ = 400_000
I2C_CLOCKS_PER_BYTE = 9  # 8 data bits and the acknowledge
SPI_HZ = 8_000_000  # luma's default bus_speed_hz, which the reference build keeps
MUX_SELECT_BYTES = 2  # the TCA9548A's address byte and its control register
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


def wire_ms(bus: str, count: int) -> float:
    """Milliseconds ``count`` bytes take on ``bus`` ("i2c-N" or "spiN") at its clock.

    >>> wire_ms("i2c-1", 400), wire_ms("spi0", 8000)
    (9.0, 8.0)
    """
    if bus.startswith("i2c"):
        return count * I2C_CLOCKS_PER_BYTE / I2C_HZ * 1000
    return count * 8 / SPI_HZ * 1000


@dataclass(frozen=True)
class Write:
    """One frame on its bus: given ``given_s`` of the press's CPU time in; its driver's CPU
    time; the bytes it sent (a mux select included)."""

    bus: str
    given_s: float
    cpu_s: float
    sent: int


@dataclass(frozen=True)
class PressBytes:
    """The bytes one press puts on each bus, and their physical limit."""

    buses: dict[str, int]  # bus name → bytes sent on it, mux selects included
    changed: int  # the fewest bytes the panels could have been sent (mux selects left out)
    writes: tuple[Write, ...] = field(default=(), compare=False)  # in the order given

    @property
    def driver_cpu(self) -> dict[str, float]:
        """Seconds of the drivers' CPU time, by bus."""
        cpu: dict[str, float] = {}
        for w in self.writes:
            cpu[w.bus] = cpu.get(w.bus, 0.0) + w.cpu_s
        return cpu

    @property
    def i2c(self) -> int:
        return sum(n for bus, n in self.buses.items() if bus.startswith("i2c"))

    @property
    def spi(self) -> int:
        return sum(n for bus, n in self.buses.items() if bus.startswith("spi"))

    @property
    def sent(self) -> int:
        return sum(self.buses.values())

    def bus_ms(self) -> float:
        """Milliseconds on the wires, the buses writing at once: the busiest bus's."""
        return max((wire_ms(bus, n) for bus, n in self.buses.items()), default=0.0)

    def last_pixel_ms(
        self, start_ms: float, end_ms: float, factor: float, less_s: float = 0.0
    ) -> float:
        """When the last frame is on its panel, the frames given from ``start_ms`` on (at
        their CPU time, less ``less_s``, × ``factor``) and the app thread done at ``end_ms``
        (the model above). Without the frames' times, every bus starts at ``end_ms``."""
        if not self.writes:
            return end_ms + self.bus_ms()
        done: dict[str, float] = {}
        for w in self.writes:
            given_ms = max(0.0, w.given_s - less_s) * 1000 * factor
            begins = max(done.get(w.bus, 0.0), start_ms + given_ms)
            done[w.bus] = begins + w.cpu_s * 1000 * factor + wire_ms(w.bus, w.sent)
        return max(end_ms, *done.values())

    def one_bus_ms(self) -> float:
        """Milliseconds on the wires were every byte on one bus after the other (the figure
        before each bus had its own writer thread, beside the model)."""
        return sum(wire_ms(bus, n) for bus, n in self.buses.items())


@dataclass
class _Panel:
    bus: str  # hw.buses.bus_name: the wires it is on
    channel: int | None  # the mux channel of a display behind the mux
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
            behind_mux = cfg.interface == "i2c" and cfg.i2c_port is None
            channel = cfg.mux_channel if behind_mux else None
            driver = made(CountingSerial(cfg.interface), **opts)
            self._panels[cfg.key] = _Panel(bus_name(cfg), channel, driver)
        m = hardware.matrix
        if m is not None:
            driver = partial_matrix.max7219(
                CountingSerial("spi"),
                cascaded=m.cascaded,
                block_orientation=m.block_orientation,
                rotate=m.rotate,
            )
            self._panels[MATRIX_KEY] = _Panel(f"spi{m.spi_port}", None, driver)
        self._channel: int | None = None  # the mux channel selected last

    def press(self, frames: Iterable[tuple[str, Image.Image, float]]) -> PressBytes:
        """The bytes of (device key, frame, CPU seconds into the press it was given) in the
        order given."""
        sent_on: dict[str, int] = {}
        writes: list[Write] = []
        changed = 0
        for key, image, given in frames:
            panel = self._panels[key]
            least = panel.driver.least_bytes(image)
            if not least:
                continue  # nothing differs: the driver sends nothing
            serial = panel.driver._serial_interface
            before, start = serial.bytes, time.thread_time()
            panel.driver.display(image)
            cpu = time.thread_time() - start
            sent = serial.bytes - before
            changed += least
            if panel.channel is not None and panel.channel != self._channel:
                sent += MUX_SELECT_BYTES
                self._channel = panel.channel
            sent_on[panel.bus] = sent_on.get(panel.bus, 0) + sent
            writes.append(Write(panel.bus, given, cpu, sent))
        return PressBytes(sent_on, changed, tuple(writes))


def zero2_ms(
    cpu_s: float,
    fsyncs: int,
    bus: PressBytes,
    factor: float,
    fsync_cpu_s: float = 0.0,
    fsync_ms: float = SD_FSYNC_MS,
) -> float:
    """The modelled press → last pixel on a Pi Zero 2 W, in milliseconds, with every CPU time
    here × ``factor`` (bench_calibrate.cpu_factor). Each fsync is charged ``fsync_ms``, so the
    CPU this machine's kernel spent in it (``fsync_cpu_s`` each, measured in the same run) is
    taken out of the press's CPU time and of its frames' (every fsync comes before them).

    >>> pad = Write("i2c-1", given_s=0.0002, cpu_s=0.0001, sent=400)   # given first: 2 ms in
    >>> main = Write("i2c-0", given_s=0.0008, cpu_s=0.0001, sent=200)  # given 8 ms in
    >>> both = PressBytes({"i2c-1": 400, "i2c-0": 200}, changed=560, writes=(pad, main))
    >>> zero2_ms(0.001, 2, both, factor=10)   # 8 + max(10, 2 + 1 + 9, 8 + 1 + 4.5)
    21.5
    >>> zero2_ms(0.001, 2, both, factor=10, fsync_cpu_s=0.0001)   # 0.2 ms of it the fsyncs'
    19.5
    """
    stored = fsyncs * fsync_ms  # the decision, before anything is drawn
    kernel = fsyncs * fsync_cpu_s  # this machine's own fsync work, charged as stored instead
    app_ms = max(0.0, cpu_s - kernel) * 1000 * factor
    return bus.last_pixel_ms(stored, stored + app_ms, factor, kernel)
