"""Outputs: what the app writes to the devices (here: the pad LEDs, on mock pins)."""

from __future__ import annotations

import pytest

from companion.app.config import load_app_config
from companion.app.outputs import Outputs
from hw.backend import MockBackend
from hw.hardware import build_hardware


@pytest.fixture
def hw():
    hardware, _ = load_app_config(None, "pi.toml")
    built = build_hardware(hardware, backend=MockBackend(), start=False)
    yield built
    built.close()


def lit(hw, player: str) -> bool:
    return bool(hw.pads[player].led.value)


def test_led_follows_what_the_app_asks_even_after_the_pad_was_set_elsewhere(hw):
    out = Outputs(hw)
    out.led("red", True)
    assert lit(hw, "red")
    hw.pads["red"].led_blink(on_time=10, off_time=10)  # set outside Outputs
    out.led("red", True)
    assert hw.pads["red"].led_state == "on"
    hw.pads["red"].led_off()
    out.led("red", True)  # the pad's own state decides, not a second copy of it
    assert lit(hw, "red") and hw.pads["red"].led_state == "on"
    out.led("red", False)
    assert not lit(hw, "red") and hw.pads["red"].led_state == "off"


def test_an_unchanged_led_is_not_written_again(hw, mocker):
    out = Outputs(hw)
    out.led("blue", True)
    on = mocker.spy(hw.pads["blue"], "led_on")
    out.led("blue", True)
    assert on.call_count == 0
