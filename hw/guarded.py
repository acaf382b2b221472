"""A luma device behind a :class:`~hw.health.Health`: the machinery Display and Matrix share.

Every bus call goes through :meth:`GuardedDevice._guarded`: an error marks the device degraded
(the game goes on) and drops it; :meth:`GuardedDevice.retry` reopens it with back-off.

What the panel does not remember is sent again whenever the luma driver is (re)built: the init
sequence (luma's constructor), then contrast, the last image, and subclass state (sleep).
A panel re-plugged between two updates powers up dark and a SPI device never reports a missing
device, so :meth:`GuardedDevice.refresh` rebuilds the driver on the same bus once every
``refresh_every`` seconds (also checked before a write): ≈ 30 bytes of init and one frame.

A frame identical to the last one written is not written again; :attr:`GuardedDevice.writes`
counts the frames that did reach the driver. Given ``writers`` (:class:`~hw.bus_writer.BusWriters`)
and its ``bus``, a device's frames, contrast and power commands go to that bus's thread while a
moment is open there (see hw/bus_writer.py), in the order they were given.

>>> from hw.devices import Driver
>>> from luma.core.device import dummy
>>> from luma.core.interface.serial import noop
>>> from PIL import Image
>>> g = GuardedDevice("panel", (8, 8), Driver(noop, lambda bus: dummy(8, 8, mode="1")))
>>> g._send(Image.new("1", (8, 8), 1)); g._send(Image.new("1", (8, 8), 1))
>>> g.device.image.getbbox(), g.degraded, g.writes   # a blank frame at open, then one
((0, 0, 8, 8), False, 2)
>>> g.close()
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable
from typing import Any

from PIL import Image

from hw.bus_writer import BusWriters
from hw.devices import Driver
from hw.errors import device_named_in, is_permission_error, permission_problem
from hw.events import Event
from hw.health import BUS_ERRORS, Health
from hw.luma_hooks import construct, forget_hooks

REFRESH_EVERY_S = 30.0


class GuardedDevice:
    """Base for one luma device; subclasses set their own state first, then call this __init__.

    ``key`` (the config key) and ``group`` (the Unix group that may open the bus) make a
    permission error say what to fix; such an error is not retried.
    """

    mode = "1"

    def __init__(
        self,
        name: str,
        size: tuple[int, int],
        driver: Driver,
        *,
        contrast: int | None = None,
        clock: Callable[[], float] = time.monotonic,
        notify: Callable[[Event], None] | None = None,
        key: str | None = None,
        group: str = "i2c",
        refresh_every: float | None = REFRESH_EVERY_S,
        writers: BusWriters | None = None,
        bus: str = "",
    ) -> None:
        self.name = name
        self.bus = bus  # the wires it is on (hw.buses.bus_name), for its writer thread
        self._writers = writers
        self._queued = 0  # its bus calls handed to the bus's thread and not yet run
        self._given: bytes | None = None  # the last frame given to show (maybe not yet written)
        self.size = size
        self.key = key or name
        self._driver = driver
        self._group = group
        self._clock = clock
        self._refresh_every = refresh_every
        self._contrast = contrast
        self._last: Image.Image | None = None  # what should be on the panel
        self._written: bytes | None = None  # what the open driver was last given
        self._inited_at = float("-inf")
        self.writes = 0
        # Re-entrant: _send may call retry(), and worker threads share the device.
        self._lock = threading.RLock()
        self.health = Health(name, clock=clock, notify=notify)
        self.device: Any = None
        self._bus: Any = None  # the luma serial interface we opened (we close it)
        self._hooks: list[Callable[[], object]] = []
        self._closed = False
        self._open()

    @property
    def degraded(self) -> bool:
        """True while the device does not answer; output is then only remembered."""
        return self.health.degraded

    def retry(self) -> bool:
        """If degraded and a retry is due, reopen the device; returns True if it is usable."""
        with self._lock:
            if self._closed:
                return False
            if self.device is None and (not self.health.degraded or self.health.due()):
                self._open()
            return self.device is not None

    def refresh(self) -> bool:
        """Retry a degraded device, or re-send the init and state of a healthy one when due."""
        with self._lock:
            if self.device is None:
                return self.retry()
            if self._refresh_due():  # (a closed device has none: nothing to refresh)
                self._open()
            return self.device is not None

    def close(self) -> None:
        """Blank and switch off the panel and close its bus; it stays closed."""
        with self._lock:
            self._closed = True
            dev, self.device = self.device, None
            if dev is not None:
                with contextlib.suppress(Exception):  # going away anyway
                    dev.cleanup()  # luma: blank and switch off the panel, then close its bus
                    self._bus = None  # closed by luma; _release must not close it twice
            self._release()

    # -- for subclasses -----------------------------------------------------------------------

    def _set_contrast(self, level: int, what: str) -> None:
        """Check and set the contrast; ``what`` names it in errors (contrast, brightness)."""
        if not (isinstance(level, int) and 0 <= level <= 255):
            raise ValueError(f"{what} must be an integer 0–255, got {level!r}")
        with self._lock:
            self._contrast = level
            self._on_bus(lambda: self._guarded(lambda dev: dev.contrast(level)))

    def _show(self, image: Image.Image) -> bool:
        """Show ``image``, now or on the bus's thread; True if it differs from the frame given
        before it (the caller's copy may change: the frame is copied)."""
        frame = image.copy()
        data = frame.tobytes()
        with self._lock:
            changed, self._given = data != self._given, data
            self._on_bus(lambda: self._send(frame, data))
        return changed

    def _on_bus(self, call: Callable[[], None]) -> None:
        """Run a bus call now, or hand it to the bus's thread while a moment is open or earlier
        calls of this device wait there (so they keep their order). Under the device's lock."""
        writers = self._writers
        with self._lock:
            if writers is not None and (self._queued or writers.queueing()):
                self._queued += 1
                if writers.run(self.bus, lambda: self._run_queued(call)):
                    return
                self._queued -= 1  # the writers are closed: write here
            call()

    def _run_queued(self, call: Callable[[], None]) -> None:
        with self._lock:
            try:
                call()
            finally:
                self._queued -= 1

    def _send(self, image: Image.Image, data: bytes | None = None) -> None:
        """Show ``image`` (the device's own copy: `_show` made it, and its bytes ``data``);
        while the device is down it is remembered and a retry is tried."""
        with self._lock:
            self._last = image
            if data is None:
                data = image.tobytes()
            if self.device is None:
                self.retry()
            elif self._refresh_due():
                self._open()  # the init sequence, then this image
            elif data != self._written:
                self._guarded(lambda dev: self._write(dev, self._last, data))

    def _guarded(self, call: Callable[[Any], object]) -> None:
        """Run ``call(device)`` if the device is open; a bus error drops it and degrades."""
        if self.device is None:
            return
        try:
            call(self.device)
        except BUS_ERRORS as e:
            self._release()
            self._failed(e)

    def _restore(self, dev: Any) -> None:
        """A freshly built driver knows nothing: send contrast and the last image again."""
        if self._contrast is not None:
            dev.contrast(self._contrast)
        self._write(dev, self._last or Image.new(self.mode, self.size, 0))

    def _write(self, dev: Any, image: Image.Image, data: bytes | None = None) -> None:
        """Send ``image``; ``data`` is its bytes when the caller has them already."""
        dev.display(image)
        self._written = image.tobytes() if data is None else data
        self.writes += 1

    # -- internals --------------------------------------------------------------------------

    def _refresh_due(self) -> bool:
        every = self._refresh_every
        return every is not None and self._clock() - self._inited_at >= every

    def _open(self) -> None:
        """(Re)build the luma driver (on the open bus, or a new one) and restore its state."""
        forget_hooks(self._hooks)  # the old driver object (if any) is replaced
        self._hooks, self.device, self._written = [], None, None
        try:
            if self._bus is None:
                self._bus = self._driver.open_bus()
            dev, self._hooks = construct(self._driver.make, self._bus)
            self.device = dev
            self._restore(dev)
        except BUS_ERRORS as e:
            self._release()
            self._failed(e)
            return
        self._inited_at = self._clock()
        self.health.ok()

    def _release(self) -> None:
        """Drop the driver and close its bus (reopened on retry); best effort, it failed."""
        self.device = None
        forget_hooks(self._hooks)
        self._hooks = []
        bus, self._bus = self._bus, None
        if bus is not None:
            with contextlib.suppress(Exception):
                bus.cleanup()

    def _failed(self, exc: BaseException) -> None:
        if is_permission_error(exc):
            self.health.give_up(permission_problem(self.key, device_named_in(exc), self._group))
        else:
            self.health.failed(exc)
