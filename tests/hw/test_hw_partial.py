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
