"""Block-level damage to a game in progress: any single damaged 4 KiB block loses no decision.

Seeded trials flip bits in, zero, cut out or truncate at 4 KiB blocks of game.db, its -wal and
the journal (or delete the file) of a store copied mid-game; the installed `companion
check-store` counts the decisions recovery keeps, and a damaged store is resumed and finished
by the installed `companion demo`. The full figures: docs/durability.md.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest
from block_damage import COMPANION, FILES, KINDS, kept, snapshots, trial


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    return snapshots(tmp_path_factory.mktemp("game"), seed=5, count=4)


@pytest.mark.parametrize("name", FILES)
def test_any_single_damaged_block_of_one_file_loses_no_decision(shots, name):
    rng = random.Random(f"one file {name}")
    for _ in range(16):
        shot, kind = rng.choice(shots), rng.choice(KINDS)
        assert trial(shot, (name,), kind, rng) == shot.made, (name, kind, shot.made)


def test_damage_to_both_files_keeps_a_prefix_and_never_fails(shots):
    rng = random.Random("two files")
    for _ in range(10):
        shot, kind = rng.choice(shots), rng.choice(KINDS)
        targets = rng.choice([("game.db", "game.db.journal"), ("game.db-wal", "game.db.journal")])
        assert 0 <= trial(shot, targets, kind, rng) <= shot.made


@pytest.mark.parametrize("name", ["game.db", "game.db-wal"])
def test_a_damaged_store_is_resumed_and_finished_by_the_installed_demo(shots, tmp_path, name):
    shot = max(shots, key=lambda s: s.made)
    for file in FILES:
        if (shot.folder / file).exists():
            shutil.copyfile(shot.folder / file, tmp_path / file)
    target = tmp_path / name
    data = target.read_bytes()
    target.write_bytes(bytes(4096) + data[4096:])  # its first block: the header SQLite needs
    decisions, damaged, _ = kept(tmp_path)
    assert decisions == shot.made
    done = subprocess.run(
        [str(COMPANION), "demo", "--pace", "0", "--json", "--store", str(tmp_path / "game.db")],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    after = json.loads(
        subprocess.run(
            [str(COMPANION), "check-store", "--json", str(tmp_path / "game.db")],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    )
    assert after["damaged"] is False and after["decisions"] > shot.made
    # (SQLite may hold the header's page in the -wal too, and then nothing is damaged.)
    copies = [p for p in Path(tmp_path).iterdir() if ".damaged-" in p.name]
    assert bool(copies) == damaged  # a damaged store is copied aside before it is repaired
