"""A second process opening a store that a companion process plays on is told the store is in
use, naming that process, never "disk error"; it resumes the game in memory, writes nothing,
and saves once the store is free again."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import textwrap

from session_testing import HEADER, entry, filled

from companion.session.resilient import open_resilient
from companion.session.sqlite_store import SqliteStore
from companion.session.store_lock import lock_path
from companion.testing import VirtualClock

HOLDER = textwrap.dedent(
    """
    import sys
    from companion.session.resilient import open_resilient
    store = open_resilient(sys.argv[1])
    print("open", flush=True)
    sys.stdin.readline()
    store.close()
    """
)


def test_a_store_another_companion_process_plays_on_is_said_in_use_with_its_pid(tmp_path):
    path = tmp_path / "game.db"
    filled(path, 3)
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "open\n"
        before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
        second = open_resilient(path)
        said = f"NOT SAVED: in use by another companion process (pid {holder.pid}) at {path}"
        assert second.message == said
        assert second.load() == (HEADER, [entry(1), entry(2), entry(3)])  # resumed in memory
        second.append(entry(4))
        assert second.message == said
        second.close()
        after = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
        assert after == before  # nothing written by the second
    finally:
        holder.communicate("\n", timeout=30)


def test_once_the_other_process_ends_the_retry_saves_what_was_played_meanwhile(tmp_path):
    path = tmp_path / "game.db"
    filled(path, 2)
    first = open_resilient(path)
    clock = VirtualClock(0.0)
    second = open_resilient(path, clock=clock)
    assert not second.saving and "in use by another companion process" in str(second.message)
    first.close()  # the other process ends
    second.append(entry(3))
    assert not second.saving  # the next try comes after retry_after_s
    clock.now += second.retry_after_s
    second.append(entry(4))
    assert second.saving and second.message is None
    second.close()
    stored = SqliteStore(path)
    assert stored.load() == (HEADER, [entry(i) for i in range(1, 5)])
    stored.close()
    assert oct(lock_path(path).stat().st_mode & 0o777) == "0o600"


def test_sqlites_own_lock_held_by_another_program_is_said_in_use_not_disk_error(tmp_path):
    path = tmp_path / "game.db"
    filled(path, 1)
    other = sqlite3.connect(path, isolation_level=None)  # e.g. the sqlite3 shell, mid-write
    try:
        other.execute("BEGIN EXCLUSIVE")
        store = open_resilient(path)
        assert store.message == f"NOT SAVED: in use by another process at {path}"
        store.close()
    finally:
        other.execute("ROLLBACK")
        other.close()


def test_the_lock_is_the_processs_and_ends_with_it(tmp_path):
    """A holder killed without closing leaves the lock file, never the lock."""
    path = tmp_path / "game.db"
    code = HOLDER.replace("sys.stdin.readline()", "import os; os._exit(9)")
    done = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, timeout=60)
    assert done.returncode == 9 and lock_path(path).exists()
    store = open_resilient(path)
    assert store.saving, store.message
    store.close()
    assert os.path.exists(path)
