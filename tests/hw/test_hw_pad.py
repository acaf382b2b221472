"""A pad on gpiozero's mock pins: its edges, the LED's blink rhythm and state, closing."""

from __future__ import annotations

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from hw.config import PadConfig
from hw.events import Btn
from hw.pad import Pad

LED_PIN = 22


SELECT_PIN = 27


@pytest.fixture
def factory():
    f = MockFactory(revision="d04170", pin_class=MockPWMPin)
    yield f
    f.close()


@pytest.fixture
def edges() -> list[tuple[str, Btn, bool]]:
    """What the pad hands on: (player, button, pressed)."""
    return []


@pytest.fixture
def pad(factory, edges):
    p = Pad(
        "red",
        PadConfig(left=4, right=17, select=SELECT_PIN, led=LED_PIN),
        pin_factory=factory,
        on_edge=lambda *e: edges.append(e),
    )
    yield p, factory.pin(LED_PIN)
    p.close()


def test_a_press_and_a_release_are_handed_on_with_the_player_and_button(pad, factory, edges):
    p, _ = pad
    factory.pin(SELECT_PIN).drive_low()  # the button shorts its GPIO to ground
    factory.pin(SELECT_PIN).drive_high()
    assert edges == [("red", Btn.SELECT, True), ("red", Btn.SELECT, False)]
    assert repr(p) == "<Pad 'red'>"


def test_a_new_pad_says_its_led_is_off(pad):
    p, pin = pad
    assert p.led_state == "off" and pin.state == 0


def test_a_pad_without_an_led_has_none_and_still_keeps_its_led_state(factory):
    p = Pad("blue", PadConfig(left=5, right=6, select=13), pin_factory=factory, on_edge=print)
    try:
        assert p.led is None and p.led_state == "off"
        p.led_on()
        assert p.led_state == "on"
    finally:
        p.close()


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
