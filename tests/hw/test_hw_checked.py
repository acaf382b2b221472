"""Self-checking dataclasses (hw/checked.py) built from Python, as gpiozero's constructors are:
each wrong field named with what is accepted, all at once.

The dataclasses are declared inside the tests (a declaration runs ``setting``), so that what a
declaration does is tested too, not only what the shipped config's declarations did at import.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass

import pytest

from hw.checked import REQUIRED, Checked, ConfigError, setting
from hw.config.model import gpio
from hw.config.reader import Reader


def lamp_class() -> type:
    @dataclass(frozen=True)
    class Lamp(Checked):
        pin: int = setting(
            REQUIRED,
            kind=int,
            accept="a GPIO 2–27",
            check=range(2, 28).__contains__,
            gpio=True,
            missing="wire the lamp to a GPIO and give its number",
        )
        colour: str = setting(REQUIRED, choices=("red", "green"))  # its kind: the choices'
        level: int = setting(255)  # accepted: said by its kind's name
        address: int = setting(
            0x3C, accept="0x03–0x77", check=range(3, 0x78).__contains__, hex=True, toml="i2c-addr"
        )
        mode: str = setting("on", choices=("on",))

    return Lamp


def refused(cls: type, **values) -> list[str]:
    with pytest.raises(ConfigError) as info:
        cls(**values)
    return info.value.problems


def test_a_missing_field_says_what_to_give():
    r = Reader()  # passes REQUIRED for a key the table does not have
    assert r.section(lamp_class(), {}, "lamp") is None
    assert r.problems == [
        "lamp.pin: missing; wire the lamp to a GPIO and give its number",
        'lamp.colour: missing; accepted: "red", "green"',
    ]


def test_every_wrong_field_is_named_by_its_toml_key_with_what_is_accepted():
    lamp = lamp_class()
    assert refused(lamp, pin=4, colour="blue", level="high", address=0x80, mode="off") == [
        'colour: "blue" is not accepted; accepted: "red", "green"',
        'level: got string "high"; accepted: int',
        "i2c-addr: 0x80 is not accepted; accepted: 0x03–0x77",
        'mode: "off" is not accepted; accepted: "on"',
    ]
    ok = lamp(pin=4, colour="green")
    assert (ok.pin, ok.colour, ok.level, ok.address, ok.mode) == (4, "green", 255, 0x3C, "on")


def test_a_value_of_a_type_toml_has_no_word_for_is_named_by_its_python_type():
    assert refused(lamp_class(), pin=(4,), colour="red") == [
        "pin: got tuple (4,); accepted: a GPIO 2–27"
    ]


def test_the_error_reads_one_problem_a_line():
    """What a traceback shows when a program builds a config from Python."""
    with pytest.raises(ConfigError) as info:
        lamp_class()(pin=1, colour="red", level=None, mode=1)
    assert str(info.value) == (
        'pin: 1 is not accepted; accepted: a GPIO 2–27\nmode: got integer 1; accepted: "on"'
    )


def test_the_reader_tracks_the_gpio_fields_only_and_reads_each_by_its_toml_key():
    r = Reader()
    table = {"pin": 4, "colour": "red", "level": 5, "i2c-addr": 0x3D}
    lamp = r.section(lamp_class(), table, "lamp")
    assert r.problems == [] and lamp is not None and lamp.address == 0x3D
    assert r.gpio_uses == [(4, "lamp.pin")]


def test_a_required_setting_without_a_kind_is_refused_when_declared():
    with pytest.raises(TypeError) as info:
        setting(REQUIRED, accept="anything")
    assert str(info.value) == "a required setting needs its kind"


def test_help_shows_a_required_default_by_its_name():
    assert "default: 'Any' = REQUIRED," in str(inspect.signature(gpio))
