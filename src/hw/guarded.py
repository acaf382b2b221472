"""A luma device behind a :class:`~hw.health.Health`: the machinery Display and Matrix share.

Every bus call goes through :meth:`GuardedDevice._guarded`: an error marks the device degraded
(the game goes on) and drops it; :meth:`GuardedDevice.retry` reopens it with back-off and
restores its state (contrast and the last image; subclasses may add more).

>>> from luma.core.device import dummy
>>> from PIL import Image
>>> g = GuardedDevice("panel", (8, 8), lambda: dummy(8, 8, mode="1"))
>>> g._send(Image.new("1", (8, 8), 1))
>>> g.device.image.getbbox(), g.degraded
((0, 0, 8, 8), False)
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable
from typing import Any

from PIL import Image

from hw.events import Event
from hw.health import BUS_ERRORS, Health

LumaOpener = Callable[[], Any]  # returns a luma.core.device.device (they are untyped)


class GuardedDevice:
    """Base for one luma device; subclasses set their own state first, then call this __init__."""

    def __init__(
        self,
        name: str,
        size: tuple[int, int],
        opener: LumaOpener,
        *,
        contrast: int | None = None,
        clock: Callable[[], float] = time.monotonic,
        notify: Callable[[Event], None] | None = None,
    ) -> None:
        self.name = name
        self.size = size
        self._opener = opener
        self._contrast = contrast
        self._last: Image.Image | None = None
        # Re-entrant: _send may call retry(), and worker threads share the device.
        self._lock = threading.RLock()
        self.health = Health(name, clock=clock, notify=notify)
        self.device: Any = None
        self._open()

    @property
    def degraded(self) -> bool:
        """True while the device does not answer; output is then only remembered."""
        return self.health.degraded

    def retry(self) -> bool:
        """If degraded and a retry is due, reopen the device; returns True if it is usable."""
        with self._lock:
            if self.device is None and (not self.health.degraded or self.health.due()):
                self._open()
            return self.device is not None

    def close(self) -> None:
        with self._lock:
            dev, self.device = self.device, None
            if dev is not None:
                with contextlib.suppress(*BUS_ERRORS):  # going away anyway
                    dev.cleanup()

    # -- for subclasses -----------------------------------------------------------------------

    def _set_contrast(self, level: int, what: str) -> None:
        """Check and set the contrast; ``what`` names it in errors (contrast, brightness)."""
        if not (isinstance(level, int) and 0 <= level <= 255):
            raise ValueError(f"{what} must be an integer 0–255, got {level!r}")
        with self._lock:
            self._contrast = level
            self._guarded(lambda dev: dev.contrast(level))

    def _send(self, image: Image.Image) -> None:
        """Show ``image``; while the device is down it is remembered and a retry is tried."""
        with self._lock:
            self._last = image
            if self.device is None:
                self.retry()
            else:
                self._guarded(lambda dev: dev.display(image))

    def _guarded(self, call: Callable[[Any], object]) -> None:
        """Run ``call(device)`` if the device is open; a bus error drops it and degrades."""
        if self.device is None:
            return
        try:
            call(self.device)
        except BUS_ERRORS as e:
            self._drop()
            self.health.failed(e)

    def _restore(self, dev: Any) -> None:
        """A reopened device has lost its state: send it again."""
        if self._contrast is not None:
            dev.contrast(self._contrast)
        if self._last is not None:
            dev.display(self._last)

    def _drop(self) -> None:
        dev, self.device = self.device, None
        # Release the bus handle (reopened on retry); best effort on a device that failed.
        with contextlib.suppress(Exception):
            dev._serial_interface.cleanup()

    def _open(self) -> None:
        try:
            dev = self._opener()
            self._restore(dev)
        except BUS_ERRORS as e:
            self.device = None
            self.health.failed(e)
            return
        self.device = dev
        self.health.ok()
