"""The LED matrix (a cascaded MAX7219): frames drawn elsewhere, short text, brightness.

The app draws its frames in ``companion.screens.matrix`` and sends them with :meth:`Matrix.show`;
:meth:`Matrix.text` is for the HAL's own words (the farewell). Its font is luma's CP437 font cut
to ASCII (CP437 is not indexed by Unicode code point beyond it) behind luma's ``tolerant``
wrapper, which shows anything else as ``?``.

>>> from hw.config import load_config
>>> from hw.devices import dummy_matrix
>>> m = Matrix("matrix", (32, 8), dummy_matrix(load_config("config/pi.toml").matrix))
>>> m.text("R3")
>>> m.device.image.getbbox() is not None
True
"""

from __future__ import annotations

import time
from collections.abc import Callable

from luma.core.legacy import text as legacy_text
from luma.core.legacy import textsize
from luma.core.legacy.font import CP437_FONT, proportional, tolerant
from PIL import Image, ImageDraw

from hw.bus_writer import BusWriters
from hw.devices import Driver
from hw.events import Event
from hw.guarded import GuardedDevice

FONT = proportional(tolerant(CP437_FONT[:127], missing="?"))


def render_text(message: str, size: tuple[int, int]) -> Image.Image:
    """A 1-bit frame with ``message`` centred.

    >>> render_text("A", (32, 8)).size
    (32, 8)
    """
    img = Image.new("1", size, 0)
    x = max(0, (size[0] - textsize(message, FONT)[0]) // 2)
    legacy_text(ImageDraw.Draw(img), (x, (size[1] - 8) // 2), message, fill=1, font=FONT)
    return img


class Matrix(GuardedDevice):
    """A MAX7219 chain (or luma's dummy of the same shape)."""

    def __init__(
        self,
        name: str,
        size: tuple[int, int],
        driver: Driver,
        *,
        brightness: int = 32,
        clock: Callable[[], float] = time.monotonic,
        notify: Callable[[Event], None] | None = None,
        key: str = "matrix",
        writers: BusWriters | None = None,
        bus: str = "spi0",
    ) -> None:
        self._keep_lit = False  # farewell(): the last text stays on after close()
        # The MAX7219's brightness is luma's contrast.
        super().__init__(
            name,
            size,
            driver,
            contrast=brightness,
            clock=clock,
            notify=notify,
            key=key,
            group="spi",
            writers=writers,
            bus=bus,
        )

    @property
    def image(self) -> Image.Image | None:
        """The last frame sent (or meant to be sent) to the matrix."""
        return self._last

    def text(self, message: str) -> None:
        """Show short text, centred, at once."""
        self._show(render_text(message, self.size))

    def show(self, image: Image.Image) -> None:
        """Show a frame drawn elsewhere (exactly :attr:`size`; converted to 1-bit). A frame
        identical to the one on the matrix is not sent again."""
        if image.size != self.size:
            raise ValueError(
                f"{self.name} is {self.size[0]}×{self.size[1]}; got an image of "
                f"{image.size[0]}×{image.size[1]} (render at matrix.size)"
            )
        self._show(image if image.mode == "1" else image.convert("1"))

    def farewell(self, message: str) -> None:
        """Show ``message`` and keep it lit when the matrix is closed (luma's ``persist``), so
        the table sees the device went away on purpose."""
        self.text(message)
        self._keep_lit = True

    def brightness(self, level: int) -> None:
        """Set the brightness, 0–255."""
        self._set_contrast(level, "brightness")

    def close(self) -> None:
        with self._lock:
            if self._keep_lit and self.device is not None:
                self.device.persist = True  # luma's cleanup leaves the panel as it is
        super().close()
