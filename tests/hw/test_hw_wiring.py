"""hw/WIRING.md's tables agree with config/pi.toml."""

from __future__ import annotations

import re

from hw_testing import CONFIG, ROOT

from hw.config import load_config

PI = load_config(CONFIG / "pi.toml")
WIRING = (ROOT / "hw" / "WIRING.md").read_text(encoding="utf-8")
# BCM GPIO → physical pin on the 40-pin header (the same on every 40-pin Pi).
HEADER = {
    0: 27, 1: 28, 2: 3, 3: 5, 4: 7, 14: 8, 15: 10, 17: 11, 18: 12, 27: 13, 22: 15, 23: 16,
    24: 18, 10: 19, 9: 21, 25: 22, 11: 23, 8: 24, 7: 26, 5: 29, 6: 31, 12: 32, 13: 33, 19: 35,
    16: 36, 26: 37, 20: 38, 21: 40,
}  # fmt: skip


def rows(section: str) -> list[list[str]]:
    body = WIRING.split(f"## {section}", 1)[1].split("\n## ", 1)[0]
    table = [line for line in body.splitlines() if line.startswith("|")]
    return [[c.strip() for c in line.strip("|").split("|")] for line in table[2:]]


I2C0 = "display.i2c_port"  # GPIO 0/1: the main display's own bus, I²C0


def test_every_configured_gpio_is_in_the_pin_table_with_its_key():
    documented = {
        int(r[0]): r[3] for r in rows("Pin table") if not r[3].startswith(("buses.", I2C0))
    }
    assert documented == PI.gpios()


def test_the_second_i2c_bus_is_on_gpio_0_and_1():
    assert {int(r[0]) for r in rows("Pin table") if r[3] == I2C0} == {0, 1}
    on_i2c0 = [d.key for d in PI.displays() if d.i2c_port == 0]
    assert on_i2c0 == ["display", "players.black.display"]


def test_bus_pins_in_the_table_are_the_buses_in_use():
    buses = {int(r[0]) for r in rows("Pin table") if r[3].startswith("buses.")}
    assert buses == set(PI.buses.reserved())


def test_header_pins_match_the_gpio_numbers():
    for r in rows("Pin table"):
        assert HEADER[int(r[0])] == int(r[1]), r


def test_mux_and_display_addresses_match_the_config():
    table = rows("I²C: the mux and the display addresses")
    mux = [r for r in table if r[4] == "mux.address"]
    assert int(mux[0][3], 16) == PI.mux_address
    displays = {
        r[4]: (None if r[0] == "—" else int(r[0]), int(r[3], 16), r[1], r[2])
        for r in table
        if r[4] != "mux.address"
    }
    expected = {"display": PI.display} | {
        f"players.{p}.display": pad.display for p, pad in PI.players.items()
    }
    assert set(displays) == set(expected)
    for key, cfg in expected.items():
        channel, address, bus, text = displays[key]
        port = int(bus.removeprefix("i2c-")) if bus.startswith("i2c-") else None
        assert (channel, address, port) == (cfg.mux_channel, cfg.address, cfg.i2c_port), key
        assert cfg.model.upper() in text and f"{cfg.width}×{cfg.height}" in text, key


def test_overlays_named_in_the_setup_match_the_bus_settings():
    assert re.search(r"^dtoverlay=spi0-1cs,no_miso$", WIRING, re.M)
    assert PI.buses.spi == "1cs" and not PI.buses.spi_miso
    assert f"dtoverlay=i2c-mux,pca9548,addr=0x{PI.mux_address:02x}" in WIRING
    assert re.search(r"^dtparam=i2c_arm_baudrate=400000$", WIRING, re.M)
    # I²C0 for the main display, above every dtoverlay line (after one it would be its param)
    ini = WIRING.split("```ini", 1)[1].split("```", 1)[0].splitlines()
    lines = [line for line in ini if line and not line.startswith("#")]
    first_overlay = next(i for i, line in enumerate(lines) if line.startswith("dtoverlay="))
    for line in ("dtparam=i2c_vc=on", "dtparam=i2c_vc_baudrate=400000"):
        assert lines.index(line) < first_overlay, line


def test_the_builder_is_told_groups_and_what_a_loose_cable_does():
    assert 'sudo usermod -aG gpio,i2c,spi "$USER"' in WIRING
    loose = WIRING.split("## When a cable comes loose", 1)[1].split("\n## ", 1)[0]
    assert "**nothing is detected**" in loose and "SPI" in loose
