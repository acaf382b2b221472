"""The LED matrix: golden frames, drawn frames sent once, the real max7219 on mocked SPI."""

from __future__ import annotations

import dataclasses
import errno

import pytest
from hw_testing import CONFIG, assert_golden
from luma.core.interface.serial import noop, spi

from hw import devices
from hw.config import load_config
from hw.matrix import Matrix, render_text

CFG = load_config(CONFIG / "pi.toml").matrix


def dummy_matrix(**kw) -> Matrix:
    return Matrix("LED matrix", CFG.size, devices.dummy_matrix(CFG), **kw)


def test_short_text_is_centred_golden():
    m = dummy_matrix()
    m.text("R3 K")
    assert m.device.image.size == (32, 8)
    assert_golden("matrix_text_R3_K", m.device.image)


def test_a_matrix_that_has_shown_nothing_has_no_image():
    m = dummy_matrix()
    assert m.image is None  # what the demo and the screens command check before framing it
    m.text("R3")
    assert m.image.tobytes() == render_text("R3", m.size).tobytes()


def test_non_ascii_is_shown_as_a_question_mark():
    assert render_text("é", (32, 8)).tobytes() == render_text("?", (32, 8)).tobytes()


@pytest.fixture
def spi_bus(mocker):
    return mocker.MagicMock(name="spidev")


def real_matrix(spi_bus, clock) -> Matrix:
    opener = devices.real_matrix(CFG, serial=lambda c: spi(spi=spi_bus, gpio=noop()))
    return Matrix("LED matrix", CFG.size, opener, brightness=CFG.brightness, clock=clock)


def test_real_max7219_gets_brightness_for_every_cascaded_module(spi_bus, clock):
    m = real_matrix(spi_bus, clock)
    m.brightness(255)
    assert spi_bus.writebytes.call_args.args[0] == [0x0A, 0x0F] * 4


def test_real_max7219_shows_text(spi_bus, clock):
    m = real_matrix(spi_bus, clock)
    spi_bus.reset_mock()
    m.text("8")
    writes = [c.args[0] for c in spi_bus.writebytes.call_args_list]
    assert writes and all(len(w) == 2 * 4 for w in writes)  # one write per row, 4 modules each
    # Only the rows the text lights: they are all that changed from the blank frame.
    assert all(any(w[1::2]) for w in writes) and len(writes) < 8


def test_spi_error_degrades_the_matrix_and_it_comes_back(spi_bus, clock):
    m = real_matrix(spi_bus, clock)
    spi_bus.writebytes.side_effect = OSError(errno.EIO, "I/O error")
    m.text("1")
    assert m.degraded
    spi_bus.close.assert_called_once()  # the broken handle is released, reopened on retry
    spi_bus.writebytes.side_effect = None
    clock.advance(1.0)
    assert m.retry() and not m.degraded


def test_brightness_out_of_range_is_refused():
    with pytest.raises(ValueError, match="0–255"):
        dummy_matrix().brightness(-1)


def test_show_sends_a_drawn_frame_once_and_converts_it(mocker):
    from PIL import Image, ImageDraw

    m = dummy_matrix()
    m.text("R2")
    frame = Image.new("L", (32, 8), 0)
    ImageDraw.Draw(frame).rectangle((2, 2, 9, 5), fill=255)
    m.show(frame)
    assert m.device.image.convert("1").tobytes() == frame.convert("1").tobytes()
    spy = mocker.spy(m.device, "display")
    m.show(frame.convert("1"))  # the same frame again: nothing is sent
    assert spy.call_count == 0
    with pytest.raises(ValueError, match="32×8"):
        m.show(Image.new("1", (8, 8)))
    assert m.device.image.convert("1").tobytes() == frame.convert("1").tobytes()


def test_a_farewell_stays_lit_after_close_and_a_plain_close_blanks():
    m = dummy_matrix()
    luma = m.device
    m.farewell("bye")
    m.close()
    assert luma.image.tobytes() == render_text("bye", (32, 8)).tobytes()
    other = dummy_matrix()
    luma = other.device
    other.text("R3")
    other.close()
    assert luma.image.getbbox() is None


def test_a_frame_of_the_wrong_size_is_refused_naming_both_sizes():
    from PIL import Image

    with pytest.raises(ValueError) as refused:
        dummy_matrix().show(Image.new("1", (16, 4)))
    assert str(refused.value) == (
        "LED matrix is 32×8; got an image of 16×4 (render at matrix.size)"
    )


def test_brightness_out_of_range_says_what_is_accepted():
    with pytest.raises(ValueError) as refused:
        dummy_matrix().brightness(256)
    assert str(refused.value) == "brightness must be an integer 0–255, got 256"


def test_an_spi_fault_is_reported_as_the_led_matrix(spi_bus, clock):
    from hw.events import DeviceFault

    events = []
    opener = devices.real_matrix(CFG, serial=lambda c: spi(spi=spi_bus, gpio=noop()))
    m = Matrix("LED matrix", CFG.size, opener, clock=clock, notify=events.append)
    spi_bus.writebytes.side_effect = OSError(errno.EIO, "I/O error")
    m.text("1")
    assert events == [DeviceFault("LED matrix", False, m.health.last_error, clock())]


def test_text_on_an_upright_matrix_is_centred_top_to_bottom_from_the_left_edge():
    # rotate = 1: the chain stands on end, 8 wide and 32 high; "R3" (15 wide) is cut at the
    # right edge, not pushed one column in.
    from PIL import Image

    cfg = dataclasses.replace(CFG, rotate=1)
    m = Matrix("LED matrix", cfg.size, devices.dummy_matrix(cfg))
    m.text("R3")
    expected = Image.new("1", (8, 32))
    expected.paste(render_text("R3", (31, 8)).crop((8, 0, 16, 8)), (0, 12))  # drawn from x 8
    assert m.image.tobytes() == expected.tobytes()
    # The luma device holds the chain's own 32×8 picture: the frame turned a quarter.
    assert m.device.image.mode == "1" and not m.degraded
    assert m.device.image.tobytes() == expected.rotate(-90, expand=True).tobytes()


@pytest.mark.parametrize("rotate", [0, 1])
def test_the_mock_matrix_has_the_real_chains_size_rotation_and_pixel_mode(spi_bus, rotate):
    cfg = dataclasses.replace(CFG, rotate=rotate)
    real = devices.real_matrix(cfg, serial=lambda c: spi(spi=spi_bus, gpio=noop()))
    mock = devices.dummy_matrix(cfg)
    chain, dummy = real.make(real.open_bus()), mock.make(mock.open_bus())
    assert (dummy.size, dummy.rotate, dummy.mode) == (chain.size, chain.rotate, chain.mode)
    assert dummy.mode == "1" and dummy.size == cfg.size


def test_a_matrix_the_user_may_not_open_names_the_spi_group_under_its_config_key(clock):
    def denied(cfg: object) -> object:
        raise PermissionError(errno.EACCES, "Permission denied", "/dev/spidev0.0")

    events = []
    opener = devices.real_matrix(CFG, serial=denied)
    m = Matrix("LED matrix", CFG.size, opener, clock=clock, notify=events.append)
    (fault,) = events
    assert fault.reason == (
        "matrix: permission denied on /dev/spidev0.0: add the user to the 'spi' group: "
        "sudo usermod -aG spi $USER, then log out and in again"
    )
    assert m.degraded and m.health.gave_up
