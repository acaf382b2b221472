"""Displays: golden images of what reaches luma, the real luma.oled driver on a mocked bus,
and bus faults (degraded, back-off, recovery)."""

from __future__ import annotations

import dataclasses
import errno
import logging

import pytest
from hw_testing import CONFIG, assert_golden
from luma.core.interface.serial import i2c
from luma.core.legacy import text
from PIL import Image, ImageDraw

from hw import devices
from hw.config import load_config
from hw.display import Display
from hw.events import DeviceFault

SIM = load_config(CONFIG / "sim.toml")
PI = load_config(CONFIG / "pi.toml")


def scene(size: tuple[int, int], mode: str = "L") -> Image.Image:
    """A deterministic test picture: frame, grey bars, and luma's pixel font."""
    img = Image.new(mode, size, 0)
    draw = ImageDraw.Draw(img)
    w, h = size
    draw.rectangle((0, 0, w - 1, h - 1), outline=255)
    for i in range(4):
        draw.rectangle((4 + i * 10, h - 12, 11 + i * 10, h - 4), fill=64 * (i + 1) - 1)
    text(draw, (4, 3), "EL GRANDE", fill=255)
    draw.line((w // 2, 2, w - 3, h - 3), fill=200)
    return img


def dummy_display(cfg, **kw) -> Display:
    return Display("test display", cfg.size, cfg.mode, devices.dummy_display(cfg), **kw)


def test_main_ssd1322_display_gets_the_image_in_its_own_mode():
    d = dummy_display(SIM.display)
    d.show(scene(d.size))
    assert d.device.image.mode == "RGB"
    assert_golden("main_ssd1322_256x64", d.device.image)


def test_pad_ssd1306_display_gets_a_one_bit_image():
    d = dummy_display(PI.players["red"].display)
    d.show(scene(d.size))
    assert d.device.image.mode == "1"
    assert_golden("pad_ssd1306_128x32", d.device.image)


def test_rotated_display_takes_upright_images_and_rotates_them_for_the_panel():
    cfg = dataclasses.replace(PI.players["red"].display, rotate=2)
    d = dummy_display(cfg)
    picture = scene(d.size, "1")
    d.show(picture)
    assert d.device.image.tobytes() == picture.rotate(180).tobytes()


def test_wrong_size_is_refused_and_changes_nothing():
    d = dummy_display(PI.display)
    d.show(scene(d.size))
    before = d.device.image.tobytes()
    with pytest.raises(ValueError, match="main|test display is 128×64; got an image of 64×64"):
        d.show(Image.new("1", (64, 64)))
    assert d.device.image.tobytes() == before


def test_contrast_out_of_range_is_refused():
    d = dummy_display(PI.display)
    with pytest.raises(ValueError, match="0–255"):
        d.contrast(256)
    with pytest.raises(ValueError) as info:
        d.contrast(-1)
    assert str(info.value) == "contrast must be an integer 0–255, got -1"


# --- the real luma.oled driver on a mocked smbus ------------------------------------------------


@pytest.fixture
def bus(mocker):
    return mocker.MagicMock(name="smbus")


def real(cfg, bus, clock, events=None) -> Display:
    opener = devices.real_display(cfg, serial=lambda c: i2c(bus=bus, address=c.address))
    notify = events.append if events is not None else None
    return Display(cfg.model, cfg.size, cfg.mode, opener, clock=clock, notify=notify)


def commands(bus) -> list[list[int]]:
    return [c.args[2] for c in bus.write_i2c_block_data.call_args_list if c.args[1] == 0x00]


def test_real_ssd1306_driver_writes_pages_to_its_address(bus, clock):
    cfg = PI.players["red"].display
    d = real(cfg, bus, clock)
    bus.reset_mock()
    d.show(Image.new("1", d.size, 1))
    data = [c.args for c in bus.write_i2c_block_data.call_args_list if c.args[1] == 0x40]
    assert {a[0] for a in data} == {0x3C}
    assert sum(len(a[2]) for a in data) == 128 * 32 // 8  # every page byte, all lit
    assert all(b == 0xFF for a in data for b in a[2])


def test_contrast_sleep_and_wake_reach_the_panel(bus, clock):
    d = real(PI.display, bus, clock)
    bus.reset_mock()
    d.contrast(10)
    d.sleep()
    d.wake()
    assert commands(bus) == [[0x81, 10], [0xAE], [0xAF]]
    assert not d.asleep


def test_contrast_0_and_255_are_the_ends_of_the_range_and_reach_the_panel(bus, clock):
    d = real(PI.display, bus, clock)
    bus.reset_mock()
    d.contrast(0)
    d.contrast(255)
    assert commands(bus) == [[0x81, 0], [0x81, 255]]


def test_bus_error_degrades_the_display_and_the_game_goes_on(bus, clock, caplog):
    events: list = []
    d = real(PI.display, bus, clock, events)
    bus.write_i2c_block_data.side_effect = OSError(errno.EREMOTEIO, "Remote I/O error")
    with caplog.at_level(logging.WARNING):
        d.show(scene(d.size))  # no exception
        d.show(scene(d.size))
    assert d.degraded
    assert [(e.device, e.recovered) for e in events] == [("ssd1309", False)]
    assert "DeviceNotFoundError" in events[0].reason and "0x3D" in events[0].reason
    assert len([r for r in caplog.records if "degraded" in r.getMessage()]) == 1


def test_degraded_display_is_retried_with_back_off_and_used_again(bus, clock):
    events: list = []
    d = real(PI.display, bus, clock, events)
    bus.write_i2c_block_data.side_effect = OSError(errno.EREMOTEIO, "Remote I/O error")
    d.show(scene(d.size))
    calls = bus.write_i2c_block_data.call_count
    clock.advance(0.5)
    assert not d.retry()  # back-off not over: the bus is left alone
    assert bus.write_i2c_block_data.call_count == calls
    clock.advance(0.5)
    assert not d.retry()  # tried, still failing: next wait doubles
    assert bus.write_i2c_block_data.call_count == calls + 1
    assert d.health.next_retry == pytest.approx(clock.now + 2.0)
    bus.write_i2c_block_data.side_effect = None
    bus.reset_mock()
    clock.advance(2.0)
    assert d.retry()
    assert not d.degraded
    assert [(e.recovered) for e in events] == [False, True]
    assert all(isinstance(e, DeviceFault) for e in events)
    # Reopened: the init sequence ran again and the last image was sent again.
    assert [0xAF] in commands(bus)
    assert any(c.args[1] == 0x40 for c in bus.write_i2c_block_data.call_args_list)


def test_display_missing_at_start_is_degraded_not_fatal(bus, clock):
    bus.write_i2c_block_data.side_effect = OSError(errno.EREMOTEIO, "Remote I/O error")
    d = real(PI.players["blue"].display, bus, clock)
    assert d.degraded and d.device is None
    d.show(Image.new("1", d.size))  # remembered, not sent


def test_a_bus_that_fails_to_close_too_leaves_the_display_degraded_not_fatal(clock):
    class StuckBus:  # a luma serial interface whose close fails as well
        def cleanup(self):
            raise OSError(errno.EIO, "I/O error")

    def no_panel(bus):
        raise OSError(errno.EREMOTEIO, "Remote I/O error")

    d = Display("pad", (128, 32), "1", devices.Driver(StuckBus, no_panel), clock=clock)
    assert d.degraded and d.device is None
    d.show(Image.new("1", d.size))  # remembered, not sent
    d.close()


def test_raw_oserror_from_a_device_is_handled_too(mocker, clock):
    d = dummy_display(PI.display, clock=clock)
    mocker.patch.object(d.device, "display", side_effect=OSError(errno.EIO, "I/O error"))
    d.show(Image.new("1", d.size, 1))
    assert d.degraded and "errno 5" in d.health.last_error


def test_ssd1322_reset_line_is_held_low_for_at_least_200_microseconds(monkeypatch, mocker):
    import luma.core.interface.serial as serial

    steps: list[tuple] = []

    class FakeGPIO:  # RPi.GPIO's interface, as rpi-lgpio provides it on a Pi 5
        LOW, HIGH, OUT, BCM = 0, 1, 0, 11

        def setup(self, pin, direction, **kw):
            pass

        def output(self, pin, value):
            steps.append(("out", pin, value))

        def cleanup(self, *pins):
            pass

    monkeypatch.setattr(serial.bitbang, "__rpi_gpio__", lambda self: FakeGPIO(), raising=False)
    monkeypatch.setattr(serial.spi, "__spidev__", lambda self: mocker.MagicMock(), raising=False)
    monkeypatch.setattr(serial, "sleep", lambda s: steps.append(("sleep", s)))
    cfg = SIM.display  # SSD1322 on SPI, reset on GPIO 25
    d = Display("main display", cfg.size, cfg.mode, devices.real_display(cfg))
    low = steps.index(("out", cfg.reset, 0))
    assert steps[low + 1][0] == "sleep" and steps[low + 1][1] >= 200e-6
    assert steps[low + 2] == ("out", cfg.reset, 1)
    assert not d.degraded
    d.close()


def test_an_image_of_the_wrong_size_is_refused_naming_both_sizes_in_full():
    d = dummy_display(PI.display)
    with pytest.raises(ValueError) as info:
        d.show(Image.new("1", (64, 32)))
    assert str(info.value) == (
        "test display is 128×64; got an image of 64×32 (render at display.size)"
    )


def test_a_display_is_shown_by_its_name_size_and_state_never_its_content(bus, clock):
    d = dummy_display(PI.display)
    assert repr(d) == "<Display 'test display' 128×64 ok>"
    failing = real(PI.display, bus, clock)
    bus.write_i2c_block_data.side_effect = OSError(errno.EREMOTEIO, "Remote I/O error")
    failing.show(scene(failing.size))
    assert repr(failing) == "<Display 'ssd1309' 128×64 degraded>"


def test_a_woken_display_says_it_is_not_asleep(bus, clock):
    d = real(PI.display, bus, clock)
    d.sleep()
    assert d.asleep is True
    d.wake()
    assert d.asleep is False


def test_a_new_display_is_switched_on_and_says_it_is_not_asleep(bus, clock):
    d = real(PI.display, bus, clock)
    power = [c for c in commands(bus) if c in ([0xAE], [0xAF])]  # off, on
    assert power and power[-1] == [0xAF]
    assert d.asleep is False
