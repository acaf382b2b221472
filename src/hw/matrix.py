"""The LED matrix (a cascaded MAX7219): short text, scrolling text, brightness.

Scrolling runs on a :class:`~hw.worker.QueueWorker` so that ``scroll`` returns at once; frames
are made by pure functions (:func:`render_text`, :func:`scroll_frames`) so tests check them
directly. The font is luma's CP437 font cut to ASCII (CP437 is not indexed by Unicode code
point beyond it) behind luma's ``tolerant`` wrapper, which shows anything else as ``?``.

>>> from hw.config import load_config
>>> from hw.devices import dummy_matrix
>>> m = Matrix("matrix", (32, 8), dummy_matrix(load_config("config/pi.toml").matrix))
>>> m.text("R3")
>>> m.device.image.getbbox() is not None
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

from luma.core.legacy import text as legacy_text
from luma.core.legacy import textsize
from luma.core.legacy.font import CP437_FONT, proportional, tolerant
from PIL import Image, ImageDraw

from hw.devices import Driver
from hw.events import Event
from hw.guarded import GuardedDevice
from hw.worker import QueueWorker

FONT = proportional(tolerant(CP437_FONT[:127], missing="?"))


def render_text(message: str, size: tuple[int, int], x: int | None = None) -> Image.Image:
    """A 1-bit frame with ``message`` at column ``x`` (centred when None).

    >>> render_text("A", (32, 8)).size
    (32, 8)
    """
    img = Image.new("1", size, 0)
    width = textsize(message, FONT)[0]
    if x is None:
        x = max(0, (size[0] - width) // 2)
    legacy_text(ImageDraw.Draw(img), (x, (size[1] - 8) // 2), message, fill=1, font=FONT)
    return img


def scroll_frames(message: str, size: tuple[int, int]) -> Iterator[Image.Image]:
    """Frames of ``message`` entering at the right edge and leaving at the left, 1 px a step."""
    strip_w = textsize(message, FONT)[0]
    strip = render_text(message, (max(strip_w, 1), size[1]), x=0)
    for x in range(size[0], -strip_w - 1, -1):
        frame = Image.new("1", size, 0)
        frame.paste(strip, (x, 0))
        yield frame


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
    ) -> None:
        self._scroller = QueueWorker("hw-matrix", work=self._scroll)
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
        )

    @property
    def image(self) -> Image.Image | None:
        """The last frame sent (or meant to be sent) to the matrix."""
        return self._last

    def text(self, message: str) -> None:
        """Show short text, centred, at once (stops any scrolling)."""
        self.stop()
        self._send(render_text(message, self.size))

    def show(self, image: Image.Image) -> None:
        """Show a frame drawn elsewhere (exactly :attr:`size`; converted to 1-bit); stops any
        scrolling. A frame identical to the one on the matrix is not sent again."""
        if image.size != self.size:
            raise ValueError(
                f"{self.name} is {self.size[0]}×{self.size[1]}; got an image of "
                f"{image.size[0]}×{image.size[1]} (render at matrix.size)"
            )
        self.stop()
        self._send(image if image.mode == "1" else image.convert("1"))

    def farewell(self, message: str) -> None:
        """Show ``message`` and keep it lit when the matrix is closed (luma's ``persist``), so
        the table sees the device went away on purpose."""
        self.text(message)
        self._keep_lit = True

    def clear(self) -> None:
        self.stop()
        self._send(Image.new("1", self.size, 0))

    def scroll(self, message: str, *, step: float = 0.04, repeat: bool = False) -> None:
        """Scroll ``message`` right to left, ``step`` seconds per pixel, in the background."""
        self.stop()
        self._scroller.put((message, step, repeat))

    def stop(self) -> None:
        """Stop scrolling (the current frame stays). No scroll frame follows it: the scroller
        checks for a stop under the device lock before each frame."""
        self._scroller.stop()

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Wait until a scroll has finished; returns False on timeout."""
        return self._scroller.wait_idle(timeout)

    def brightness(self, level: int) -> None:
        """Set the brightness, 0–255."""
        self._set_contrast(level, "brightness")

    def close(self) -> None:
        self._scroller.close()
        with self._lock:
            if self._keep_lit and self.device is not None:
                self.device.persist = True  # luma's cleanup leaves the panel as it is
        super().close()

    # -- internals --------------------------------------------------------------------------

    def _scroll(self, item: object) -> None:
        message, step, repeat = item  # type: ignore[misc]
        cancel = self._scroller.cancel
        while True:
            for frame in scroll_frames(message, self.size):
                with self._lock:
                    if cancel.is_set():
                        return
                    self._send(frame)
                if step and cancel.wait(step):
                    return
            if not repeat:
                return
