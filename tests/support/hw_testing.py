"""Helpers for the HAL tests: paths, a fake I²C adapter, golden-image comparison (the clock is
`companion.testing.VirtualClock`, the one the app's harness uses).

Imported as ``hw_testing`` (pyproject's `pythonpath` puts tests/support on sys.path; the name
avoids clashing with the ``hw`` package under test).
"""

from __future__ import annotations

import contextlib
import errno
import os
import queue
from pathlib import Path

from golden_images import Goldens

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "config"
# Regenerate golden images with:  HW_GOLDEN_UPDATE=1 .venv/bin/pytest tests/hw
assert_golden = Goldens(ROOT / "tests" / "hw" / "golden", "HW_GOLDEN_UPDATE").check


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
                if arg.command == 0x00:
                    self.commands.append((bus, addr, block))
                else:
                    self.messages.append((bus, addr, bytes([arg.command, *block])))
        elif request == self.I2C_RDWR:
            for i in range(arg.nmsgs):
                msg = arg.msgs[i]
                self._answer(bus, msg.addr)
                self.messages.append((bus, msg.addr, bytes(msg)))
                self.rdwr_sizes.append(msg.len)
        return 0

    def _answer(self, bus: int, address: int) -> None:
        if (bus, address) not in self.present:
            raise OSError(errno.EREMOTEIO, "Remote I/O error")

    def frames(self, bus: int, address: int = 0x3C) -> list[bytes]:
        """The data transfers (control byte 0x40 dropped) sent to one device."""
        return [m[1:] for b, a, m in self.messages if (b, a) == (bus, address) and m[:1] == b"\x40"]


class HookedQueue(queue.Queue):
    """A worker's queue that calls ``on_take()`` right after the worker takes an item: the
    moment a stop() that is "just too late" lands."""

    def on_take(self) -> None:
        pass

    def get(self, *args, **kwargs):
        item = super().get(*args, **kwargs)
        self.on_take()
        return item
