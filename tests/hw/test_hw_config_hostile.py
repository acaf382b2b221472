"""Hostile config files: each refused before it can hurt, with one escaped, short line a problem
naming the right file; and check-config reads the table.toml that `run` and `sim` load."""

from __future__ import annotations

import os
import re
import threading
from pathlib import Path

import pytest
from hw_testing import CONFIG

import hw
from companion.app.config import load_app_config
from companion.commands.check_config import check_config_command
from hw.config import ConfigError, load_config
from hw.config import voices as voices_module
from hw.config.toml_file import MAX_BYTES, MAX_DEPTH

PI_TEXT = (CONFIG / "pi.toml").read_text()


def check(path, capsys) -> tuple[int, list[str], list[str]]:
    rc = check_config_command(str(path))
    out, err = capsys.readouterr()
    return rc, out.splitlines(), err.splitlines()


def refused(path, capsys) -> list[str]:
    """The problem lines (the summary line checked and dropped)."""
    rc, out, err = check(path, capsys)
    assert rc == 2 and out == []
    *lines, summary = err
    n = len(lines)
    assert summary.endswith(f"refused, {n} problem{'s' if n != 1 else ''}; nothing was started")
    for line in err:
        assert line.isprintable() and "\x1b" not in line, line
    return lines


def pi_with(tmp_path, *edits: tuple[str, str], table: str | None = None):
    """pi.toml in a folder of its own, each (old, new) line replaced once; a table.toml beside."""
    text = PI_TEXT
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / "pi.toml"
    path.write_text(text)
    if table is not None:
        (tmp_path / "table.toml").write_text(table)
    return path


BROKEN_TABLES = [
    (
        'bidding = "closed"\n',
        'table.toml: bidding: got string "closed"; accepted: "sealed" or "open"',
    ),
    ("short_game = 1\n", "table.toml: short_game: got integer 1; accepted: false or true"),
    ('veto = "yes"\n', 'table.toml: veto: got string "yes"; accepted: true or false'),
    ("seats = []\n", "table.toml: seats: empty; list 2–5 seats, or leave seats out for every pad"),
    ('seats = ["red", "red"]\n', 'table.toml: seats: "red" is listed twice; each seat plays once'),
    ('seats = ["red"]\n', "table.toml: seats: 1 listed; El Grande is played by 2–5"),
    ('seats = "red"\n', 'table.toml: seats: got string "red"; accepted: an array of 2–5'),
    ('seats = [1, "red"]\n', "table.toml: seats[0]: got integer 1; accepted: a player colour"),
    ('seats = ["red", "purple"]\n', 'table.toml: seats: "purple" is not a player colour; accepted'),
    ("colour = 1\n", "table.toml: colour: unknown key; accepted here: ruleset,"),
    ("[bidding]\n", "table.toml: bidding: got table; accepted:"),
    ("ruleset = [", "table.toml: not valid TOML"),
    (b"\xef\xbb\xbfveto = true\n", "table.toml: starts with a UTF-8 byte order mark (BOM)"),
]


@pytest.mark.parametrize(("table", "expected"), BROKEN_TABLES)
def test_a_broken_table_beside_the_hardware_file_is_refused_under_its_own_name(
    tmp_path, capsys, table, expected
):
    path = pi_with(tmp_path)
    if isinstance(table, bytes):
        (tmp_path / "table.toml").write_bytes(table)
    else:
        (tmp_path / "table.toml").write_text(table)
    (line,) = refused(path, capsys)
    assert line.startswith(f"{tmp_path}/{expected}"), line
    with pytest.raises(ConfigError) as info:  # what run and sim load says the same
        load_app_config(path, "pi.toml")
    assert info.value.lines(str(path)) == [line]


def test_every_problem_of_both_files_is_reported_at_once_each_under_its_file(tmp_path, capsys):
    path = pi_with(
        tmp_path,
        ("contrast = 255", "contrast = 300"),
        table='bidding = "closed"\nseats = ["red", "red", "purple"]\nfoo = true\n',
    )
    lines = refused(path, capsys)
    assert [line.split(": ", 2)[:2] for line in lines] == [
        [str(path), "display.contrast"],
        [f"{tmp_path}/table.toml", "foo"],
        [f"{tmp_path}/table.toml", "bidding"],
        [f"{tmp_path}/table.toml", "seats"],
        [f"{tmp_path}/table.toml", "seats"],
    ]


def test_seats_without_a_pad_name_the_hardware_file(tmp_path, capsys):
    path = pi_with(tmp_path, table='seats = ["red", "blue"]\n')
    sim = (CONFIG / "sim.toml").read_text()
    (tmp_path / "pi.toml").write_text(re.sub(r"\[players\.blue[^\[]*", "", sim))
    (line,) = refused(path, capsys)
    assert line == f'{tmp_path}/table.toml: seats: "blue" has no pad in pi.toml; pads: ' + (
        "red, yellow, green"
    )


def test_a_table_file_given_alone_is_checked_alone(tmp_path, capsys):
    table = tmp_path / "house-rules.toml"
    table.write_text('bidding = "open"\nseats = ["red", "blue"]\n')
    rc, out, err = check(table, capsys)
    assert rc == 0 and err == []
    assert out == [
        f'OK: {table}: ruleset = "2015", short_game = false, veto = true, '
        + (
            'first_bidder = "random", castillo_public = false, bidding = "open", '
            'deck = "shuffled", tiebreak = "shared", castillo_disc_on_king = "forbidden"; '
            "seats: red, blue"
        )
    ]
    table.write_text('bidding = "closed"\n')
    assert refused(table, capsys) == [
        f'{table}: bidding: got string "closed"; accepted: "sealed" or "open"'
    ]


def test_ok_names_both_files(tmp_path, capsys):
    path = pi_with(tmp_path, table='deck = "physical"\n')
    rc, out, err = check(path, capsys)
    assert rc == 0 and err == []
    assert out[0].startswith(f"OK: {path}: backend pi, 5 players")
    assert out[1].startswith(f"OK: {tmp_path}/table.toml: ") and 'deck = "physical"' in out[1]


def test_run_names_the_table_file_for_the_tables_problem(tmp_path):
    import subprocess
    import sys

    path = pi_with(tmp_path, ("contrast = 255", "contrast = 300"), table="seats = []\n")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONSAFEPATH")}
    command = [str(Path(sys.executable).with_name("companion"))]
    if os.environ.get("COMPANION_TEST_SOURCE") == "1":
        env["PYTHONPATH"] = str(Path(hw.__file__).resolve().parents[1])  # the tree imported
        command = [sys.executable, "-m", "companion.cli"]
    r = subprocess.run(
        [*command, "run", "--config", str(path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 2
    assert r.stderr.splitlines() == [
        f"{path}: display.contrast: 300 is not accepted; accepted: 0–255",
        f"{tmp_path}/table.toml: seats: empty; list 2–5 seats, or leave seats out for every pad",
    ]


# -- bounded reads ------------------------------------------------------------------------------


def _reads_nothing(path, capsys, expected: str, named=None) -> None:
    done: list[list[str]] = []
    worker = threading.Thread(target=lambda: done.append(refused(path, capsys)), daemon=True)
    worker.start()
    worker.join(10)
    assert done, "check-config hung"
    assert done[0] == [f"{named or path}: {expected}; nothing was read"]


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path, capsys):
    fifo = tmp_path / "pi.toml"
    os.mkfifo(fifo)
    _reads_nothing(fifo, capsys, "is a FIFO (named pipe), not a regular file")


@pytest.mark.parametrize(
    ("path", "kind"), [("/dev/zero", "a character device"), ("/dev/null", "a character device")]
)
def test_a_device_is_refused_before_reading(capsys, path, kind):
    _reads_nothing(path, capsys, f"is {kind}, not a regular file")


def test_a_folder_is_refused(tmp_path, capsys):
    _reads_nothing(tmp_path, capsys, "is a folder, not a regular file")


def test_a_table_toml_that_is_a_fifo_beside_the_hardware_file_is_refused(tmp_path, capsys):
    path = pi_with(tmp_path)
    os.mkfifo(tmp_path / "table.toml")
    fifo = "is a FIFO (named pipe), not a regular file"
    _reads_nothing(path, capsys, fifo, named=tmp_path / "table.toml")


def test_a_huge_file_is_refused_by_its_size_and_a_huge_value_is_cut(tmp_path, capsys):
    big = tmp_path / "big.toml"
    big.write_text('backend = "' + "x" * 5_000_000 + '"\n')
    assert refused(big, capsys) == [
        f"{big}: is larger than {MAX_BYTES // 1024} KiB; a config is a few KiB"
    ]
    long = tmp_path / "long.toml"
    long.write_text(PI_TEXT.replace('backend = "pi"', 'backend = "' + "x" * 100_000 + '"'))
    (line,) = refused(long, capsys)
    assert (
        line
        == f'{long}: backend: "' + "x" * 58 + '… is not accepted; accepted: "auto", "mock", "pi"'
    )


@pytest.mark.parametrize(
    "text",
    [
        "a = " + "[" * 5000 + "]" * 5000,
        "a = " + "{b = " * 5000 + "1" + "}" * 5000,
        "a" + ".a" * 5000 + " = 1",
    ],
    ids=["arrays", "inline tables", "dotted keys"],
)
def test_deep_nesting_is_refused_in_one_line(tmp_path, capsys, text):
    deep = tmp_path / "deep.toml"
    deep.write_text(text + "\n")
    assert refused(deep, capsys) == [
        f"{deep}: tables or arrays nest deeper than {MAX_DEPTH} levels; a config needs 4"
    ]


def test_a_number_of_5001_digits_is_refused_and_a_long_one_cut(tmp_path, capsys):
    huge = tmp_path / "huge.toml"
    huge.write_text("backend = 1" + "0" * 5000 + "\n")
    assert refused(huge, capsys) == [f"{huge}: a number in it is longer than 4,300 digits"]
    path = pi_with(tmp_path, ("width = 128", "width = 1" + "0" * 300))
    (line,) = refused(path, capsys)
    assert line == f"{path}: display.width: 1{'0' * 58}… is not accepted; " + (
        "accepted: a width in pixels the model supports"
    )


def test_a_byte_order_mark_and_non_utf8_are_named(tmp_path, capsys):
    bom = tmp_path / "bom.toml"
    bom.write_bytes(b"\xef\xbb\xbf" + PI_TEXT.encode())
    assert refused(bom, capsys) == [
        f"{bom}: starts with a UTF-8 byte order mark (BOM); save it as UTF-8 without one"
    ]


# -- escaped and cut ----------------------------------------------------------------------------


def test_control_characters_in_keys_and_values_are_escaped(tmp_path, capsys):
    path = tmp_path / "keys.toml"
    path.write_text(
        PI_TEXT.replace(
            'backend = "pi"',
            'backend = "pi\\nOK: all fine"\n"\\u001b]0;retitled\\u0007" = 1\n"a\\nOK: forged" = 2',
        )
    )
    lines = refused(path, capsys)
    assert lines == [
        f'{path}: "\\u001B]0;retitled\\u0007": unknown key; accepted here: backend, buses, mux, '
        "input, display, matrix, speaker, buzzer, players, web",
        f'{path}: "a\\nOK: forged": unknown key; accepted here: backend, buses, mux, input, '
        "display, matrix, speaker, buzzer, players, web",
        f'{path}: backend: "pi\\nOK: all fine" is not accepted; accepted: "auto", "mock", "pi"',
    ]


def test_a_long_key_is_cut(tmp_path, capsys):
    path = tmp_path / "k.toml"
    path.write_text(PI_TEXT.replace('backend = "pi"', f'backend = "pi"\n{"k" * 5000} = 1'))
    (line,) = refused(path, capsys)
    assert line.startswith(f'{path}: "{"k" * 58}…: unknown key;')


def test_a_path_with_control_characters_is_shown_escaped(tmp_path, capsys):
    path = tmp_path / "x\x1b]0;t\x07.toml"
    path.write_text("backend = [")
    (line,) = refused(path, capsys)
    assert line.startswith(f"{tmp_path}/x\\u001B]0;t\\u0007.toml: not valid TOML")


def test_a_table_beside_that_cannot_be_read_is_refused_under_its_own_name(tmp_path, capsys):
    path = pi_with(tmp_path)
    (tmp_path / "table.toml").symlink_to("table.toml")  # a link to itself: ELOOP
    assert refused(path, capsys) == [
        f"{tmp_path}/table.toml: cannot be read (Too many levels of symbolic links)"
    ]
    with pytest.raises(ConfigError) as info:  # what run and sim load says the same
        load_app_config(path, "pi.toml")
    assert info.value.lines(str(path)) == [
        f"{tmp_path}/table.toml: cannot be read (Too many levels of symbolic links)"
    ]


# -- ranges, hex, voices ------------------------------------------------------------------------


def test_a_mux_address_in_hex_is_shown_in_hex_with_no_false_follow_on_lines(tmp_path, capsys):
    path = pi_with(tmp_path, ("address = 0x70", "address = 0x3C"))
    assert refused(path, capsys) == [
        f"{path}: mux.address: 0x3C is not accepted; accepted: 0x70–0x77"
    ]


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (
            "repeat_interval_s = 0.15",
            "repeat_interval_s = 1e-300",
            "input.repeat_interval_s: 1e-300 is not accepted; accepted: seconds, 0.02–2",
        ),
        (
            "debounce_s = 0.03",
            "debounce_s = nan",
            "input.debounce_s: nan is not accepted; accepted: seconds, 0.001–0.5",
        ),
        (
            "stuck_after_s = 30",
            "stuck_after_s = inf",
            "input.stuck_after_s: inf is not accepted; accepted: seconds, 1–3600",
        ),
        (
            "long_press_s = 0.8",
            "long_press_s = 1e300",
            "input.long_press_s: 1e+300 is not accepted; accepted: seconds, 0.1–10",
        ),
        (
            "i2c_port = 0\n",
            "i2c_port = 9223372036854775807\n",
            "display.i2c_port: 9223372036854775807 is not accepted; accepted: an I²C bus",
        ),
        (
            "[buses]\n",
            "[buses]\ngpio_chip = -1\n",
            "buses.gpio_chip: -1 is not accepted; accepted: a gpiochip number 0–15",
        ),
        (
            'voice = "en"',
            'voice = "en\\u0000"',
            'speaker.voice: "en\\u0000" is not a voice espeak-ng accepts; accepted: a voice',
        ),
        (
            'voice = "en"',
            'voice = "--help"',
            'speaker.voice: "--help" is not a voice espeak-ng accepts; accepted: a voice',
        ),
        (
            "[speaker]\n",
            '[speaker]\nexecutable = "-x"\n',
            'speaker.executable: "-x" is not accepted; accepted: a program name or path',
        ),
    ],
)
def test_timings_ports_and_voices_are_checked_against_their_ranges(
    tmp_path, capsys, old, new, expected
):
    path = pi_with(tmp_path, (old, new))
    (line,) = refused(path, capsys)
    assert line.startswith(f"{path}: {expected}"), line


def test_a_voice_is_asked_of_espeak_ng_when_it_is_installed(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(voices_module, "espeak_voices", lambda: frozenset({"en", "fr"}))
    assert voices_module.voice_ok("fr") and voices_module.voice_ok("EN+f3")
    path = pi_with(tmp_path, ('voice = "en"', 'voice = "zz-nosuch"'))
    (line,) = refused(path, capsys)
    assert line.startswith(f'{path}: speaker.voice: "zz-nosuch" is not a voice espeak-ng accepts')
    monkeypatch.setattr(voices_module, "espeak_voices", lambda: None)  # no espeak-ng: the form
    assert load_config(path).speaker.voice == "zz-nosuch"
    assert not voices_module.voice_ok("-v") and not voices_module.voice_ok("en us")


def test_the_real_espeak_ng_listing_knows_the_shipped_voice():
    if voices_module.espeak_voices() is None:
        pytest.skip("espeak-ng is not installed here")
    assert {"en", "en-us", "gmw/en"} <= voices_module.espeak_voices()


# -- how a value of the wrong kind is shown -----------------------------------------------------

BACKEND_ACCEPT = 'accepted: "auto", "mock", "pi"'
ONES, TWOS, THREES = "1" * 27, "2" * 27, "3" * 27


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("true", "got boolean true"),
        ("1.5", "got number 1.5"),
        ("1979-05-27T07:32:00", "got date-time 1979-05-27T07:32:00"),
        ("1979-05-27", "got date 1979-05-27"),
        ("07:32:00", "got time 07:32:00"),
        ("{ a = 1 }", "got table"),
        # An array in TOML's words, a nested array or table as an ellipsis.
        ("[1, [2], { a = 3 }]", "got array [1, […], {…}]"),
        # Cut at 60 characters, the ellipsis saying more follows.
        (f"[{ONES}, {TWOS}, {THREES}]", f"got array [{ONES}, {TWOS}, …"),
        # 60 characters exactly: shown whole.
        ('"' + "x" * 58 + '"', '"' + "x" * 58 + '" is not accepted'),
        # What a terminal would not print, as TOML escapes (one past U+FFFF takes eight digits).
        ('"\\uFFFF\\U000E0001"', '"\\uFFFF\\U000E0001" is not accepted'),
    ],
)
def test_a_value_of_the_wrong_kind_is_named_in_tomls_words(tmp_path, capsys, value, shown):
    path = pi_with(tmp_path, ('backend = "pi"', f"backend = {value}"))
    assert refused(path, capsys) == [f"{path}: backend: {shown}; {BACKEND_ACCEPT}"]


def test_an_array_cut_short_always_ends_in_an_ellipsis(tmp_path, capsys):
    """Two items make 59 characters: the third must not go missing without a trace."""
    path = pi_with(tmp_path, ('backend = "pi"', f"backend = [{ONES}1, {TWOS}, 3]"))
    assert refused(path, capsys) == [
        f"{path}: backend: got array [{ONES}1, {TWOS},…; {BACKEND_ACCEPT}"
    ]


def test_a_huge_integer_is_shown_cut_or_by_its_size(tmp_path, capsys):
    """Up to 14,000 bits its first digits (str() refuses past 4,300 digits), beyond, its size."""
    n = 2**13999  # 14,000 bits, 4,215 digits
    path = pi_with(tmp_path, ('backend = "pi"', f"backend = {n}"))
    assert refused(path, capsys) == [
        f"{path}: backend: got integer {str(n)[:59]}…; {BACKEND_ACCEPT}"
    ]
    path.write_text(PI_TEXT.replace('backend = "pi"', f"backend = {2 * n}", 1))
    assert refused(path, capsys) == [
        f"{path}: backend: got integer a 14001-bit number; {BACKEND_ACCEPT}"
    ]


def test_a_mux_address_of_zero_is_shown_in_hex_too(tmp_path, capsys):
    path = pi_with(tmp_path, ("address = 0x70", "address = 0"))
    assert refused(path, capsys) == [
        f"{path}: mux.address: 0x00 is not accepted; accepted: 0x70–0x77"
    ]


def test_a_long_path_is_shown_by_its_last_characters_with_the_files_name(tmp_path, capsys):
    """Up to 120 characters a path is shown whole; a longer one loses its start to an ellipsis."""
    for length in (120, 121, 200):
        name = "x" * (length - len(f"{tmp_path}/") - len(".toml")) + ".toml"
        path = tmp_path / name
        assert len(str(path)) == length
        path.write_text("backend = [")
        (line,) = refused(path, capsys)
        shown = str(path) if length <= 120 else "…" + str(path)[-119:]
        assert line.startswith(f"{shown}: not valid TOML"), line


@pytest.mark.parametrize(
    ("value", "shown"), [("true", "got boolean true"), ('"fast"', 'got string "fast"')]
)
def test_seconds_are_a_number_not_a_boolean_or_a_string(tmp_path, capsys, value, shown):
    path = pi_with(tmp_path, ("repeat_interval_s = 0.15", f"repeat_interval_s = {value}"))
    assert refused(path, capsys) == [
        f"{path}: input.repeat_interval_s: {shown}; accepted: seconds, 0.02–2"
    ]


def test_a_bare_key_of_60_characters_is_named_bare_and_a_longer_one_quoted_and_cut(
    tmp_path, capsys
):
    path = pi_with(tmp_path, ('backend = "pi"', f'backend = "pi"\n{"k" * 60} = 1\n{"k" * 61} = 1'))
    accepted = "accepted here: backend, buses, mux, input,"
    first, second = refused(path, capsys)
    assert first.startswith(f"{path}: {'k' * 60}: unknown key; {accepted}"), first
    assert second.startswith(f'{path}: "{"k" * 58}…: unknown key; {accepted}'), second
