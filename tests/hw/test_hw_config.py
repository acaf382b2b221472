"""Config loading and validation: every problem at once, each naming its key."""

from __future__ import annotations

import tomllib

import pytest
from hw_testing import CONFIG, with_edits

from companion.commands.check_config import check_config_command
from hw.backend import resolve_backend
from hw.config import ConfigError, load_config, parse_config

PI = tomllib.loads((CONFIG / "pi.toml").read_text())


def problems(data: dict) -> list[str]:
    with pytest.raises(ConfigError) as info:
        parse_config(data, "test.toml")
    return info.value.problems


def edited(**changes) -> dict:
    """pi.toml with dotted-path edits, e.g. edited(**{"players.red.left": 17})."""
    return with_edits(PI, **changes)


def test_reference_build_validates_with_five_players_and_pad_displays():
    cfg = load_config(CONFIG / "pi.toml")
    assert list(cfg.players) == ["red", "blue", "yellow", "green", "black"]
    assert all(p.display and p.display.size == (128, 32) for p in cfg.players.values())
    assert cfg.display.model == "ssd1309" and cfg.display.mode == "1"
    assert len(cfg.gpios()) == 21  # 5 × (3 buttons + LED) + buzzer


def test_sim_profile_validates_and_chooses_mock():
    cfg = load_config(CONFIG / "sim.toml")
    assert cfg.backend == "mock"
    assert cfg.display.size == (256, 64) and cfg.display.mode == "RGB"


def test_unknown_keys_are_named_with_what_is_accepted():
    msgs = problems(edited(**{"players.red.colour": "x", "speakr": {}}))
    assert any(m.startswith("players.red.colour: unknown key; accepted here: left,") for m in msgs)
    assert any(m.startswith("speakr: unknown key") for m in msgs)


def test_wrong_types_name_the_key_and_the_accepted_values():
    (msg,) = problems(edited(**{"players.blue.led": "19"}))
    assert msg == 'players.blue.led: got string "19"; accepted: a BCM GPIO number 2–27'
    (msg,) = problems(edited(**{"buses.i2c": 1}))
    assert msg == "buses.i2c: got integer 1; accepted: true or false"


def test_gpio_used_twice_names_both_keys():
    (msg,) = problems(edited(**{"players.blue.left": 4}))
    assert msg == (
        "players.blue.left: GPIO 4 is already used by players.red.left; each GPIO can be used once"
    )


def test_pin_on_the_i2c_bus_in_use_is_refused():
    (msg,) = problems(edited(**{"players.red.led": 2}))
    assert msg.startswith("players.red.led: GPIO 2 is I²C SDA, which the buses in use claim")


def test_pin_on_spi_is_refused_only_when_that_line_is_claimed():
    (msg,) = problems(edited(**{"buses.spi_miso": True}))  # GPIO 9 is black's select
    assert msg.startswith("players.black.select: GPIO 9 is SPI0 MISO")
    (msg,) = problems(edited(**{"buses.spi": "2cs"}))  # GPIO 7 is black's LED
    assert msg.startswith("players.black.led: GPIO 7 is SPI0 CE1")


def test_player_without_a_pad_is_refused():
    data = edited()
    data["players"]["black"] = {"led": 8}
    msgs = problems(data)
    for button in ("left", "right", "select"):
        assert f"players.black.{button}: missing; every player needs a pad: left, right and " in (
            "\n".join(msgs)
        )


def test_display_model_luma_does_not_have_is_refused_with_the_list():
    (msg,) = problems(edited(**{"display.model": "ssd9999"}))
    assert msg.startswith('display.model: "ssd9999" is not a luma.oled display model')
    assert "ssd1306, sh1106, ssd1309, ssd1322, ssd1325, ssd1327" in msg


def test_size_the_model_does_not_support_is_refused_by_asking_luma():
    (msg,) = problems(edited(**{"display.width": 200}))
    assert msg == (
        "display.width: 200×64 is not a size luma's ssd1309 supports; "
        "accepted: 64×32, 64×48, 128×32, 128×64"
    )


def test_the_sizes_accepted_are_luma_s_for_each_model():
    (msg,) = problems(edited(**{"display.model": "ssd1322", "display.width": 200}))
    assert msg.endswith(
        "accepted: 64×32, 64×48, 64×64, 128×32, 128×48, 128×64, 256×32, 256×48, 256×64"
    )
    (msg,) = problems(edited(**{"display.model": "sh1106", "display.width": 200}))
    assert msg.endswith("luma's sh1106 supports; accepted: 128×32, 128×64, 128×128")


def test_a_display_too_small_for_its_pages_is_refused_with_what_keeps_it_wide():
    (msg,) = problems(edited(**{"display.rotate": 1}))
    assert msg == (
        "display: 64×128 as drawn (rotate = 1 turns it on its side) is too small for the pages; "
        "accepted: at least 128×64 as drawn with rotate = 0 or 2"
    )
    (msg,) = problems(edited(**{"players.red.display.rotate": 3}))
    assert msg == (
        "players.red.display: 32×128 as drawn (rotate = 3 turns it on its side) is too small "
        "for the pages; accepted: at least 128×32 as drawn with rotate = 0 or 2"
    )
    (msg,) = problems(edited(**{"display.model": "ssd1306", "display.height": 32}))
    assert msg == (
        "display: 128×32 as drawn is too small for the pages; accepted: at least 128×64 as drawn"
    )
    assert parse_config(edited(**{"display.rotate": 2}), "test.toml").display.size == (128, 64)


def test_every_problem_is_reported_at_once():
    data = edited(**{"backend": "cloud", "players.red.left": 40, "display.contrast": 300})
    data["players"]["purple"] = {}
    data["players"]["pink"] = {}  # a sixth colour, with no pins: each button named
    msgs = problems(data)
    assert len(msgs) == 8
    assert {m.split(":")[0] for m in msgs} == {
        "backend",
        "players",  # seven players
        "players.pink.left",
        "players.pink.right",
        "players.pink.select",
        "players.red.left",
        "display.contrast",
        "players.purple",
    }


def test_two_displays_on_one_bus_address_and_mux_clash():
    (msg,) = problems(edited(**{"players.blue.display.mux_channel": 0}))
    assert msg.startswith("players.blue.display.address: 0x3C on mux channel 0 is already used by")
    (msg,) = problems(edited(**{"players.blue.display.i2c_port": 0}))  # beside black's
    assert msg.startswith("players.black.display.address: 0x3C on I²C port 0 is already used by")
    msgs = problems(edited(**{"display.i2c_port": 1, "display.address": 0x3C}))
    assert all("clashes with display on the root bus" in m for m in msgs) and len(msgs) == 4


def test_spi_device_needs_its_bus():
    (msg,) = problems(edited(**{"buses.spi": "off"}))
    assert msg.startswith("matrix.spi_port: needs SPI but buses.spi = 'off'")


def test_pad_display_must_be_i2c():
    msgs = problems(edited(**{"players.red.display.interface": "spi"}))
    assert msgs[0].startswith(
        'players.red.display.interface: "spi" is not accepted; accepted: "i2c"'
    )


def test_a_pad_display_of_the_wrong_interface_has_its_other_keys_checked_each_named_once():
    data = edited(**{"players.red.display.interface": "spi", "players.red.display.contrast": 300})
    data["players"]["red"]["display"]["INTERFACE"] = "i2c"
    assert problems(data) == [
        'players.red.display.interface: "spi" is not accepted; accepted: "i2c"',
        "players.red.display.INTERFACE: unknown key; accepted here: model, interface, width, "
        "height, rotate, contrast, i2c_port, mux_channel, address, spi_port, spi_device, dc, "
        "reset",
        "players.red.display.contrast: 300 is not accepted; accepted: 0–255",
    ]


def test_a_pad_display_with_a_key_of_the_other_interface_is_still_checked_against_the_others():
    msgs = problems(
        edited(**{"players.red.display.spi_device": 0, "players.red.display.mux_channel": 1})
    )
    assert msgs == [
        'players.red.display.spi_device: only for interface = "spi"; remove it or set '
        'interface = "spi"',
        "players.blue.display.address: 0x3C on mux channel 1 is already used by "
        "players.red.display; give each display its own mux channel or address",
    ]


def test_input_timings_must_be_consistent():
    (msg,) = problems(edited(**{"input.stuck_after_s": 1.5, "input.long_press_s": 2.0}))
    assert msg == "input.stuck_after_s: must be longer than input.long_press_s"


def test_check_config_prints_summary_and_returns_0(capsys):
    assert check_config_command(str(CONFIG / "pi.toml")) == 0
    out = capsys.readouterr().out
    assert out.startswith("OK: ") and "5 players (red, blue, yellow, green, black)" in out


def test_check_config_prints_each_problem_to_stderr_and_returns_2(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text((CONFIG / "pi.toml").read_text().replace("left = 5", "left = 4"))
    assert check_config_command(str(bad)) == 2
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.splitlines()
    assert lines[0] == f"{bad}: players.blue.left: GPIO 4 is already used by players.red.left; " + (
        "each GPIO can be used once"
    )
    assert lines[-1] == f"{bad}: refused, 1 problem; nothing was started"


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (None, "no such file"),
        ("backend = [", "not valid TOML"),
        (b"\xff\xfe", "is not UTF-8 text (byte 0xFF at offset 0)"),
    ],
)
def test_missing_or_malformed_file_is_a_clean_message(tmp_path, capsys, content, expected):
    path = tmp_path / "c.toml"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content)
    assert check_config_command(str(path)) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{path}: {expected}") and "Traceback" not in err  # path named once


def test_backend_precedence_argument_then_environment_then_config():
    env = {"COMPANION_BACKEND": "mock"}
    assert resolve_backend("pi", "pi", env=env) == "pi"
    assert resolve_backend("pi", env=env) == "mock"
    assert resolve_backend("pi", env={}) == "pi"
    assert resolve_backend("auto", env={}, on_pi=True) == "pi"
    assert resolve_backend("auto", env={}, on_pi=False) == "mock"


def test_bad_backend_in_environment_is_named():
    with pytest.raises(ConfigError) as info:
        resolve_backend("pi", env={"COMPANION_BACKEND": "real"})
    assert info.value.problems == [
        "environment variable COMPANION_BACKEND: 'real' is not accepted; "
        "accepted: 'auto', 'mock', 'pi'"
    ]


def test_cross_key_problems_are_reported_alongside_single_key_ones():
    msgs = problems(edited(**{"display.contrast": -1, "players.green.led": 22, "buzzer.pin": 3}))
    assert msgs == [
        "display.contrast: -1 is not accepted; accepted: 0–255",
        "buzzer.pin: GPIO 3 is I²C SCL, which the buses in use claim; accepted: a GPIO other "
        "than 2, 3, 8, 10, 11",
        "players.green.led: GPIO 22 is already used by players.red.led; each GPIO can be used once",
    ]


def test_unknown_player_colour_lists_the_colours():
    data = edited()
    data["players"]["purple"] = data["players"].pop("black")
    (msg,) = problems(data)
    colours = "red, blue, yellow, green, black, pink"
    assert msg == f'players.purple: "purple" is not a player colour; accepted: {colours}'


def test_a_table_where_a_value_belongs_is_named_plainly():
    (msg,) = problems(edited(**{"buzzer.pin": {"gpio": 18}}))
    assert msg == "buzzer.pin: got table; accepted: a BCM GPIO number 2–27"
    (msg,) = problems(edited(**{"matrix": 4}))
    assert msg == "matrix: expected a table, got integer 4"


def test_a_mux_channel_needs_the_mux_and_is_one_of_eight():
    data = edited(**{"players.red.display.mux_channel": 8})
    del data["mux"]
    msgs = problems(data)
    assert "players.red.display.mux_channel: 8 is not accepted; accepted: a mux channel 0–7" in msgs
    assert "players.blue.display.mux_channel: needs a [mux] table with the mux's address" in msgs


def test_keys_of_the_other_interface_are_named():
    msgs = problems(edited(**{"players.red.display.dc": 5}))  # GPIO 5 is taken as well
    assert msgs[0] == (
        'players.red.display.dc: only for interface = "spi"; remove it or set interface = "spi"'
    )
    data = tomllib.loads((CONFIG / "sim.toml").read_text())
    data["display"]["address"] = 0x3D
    (msg,) = problems(data)
    assert msg == 'display.address: only for interface = "i2c"; remove it or set interface = "i2c"'


def test_gpio_chip_override_is_read_and_checked():
    cfg = parse_config(edited(**{"buses.gpio_chip": 4}), "test.toml")
    assert cfg.buses.gpio_chip == 4 and load_config(CONFIG / "pi.toml").buses.gpio_chip is None
    (msg,) = problems(edited(**{"buses.gpio_chip": 99}))
    assert msg == "buses.gpio_chip: 99 is not accepted; accepted: a gpiochip number 0–15"


def test_config_dataclasses_check_their_own_values_with_the_defaults_written_once():
    from hw.config import DisplayConfig, MatrixConfig, SpeakerConfig
    from hw.input import InputTiming

    assert (MatrixConfig().brightness, SpeakerConfig().rate, SpeakerConfig().volume) == (
        32,
        150,
        100,
    )
    with pytest.raises(ConfigError) as info:
        DisplayConfig("display", model="ssd1306", width=128, height=32, contrast=300, rotate=5)
    assert info.value.problems == [
        "rotate: 5 is not accepted; accepted: 0, 1, 2, 3",
        "contrast: 300 is not accepted; accepted: 0–255",
    ]
    with pytest.raises(ConfigError, match="stuck_after_s: must be longer than long_press_s"):
        InputTiming(long_press=9.0, stuck_after=5.0)


def test_the_buzzers_mid_tone_is_a_note_from_c4_to_c6():
    for note in ("C4", "C6"):
        assert parse_config(edited(**{"buzzer.mid_tone": note}), "t.toml").buzzer.mid_tone == note
    accept = 'accepted: a note name from C4 to C6 such as "A5" or "C#5"'
    for note in ("B3", "C#6"):
        (msg,) = problems(edited(**{"buzzer.mid_tone": note}))
        assert msg == f'buzzer.mid_tone: "{note}" is not accepted; {accept}'


def test_the_gpios_of_an_spi_main_display_are_named_by_their_keys():
    freed = {"buzzer": ..., "matrix": ..., "players.red.led": ...}  # GPIO 18 and 22 free
    spi = {"display.interface": "spi", "display.i2c_port": ..., "display.address": ...}
    cfg = parse_config(edited(**freed, **spi, **{"display.dc": 18, "display.reset": 22}), "t")
    assert {p: k for p, k in cfg.gpios().items() if p in (18, 22)} == {
        18: "display.dc",
        22: "display.reset",
    }


def test_with_spi_off_its_lines_are_free_for_a_pad():
    on_spi = {"players.black.right": 11, "players.black.select": 10, "players.black.led": 8}
    cfg = parse_config(edited(**{"buses.spi": "off", "matrix": ..., **on_spi}), "t.toml")
    assert {p: k for p, k in cfg.gpios().items() if p in (8, 10, 11)} == {
        11: "players.black.right",
        10: "players.black.select",
        8: "players.black.led",
    }


def test_each_spi0_line_in_use_is_named_when_a_pad_takes_it():
    msgs = problems(
        edited(**{"players.black.right": 11, "players.black.select": 10, "players.black.led": 8})
    )
    assert [m.split(", which the buses in use claim; ")[0] for m in msgs] == [
        "players.black.right: GPIO 11 is SPI0 SCLK",
        "players.black.select: GPIO 10 is SPI0 MOSI",
        "players.black.led: GPIO 8 is SPI0 CE0",
    ]


def test_an_spi_main_display_without_its_dc_line_is_refused():
    sim = tomllib.loads((CONFIG / "sim.toml").read_text())
    with pytest.raises(ConfigError) as info:
        parse_config(with_edits(sim, **{"display.dc": ...}), "sim.toml")
    assert info.value.problems == [
        "display.dc: missing; an SPI display needs its D/C line: a BCM GPIO number 2–27"
    ]
