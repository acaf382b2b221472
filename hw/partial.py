"""luma drivers that put only the changed pixels on the bus.

luma's SSD1306/SSD1309/SH1106 send the whole panel for every frame (1 KiB for 128×64: ≈ 23 ms
of I²C at 400 kHz) and its MAX7219 every row, although a cursor move changes a few rows. luma's
SSD1322 already sends only the changed part of each quarter of the frame, but after a write
that raised it still compares with the frame before; here it sends the changed rows' windows
and forgets on a fault.
These are luma's own device classes with ``display`` overridden: each one remembers the frame
the panel acknowledged (every write of it returned) and sends only the windows that differ, with
the command bytes luma itself uses:

- SSD1306 / SSD1309: the panel RAM is in 8-pixel-high pages; a window is a run of pages and a
  run of changed columns in them (``COLUMNADDR`` / ``PAGEADDR``, horizontal addressing); a page
  with changes far apart sends them as separate windows.
- SSD1322: a window is a run of pixel rows and their changed columns, widened to the panel's
  4-pixel column addresses (luma's ``_set_position``; the pixels through luma's ``_populate``).
- SH1106: no window command; a write goes along one page from a column, so a window is one page
  and a run of changed columns in it.
- MAX7219 (hw/partial_matrix.py): one transfer per digit register, through the whole chain; only
  the digits (rows of every module) that changed are sent.

Nearby changes share one window when that costs fewer bytes than two windows' commands. Each
driver's ``least_bytes`` is the physical limit beside it: the fewest bytes any driver could send
for the same change (``companion bench`` compares the two).
What the panel holds is forgotten (the next frame is sent whole) when a write raises, and on a
contrast or power change (show / hide); a freshly built driver knows nothing either.

>>> from luma.core.interface.serial import noop
>>> from PIL import Image, ImageDraw
>>> dev = ssd1306(noop(), width=128, height=32)
>>> img = Image.new("1", (128, 32)); dev.display(img)
>>> ImageDraw.Draw(img).line((10, 9, 20, 9), fill=1)   # one pixel row, in page 1
>>> dev.plan(img)
[Window(top=1, bottom=2, left=10, right=21)]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import luma.oled.device
from PIL import Image

# Bus bytes a window costs beside its pixels. I²C (SSD1306): the command message (address,
# control byte, 6 command bytes) and the data message's address and control byte. SPI
# (SSD1322): the 7 bytes of column, row and write-RAM commands.
I2C_WINDOW_OVERHEAD = 10
SPI_WINDOW_OVERHEAD = 7
# SH1106 (I²C): the command message (address, control byte, page and two column bytes) and the
# data message's address and control byte. Two runs of a page closer than that go as one.
SH1106_WINDOW_OVERHEAD = 7
SH1106_GAP = SH1106_WINDOW_OVERHEAD

_REVERSED_BITS = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))


@dataclass(frozen=True)
class Window:
    """Rows ``top``–``bottom`` and columns ``left``–``right`` (end exclusive), in the driver's
    units: pages and pixel columns for an SSD1306, pixel rows and columns for an SSD1322."""

    top: int
    bottom: int
    left: int
    right: int

    @property
    def cells(self) -> int:
        return (self.bottom - self.top) * (self.right - self.left)


def changed_span(old: bytes, new: bytes) -> tuple[int, int] | None:
    """The first and one past the last index where two equal-length rows differ, or None.

    Found by halving with slice comparisons (done in C): a row is up to 768 bytes.
    """
    if old == new:
        return None
    lo, hi = 0, len(new)  # old[:lo] == new[:lo]; old[:hi] != new[:hi]
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if old[:mid] == new[:mid]:
            lo = mid
        else:
            hi = mid
    first = lo
    lo, hi = len(new), first  # old[lo:] == new[lo:]; old[hi:] != new[hi:]
    while lo - hi > 1:
        mid = (lo + hi) // 2
        if old[mid:] == new[mid:]:
            lo = mid
        else:
            hi = mid
    return first, lo


def changed_runs(old: bytes, new: bytes, gap: int) -> list[tuple[int, int]]:
    """The runs of indexes where two equal-length rows differ (end exclusive), two runs kept as
    one when at most ``gap`` equal bytes lie between them: sending those costs no more than
    the window another run would need.

    >>> changed_runs(b"abcdefghijklmnop", b"Xbcdefghijklmnop", 2)
    [(0, 1)]
    >>> changed_runs(b"abcdefghijklmnop", b"XbXdefghijklmnoX", 2)
    [(0, 3), (15, 16)]
    """
    if old == new:
        return []
    # The bytes' XOR is 0 where they are equal; a stretch of more than `gap` zeros splits runs.
    # Found by a regular expression (in C): a page is 128 bytes, five pads are 20 pages.
    n = len(new)
    diff = (int.from_bytes(old, "big") ^ int.from_bytes(new, "big")).to_bytes(n, "big")
    runs: list[tuple[int, int]] = []
    start = 0
    for equal in re.finditer(b"\\x00{%d,}" % (gap + 1), diff):
        if equal.start() > start:
            runs.append((start, equal.start()))
        start = equal.end()
    if start < n:
        runs.append((start, n))
    # Only the first run may begin, and the last end, with equal bytes (fewer than gap + 1).
    lead, trail = n - len(diff.lstrip(b"\0")), n - len(diff.rstrip(b"\0"))
    runs[0] = (lead, runs[0][1])
    runs[-1] = (runs[-1][0], n - trail)
    return runs


def plan_windows(
    runs: Sequence[Sequence[tuple[int, int]]], *, overhead: float, bytes_per_cell: float
) -> list[Window]:
    """Windows covering every changed run (``runs[row]`` is that row's changed columns).

    Going down the rows, a run joins the latest window it may (unchanged cells between them
    included) when the joined window costs no more bytes than the two apart.
    """

    def cost(w: Window) -> float:
        return overhead + w.cells * bytes_per_cell

    windows: list[Window] = []
    for row, spans in enumerate(runs):
        for left, right in spans:
            alone = Window(row, row + 1, left, right)
            for i in range(len(windows) - 1, -1, -1):
                last = windows[i]
                joined = Window(last.top, row + 1, min(last.left, left), max(last.right, right))
                if cost(joined) <= cost(last) + cost(alone):
                    windows[i] = joined
                    break
            else:
                windows.append(alone)
    return windows


class RemembersPanel:
    """Mixed in before a luma device class: ``_acked`` is what the panel holds (None: unknown,
    so the next frame goes whole). A contrast or power command forgets it."""

    _acked: Any = None

    def contrast(self, level: int) -> None:
        self._acked = None
        super().contrast(level)  # type: ignore[misc]

    def show(self) -> None:
        self._acked = None
        super().show()  # type: ignore[misc]

    def hide(self) -> None:
        self._acked = None
        super().hide()  # type: ignore[misc]


# --- SSD1306 / SSD1309: pages -------------------------------------------------------------------


def page_buffer(image: Image.Image) -> list[bytes]:
    """A 1-bit image as the panel's pages: page ``p`` holds one byte per column, bit ``k`` the
    pixel in row ``8p + k`` (the layout luma's ``display`` builds pixel by pixel)."""
    pages = image.height // 8
    # Transposed, each image column is a packed row whose byte p is page p, top pixel first
    # (the most significant bit): reverse the bits, then take every pages-th byte.
    columns = image.transpose(Image.Transpose.TRANSPOSE).tobytes().translate(_REVERSED_BITS)
    return [columns[p::pages] for p in range(pages)]


class ssd1306(RemembersPanel, luma.oled.device.ssd1306):
    """luma.oled's SSD1306 sending only the changed pages, and in them the changed columns."""

    _acked: list[bytes] | None = None

    def plan(self, image: Image.Image) -> list[Window]:
        """The windows ``display(image)`` would send now (pages × columns)."""
        return self._windows(page_buffer(self.preprocess(image)))

    def display(self, image: Image.Image) -> None:
        """Send the pages of ``image`` that differ from the panel's (all of them if unknown)."""
        assert image.mode == self.mode
        assert image.size == self.size
        pages = page_buffer(self.preprocess(image))
        windows = self._windows(pages)
        self._acked = None  # until every window is written
        const, start = self._const, self._colstart
        for w in windows:
            self.command(
                const.COLUMNADDR, start + w.left, start + w.right - 1,
                const.PAGEADDR, w.top, w.bottom - 1,
            )  # fmt: skip
            rows = b"".join(page[w.left : w.right] for page in pages[w.top : w.bottom])
            self.data(list(rows))
        self._acked = pages

    def least_bytes(self, image: Image.Image) -> int:
        """The fewest bus bytes a driver could send to turn the panel into ``image`` (the
        physical limit): every page byte that differs, the equal bytes between two of them in
        a page when fewer than a window's framing (skipping them costs another window), and
        one window's framing (``I2C_WINDOW_OVERHEAD``); the whole frame if the panel's content
        is unknown, 0 if nothing differs."""
        pages = page_buffer(self.preprocess(image))
        if self._acked is None:
            differ = sum(map(len, pages))
        else:
            gap = I2C_WINDOW_OVERHEAD  # equal bytes cheaper to send than to skip
            runs = (
                changed_runs(old, new, gap) for old, new in zip(self._acked, pages, strict=True)
            )
            differ = sum(end - start for page in runs for start, end in page)
        return differ + I2C_WINDOW_OVERHEAD if differ else 0

    def _windows(self, pages: list[bytes]) -> list[Window]:
        acked = self._acked
        if acked is None:
            return [Window(0, len(pages), 0, len(pages[0]))]
        gap = I2C_WINDOW_OVERHEAD
        runs = [changed_runs(old, new, gap) for old, new in zip(acked, pages, strict=True)]
        return plan_windows(runs, overhead=I2C_WINDOW_OVERHEAD, bytes_per_cell=1)


class ssd1309(ssd1306, luma.oled.device.ssd1309):
    """luma.oled's SSD1309 (an SSD1306 to luma, on SPI or I²C), sending only what changed."""


# --- SSD1322: a window of rows ------------------------------------------------------------------


class ssd1322(RemembersPanel, luma.oled.device.ssd1322):
    """luma.oled's SSD1322 sending only the changed rows, each run in one column window.

    Rows are compared as the pixels given (after rotation): two colours luma maps to the same
    grey count as a change. luma's own frame-buffer strategy is not used.
    """

    _acked: bytes | None = None  # the rotated image's bytes

    def plan(self, image: Image.Image) -> list[Window]:
        """The windows ``display(image)`` would send now (pixel rows × columns)."""
        return self._windows(self.preprocess(image).tobytes())

    def display(self, image: Image.Image) -> None:
        """Send the rows of ``image`` that differ from the panel's (all of them if unknown)."""
        assert image.mode == self.mode
        assert image.size == self.size
        image = self.preprocess(image)
        pixels = image.tobytes()
        windows = self._windows(pixels)
        self._acked = None  # until every window is written
        for w in windows:
            part = image.crop((w.left, w.top, w.right, w.bottom))
            buf = bytearray(w.cells >> 1)
            self._set_position(w.top, w.right, w.bottom, w.left)
            self._populate(buf, part.getdata())
            self.data(list(buf))
        self._acked = pixels

    def least_bytes(self, image: Image.Image) -> int:
        """The fewest bus bytes any driver could send to turn the panel into ``image`` (the
        physical limit): 2 bytes for each 4-pixel column address of a row with a pixel that
        differs, in one window (``SPI_WINDOW_OVERHEAD``); the whole frame if the panel's content
        is unknown, 0 if nothing differs."""
        image = self.preprocess(image)
        width, height = self._w, self._h
        if self._acked is None:
            differ = width * height // 4
        else:
            was = Image.frombytes(image.mode, image.size, self._acked)
            old, new = (i if i.mode != "1" else i.convert("L") for i in (was, image))
            old_px, new_px = old.tobytes(), new.tobytes()
            group = 4 * len(new_px) // (width * height)  # bytes of 4 pixels
            differ = sum(
                old_px[i : i + group] != new_px[i : i + group] for i in range(0, len(new_px), group)
            )
        return 2 * differ + SPI_WINDOW_OVERHEAD if differ else 0

    def _windows(self, pixels: bytes) -> list[Window]:
        width, height = self._w, self._h
        if self._acked is None:
            return [Window(0, height, 0, width)]
        stride = len(pixels) // height
        spans: list[list[tuple[int, int]]] = []
        for y in range(height):
            row = slice(y * stride, (y + 1) * stride)
            span = changed_span(self._acked[row], pixels[row])
            if span is not None:
                first, end = self._pixel_span(*span, stride)
                span = (first & ~3, min(width, (end + 3) & ~3))  # 4-pixel column addresses
            spans.append([] if span is None else [span])
        return plan_windows(spans, overhead=SPI_WINDOW_OVERHEAD, bytes_per_cell=0.5)

    def _pixel_span(self, first: int, end: int, stride: int) -> tuple[int, int]:
        """A row's changed bytes as whole pixels: 8 to a byte in mode "1", else 3 bytes each."""
        if self.mode == "1":
            return first * 8, end * 8
        per_pixel = stride // self._w
        return first // per_pixel, -(-end // per_pixel)


# --- SH1106: pages, one at a time ---------------------------------------------------------------


class sh1106(RemembersPanel, luma.oled.device.sh1106):
    """luma.oled's SH1106 sending only the changed runs of each page.

    The SH1106 has no window command: a write goes to one page from a column (``0xB0 | page``,
    then the column's low and high nibbles, offset by luma's ``page_address_offset``) and does
    not wrap to the next page, so each window is one page; the pixels are the same page bytes
    as an SSD1306's.
    """

    _acked: list[bytes] | None = None

    def plan(self, image: Image.Image) -> list[Window]:
        """The windows ``display(image)`` would send now (one page each × columns)."""
        return self._windows(page_buffer(self.preprocess(image)))

    def display(self, image: Image.Image) -> None:
        """Send the runs of ``image``'s pages that differ from the panel's (all if unknown)."""
        assert image.mode == self.mode
        assert image.size == self.size
        pages = page_buffer(self.preprocess(image))
        windows = self._windows(pages)
        self._acked = None  # until every window is written
        for w in windows:
            column = self._page_address_offset + w.left
            self.command(0xB0 | w.top, column & 0x0F, 0x10 | column >> 4)
            self.data(list(pages[w.top][w.left : w.right]))
        self._acked = pages

    def least_bytes(self, image: Image.Image) -> int:
        """The fewest bus bytes a driver could send to turn the panel into ``image``: the
        changed runs of each page (equal bytes between two runs kept when fewer than a
        window's framing), each changed page's framing (``SH1106_WINDOW_OVERHEAD``: no window
        spans pages); the whole frame if the panel's content is unknown, 0 if nothing differs."""
        pages = page_buffer(self.preprocess(image))
        acked = self._acked or [None] * len(pages)
        total = 0
        for old, new in zip(acked, pages, strict=True):
            runs = [(0, len(new))] if old is None else changed_runs(old, new, SH1106_GAP)
            if runs:
                total += SH1106_WINDOW_OVERHEAD + sum(end - start for start, end in runs)
        return total

    def _windows(self, pages: list[bytes]) -> list[Window]:
        if self._acked is None:
            return [Window(p, p + 1, 0, len(pages[p])) for p in range(len(pages))]
        return [
            Window(p, p + 1, start, end)
            for p, (old, new) in enumerate(zip(self._acked, pages, strict=True))
            for start, end in changed_runs(old, new, SH1106_GAP)
        ]


def partial_model(model: str) -> type | None:
    """The partial-update driver for a luma.oled model name, or None if luma's is used as is."""
    return {"ssd1306": ssd1306, "ssd1309": ssd1309, "sh1106": sh1106, "ssd1322": ssd1322}.get(model)
