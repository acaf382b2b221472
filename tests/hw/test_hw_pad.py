"""A pad on gpiozero's mock pins: the LED's blink rhythm, closing."""

from __future__ import annotations

import threading

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


def test_the_led_blinks_half_a_second_on_half_a_second_off(pad):
    p, pin = pad
    p.led_blink()
    threading.Event().wait(1.1)  # on at 0, off at 0.5, on again at 1.0
    p.led_off()
    # Each state's timestamp is the time since the one before; states[0] is the idle pin.
    changes = [(s.timestamp, s.state) for s in pin.states[1:4]]
    assert [state for _, state in changes] == [1, 0, 1], changes
    on_for, off_for = changes[1][0], changes[2][0]
    assert (on_for, off_for) == (pytest.approx(0.5, abs=0.15), pytest.approx(0.5, abs=0.15))


def test_a_closed_pad_reads_no_buttons_and_closes_again_harmlessly(pad):
    p, _ = pad
    p.close()
    p.close()
    assert p.pressed_now() == frozenset() and p.led is None
