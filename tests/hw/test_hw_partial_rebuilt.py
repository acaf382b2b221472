"""Model panels rebuilt from the bytes a recording bus saw (luma's real serial path: smbus2 over
FakeI2CAdapter, luma's spi over FakeSPI) always hold the last image shown, whatever the run of
frames, steps back, contrast and power changes and faults (a write cut short) before it."""

from __future__ import annotations

import contextlib
import tempfile
from pathlib import Path

import luma.core.error
import luma.led_matrix.device
import pytest
from hw_testing import FakeI2CAdapter, FakeSPI
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from luma.core.interface.serial import i2c, noop, spi
from panel_models import MAX7219Chain, SH1106Panel, SSD1306Panel, SSD1322Panel, luma_greys
from PIL import Image, ImageDraw

from hw import partial, partial_matrix

FAULTS = (OSError, luma.core.error.Error)  # smbus2's raw NACK, or luma's wrapping of it


@pytest.fixture
def adapter(tmp_path, monkeypatch) -> FakeI2CAdapter:
    return FakeI2CAdapter(tmp_path / "i2c", present={(22, 0x3C)}).install(monkeypatch)


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
@given(data=st.data(), height=st.sampled_from([64, 32]), rotate=st.sampled_from([0, 2]))
def test_the_rebuilt_sh1106_panel_always_holds_the_last_image(data, height, rotate):
    with i2c_adapter() as adapter:
        panel = SH1106Panel()
        seen = 0

        def check(img: Image.Image) -> None:
            nonlocal seen
            for _, _, payload in adapter.writes[seen:]:
                panel.feed_i2c(payload)
            seen = len(adapter.writes)
            want = dev.preprocess(img)
            assert panel.image(want.size).tobytes() == want.tobytes()

        def fail_next(k: int, keeps: int) -> None:
            adapter.nack_at, adapter.nack_keeps = len(adapter.writes) + k, keeps

        bus = i2c(port=22, address=0x3C)
        dev = partial.sh1106(bus, width=128, height=height, rotate=rotate)
        play(dev, data.draw(frames(dev.size, "1")), "1", fail_next, check)
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

        dev = partial_matrix.max7219(spi(gpio=noop()), cascaded=4, block_orientation=orientation)
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
