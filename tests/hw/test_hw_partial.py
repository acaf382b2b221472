"""Partial updates on luma's real serial path: smbus2 over FakeI2CAdapter for the SSD1306/1309,
luma's spi over FakeSPI for the SSD1322 and the MAX7219. The bytes sent for a one-row change,
a full frame whenever the panel's content is unknown, and model panels rebuilt from the
recorded bytes that always hold the last image shown."""

from __future__ import annotations

import contextlib
import dataclasses
import tempfile
from pathlib import Path

import luma.core.error
import luma.led_matrix.device
import luma.oled.device
import pytest
from hw_testing import CONFIG, FakeI2CAdapter, FakeSPI
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from luma.core.interface.serial import i2c, noop, spi
from panel_models import MAX7219Chain, SSD1306Panel, SSD1322Panel, luma_greys
from PIL import Image, ImageDraw

from companion.testing import VirtualClock
from hw import devices, partial
from hw.config import load_config
from hw.display import Display

PI = load_config(CONFIG / "pi.toml")
PAD = dataclasses.replace(PI.players["red"].display, i2c_port=22)  # an explicit port: no sysfs
MAIN = dataclasses.replace(PI.display, i2c_port=27)
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
    dev = partial.max7219(spi(gpio=noop()), cascaded=4, block_orientation=-90)
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


# --- the rebuilt panel always holds the last image -----------------------------------------------

COLOURS = st.sampled_from([(0, 0, 0), (255, 255, 255), (17, 40, 200), (128, 128, 128), (90, 0, 0)])


@st.composite
def frames(draw, size: tuple[int, int], mode: str):
    """A run of steps: a new frame (a few rectangles painted on the last one), the frame before
    the last again (a cursor moved back), a contrast or power change, or a fault on one of the
    next writes (after a few of its bytes reached the panel), often followed by a frame and a
    step back: the frame the fault cut short is then partly on the panel."""
    w, h = size

    def painted():
        boxes = []
        for _ in range(draw(st.integers(1, 3))):
            x0, x1 = sorted(draw(st.lists(st.integers(0, w - 1), min_size=2, max_size=2)))
            y0, y1 = sorted(draw(st.lists(st.integers(0, h - 1), min_size=2, max_size=2)))
            fill = draw(st.integers(0, 1)) if mode == "1" else draw(COLOURS)
            boxes.append(((x0, y0, x1, y1), fill))
        return ("frame", boxes)

    steps = []
    for _ in range(draw(st.integers(1, 10))):
        kind = draw(st.sampled_from(["frame", "frame", "back", "contrast", "power", "fault"]))
        if kind == "frame":
            steps.append(painted())
        elif kind == "back":
            steps.append(("back", None))
        elif kind == "fault":
            steps.append(("fault", (draw(st.integers(0, 5)), draw(st.integers(0, 40)))))
            if draw(st.booleans()):
                steps += [painted(), ("back", None)]
        else:
            steps.append((kind, draw(st.integers(0, 255))))
    return steps


def play(dev, steps, mode: str, fail_next, check) -> None:
    """Run ``steps`` on ``dev``; after every frame written without a fault, ``check(image)``."""
    img = before = Image.new(mode, dev.size)
    dev.display(img)
    check(img)
    for kind, arg in steps:
        if kind == "fault":
            fail_next(*arg)
            continue
        try:
            if kind == "contrast":
                dev.contrast(arg)
            elif kind == "power":
                (dev.hide if arg % 2 else dev.show)()
            else:
                if kind == "back":
                    img, before = before, img
                else:
                    img, before = img.copy(), img
                    for box, fill in arg:
                        ImageDraw.Draw(img).rectangle(box, fill=fill)
                dev.display(img)
                check(img)
        except FAULTS:
            pass  # the panel holds something unknown: the next frame must mend it


@contextlib.contextmanager
def i2c_adapter():
    with tempfile.TemporaryDirectory() as tmp, pytest.MonkeyPatch.context() as mp:
        yield FakeI2CAdapter(Path(tmp) / "i2c", present={(22, 0x3C)}).install(mp)


SLOW = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SLOW
@given(
    data=st.data(),
    model=st.sampled_from([("ssd1306", (128, 32)), ("ssd1309", (128, 64)), ("ssd1306", (64, 48))]),
    rotate=st.sampled_from([0, 2]),
)
def test_the_rebuilt_ssd1306_panel_always_holds_the_last_image(data, model, rotate):
    name, size = model
    with i2c_adapter() as adapter:
        panel = SSD1306Panel()
        seen = 0

        def check(img: Image.Image) -> None:
            nonlocal seen
            for _, _, payload in adapter.writes[seen:]:
                panel.feed_i2c(payload)
            seen = len(adapter.writes)
            want = dev.preprocess(img)
            assert panel.image(want.size, dev._colstart).tobytes() == want.tobytes()

        def fail_next(k: int, keeps: int) -> None:
            adapter.nack_at, adapter.nack_keeps = len(adapter.writes) + k, keeps

        bus = i2c(port=22, address=0x3C)
        dev = getattr(partial, name)(bus, width=size[0], height=size[1], rotate=rotate)
        w, h = dev.size
        play(dev, data.draw(frames((w, h), "1")), "1", fail_next, check)
        bus.cleanup()


@SLOW
@given(
    data=st.data(),
    size=st.sampled_from([(256, 64), (128, 32), (64, 32)]),
    mode=st.sampled_from(["RGB", "1"]),
    rotate=st.sampled_from([0, 2]),
)
def test_the_rebuilt_ssd1322_panel_always_holds_the_last_image(data, size, mode, rotate):
    with pytest.MonkeyPatch.context() as mp:
        bus = FakeSPI().install(mp, dc=24)
        panel = SSD1322Panel()
        seen = 0

        def check(img: Image.Image) -> None:
            nonlocal seen
            for dc, sent in bus.transfers[seen:]:
                panel.feed_spi(dc, sent)
            seen = len(bus.transfers)
            want = dev.preprocess(img)
            assert panel.greys(want.size) == luma_greys(want)

        def fail_next(k: int, keeps: int) -> None:
            # A window is six transfers, its pixels the sixth: an odd k cuts those short.
            bus.fail_at, bus.fail_keeps = len(bus.transfers) + (5 if k % 2 else k), keeps

        dev = partial.ssd1322(spi(gpio_DC=24, gpio_RST=25), width=size[0], height=size[1],
                              rotate=rotate, mode=mode)  # fmt: skip
        play(dev, data.draw(frames(dev.size, mode)), mode, fail_next, check)


@SLOW
@given(data=st.data(), orientation=st.sampled_from([0, -90, 90]))
def test_the_rebuilt_max7219_chain_always_holds_what_luma_would_send_whole(data, orientation):
    with pytest.MonkeyPatch.context() as mp:
        bus = FakeSPI().install(mp)
        chain, whole = MAX7219Chain(4), MAX7219Chain(4)
        seen = 0

        def check(img: Image.Image) -> None:
            nonlocal seen
            for dc, sent in bus.transfers[seen:]:
                chain.feed_spi(dc, sent)
            reference = FakeSPI().install(mp)  # luma's own driver, the whole frame
            luma.led_matrix.device.max7219(
                spi(gpio=noop()), cascaded=4, block_orientation=orientation
            ).display(img)
            for dc, sent in reference.transfers:
                whole.feed_spi(dc, sent)
            bus.install(mp)
            seen = len(bus.transfers)
            assert chain.digits == whole.digits

        def fail_next(k: int, keeps: int) -> None:
            bus.fail_at, bus.fail_keeps = len(bus.transfers) + k, keeps

        dev = partial.max7219(spi(gpio=noop()), cascaded=4, block_orientation=orientation)
        play(dev, data.draw(frames(dev.size, "1")), "1", fail_next, check)


def test_a_frame_cut_short_by_a_fault_then_the_one_before_again_is_mended(adapter, monkeypatch):
    """The panel holds part of the cut frame: going back must not be taken for "no change"."""
    cut = [("frame", [((0, 0, 40, 20), 1)]), ("fault", (1, 6)), ("frame", [((0, 0, 40, 20), 0)])]
    steps = [*cut, ("back", None)]
    panel, bus = SSD1306Panel(), i2c(port=22, address=0x3C)
    dev = partial.ssd1306(bus, width=128, height=32)

    def check(img: Image.Image) -> None:
        for _, _, payload in adapter.writes[len(panel_fed) :]:
            panel.feed_i2c(payload)
        panel_fed[:] = adapter.writes
        assert panel.image(dev.size).tobytes() == img.tobytes()

    def fail_next(k: int, keeps: int) -> None:
        adapter.nack_at, adapter.nack_keeps = len(adapter.writes) + k, keeps

    panel_fed: list = []
    play(dev, steps, "1", fail_next, check)
    assert adapter.nack_at is None  # the fault did happen

    spi_bus = FakeSPI().install(monkeypatch, dc=24)
    grey, fed = SSD1322Panel(), []

    def check_grey(img: Image.Image) -> None:
        for dc, sent in spi_bus.transfers[len(fed) :]:
            grey.feed_spi(dc, sent)
        fed[:] = spi_bus.transfers
        assert grey.greys(img.size) == luma_greys(img)

    def fail_spi(k: int, keeps: int) -> None:
        spi_bus.fail_at, spi_bus.fail_keeps = len(spi_bus.transfers) + k, keeps

    colours = [(box, (255, 255, 255) if fill else (0, 0, 0)) for box, fill in cut[0][1]]
    dark = [(box, (0, 0, 0)) for box, _ in cut[2][1]]
    steps = [("frame", colours), ("fault", (5, 6)), ("frame", dark), ("back", None)]
    dev = partial.ssd1322(spi(gpio_DC=24, gpio_RST=25), width=128, height=32)
    play(dev, steps, "RGB", fail_spi, check_grey)
    assert spi_bus.fail_at is None


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
    assert partial.partial_model("sh1106") is None  # luma's own, unchanged
    drv = devices.real_display(PAD, serial=lambda cfg: noop())
    assert isinstance(drv.make(drv.open_bus()), partial.ssd1306)
    m = devices.real_matrix(PI.matrix, serial=lambda cfg: noop())
    assert isinstance(m.make(m.open_bus()), partial.max7219)
