"""How the commands take a store's path: a relative one from the directory they were started in,
a symbolic link followed to the file it names — `check-store` as `demo` — and a link loop or a
link to nothing refused in one line with exit 2, no traceback, nothing made."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from session_testing import filled

from companion.session.journal import journal_path
from companion.session.sqlite_disk import shown

COMPANION = Path(sys.executable).with_name("companion")


def _run(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(COMPANION), *args], cwd=cwd, capture_output=True, text=True, timeout=120
    )


def _demo(cwd: Path, store: str) -> subprocess.CompletedProcess[str]:
    return _run(cwd, "demo", "--players", "2", "--pace", "0", "--json", "--store", store)


def _links(tmp_path: Path) -> None:
    (tmp_path / "loop-a").symlink_to("loop-b")
    (tmp_path / "loop-b").symlink_to("loop-a")
    (tmp_path / "dangling").symlink_to("gone.db")


@pytest.mark.parametrize(
    ("link", "said"),
    [
        ("loop-a", "is a symbolic link loop, not a companion store"),
        ("dangling", "is a symbolic link to nothing (gone.db), not a companion store"),
        ("loop-a/game.db", "is a symbolic link loop, not a companion store"),
    ],
)
@pytest.mark.parametrize("command", ["demo", "check-store"])
def test_a_link_loop_or_a_link_to_nothing_is_refused_in_one_line(tmp_path, command, link, said):
    _links(tmp_path)
    before = sorted(p.name for p in tmp_path.iterdir())
    done = _demo(tmp_path, link) if command == "demo" else _run(tmp_path, "check-store", link)
    assert done.returncode == 2 and done.stdout == ""
    (line,) = done.stderr.splitlines()
    option = "--store " if command == "demo" else ""
    where = shown(tmp_path / link)
    assert line == f"companion {command}: {option}{where} {said}; it was left untouched"
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # nothing made


def test_check_store_and_demo_both_follow_a_link_to_the_store_it_names(tmp_path):
    real = tmp_path / "kept" / "game.db"
    filled(real, 3)
    link = tmp_path / "game.db"
    link.symlink_to(real)
    looked = _run(tmp_path, "check-store", "--json", "game.db")
    assert looked.returncode == 0, looked.stderr
    report = json.loads(looked.stdout)
    assert (report["path"], report["decisions"]) == (str(real), 3)
    played = _demo(tmp_path, "game.db")  # the stored game (not a demo's) is resumed there
    assert played.returncode == 0, played.stderr
    assert link.is_symlink() and not journal_path(link).exists()  # its files beside the target
    assert _run(tmp_path, "check-store", "--json", str(link)).returncode == 0


def test_a_relative_store_is_taken_from_the_directory_the_command_started_in(tmp_path):
    (tmp_path / "here").mkdir()
    done = _demo(tmp_path / "here", "game.db")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "here" / "game.db").is_file()
    looked = _run(tmp_path / "here", "check-store", "--json", "game.db")
    assert looked.returncode == 0
    assert json.loads(looked.stdout)["path"] == str(tmp_path / "here" / "game.db")
