"""A pad on gpiozero's mock pins: the LED's blink rhythm, closing."""

from __future__ import annotations

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from hw.config import PadConfig
from hw.pad import Pad

LED_PIN = 22


@pytest.fixture
def pad():
    factory = MockFactory(revision="d04170", pin_class=MockPWMPin)
    p = Pad(
        "red",
        PadConfig(left=4, right=17, select=27, led=LED_PIN),
        pin_factory=factory,
        on_edge=lambda *e: None,
    )
    yield p, factory.pin(LED_PIN)
    p.close()
    factory.close()


def test_the_led_blinks_half_a_second_on_half_a_second_off(pad, mocker):
    # gpiozero's own blink thread keeps the rhythm: what the pad asks of it is the rhythm.
    p, pin = pad
    blink = mocker.spy(type(p.led), "blink")
    p.led_blink()
    blink.assert_called_once_with(p.led, on_time=0.5, off_time=0.5)
    assert p.led_state == "blink"
    p.led_off()
    assert pin.state == 0


def test_a_closed_pad_reads_no_buttons_and_closes_again_harmlessly(pad):
    p, _ = pad
    p.close()
    p.close()
    assert p.pressed_now() == frozenset() and p.led is None
