"""Partial updates on luma's real serial path: smbus2 over FakeI2CAdapter for the SSD1306/1309,
luma's spi over FakeSPI for the SSD1322 and the MAX7219. The bytes sent for a one-row change,
a full frame whenever the panel's content is unknown, and the same pixels as luma's own
drivers (the rebuilt-panel properties are in test_hw_partial_rebuilt.py)."""

from __future__ import annotations

import dataclasses

import luma.core.error
import luma.led_matrix.device
import luma.oled.device
import pytest
from hw_testing import CONFIG, FakeI2CAdapter, FakeSPI
from hypothesis import given, settings
from hypothesis import strategies as st
from luma.core.interface.serial import i2c, noop, spi
from PIL import Image, ImageDraw

from companion.testing import VirtualClock
from hw import devices, partial, partial_matrix
from hw.config import load_config
from hw.display import Display

PI = load_config(CONFIG / "pi.toml")
PAD = dataclasses.replace(PI.players["red"].display, i2c_port=22)  # an explicit port: no sysfs
MAIN = dataclasses.replace(PI.display, i2c_port=27, address=0x3C)
FAULTS = (OSError, luma.core.error.Error)  # smbus2's raw NACK, or luma's wrapping of it


@pytest.fixture
def adapter(tmp_path, monkeypatch) -> FakeI2CAdapter:
    return FakeI2CAdapter(tmp_path / "i2c", present={(22, 0x3C), (27, 0x3C)}).install(monkeypatch)


def pad_display(adapter: FakeI2CAdapter, clock=None, cfg=PAD) -> Display:
    clock = clock or VirtualClock()
    d = Display(cfg.key, cfg.size, cfg.mode, devices.real_display(cfg), clock=clock)
    assert isinstance(d.device, (partial.ssd1306, partial.ssd1309)) and not d.degraded
    return d


def data_sizes(adapter: FakeI2CAdapter, since: int) -> list[int]:
    """Pixel bytes of each data write after write number ``since``."""
    return [len(m) - 1 for _, _, m in adapter.writes[since:] if m[0] == 0x40]


def lit_row(img: Image.Image, y: int, x0: int, x1: int) -> Image.Image:
    img = img.copy()
    ImageDraw.Draw(img).line((x0, y, x1, y), fill=1 if img.mode == "1" else (255, 255, 255))
    return img


# --- the bytes of a one-row change --------------------------------------------------------------


def test_one_changed_pixel_row_on_a_pad_sends_that_page_and_only_its_changed_columns(adapter):
    d = pad_display(adapter)
    blank = Image.new("1", d.size)
    d.show(blank)
    before = len(adapter.writes)
    d.show(lit_row(blank, 9, 10, 20))  # row 9 is bit 1 of page 1
    assert adapter.writes[before:] == [
        (22, 0x3C, bytes([0x00, 0x21, 10, 20, 0x22, 1, 1])),  # COLUMNADDR 10–20, PAGEADDR 1–1
        (22, 0x3C, bytes([0x40] + [0x02] * 11)),
    ]
    d.close()


def test_two_changed_text_rows_far_apart_go_as_two_windows_near_ones_as_one(adapter):
    d = pad_display(adapter, cfg=MAIN)
    blank = Image.new("1", d.size)
    d.show(blank)
    before = len(adapter.writes)
    img = lit_row(lit_row(blank, 3, 0, 127), 60, 0, 127)
    d.show(img)  # pages 0 and 7, far apart: two windows
    assert data_sizes(adapter, before) == [128, 128]
    before = len(adapter.writes)
    img = lit_row(img, 61, 0, 3)
    d.show(img)  # page 7, columns 0–3
    assert data_sizes(adapter, before) == [4]
    before = len(adapter.writes)
    img = lit_row(lit_row(lit_row(img, 12, 0, 3), 28, 0, 3), 62, 0, 3)
    d.show(img)  # pages 1 and 3 with page 2 between them as one window; page 7 alone
    assert data_sizes(adapter, before) == [3 * 4, 4]
    d.close()


def test_the_ssd1322_sends_the_changed_row_in_one_window_of_whole_column_addresses(monkeypatch):
    bus = FakeSPI().install(monkeypatch, dc=24)
    dev = partial.ssd1322(spi(gpio_DC=24, gpio_RST=25), width=256, height=64)
    blank = Image.new("RGB", dev.size)
    dev.display(blank)
    before = len(bus.transfers)
    dev.display(lit_row(blank, 10, 10, 20))  # pixels 10–20 → columns 8–23 (addresses 30–33)
    offset = (480 - 256) // 2
    assert bus.transfers[before:] == [
        (0, bytes([0x15])),
        (1, bytes([(offset + 8) >> 2, ((offset + 24) >> 2) - 1])),
        (0, bytes([0x75])),
        (1, bytes([10, 10])),
        (0, bytes([0x5C])),
        (1, bytes([0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xF0, 0x00])),  # 2 pixels a byte
    ]


def test_the_max7219_sends_only_the_digit_that_changed_through_the_whole_chain(monkeypatch):
    bus = FakeSPI().install(monkeypatch)
    dev = partial_matrix.max7219(spi(gpio=noop()), cascaded=4, block_orientation=-90)
    blank = Image.new("1", dev.size)
    dev.display(blank)
    before = len(bus.transfers)
    dev.display(lit_row(blank, 0, 0, 0))  # one LED of the first module
    assert len(bus.transfers[before:]) == 1
    (dc, sent) = bus.transfers[-1]
    assert len(sent) == 2 * 4 and sent[0::2] == bytes([sent[0]] * 4)  # one digit, every module
    assert sum(v != 0 for v in sent[1::2]) == 1


# --- a full frame whenever the panel's content is unknown ----------------------------------------


def one_pixel_more(img: Image.Image, x: int) -> Image.Image:
    img = img.copy()
    img.putpixel((x, 0), 1)
    return img


def test_a_full_frame_after_a_contrast_change_sleep_wake_and_a_refresh(adapter):
    clock = VirtualClock()
    d = pad_display(adapter, clock)
    img = Image.new("1", d.size)
    d.show(img)
    full = d.width * d.height // 8
    for x, change in enumerate(
        (lambda: d.contrast(10), d.sleep, d.wake, lambda: clock.advance(30)), start=1
    ):
        change()
        before = len(adapter.writes)
        img = one_pixel_more(img, x)
        d.show(img)
        assert data_sizes(adapter, before) == [full]
        before = len(adapter.writes)
        img = one_pixel_more(img, x + 50)
        d.show(img)
        assert data_sizes(adapter, before) == [1]  # and partial again after it
    d.close()


def test_after_a_write_that_raised_the_same_driver_sends_the_whole_frame(adapter):
    dev = partial.ssd1306(i2c(port=22, address=0x3C), width=128, height=32)
    img = Image.new("1", dev.size)
    dev.display(img)
    adapter.nack_at = len(adapter.writes) + 1  # the data write after the window command
    with pytest.raises(FAULTS):
        dev.display(one_pixel_more(img, 5))
    before = len(adapter.writes)
    dev.display(one_pixel_more(img, 5))
    assert data_sizes(adapter, before) == [512]


def test_a_display_reopened_after_a_fault_gets_the_whole_frame(adapter):
    clock = VirtualClock()
    d = pad_display(adapter, clock)
    img = Image.new("1", d.size)
    d.show(img)
    adapter.nack_at = len(adapter.writes)
    d.show(one_pixel_more(img, 5))
    assert d.degraded
    clock.advance(1)
    before = len(adapter.writes)
    assert d.retry()
    assert data_sizes(adapter, before) == [512]
    d.close()


# --- the same pixels as luma's own drivers --------------------------------------------------------


class Recorder:
    """A serial interface that keeps every data write."""

    def __init__(self) -> None:
        self.data_writes: list[bytes] = []

    def command(self, *cmd: int) -> None:
        pass

    def data(self, data) -> None:
        self.data_writes.append(bytes(data))


@settings(max_examples=30, deadline=None)
@given(
    pixels=st.binary(min_size=512, max_size=512),
    rotate=st.sampled_from([0, 1, 2, 3]),
)
def test_a_whole_frame_is_the_bytes_luma_sends_for_it(pixels, rotate):
    size = (128, 32) if rotate % 2 == 0 else (32, 128)
    img = Image.frombytes("1", size, pixels)
    ours, lumas = Recorder(), Recorder()
    partial.ssd1306(ours, width=128, height=32, rotate=rotate).display(img)
    luma.oled.device.ssd1306(lumas, width=128, height=32, rotate=rotate).display(img)
    assert ours.data_writes[-1] == lumas.data_writes[-1]


def test_the_drivers_opened_for_the_reference_build_are_the_partial_ones():
    assert partial.partial_model("ssd1309") is partial.ssd1309
    assert partial.partial_model("sh1106") is partial.sh1106
    assert partial.partial_model("ssd1322") is partial.ssd1322
    assert partial.partial_model("ssd1325") is None  # luma's own, unchanged
    drv = devices.real_display(PAD, serial=lambda cfg: noop())
    assert isinstance(drv.make(drv.open_bus()), partial.ssd1306)
    m = devices.real_matrix(PI.matrix, serial=lambda cfg: noop())
    assert isinstance(m.make(m.open_bus()), partial_matrix.max7219)


def test_an_sh1106_sends_one_page_window_per_changed_run_at_its_column_offset(adapter):
    dev = partial.sh1106(i2c(port=22, address=0x3C), width=128, height=64)
    blank = Image.new("1", dev.size)
    dev.display(blank)
    before = len(adapter.writes)
    dev.display(lit_row(lit_row(blank, 9, 10, 20), 17, 100, 101))  # pages 1 and 2
    assert adapter.writes[before:] == [
        (22, 0x3C, bytes([0x00, 0xB1, (2 + 10) & 0x0F, 0x10 | (2 + 10) >> 4])),  # page 1, col 12
        (22, 0x3C, bytes([0x40] + [0x02] * 11)),
        (22, 0x3C, bytes([0x00, 0xB2, (2 + 100) & 0x0F, 0x10 | (2 + 100) >> 4])),
        (22, 0x3C, bytes([0x40] + [0x02] * 2)),
    ]
    before = len(adapter.writes)
    dev.contrast(9)  # a contrast change: the next frame goes whole, page by page
    dev.display(blank)
    assert data_sizes(adapter, before) == [128] * 8


@settings(max_examples=300, deadline=None)
@given(
    pair=st.integers(1, 80).flatmap(
        lambda n: st.tuples(st.binary(min_size=n, max_size=n), st.binary(min_size=n, max_size=n))
    ),
    gap=st.integers(0, 12),
    same=st.lists(st.integers(0, 79)),
)
def test_changed_runs_are_the_differing_bytes_joined_across_at_most_gap_equal_ones(pair, gap, same):
    old, new = pair
    new = bytes(old[i] if i in same else b for i, b in enumerate(new))  # some bytes equal
    differ = [i for i in range(len(new)) if old[i] != new[i]]
    want: list[tuple[int, int]] = []
    for i in differ:
        if want and i - want[-1][1] <= gap:
            want[-1] = (want[-1][0], i + 1)
        else:
            want.append((i, i + 1))
    assert partial.changed_runs(old, new, gap) == want


def test_changed_span_is_the_first_and_one_past_the_last_differing_byte():
    for n in (1, 2, 3, 5, 8, 13, 32, 33):
        old = bytes(n)
        assert partial.changed_span(old, old) is None
        for first in range(n):
            for last in range(first, n):
                new = bytearray(old)
                new[first] = new[last] = 1
                assert partial.changed_span(old, bytes(new)) == (first, last + 1), (n, first, last)
    row = bytes(768)  # an SSD1322 RGB row
    assert partial.changed_span(row, bytes(767) + b"\1") == (767, 768)
    assert partial.changed_span(row, b"\1" + bytes(767)) == (0, 1)


def test_a_run_at_either_end_is_kept_alone():
    assert partial.changed_runs(bytes(5), b"\1" + bytes(4), 2) == [(0, 1)]
    assert partial.changed_runs(bytes(5), bytes(4) + b"\1", 2) == [(4, 5)]
    assert partial.changed_runs(bytes(8), b"\1" + bytes(6) + b"\1", 2) == [(0, 1), (7, 8)]


# --- the windows a frame would be sent in (plan) --------------------------------------------------


def lit(img: Image.Image, *pixels: tuple[int, int]) -> Image.Image:
    img = img.copy()
    for xy in pixels:
        img.putpixel(xy, 1 if img.mode == "1" else (255, 255, 255))
    return img


def test_an_ssd1306_plans_pages_by_columns_joining_windows_when_that_costs_no_more():
    dev = partial.ssd1306(noop(), width=128, height=64)
    blank = Image.new("1", dev.size)
    assert dev.plan(blank) == [partial.Window(0, 8, 0, 128)]  # unknown: the whole frame
    dev.display(blank)
    assert dev.plan(blank) == []
    # pages 0 and 3, columns 0–4: one window of 4 pages × 5 (10 + 20 bytes) costs what two
    # windows do (2 × (10 + 5)): one window
    assert dev.plan(lit(blank, *((x, y) for x in range(5) for y in (0, 24)))) == [
        partial.Window(0, 4, 0, 5)
    ]
    # page 0 columns 0–9 and 100–109, page 1 columns 0–9: page 1 joins the first window, not
    # the latest
    img = lit(blank, *((x, y) for x in (*range(10), *range(100, 110)) for y in (0,)))
    assert dev.plan(lit(img, *((x, 8) for x in range(10)))) == [
        partial.Window(0, 2, 0, 10),
        partial.Window(0, 1, 100, 110),
    ]


def test_an_ssd1322_plans_rows_by_4_pixel_columns_joining_windows_when_that_costs_less():
    dev = partial.ssd1322(noop(), width=256, height=64)
    blank = Image.new("RGB", dev.size)
    assert dev.plan(blank) == [partial.Window(0, 64, 0, 256)]
    dev.display(blank)
    # rows 10 and 13, pixels 0–3: one window of 4 rows (7 + 8 bytes) beats two (2 × (7 + 2))
    assert dev.plan(lit(blank, *((x, y) for x in range(4) for y in (10, 13)))) == [
        partial.Window(10, 14, 0, 4)
    ]
    # pixels 8–11 end at a column address: columns 8–11, no more
    assert dev.plan(lit(blank, *((x, 5) for x in range(8, 12)))) == [partial.Window(5, 6, 8, 12)]
    mono = partial.ssd1322(noop(), width=256, height=64, mode="1")
    blank = Image.new("1", mono.size)
    mono.display(blank)
    # pixel 0 is in byte 0 of a mode "1" row: pixels 0–7
    assert mono.plan(lit(blank, (0, 0))) == [partial.Window(0, 1, 0, 8)]


def test_an_sh1106_plans_one_page_window_per_changed_run():
    dev = partial.sh1106(noop(), width=128, height=64)
    blank = Image.new("1", dev.size)
    assert dev.plan(blank) == [partial.Window(p, p + 1, 0, 128) for p in range(8)]
    dev.display(blank)
    img = lit(blank, *((x, 9) for x in range(10, 21)), (100, 17), (101, 17))
    assert dev.plan(img) == [partial.Window(1, 2, 10, 21), partial.Window(2, 3, 100, 102)]


# --- the fewest bytes a frame change needs (least_bytes) ------------------------------------------


class FailingSerial(Recorder):
    """A serial interface whose data writes raise once ``failing`` is set."""

    failing = False

    def data(self, data) -> None:
        if self.failing:
            raise OSError("bus fault")
        super().data(data)


def test_an_ssd1322_needs_2_bytes_a_changed_column_address_and_one_windows_framing():
    dev = partial.ssd1322(noop(), width=256, height=64)
    blank = Image.new("RGB", dev.size)
    whole = 2 * 256 * 64 // 4 + partial.SPI_WINDOW_OVERHEAD  # 8199
    assert (least := dev.least_bytes(blank)) == whole and isinstance(least, int)
    dev.display(blank)
    assert dev.least_bytes(blank) == 0
    one = 2 + partial.SPI_WINDOW_OVERHEAD
    assert dev.least_bytes(lit(blank, (0, 0))) == one
    assert dev.least_bytes(lit(blank, (0, 0), (3, 0))) == one  # one column address
    assert dev.least_bytes(lit(blank, (3, 0), (4, 0))) == 2 * 2 + partial.SPI_WINDOW_OVERHEAD
    assert dev.least_bytes(lit(blank, (255, 63))) == one
    red = blank.copy()
    red.putpixel((0, 0), (10, 0, 0))  # only the first byte of the frame differs
    assert dev.least_bytes(red) == one
    dev.display(red)
    green = blank.copy()
    green.putpixel((0, 0), (0, 5, 0))  # another colour of the same luminance: still a change
    assert dev.least_bytes(green) == one


def test_an_ssd1322_in_mode_1_needs_the_same_bytes_per_changed_column_address():
    dev = partial.ssd1322(noop(), width=256, height=64, mode="1")
    blank = Image.new("1", dev.size)
    dev.display(blank)
    assert dev.least_bytes(lit(blank, (0, 0), (4, 0), (255, 63))) == 3 * 2 + 7


def test_after_a_write_that_raised_an_ssd1322_needs_the_whole_frame():
    serial = FailingSerial()
    dev = partial.ssd1322(serial, width=256, height=64)
    blank = Image.new("RGB", dev.size)
    dev.display(blank)
    serial.failing = True
    with pytest.raises(OSError):
        dev.display(lit(blank, (5, 5)))
    assert dev.least_bytes(blank) == 2 * 256 * 64 // 4 + partial.SPI_WINDOW_OVERHEAD


def test_an_sh1106_needs_each_changed_pages_framing_and_its_changed_runs():
    dev = partial.sh1106(noop(), width=128, height=64)
    blank = Image.new("1", dev.size)
    overhead = partial.SH1106_WINDOW_OVERHEAD
    assert dev.least_bytes(blank) == 8 * (overhead + 128)  # unknown: every page whole
    dev.display(blank)
    assert dev.least_bytes(blank) == 0
    assert dev.least_bytes(lit(blank, (10, 9))) == overhead + 1
    assert dev.least_bytes(lit(blank, (10, 9), (100, 17))) == 2 * (overhead + 1)
    assert dev.least_bytes(lit(blank, (10, 9), (13, 9))) == overhead + 4  # 2 equal bytes kept
