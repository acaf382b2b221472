"""`companion check-store`: a read-only look at a store, exit 0 / 1 / 2, and `--json`."""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from session_testing import filled

from companion.session.journal import journal_path
from companion.session.sqlite_store import SqliteStore
from companion.session.store import NotAStore, StoreError

COMPANION = Path(sys.executable).with_name("companion")


def check(path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(COMPANION), "check-store", *extra, str(path)], capture_output=True, text=True
    )


def listing(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_a_whole_store_is_ok_exit_0_and_nothing_changes(tmp_path):
    path = tmp_path / "game.db"
    store = filled(path, 7, close=False)  # open: the -wal holds the entries
    before = listing(tmp_path)
    done = check(path, "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["decisions"] == 7 and report["damaged"] is False
    assert listing(tmp_path) == before  # not even a -shm appears
    store.close()
    text = check(path)
    assert text.returncode == 0 and "recovery keeps 7 decisions" in text.stdout


def test_a_damaged_store_is_exit_1_says_what_is_kept_and_is_left_as_it_was(tmp_path):
    path = tmp_path / "game.db"
    filled(path, 9)
    data = bytearray(path.read_bytes())
    data[:4096] = bytes(4096)
    path.write_bytes(bytes(data))
    before = listing(tmp_path)
    done = check(path, "--json")
    assert done.returncode == 1, done.stderr
    report = json.loads(done.stdout)
    assert (report["decisions"], report["damaged"], report["from_journal"]) == (9, True, 9)
    assert listing(tmp_path) == before
    assert "bid" not in done.stdout  # no decision's content is printed


def test_a_deleted_journal_is_damage_but_loses_nothing(tmp_path):
    path = tmp_path / "game.db"
    filled(path, 4)
    journal_path(path).unlink()
    report = json.loads(check(path, "--json").stdout)
    assert report["decisions"] == 4 and report["damaged"] is True


@pytest.mark.parametrize("what", ["missing", "directory", "fifo", "socket", "text", "foreign"])
def test_what_is_no_store_is_exit_2_in_one_line_and_left_untouched(tmp_path, what):
    path = tmp_path / "game.db"
    if what == "directory":
        path.mkdir()
    elif what == "fifo":
        os.mkfifo(path)
    elif what == "socket":
        sock = socket.socket(socket.AF_UNIX)
        sock.bind(str(path))
    elif what == "text":
        path.write_text("my notes\n")
    elif what == "foreign":
        conn = sqlite3.connect(path)
        conn.execute("CREATE TABLE recipes (name TEXT)")
        conn.commit()
        conn.close()
    before = sorted(p.name for p in tmp_path.iterdir())
    data = path.read_bytes() if what in ("text", "foreign") else None
    done = subprocess.run(
        [str(COMPANION), "check-store", str(path)], capture_output=True, text=True, timeout=20
    )
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and str(path) in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    if data is not None:
        assert path.read_bytes() == data


@pytest.mark.parametrize("what", ["fifo", "text", "foreign"])
def test_the_store_refuses_what_is_not_its_own_and_leaves_it_untouched(tmp_path, what):
    path = tmp_path / "game.db"
    if what == "fifo":
        os.mkfifo(path)
    elif what == "text":
        path.write_text("my notes\n")
    else:
        conn = sqlite3.connect(path)
        conn.execute("CREATE TABLE recipes (name TEXT)")
        conn.commit()
        conn.close()
    before = listing(tmp_path) if what != "fifo" else None
    with pytest.raises(NotAStore):
        SqliteStore(path)
    with pytest.raises(NotAStore):
        SqliteStore.read_only(path)
    if before is not None:
        assert listing(tmp_path) == before


def test_a_read_only_open_creates_nothing(tmp_path):
    with pytest.raises(StoreError):
        SqliteStore.read_only(tmp_path / "game.db")
    assert list(tmp_path.iterdir()) == []


def test_the_demo_refuses_a_store_that_is_not_its_own_with_exit_2(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("my notes\n")
    done = subprocess.run(
        [str(COMPANION), "demo", "--pace", "0", "--json", "--store", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
    assert "not a SQLite file" in done.stderr and path.read_text() == "my notes\n"
