"""`bench_bus`: the bytes a press would put on the buses, counted by the partial-update drivers
themselves, the mux's channel selects, and the physical limit beside them."""

from __future__ import annotations

from PIL import Image, ImageDraw

from companion.app.config import load_app_config
from companion.commands.bench_bus import (
    I2C_CLOCKS_PER_BYTE,
    I2C_HZ,
    MUX_SELECT_BYTES,
    BusMeter,
    PressBytes,
)
from hw.partial import I2C_WINDOW_OVERHEAD

PAD_FRAME = 128 * 32 // 8 + I2C_WINDOW_OVERHEAD  # a whole frame: its pages in one window


def _meter() -> tuple[BusMeter, str, str]:
    hardware, _ = load_app_config(None, "pi.toml")
    red, blue = (hardware.players[p].display.key for p in ("red", "blue"))
    return BusMeter(hardware), red, blue


def test_first_frames_go_whole_and_each_channel_switch_costs_a_mux_select():
    meter, red, blue = _meter()
    blank = Image.new("1", (128, 32))
    got = meter.press([(red, blank), (blue, blank)])
    assert got == PressBytes(i2c=2 * (PAD_FRAME + MUX_SELECT_BYTES), spi=0, changed=got.changed)
    assert meter.press([(red, blank), (blue, blank)]) == PressBytes(0, 0, 0)  # nothing differs


def test_a_one_row_change_costs_its_window_and_the_limit_is_the_bytes_that_differ():
    meter, red, blue = _meter()
    blank = Image.new("1", (128, 32))
    meter.press([(blue, blank), (red, blank)])  # the mux is left on red's channel
    line = blank.copy()
    ImageDraw.Draw(line).line((10, 9, 20, 9), fill=1)  # 11 columns of page 1
    assert meter.press([(red, line)]) == PressBytes(
        i2c=11 + I2C_WINDOW_OVERHEAD, spi=0, changed=11 + I2C_WINDOW_OVERHEAD
    )
    assert meter.press([(blue, line)]).i2c == 11 + I2C_WINDOW_OVERHEAD + MUX_SELECT_BYTES


def test_the_bus_time_is_nine_clocks_a_byte_at_400_khz():
    assert (
        PressBytes(i2c=400, spi=0, changed=400).bus_ms()
        == 400 * I2C_CLOCKS_PER_BYTE / I2C_HZ * 1000
    )
