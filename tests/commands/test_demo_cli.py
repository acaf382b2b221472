"""`companion demo` as a user runs it: from any directory, the installed command."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

import companion
from companion.cli import main
from companion.commands.demo import _save_frames

ROOT = Path(__file__).resolve().parents[2]
# The tree this test imports (the checkout, or a mutant of it run by hand): what its
# programs must run too.
IMPORTED = Path(companion.__file__).resolve().parents[1]


def _companion(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONSAFEPATH")}
    if os.environ.get("COMPANION_TEST_SOURCE") == "1":  # the checkout, on purpose
        env["PYTHONPATH"] = str(IMPORTED)
        command = [sys.executable, "-m", "companion.cli"]
    else:
        command = [str(Path(sys.executable).with_name("companion"))]
    return subprocess.run(
        [*command, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300
    )


def test_demo_json_is_the_same_object_for_the_same_seed_from_any_directory(tmp_path):
    runs = [_companion("demo", "--players", "2", "--seed", "4", "--json", cwd=tmp_path)]
    runs.append(_companion("demo", "--players", "2", "--seed", "4", "--json", cwd=tmp_path))
    for r in runs:
        assert r.returncode == 0, r.stderr
    first, second = (json.loads(r.stdout) for r in runs)
    assert first == second
    assert set(first) == {"seed", "players", "rounds", "scorings", "scores", "winner", "actions"}
    assert first["seed"] == 4 and first["players"] == ["red", "blue"]
    assert [s["round"] for s in first["scorings"]] == [3, 6, 9]
    assert first["scorings"][-1]["totals"] == first["scores"]
    assert first["winner"] == max(first["scores"], key=first["scores"].get)
    assert {a["round"] for a in first["actions"]} == set(first["rounds"])
    assert all(set(a) == {"round", "player", "card", "carried_out"} for a in first["actions"])


def test_demo_saves_frames_and_an_animation(tmp_path):
    r = _companion(
        "demo", "--players", "2", "--seed", "4", "--pace", "0", "--frames", "out", cwd=tmp_path
    )
    assert r.returncode == 0, r.stderr
    assert "Winner:" in r.stdout and "R9 │" in r.stdout
    out = tmp_path / "out"
    assert len(list(out.glob("main-*.png"))) > 20
    assert (out / "main.gif").stat().st_size > 0 and (out / "scores.png").is_file()


def test_demo_refuses_a_bad_player_count_saying_what_is_accepted(tmp_path):
    r = _companion("demo", "--players", "7", cwd=tmp_path)
    assert r.returncode == 2 and "expected a whole number 2–5, got '7'" in r.stderr


@pytest.mark.parametrize("command", ["demo", "sim", "screens"])
@pytest.mark.parametrize("seed", ["9223372036854775808", "-5", "x"])
def test_a_seed_the_store_cannot_keep_is_refused_saying_what_is_accepted(command, seed):
    """A seed is stored with its game (SQLite keeps whole numbers below 2⁶³): one past that was
    played and then said as "NOT SAVED: cannot write"."""
    with pytest.raises(SystemExit) as stopped:
        main([command, "--seed", seed])
    assert stopped.value.code == 2


def test_the_largest_seed_is_kept_with_its_game_and_the_one_after_it_refused(tmp_path, capsys):
    with pytest.raises(SystemExit):
        main(["demo", "--seed", "9223372036854775808"])
    assert "expected a whole number 0–9223372036854775807, got '9223372036854775808'" in (
        capsys.readouterr().err
    )
    store = str(tmp_path / "game.db")
    largest = ["demo", "--seed", "9223372036854775807", "--json", "--pace", "0", "--store", store]
    assert main(largest) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["seed"] == 2**63 - 1 and "NOT SAVED" not in out + err


def test_the_shipped_configs_are_the_ones_in_config():
    for name in ("sim.toml", "pi.toml", "table.toml"):
        shipped = ROOT / "companion" / "configs" / name
        assert shipped.read_bytes() == (ROOT / "config" / name).read_bytes(), name


def test_the_frames_are_saved_numbered_from_1_twice_as_big_in_grey_and_as_one_looping_gif(
    tmp_path,
):
    frames = []
    for i in range(3):  # three different frames of a 1-bit main display
        img = Image.new("1", (16, 8), 0)
        img.putpixel((i, 0), 1)
        frames.append(img)
    folder = tmp_path / "out" / "frames"  # neither folder is there yet
    _save_frames(frames, folder)
    assert sorted(p.name for p in folder.iterdir()) == [
        "main-0001.png",
        "main-0002.png",
        "main-0003.png",
        "main.gif",
    ]
    for i, frame in enumerate(frames, 1):
        with Image.open(folder / f"main-{i:04d}.png") as png:
            assert (png.mode, png.size) == ("L", (32, 16))
            big = frame.convert("L").resize((32, 16))
            assert png.tobytes() == big.tobytes()
    with Image.open(folder / "main.gif") as gif:
        assert gif.n_frames == 3
        assert gif.info["loop"] == 0  # forever
        shown = []
        for i in range(3):
            gif.seek(i)
            assert gif.info["duration"] == 200
            shown.append(gif.convert("L").tobytes())
    assert shown == [f.convert("L").resize((32, 16)).tobytes() for f in frames]
