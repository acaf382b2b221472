"""The config's cross-key checks (hw/config/wiring.py), each problem read in full as
`companion check-config` prints it: the key it is under and the words that say what to change."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest
from hw_testing import CONFIG, with_edits

from hw.config import ConfigError, parse_config

PI = tomllib.loads((CONFIG / "pi.toml").read_text())  # I²C main display, pads behind a mux
SIM = tomllib.loads((CONFIG / "sim.toml").read_text())  # SPI main display on CE1, matrix on CE0
MUXED = ("red", "blue", "yellow", "green")  # pi.toml's pads behind the mux; black's is on I²C0


def problems(data: dict[str, Any]) -> list[str]:
    """What the loader refuses in ``data``, one line per problem."""
    with pytest.raises(ConfigError) as info:
        parse_config(data, "test.toml")
    return info.value.problems


def test_without_i2c_the_displays_on_i2c_1_and_behind_its_mux_are_refused_but_not_i2c_0():
    data = with_edits(PI, **{"buses.i2c": False, "display.i2c_port": 1})  # black stays on I²C0
    no_i2c = "is 'i2c' but buses.i2c = false; enable I²C or use SPI"
    assert problems(data) == [
        f"display.interface: {no_i2c}",
        *(f"players.{colour}.display.interface: {no_i2c}" for colour in MUXED),
    ]


def test_an_spi_main_display_does_not_stop_the_pads_being_checked():
    data = with_edits(SIM, **{"players.blue.display.mux_channel": 0})
    assert problems(data) == [
        "players.blue.display.address: 0x3C on mux channel 0 is already used by "
        "players.red.display; give each display its own mux channel or address"
    ]


@pytest.mark.parametrize(
    ("edits", "key"),
    [
        ({"display.i2c_port": 1}, "display"),  # i2c-1 named
        ({"players.black.display.i2c_port": ...}, "players.black.display"),  # i2c-1, no channel
        ({}, "players.red.display"),  # behind the mux: it answers there too, channel selected
    ],
)
def test_a_display_on_i2c_1_at_the_mux_s_own_address_is_refused(edits: dict[str, object], key: str):
    at_mux = with_edits(PI, **edits, **{f"{key}.address": PI["mux"]["address"]})
    assert problems(at_mux) == [
        f"{key}.address: 0x{PI['mux']['address']:02X} is the mux's own address (mux.address)"
    ]
    moved = with_edits(at_mux, **{"mux.address": PI["mux"]["address"] + 1})
    parse_config(moved, "test.toml")  # the same display, once the mux is elsewhere


def test_a_display_on_i2c_0_may_have_the_mux_s_address():
    data = with_edits(PI, **{"players.black.display.address": PI["mux"]["address"]})
    assert parse_config(data, "test.toml").players["black"].display.address == PI["mux"]["address"]


def test_each_pad_behind_the_mux_at_a_root_bus_display_s_address_is_named():
    pad_address = PI["players"]["red"]["display"]["address"]
    data = with_edits(PI, **{"display.i2c_port": 1, "display.address": pad_address})
    assert problems(data) == [
        f"players.{colour}.display.address: 0x{pad_address:02X} behind the mux clashes with "
        "display on the root bus (port 1); move one of them to another address or mux channel"
        for colour in MUXED
    ]


def test_an_spi_display_on_another_port_than_spi0_is_refused():
    assert problems(with_edits(SIM, **{"display.spi_port": 1})) == [
        "display.spi_port: only SPI0 is described by [buses]; accepted: 0"
    ]
    assert problems(with_edits(PI, **{"matrix.spi_port": 1})) == [
        "matrix.spi_port: only SPI0 is described by [buses]; accepted: 0"
    ]


def test_ce1_needs_the_two_chip_select_overlay():
    assert problems(with_edits(PI, **{"matrix.spi_device": 1})) == [
        "matrix.spi_device: CE1 needs buses.spi = '2cs' (and GPIO 7 free)"
    ]
    parse_config(SIM, "test.toml")  # its main display is on CE1, under 2cs


def test_two_spi_devices_on_one_chip_select_name_the_first():
    assert problems(with_edits(SIM, **{"display.spi_device": 0})) == [
        "matrix.spi_device: SPI0.0 is already used by display"
    ]
