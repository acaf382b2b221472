"""Opening luma devices on their real buses (smbus2 over FakeI2CAdapter, spidev and RPi.GPIO
over FakeSPI): the bus, address, pins and reset timing each config names, and the driver."""

from __future__ import annotations

import dataclasses
import os

import luma.oled.device
from hw_testing import CONFIG, FakeI2CAdapter, FakeSPI
from PIL import Image

from hw import devices
from hw.config import load_config
from hw.display import Display
from hw.matrix import Matrix

PI = load_config(CONFIG / "pi.toml")
SIM = load_config(CONFIG / "sim.toml")


def one_pixel(size: tuple[int, int], mode: str) -> Image.Image:
    img = Image.new(mode, size)
    img.putpixel((0, 0), 1 if mode == "1" else (255, 255, 255))
    return img


def test_a_display_behind_the_mux_is_opened_on_its_channels_bus_at_its_address(
    tmp_path, monkeypatch
):
    # A mux at 0x71 (not the default 0x70) whose channel 2 the kernel made i2c-13; a 96×16
    # SSD1306 at 0x3D there, turned a quarter (16 wide, 96 high).
    sysfs = tmp_path / "sys"
    (sysfs / "1-0071").mkdir(parents=True)
    os.symlink("../i2c-13", sysfs / "1-0071" / "channel-2")
    adapter = FakeI2CAdapter(tmp_path / "i2c", present={(13, 0x3D)}).install(monkeypatch)
    cfg = dataclasses.replace(
        PI.players["red"].display, mux_channel=2, address=0x3D, width=96, height=16, rotate=1
    )
    d = Display(
        cfg.key, cfg.size, cfg.mode, devices.real_display(cfg, mux_address=0x71, sysfs=sysfs)
    )
    try:
        assert not d.degraded, d.health.last_error
        assert d.device.size == (16, 96)
        before = len(adapter.frames(13, 0x3D))
        d.show(one_pixel(cfg.size, cfg.mode))
        assert len(adapter.frames(13, 0x3D)) > before and not d.degraded
    finally:
        d.close()


def test_a_model_hw_partial_does_not_cover_is_luma_oleds_own_driver(tmp_path, monkeypatch):
    FakeI2CAdapter(tmp_path / "i2c", present={(22, 0x3C)}).install(monkeypatch)
    cfg = dataclasses.replace(
        PI.players["red"].display, model="ssd1327", width=128, height=128, i2c_port=22
    )
    d = Display(cfg.key, cfg.size, cfg.mode, devices.real_display(cfg))
    try:
        assert type(d.device).__name__ == "ssd1327" and not d.degraded, d.health.last_error
        assert isinstance(d.device, luma.oled.device.ssd1327)
    finally:
        d.close()


def test_an_spi_display_opens_its_port_and_device_drives_its_pins_and_holds_reset(monkeypatch):
    # Not luma's defaults (SPI 0.0, D/C on GPIO 24, reset on 25): each setting must reach luma.
    cfg = dataclasses.replace(SIM.display, spi_port=1, spi_device=1, dc=23, reset=12)
    bus = FakeSPI().install(monkeypatch, dc=23)
    d = Display("main display", cfg.size, cfg.mode, devices.real_display(cfg))
    try:
        assert not d.degraded, d.health.last_error
        assert bus.opened == [(1, 1)] and sorted(set(bus.pins)) == [12, 23]
        low = bus.steps.index(("out", 12, 0))  # reset: low 200 µs, then high and 200 µs more
        assert bus.steps[low : low + 4] == [
            ("out", 12, 0),
            ("sleep", devices.RESET_HOLD_S),
            ("out", 12, 1),
            ("sleep", devices.RESET_RELEASE_S),
        ]
        assert devices.RESET_HOLD_S >= 200e-6 and devices.RESET_RELEASE_S >= 200e-6
        assert {level for level, _ in bus.transfers} == {0, 1}  # commands and data, on D/C
    finally:
        d.close()


def test_the_matrix_opens_its_spi_port_and_device_and_no_gpio_pins(monkeypatch, clock):
    # The MAX7219 chain has no D/C or reset line: BCM 24 and 25 stay free for other wiring.
    cfg = dataclasses.replace(PI.matrix, spi_port=1, spi_device=1)
    bus = FakeSPI().install(monkeypatch)
    m = Matrix("LED matrix", cfg.size, devices.real_matrix(cfg), clock=clock)
    try:
        assert not m.degraded, m.health.last_error
        assert bus.opened == [(1, 1)] and bus.pins == []
    finally:
        m.close()


def test_the_matrix_lights_the_led_luma_lights_for_its_block_orientation(monkeypatch, clock):
    from luma.core.interface.serial import noop, spi
    from luma.led_matrix.device import max7219

    cfg = PI.matrix  # block_orientation = -90: the modules are mounted turned
    assert cfg.block_orientation == -90
    frame = one_pixel(cfg.size, "1")
    reference = FakeSPI().install(monkeypatch)
    luma_own = max7219(
        spi(gpio=noop()), cascaded=cfg.cascaded, block_orientation=-90, rotate=cfg.rotate
    )
    luma_own.display(frame)
    full_frame = {data for _, data in reference.transfers[-8:]}  # one write per digit row
    bus = FakeSPI().install(monkeypatch)
    m = Matrix("LED matrix", cfg.size, devices.real_matrix(cfg), clock=clock)
    try:
        before = len(bus.transfers)
        m.show(frame)
        (sent,) = [data for _, data in bus.transfers[before:]]  # only the row that changed
        assert sent in full_frame and any(sent[1::2])
    finally:
        m.close()


def test_a_mock_display_takes_the_pixel_mode_of_its_real_model():
    for cfg in (PI.players["red"].display, SIM.display):
        mock = devices.dummy_display(cfg)
        dummy = mock.make(mock.open_bus())
        assert (dummy.mode, dummy.size) == (cfg.mode, cfg.size)
    assert PI.players["red"].display.mode == "1" and SIM.display.mode == "RGB"
