"""A display (main or private pad display): size, show an image, contrast, sleep.

The driver underneath is a luma device: luma.oled's real driver on the Pi, luma.core's
``dummy`` in the mock backend. Every bus call is guarded: an error marks the display degraded
(the game goes on), and it is reopened with back-off, showing the last image again at the same
contrast, asleep if it was asleep. A frame identical to the one on the panel is not sent again
(:attr:`Display.writes` counts the frames that were).

>>> from hw.config import load_config
>>> from hw.devices import dummy_display
>>> from PIL import Image
>>> cfg = load_config("config/pi.toml").display
>>> d = Display("main display", (128, 64), "1", dummy_display(cfg))
>>> d.show(Image.new("1", (128, 64), 1))
True
>>> d.device.image.getbbox()
(0, 0, 128, 64)
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from hw.devices import Driver
from hw.guarded import GuardedDevice


class Display(GuardedDevice):
    """One display. Content is never logged: a pad display may show a secret."""

    def __init__(
        self,
        name: str,
        size: tuple[int, int],
        mode: str,
        driver: Driver,
        **options: Any,
    ) -> None:
        """``options`` are :class:`~hw.guarded.GuardedDevice`'s (contrast, clock, notify …)."""
        self.mode = mode
        self._asleep = False  # before opening: _restore reads it
        super().__init__(name, size, driver, **options)

    def __repr__(self) -> str:
        state = "degraded" if self.degraded else "ok"
        return f"<Display {self.name!r} {self.size[0]}×{self.size[1]} {state}>"

    @property
    def width(self) -> int:
        return self.size[0]

    @property
    def height(self) -> int:
        return self.size[1]

    def show(self, image: Image.Image) -> bool:
        """Show ``image`` (exactly :attr:`size`; converted to the driver's mode); True if it
        differs from the frame shown before (one identical to it is not sent again)."""
        if image.size != self.size:
            raise ValueError(
                f"{self.name} is {self.width}×{self.height}; got an image of "
                f"{image.size[0]}×{image.size[1]} (render at display.size)"
            )
        if image.mode != self.mode:
            image = image.convert(self.mode)
        return self._show(image)

    def contrast(self, level: int) -> None:
        """Set the contrast, 0–255."""
        self._set_contrast(level, "contrast")

    def sleep(self) -> None:
        """Switch the panel off (low power); the image is kept."""
        with self._lock:
            self._asleep = True
            self._on_bus(lambda: self._guarded(lambda dev: dev.hide()))

    def wake(self) -> None:
        """Switch the panel back on."""
        with self._lock:
            self._asleep = False
            self._on_bus(lambda: self._guarded(lambda dev: dev.show()))

    @property
    def asleep(self) -> bool:
        return self._asleep

    # -- internals --------------------------------------------------------------------------

    def _restore(self, dev: Any) -> None:
        super()._restore(dev)
        if self._asleep:
            dev.hide()
