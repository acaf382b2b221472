"""A new game the disk has room to start only in part: NOT SAVED, said as a full disk, and the
stored game's journal is left whole (never replaced by a torn one), so it resumes clean."""

from __future__ import annotations

import resource
import signal

from session_testing import HEADER, entry

from companion.session.journal import journal_path
from companion.session.resilient import open_resilient
from companion.session.sqlite_store import SqliteStore
from companion.session.store import GameHeader


def test_a_game_the_disk_has_no_room_to_start_leaves_the_stored_one_whole(tmp_path):
    path = tmp_path / "game.db"
    store = SqliteStore(path)
    store.start(HEADER)
    store.append(entry(1))
    store.close()
    before = journal_path(path).read_bytes()
    store = open_resilient(path)
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    xfsz = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    try:  # room for a few bytes of a new file: the kernel writes those and says how many
        resource.setrlimit(resource.RLIMIT_FSIZE, (40, hard))
        store.start(GameHeader(seed=5, players=("red", "blue"), options={}))
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        signal.signal(signal.SIGXFSZ, xfsz)
    try:
        assert store.message == f"NOT SAVED: disk full at {path}"
    finally:
        store.close()
    assert journal_path(path).read_bytes() == before
    again = SqliteStore(path)
    try:
        assert again.damage is None and again.load() == (HEADER, [entry(1)])
    finally:
        again.close()
