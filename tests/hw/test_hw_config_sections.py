"""The sections of the hardware config read one by one: what a section left out defaults to,
what a missing or misshapen section is told as, and the file a config or its problems name."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hw_testing import CONFIG, with_edits

from hw.config import ConfigError, load_config, parse_config
from hw.config.model import PLAYER_COLOURS, BusConfig, SpeakerConfig
from hw.input import InputTiming

PI = tomllib.loads((CONFIG / "pi.toml").read_text())
COLOURS = ", ".join(PLAYER_COLOURS)


def problems(data: dict) -> list[str]:
    with pytest.raises(ConfigError) as info:
        parse_config(data, "test.toml")
    return info.value.problems


def edited(**changes: object) -> dict:
    """pi.toml with dotted-path edits (``...`` deletes), e.g. edited(**{"players.red.left": 17})."""
    return with_edits(PI, **changes)


def written(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "hw.toml"
    path.write_text(text)
    return path


# -- sections left out ---------------------------------------------------------------------------


def test_a_config_without_backend_buses_input_or_speaker_takes_their_defaults():
    data = edited(backend=..., buses=..., input=..., speaker=...)
    cfg = parse_config(data, "test.toml")
    assert cfg.backend == "auto"
    assert cfg.buses == BusConfig()
    assert cfg.input == InputTiming()
    assert cfg.speaker == SpeakerConfig()


def test_the_input_timings_written_are_the_ones_used():
    cfg = parse_config(edited(**{"input.debounce_s": 0.05, "input.stuck_after_s": 40}), "t.toml")
    assert (cfg.input.debounce, cfg.input.stuck_after) == (0.05, 40)


def test_a_config_without_a_main_display_says_it_is_required():
    assert (
        "display: missing; the main display is required: a table with model, width, height …"
        in problems(edited(display=...))
    )


def test_a_config_without_players_says_how_to_write_them():
    assert problems(edited(players=...)) == [
        "players: missing; accepted: a [players.COLOUR] table per player, COLOUR one of "
        f"{COLOURS} (or [web] phone_only seats)"
    ]


def test_players_that_are_not_tables_are_told_what_is_expected():
    assert problems(edited(players=3)) == ["players: expected [players.COLOUR] tables"]


# -- how many players ----------------------------------------------------------------------------


def test_two_players_are_enough_and_one_is_refused_with_the_count():
    two = edited()
    two["players"] = {c: two["players"][c] for c in ("red", "blue")}
    assert list(parse_config(two, "t.toml").players) == ["red", "blue"]
    one = edited()
    one["players"] = {"red": one["players"]["red"]}
    assert problems(one) == [
        "players: 1 players configured; accepted: 2–6 seats, each a [players.COLOUR] pad or a "
        "[web] phone_only phone"
    ]


# -- displays ------------------------------------------------------------------------------------


def test_an_unknown_interface_is_the_one_problem_not_the_keys_of_another():
    assert problems(edited(**{"display.interface": "usb"})) == [
        'display.interface: "usb" is not accepted; accepted: "i2c", "spi"'
    ]


def test_a_mux_that_is_not_a_table_is_one_problem_not_one_per_display_behind_it():
    assert problems(edited(mux=3)) == ["mux: expected a table, got integer 3"]


# -- the speaker's program -----------------------------------------------------------------------


@pytest.mark.parametrize("length", [1, 200])
def test_a_speaker_program_of_1_to_200_characters_is_accepted(length: int):
    program = "e" * length
    cfg = parse_config(edited(**{"speaker.executable": program}), "t.toml")
    assert cfg.speaker.executable == program


@pytest.mark.parametrize("length", [0, 201])
def test_a_speaker_program_empty_or_of_201_characters_is_refused(length: int):
    (msg,) = problems(edited(**{"speaker.executable": "e" * length}))
    assert msg.startswith("speaker.executable: ") and "up to 200 characters" in msg


# -- the file named ------------------------------------------------------------------------------


def test_a_loaded_config_names_its_file_and_a_parsed_one_its_source():
    path = CONFIG / "sim.toml"
    assert load_config(path).source == str(path)
    data = tomllib.loads(path.read_text())
    assert parse_config(data, "from-the-table").source == "from-the-table"
    assert parse_config(data).source == "<config>"


def test_the_problems_of_a_loaded_file_name_that_file(tmp_path: Path):
    path = written(tmp_path, (CONFIG / "pi.toml").read_text().replace('"pi"', '"cloud"', 1))
    with pytest.raises(ConfigError) as info:
        load_config(path)
    (problem,) = info.value.problems
    assert problem.startswith('backend: "cloud" is not accepted')
    assert info.value.sources == [str(path)]
