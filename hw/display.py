"""A display (main or private pad display): size, show an image, contrast, sleep.

The driver underneath is a luma device: luma.oled's real driver on the Pi, luma.core's
``dummy`` in the mock backend. Every bus call is guarded: an error marks the display degraded
(the game goes on), and it is reopened with back-off, showing the last image again.

>>> from luma.core.device import dummy
>>> from PIL import Image
>>> d = Display("main display", (128, 64), "1", lambda: dummy(128, 64, mode="1"))
>>> d.show(Image.new("1", (128, 64), 1))
>>> d.device.image.getbbox()
(0, 0, 128, 64)
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


class Display:
    """One display. Content is never logged: a pad display may show a secret."""

    def __init__(
        self,
        name: str,
        size: tuple[int, int],
        mode: str,
        opener: LumaOpener,
        *,
        contrast: int | None = None,
        clock: Callable[[], float] = time.monotonic,
        notify: Callable[[Event], None] | None = None,
    ) -> None:
        self.name = name
        self.size = size
        self.mode = mode
        self._opener = opener
        self._contrast = contrast
        self._asleep = False
        self._last: Image.Image | None = None
        self._lock = threading.RLock()
        self.health = Health(name, clock=clock, notify=notify)
        self.device: Any = None
        self._open()

    def __repr__(self) -> str:
        state = "degraded" if self.degraded else "ok"
        return f"<Display {self.name!r} {self.size[0]}×{self.size[1]} {state}>"

    @property
    def width(self) -> int:
        return self.size[0]

    @property
    def height(self) -> int:
        return self.size[1]

    @property
    def degraded(self) -> bool:
        """True while the display does not answer; :meth:`show` then only remembers."""
        return self.health.degraded

    def show(self, image: Image.Image) -> None:
        """Show ``image`` (exactly :attr:`size`; converted to the driver's mode)."""
        if image.size != self.size:
            raise ValueError(
                f"{self.name} is {self.width}×{self.height}; got an image of "
                f"{image.size[0]}×{image.size[1]} (render at display.size)"
            )
        if image.mode != self.mode:
            image = image.convert(self.mode)
        with self._lock:
            self._last = image
            if self.device is None:
                self.retry()
            else:
                self._guarded(lambda: self.device.display(image))

    def contrast(self, level: int) -> None:
        """Set the contrast, 0–255."""
        if not (isinstance(level, int) and 0 <= level <= 255):
            raise ValueError(f"contrast must be an integer 0–255, got {level!r}")
        with self._lock:
            self._contrast = level
            if self.device is not None:
                self._guarded(lambda: self.device.contrast(level))

    def sleep(self) -> None:
        """Switch the panel off (low power); the image is kept."""
        with self._lock:
            self._asleep = True
            if self.device is not None:
                self._guarded(lambda: self.device.hide())

    def wake(self) -> None:
        """Switch the panel back on."""
        with self._lock:
            self._asleep = False
            if self.device is not None:
                self._guarded(lambda: self.device.show())

    @property
    def asleep(self) -> bool:
        return self._asleep

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

    # -- internals --------------------------------------------------------------------------

    def _open(self) -> None:
        try:
            dev = self._opener()
            # A reopened panel has lost its state: restore it.
            if self._contrast is not None:
                dev.contrast(self._contrast)
            if self._last is not None:
                dev.display(self._last)
            if self._asleep:
                dev.hide()
        except BUS_ERRORS as e:
            self.device = None
            self.health.failed(e)
            return
        self.device = dev
        self.health.ok()

    def _guarded(self, call: Callable[[], object]) -> None:
        try:
            call()
        except BUS_ERRORS as e:
            self._drop()
            self.health.failed(e)

    def _drop(self) -> None:
        dev, self.device = self.device, None
        # Release the bus handle (reopened on retry); best effort on a device that failed.
        with contextlib.suppress(Exception):
            dev._serial_interface.cleanup()
