"""Helpers for the HAL tests: paths, a fake I²C adapter, golden-image comparison (the clock is
`companion.testing.VirtualClock`, the one the app's harness uses).

Imported as ``hw_testing`` (pyproject's `pythonpath` puts tests/support on sys.path; the name
avoids clashing with the ``hw`` package under test).
"""

from __future__ import annotations

import contextlib
import copy
import errno
import os
import queue
from pathlib import Path

from golden_images import Goldens

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "config"
# Regenerate golden images with:  HW_GOLDEN_UPDATE=1 .venv/bin/pytest tests/hw
assert_golden = Goldens(ROOT / "tests" / "hw" / "golden", "HW_GOLDEN_UPDATE").check


def with_edits(data: dict, **changes: object) -> dict:
    """A deep copy of a config's TOML data with dotted-path edits (``...`` deletes), e.g.
    ``with_edits(pi, **{"players.red.left": 17})``."""
    data = copy.deepcopy(data)
    for path, value in changes.items():
        *parents, last = path.split(".")
        node = data
        for p in parents:
            node = node[p]
        if value is ...:
            del node[last]
        else:
            node[last] = value
    return data


class FakeI2CAdapter:
    """The kernel side of ``/dev/i2c-N``, under smbus2: real smbus2 and luma code run above it.

    ``install(monkeypatch)`` replaces smbus2's ``os.open`` (a real file descriptor on a scratch
    file, so open handles can be counted) and ``ioctl`` (decodes the SMBus and I2C_RDWR
    transfers). ``present`` holds the (bus, address) pairs that answer; others NACK with
    errno 121, as a display with a loose cable does. ``denied`` buses fail to open with EACCES.
    """

    I2C_SLAVE, I2C_FUNCS, I2C_RDWR, I2C_SMBUS = 0x0703, 0x0705, 0x0707, 0x0720

    def __init__(
        self,
        scratch: Path,
        present: set[tuple[int, int]] | None = None,
        buses: set[int] | None = None,
    ) -> None:
        self.scratch = scratch
        self.scratch.write_bytes(b"")
        self.present = set(present or ())
        self.buses = set(buses) if buses is not None else {b for b, _ in self.present} | {1}
        self.rdwr_sizes: list[int] = []  # length of each I2C_RDWR message
        self.denied: set[int] = set()
        self.fds: dict[int, int] = {}  # fd → bus number
        self.address: dict[int, int] = {}  # fd → selected slave address
        self.commands: list[tuple[int, int, list[int]]] = []  # (bus, address, bytes) with 0x00
        self.messages: list[tuple[int, int, bytes]] = []  # I2C_RDWR writes: (bus, addr, bytes)
        # Every write in order, control byte first: (bus, addr, bytes); what a panel receives.
        self.writes: list[tuple[int, int, bytes]] = []
        # The write (counted in `writes`) that NACKs, once; a data write NACKs after its first
        # `nack_keeps` bytes (control byte included) reached the panel.
        self.nack_at: int | None = None
        self.nack_keeps = 0

    def install(self, monkeypatch) -> FakeI2CAdapter:
        import types

        import smbus2.smbus2 as smbus

        def open_(path: str, flags: int) -> int:
            bus = int(str(path).rsplit("-", 1)[1])
            if bus in self.denied:
                raise PermissionError(errno.EACCES, "Permission denied", str(path))
            if bus not in self.buses:
                raise FileNotFoundError(errno.ENOENT, "No such file or directory", str(path))
            fd = os.open(self.scratch, os.O_RDWR)
            self.fds[fd] = bus
            return fd

        def close(fd: int) -> None:
            self.fds.pop(fd, None)
            os.close(fd)

        fake_os = types.SimpleNamespace(open=open_, close=close, O_RDWR=os.O_RDWR)
        monkeypatch.setattr(smbus, "os", fake_os)
        monkeypatch.setattr(smbus, "ioctl", self.ioctl)
        return self

    def open_handles(self) -> int:
        """File descriptors of this process open on the scratch file (counted by the kernel)."""
        fd_dir = Path("/proc/self/fd")
        target = str(self.scratch.resolve())
        count = 0
        for fd in fd_dir.iterdir():
            with contextlib.suppress(OSError):
                count += os.readlink(fd) == target
        return count

    def ioctl(self, fd: int, request: int, arg) -> int:
        bus = self.fds[fd]
        if request == self.I2C_FUNCS:
            arg.value = 0x0EFF0009  # I2C, SMBus block/byte transfers
        elif request == self.I2C_SLAVE:
            self.address[fd] = arg
        elif request == self.I2C_SMBUS:
            addr = self.address[fd]
            self._answer(bus, addr)
            if arg.size == 0:  # SMBus quick write: the address alone (a probe)
                return 0
            data = arg.data.contents
            if arg.read_write == 1:  # read_byte (a probe)
                data.byte = 0
            else:
                block = list(data.block[1 : data.block[0] + 1])
                self._write(bus, addr, bytes([arg.command, *block]))
                if arg.command == 0x00:
                    self.commands.append((bus, addr, block))
                else:
                    self.messages.append((bus, addr, bytes([arg.command, *block])))
        elif request == self.I2C_RDWR:
            for i in range(arg.nmsgs):
                msg = arg.msgs[i]
                self._answer(bus, msg.addr)
                self._write(bus, msg.addr, bytes(msg))
                self.messages.append((bus, msg.addr, bytes(msg)))
                self.rdwr_sizes.append(msg.len)
        return 0

    def _write(self, bus: int, address: int, payload: bytes) -> None:
        if self.nack_at == len(self.writes):
            self.nack_at = None
            if self.nack_keeps and payload[:1] == b"\x40":
                self.writes.append((bus, address, payload[: self.nack_keeps]))
            raise OSError(errno.EREMOTEIO, "Remote I/O error")
        self.writes.append((bus, address, payload))

    def _answer(self, bus: int, address: int) -> None:
        if (bus, address) not in self.present:
            raise OSError(errno.EREMOTEIO, "Remote I/O error")

    def frames(self, bus: int, address: int = 0x3C) -> list[bytes]:
        """The data transfers (control byte 0x40 dropped) sent to one device."""
        return [m[1:] for b, a, m in self.messages if (b, a) == (bus, address) and m[:1] == b"\x40"]


class FakeSPI:
    """spidev and RPi.GPIO under luma's own ``spi`` interface: records each transfer with the
    level of the D/C line (0: command, 1: data), in order. ``fail_at`` makes that transfer
    (counted in ``transfers``) raise EIO once, as a spidev write to a vanished device does,
    after its first ``fail_keeps`` bytes went out.

    ``install(monkeypatch, dc=N)`` patches luma's hooks for both, so ``spi(gpio_DC=N, …)``
    and ``spi(gpio=noop())`` (the MAX7219 chain, no D/C line: recorded as 1) run on it.
    ``opened`` holds each (port, device) opened, ``pins`` the GPIO pins set up, and ``steps``
    the pin levels set and the sleeps between them, in order: ("out", pin, level), ("sleep", s).
    """

    LOW, HIGH, OUT, BCM = 0, 1, 0, 11

    def __init__(self) -> None:
        self.transfers: list[tuple[int, bytes]] = []
        self.fail_at: int | None = None
        self.fail_keeps = 0
        self._levels: dict[int, int] = {}
        self._dc: int | None = None
        self.opened: list[tuple[int, int]] = []
        self.pins: list[int] = []
        self.steps: list[tuple] = []

    def install(self, monkeypatch, dc: int | None = None) -> FakeSPI:
        import luma.core.interface.serial as serial

        self._dc = dc
        fake = self

        class SpiDev:
            max_speed_hz = 0
            mode = 0

            def open(self, port: int, device: int) -> None:
                fake.opened.append((port, device))

            def close(self) -> None:
                pass

            def writebytes(self, data) -> None:
                fake._transfer(bytes(data))

        monkeypatch.setattr(serial.bitbang, "__rpi_gpio__", lambda self: fake, raising=False)
        monkeypatch.setattr(serial.spi, "__spidev__", lambda self: SpiDev(), raising=False)
        monkeypatch.setattr(serial, "sleep", lambda s: self.steps.append(("sleep", s)))
        return self

    # RPi.GPIO's side
    def setmode(self, mode: int) -> None:
        pass

    def setwarnings(self, on: bool) -> None:
        pass

    def setup(self, pin: int, direction: int, **kw) -> None:
        self.pins.append(pin)

    def output(self, pin: int, value: int) -> None:
        self._levels[pin] = value
        self.steps.append(("out", pin, value))

    def cleanup(self, *pins) -> None:
        pass

    def _transfer(self, data: bytes) -> None:
        level = 1 if self._dc is None else self._levels.get(self._dc, 1)
        if self.fail_at == len(self.transfers):
            self.fail_at = None
            if self.fail_keeps:
                self.transfers.append((level, data[: self.fail_keeps]))
            raise OSError(errno.EIO, "Input/output error")
        self.transfers.append((level, data))


class HookedQueue(queue.Queue):
    """A worker's queue that calls ``on_take()`` right after the worker takes an item: the
    moment a stop() that is "just too late" lands."""

    def on_take(self) -> None:
        pass

    def get(self, *args, **kwargs):
        item = super().get(*args, **kwargs)
        self.on_take()
        return item
