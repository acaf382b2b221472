"""What check-config says of a valid hardware file: its one-line summary, part by part (where
the main display is, how many pad displays, the voice)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hw_testing import CONFIG
from test_hw_config_hostile import PI_TEXT, check

PADS = "5 players (red, blue, yellow, green, black)"
MATRIX_BUZZER = "matrix 4×MAX7219 on SPI0.0, buzzer on GPIO 18"


def summary(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """The summary check-config prints for the hardware file at ``path``."""
    rc, out, err = check(path, capsys)
    assert (rc, err) == (0, [])
    head = f"OK: {path}: "
    assert out[0].startswith(head), out
    return out[0].removeprefix(head)


def without_pad_displays(text: str, keep: int) -> str:
    """pi.toml with the inline displays of every pad but the last ``keep`` taken out."""
    lines = re.findall(r"^display = \{.*\n", text, flags=re.M)
    for line in lines[: len(lines) - keep]:
        text = text.replace(line, "", 1)
    return text


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            PI_TEXT,
            f"backend pi, {PADS}, main display ssd1309 128×64 on I²C port 0 at 0x3D, "
            f"5 pad displays, {MATRIX_BUZZER}, voice en at 150 wpm",
        ),
        (
            without_pad_displays(PI_TEXT, 1),
            f"backend pi, {PADS}, main display ssd1309 128×64 on I²C port 0 at 0x3D, "
            f"1 pad display, {MATRIX_BUZZER}, voice en at 150 wpm",
        ),
        (
            without_pad_displays(PI_TEXT, 2),
            f"backend pi, {PADS}, main display ssd1309 128×64 on I²C port 0 at 0x3D, "
            f"2 pad displays, {MATRIX_BUZZER}, voice en at 150 wpm",
        ),
        (
            without_pad_displays(PI_TEXT, 0),
            f"backend pi, {PADS}, main display ssd1309 128×64 on I²C port 0 at 0x3D, "
            f"0 pad displays, {MATRIX_BUZZER}, voice en at 150 wpm",
        ),
        (  # no i2c_port and no mux channel: i2c-1, where the mux is
            PI_TEXT.replace("i2c_port = 0\n", "", 1),
            f"backend pi, {PADS}, main display ssd1309 128×64 on I²C port 1 at 0x3D, "
            f"5 pad displays, {MATRIX_BUZZER}, voice en at 150 wpm",
        ),
        (
            PI_TEXT.replace("enabled = true", "enabled = false", 1),
            f"backend pi, {PADS}, main display ssd1309 128×64 on I²C port 0 at 0x3D, "
            f"5 pad displays, {MATRIX_BUZZER}, voice off",
        ),
        (
            (CONFIG / "sim.toml").read_text(),
            "backend mock, 4 players (red, blue, yellow, green), main display ssd1322 256×64 "
            f"on SPI0.1, 2 pad displays, {MATRIX_BUZZER}, voice en at 150 wpm",
        ),
    ],
    ids=[
        "pi.toml",
        "one pad display",
        "two pad displays",
        "no pad display",
        "main display on i2c-1",
        "voice off",
        "sim.toml: an SPI main display",
    ],
)
def test_the_summary_says_each_part_of_the_config(tmp_path, capsys, text, said):
    path = tmp_path / "hw.toml"
    path.write_text(text)
    assert summary(path, capsys) == said
