"""The store file as a person setting up the table meets it: where it lives, the words for a disk
that refuses, a -wal emptied to make room on a full disk, damage in a garbled schema, the damaged
copies' names and what they hold, a long path in one line of a message."""

from __future__ import annotations

import contextlib
import errno
import os
import resource
import signal
import sqlite3
import time
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from session_testing import HEADER, entry, filled
from test_resilient_store import big, tmpfs

from companion.commands.check_store import check_store_command
from companion.session import sqlite_disk, sqlite_schema
from companion.session.journal import journal_path, read_journal
from companion.session.resilient import ResilientStore, failure_reason, open_resilient
from companion.session.sqlite_store import SqliteStore, default_path
from companion.session.store import NotAStore
from companion.testing import VirtualClock

# -- where the store lives -----------------------------------------------------------------------


def test_the_store_lives_in_the_first_of_the_state_directories_systemd_gives(monkeypatch):
    # StateDirectory= with several names gives them all, colon-separated.
    monkeypatch.setenv("STATE_DIRECTORY", "/var/lib/elgrande-companion:/var/lib/elgrande-extra")
    assert default_path() == Path("/var/lib/elgrande-companion/game.db")


@pytest.mark.parametrize("xdg", [None, "", "state"], ids=["unset", "empty", "relative"])
def test_without_systemd_or_xdg_the_store_is_in_the_homes_state_directory(monkeypatch, xdg):
    # A relative XDG_STATE_HOME is ignored, as the XDG spec says (`companion run` died on it).
    monkeypatch.delenv("STATE_DIRECTORY", raising=False)
    if xdg is None:
        monkeypatch.delenv("XDG_STATE_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_STATE_HOME", xdg)
    monkeypatch.setenv("HOME", "/home/pi")
    assert default_path() == Path("/home/pi/.local/state/elgrande-companion/game.db")


def test_the_longest_store_name_the_file_system_allows_with_its_file_built_aside_is_kept(tmp_path):
    # The longest name the store gives a file of its own: the new file is built aside as
    # "<name>.rebuild" and renamed into place; SQLite gives it a "-journal" until WAL mode is on.
    longest = os.pathconf(tmp_path, "PC_NAME_MAX") - len(".rebuild-journal")
    path = tmp_path / ("g" * (longest - len(".db")) + ".db")
    store = SqliteStore(path)
    store.start(HEADER)
    store.append(entry(1))
    store.close()
    again = SqliteStore(path)
    assert again.load() == (HEADER, [entry(1)]) and again.damage is None
    again.close()


def test_a_relative_store_path_is_refused_by_check_store_with_the_words_why(capsys):
    # The command line makes a path absolute; a caller of check_store_command may not.
    assert check_store_command(Path("state/game.db")) == 2
    assert capsys.readouterr().err == (
        "companion check-store: store path must be absolute, got 'state/game.db' (the working "
        "directory changes when lgpio is imported); use e.g. /var/lib/elgrande-companion/game.db\n"
    )


# -- the words for a disk that refuses -----------------------------------------------------------


def _on(monkeypatch, setting: str) -> None:
    """Every connection the store opens gets `setting` (SQLite as a file system would have it)."""
    connect = SqliteStore._connect

    def configured(p):
        conn = connect(p)
        conn.execute(setting)
        return conn

    monkeypatch.setattr(SqliteStore, "_connect", staticmethod(configured))


def test_sqlites_own_database_or_disk_is_full_is_said_disk_full(tmp_path, monkeypatch):
    _on(monkeypatch, "PRAGMA max_page_count = 16")  # SQLITE_FULL, the disk itself not full
    path = tmp_path / "game.db"
    store = ResilientStore(lambda: SqliteStore(path), where=str(path), clock=VirtualClock(0.0))
    store.start(HEADER)
    seq = 0
    while store.saving and seq < 100:
        seq += 1
        store.append(big(seq))
    assert store.message == f"NOT SAVED: disk full at {path}"
    assert len(store.load()[1]) == seq  # the game goes on in memory


def test_a_file_the_disk_has_no_room_to_migrate_is_left_as_it_was_never_taken_for_damage(
    tmp_path, monkeypatch
):
    path = tmp_path / "game.db"
    store = filled(path, 0, close=False)  # an older game, long
    for seq in range(1, 13):
        store.append(big(seq))
    store.start(HEADER)  # the latest game; the journal holds it
    store.append(entry(1))
    store.close()
    old = sqlite3.connect(path, isolation_level=None)  # as the program before the screen table
    old.execute("DROP TABLE screen")
    old.execute("PRAGMA user_version = 1")
    old.execute("VACUUM")  # no free page left in it
    (pages,) = old.execute("PRAGMA page_count").fetchone()
    old.close()
    before = path.read_bytes()
    _on(monkeypatch, f"PRAGMA max_page_count = {pages}")  # no room for the new table's page
    kept = open_resilient(path)
    assert kept.message == f"NOT SAVED: disk full at {path}" and kept.damage is None
    assert kept.load() == (HEADER, [entry(1)])  # resumed from the file as it is
    assert path.read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if ".damaged-" in p.name]
    kept.close()


def test_a_file_system_sqlite_cannot_keep_a_wal_on_is_said_and_the_game_goes_on(
    tmp_path, monkeypatch
):
    # No shared memory (as on some network file systems): SQLite refuses WAL mode.
    def no_shared_memory(p):
        uri = f"{Path(p).as_uri()}?vfs=unix-none"
        return sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)

    monkeypatch.setattr(SqliteStore, "_connect", staticmethod(no_shared_memory))
    path = tmp_path / "game.db"
    store = ResilientStore(lambda: SqliteStore(path), where=str(path), clock=VirtualClock(0.0))
    assert store.message == f"NOT SAVED: disk error at {path}"
    store.start(HEADER)
    store.append(entry(1))
    assert store.load() == (HEADER, [entry(1)])
    assert list(tmp_path.iterdir()) == []  # nothing half built


def _statvfs(free: int, block: int = 4096, read_only: bool = False):
    flag = os.ST_RDONLY if read_only else 0
    return lambda _: SimpleNamespace(
        f_flag=flag, f_bsize=block, f_frsize=4096, f_bavail=free // 4096
    )


KIB, MIB = 1024, 1024 * 1024


@pytest.mark.parametrize(
    ("disk", "said"),
    [
        (None, "disk error"),  # nothing visibly wrong: the error's own errno
        (_statvfs(100 * KIB), "disk full"),  # less than 128 KiB free: no room for a store
        (_statvfs(128 * KIB), "disk error"),
        (_statvfs(3 * MIB // 2, block=MIB), "disk full"),  # less than two blocks
        (_statvfs(5 * MIB // 2, block=MIB), "disk error"),
        (_statvfs(10 * MIB, read_only=True), "read-only"),
    ],
    ids=["room", "100KiB", "128KiB", "1.5-blocks", "2.5-blocks", "read-only"],
)
def test_a_write_the_disk_refuses_is_said_as_what_the_disk_shows(tmp_path, monkeypatch, disk, said):
    if disk is not None:
        monkeypatch.setattr(os, "statvfs", disk)
    path = tmp_path / "game.db"  # not made yet, in a directory that may be written
    error = OSError(errno.EIO, "Input/output error")
    assert failure_reason(sqlite_disk.store_error(error, "cannot keep entry 3 in", path)) == said


def test_a_damaged_store_the_disk_will_not_let_be_rebuilt_says_why_and_resumes(
    tmp_path, monkeypatch
):
    path = tmp_path / "game.db"
    filled(path, 2)
    journal_path(path).unlink()  # damage found on opening: the file and the journal are rebuilt

    def failed(*args: Any) -> None:  # the rebuilt journal cannot be put in place: no inode left
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "replace", failed)
    store = open_resilient(path)
    monkeypatch.undo()
    assert store.message == f"NOT SAVED: disk full at {path}"  # the disk's own words, not a guess
    assert store.load() == (HEADER, [entry(1), entry(2)])
    assert store.damage is not None and "the journal was missing" in store.damage.what
    store.close()


# -- a full disk: the -wal's old frames are the room ---------------------------------------------


@contextlib.contextmanager
def _file_size_cap(size: int):
    """No file may grow past `size` bytes: the -wal meets it long before the file or journal."""
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    xfsz = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    try:
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, hard))
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        signal.signal(signal.SIGXFSZ, xfsz)


def test_a_wal_that_may_not_grow_is_emptied_into_the_file_and_every_decision_kept(tmp_path):
    path = tmp_path / "game.db"
    store = filled(path, 0, close=False)
    with _file_size_cap(40_000):  # the -wal's 10th page would pass it (SQLite: an I/O error)
        for seq in range(1, 31):
            store.append(entry(seq))
    store.close()
    again = SqliteStore(path)
    assert again.load() == (HEADER, [entry(seq) for seq in range(1, 31)])
    again.close()


WAL_BYTES = sqlite_schema.WAL_PAGES * 4096  # the -wal's usual length: WAL_PAGES 4 KiB pages


@pytest.mark.parametrize(
    ("free", "emptied"), [(2 * WAL_BYTES - 1, True), (2 * WAL_BYTES, False)], ids=["less", "twice"]
)
def test_with_less_than_twice_the_wals_length_free_each_decision_empties_the_wal(
    tmp_path, monkeypatch, free, emptied
):
    path = tmp_path / "game.db"
    store = filled(path, 0, close=False)
    room = SimpleNamespace(f_flag=0, f_bsize=4096, f_frsize=1, f_bavail=free)
    monkeypatch.setattr(os, "statvfs", lambda _: room)
    store.append(entry(1))
    monkeypatch.undo()
    wal = sqlite_disk.sidecars(path)[0]
    assert (wal.stat().st_size == 0) == emptied  # emptied into the file: it may not grow back
    store.close()
    assert SqliteStore(path).load() == (HEADER, [entry(1)])


def test_a_disk_filled_by_someone_else_takes_the_next_decisions_in_the_wals_room(tmp_path):
    with tmpfs(tmp_path, "2m") as mount:
        path = mount / "game.db"
        filled(path, 10)
        store = SqliteStore(path)  # the file holds the pages; the -wal grows from here
        for seq in range(11, 31):
            store.append(entry(seq))
        with contextlib.suppress(OSError):  # the disk to its last byte (SQLite: disk full)
            for n in range(1000):
                (mount / f"ballast-{n}").write_bytes(bytes(4096))
        for seq in range(31, 36):
            store.append(entry(seq))
        store.close()
        assert SqliteStore(path).load() == (HEADER, [entry(seq) for seq in range(1, 36)])


def _wal_after_a_decision(tmp_path: Path, monkeypatch, statvfs) -> int:
    """The -wal's length after one more decision, with the disk's free room as `statvfs` says."""
    path = tmp_path / "game.db"
    store = filled(path, 2, close=False)
    monkeypatch.setattr(os, "statvfs", statvfs)
    store.append(entry(3))
    monkeypatch.undo()
    try:
        return (tmp_path / "game.db-wal").stat().st_size
    finally:
        store.close()


def _no_statvfs(_):
    raise OSError(errno.EACCES, "Permission denied")


@pytest.mark.parametrize(
    ("statvfs", "emptied"),
    [
        (_statvfs(MIB - 4096), True),  # less than the -wal's usual 1 MiB: it is kept short
        (_statvfs(MIB), False),  # room for it
        (_no_statvfs, False),  # the room unknown: the -wal grows as usual
    ],
    ids=["less-than-1MiB", "1MiB", "unknown"],
)
def test_the_wal_is_emptied_after_a_decision_only_when_the_disk_lacks_room_for_it(
    tmp_path, monkeypatch, statvfs, emptied
):
    # Emptying it costs a checkpoint (file writes and fsyncs) at every decision: only when needed.
    assert (_wal_after_a_decision(tmp_path, monkeypatch, statvfs) == 0) is emptied


# -- damage --------------------------------------------------------------------------------------


def test_a_schema_garbled_with_bytes_that_are_no_text_is_damage_the_journal_repairs(tmp_path):
    path = tmp_path / "game.db"
    filled(path, 3)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA writable_schema=ON")  # SQLite's message then quotes the bytes
    garbled = b"CREATE \xff\xfe TABLE screen(id);".hex()
    conn.execute(f"UPDATE sqlite_master SET sql = CAST(X'{garbled}' AS TEXT) WHERE name='screen'")
    conn.close()
    store = SqliteStore(path)
    assert store.load() == (HEADER, [entry(1), entry(2), entry(3)])
    assert "not a readable store" in store.damage.message
    assert store.damage.from_journal == 3
    store.close()


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        ("garbled", "the file is not a readable store: file is not a database"),
        ("emptied", "the file is truncated"),
    ],
)
def test_a_store_file_damaged_beside_its_journal_is_said_damaged_not_missing(
    tmp_path, damage, said
):
    # No SQLite header: only its journal says the file is ours, so it is damage, repaired.
    path = tmp_path / "game.db"
    filled(path, 3)
    data = path.read_bytes()
    path.write_bytes(bytes(100) + data[100:] if damage == "garbled" else b"")
    store = SqliteStore(path)
    assert store.load() == (HEADER, [entry(1), entry(2), entry(3)])
    assert store.damage.what == f"{said}; kept 3: 0 from the file, 3 from the journal"
    store.close()


FOUND = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)


class _Frozen(datetime):
    @classmethod
    def now(cls, tz=None):
        return FOUND.astimezone(tz)  # tz None: the local time


@pytest.fixture
def far_from_utc(monkeypatch):
    monkeypatch.setattr(sqlite_disk, "datetime", _Frozen)
    monkeypatch.setenv("TZ", "NZST-12")  # the device's local time is not what names a copy
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_each_copy_aside_is_named_for_when_it_was_taken_in_utc_and_holds_the_wal(
    tmp_path, far_from_utc
):
    path = tmp_path / "game.db"
    store = filled(path, 4, close=False)  # the decisions are in the -wal, not yet in the file
    for _ in range(3):
        store.keep_prefix(4, "a look")
    store.close()
    stamp = "game.db.damaged-20260102T030405Z"
    assert sorted(p.name for p in tmp_path.glob("*.damaged-*")) == sorted(
        f"{stamp}{n}{suffix}" for n in ("", "-1", "-2") for suffix in ("", "-wal", ".journal")
    )
    conn = sqlite3.connect(f"{(tmp_path / stamp).as_uri()}?mode=ro", uri=True)
    try:
        assert conn.execute("SELECT count(*) FROM entry").fetchone() == (4,)
    finally:
        conn.close()


def test_the_copy_aside_of_a_store_without_a_wal_holds_its_journal_too(tmp_path):
    path = tmp_path / "game.db"
    filled(path, 3)  # closed: no -wal
    store = SqliteStore(path)
    copy = store.keep_prefix(3, "a look").copy
    store.close()
    assert sorted(read_journal(journal_path(copy)).entries) == [1, 2, 3]


# -- a path in one line of a message -------------------------------------------------------------


def _directory_of_length(tmp_path: Path, length: int) -> Path:
    p = tmp_path / ("d" * (length - len(str(tmp_path)) - 1))
    p.mkdir()
    assert len(str(p)) == length
    return p


@pytest.mark.parametrize("length", [80, 81, 200])
def test_a_long_path_is_shown_cut_in_its_middle_to_80_characters(tmp_path, length):
    p = _directory_of_length(tmp_path, length)
    with pytest.raises(NotAStore) as refused:
        SqliteStore(p)
    text = str(p)
    shown = text if length <= 80 else text[:38] + "…" + text[-38:]
    assert refused.value.strerror == (
        f"{shown} is a directory, not a companion store; it was left untouched"
    )


def test_a_store_file_its_user_may_not_read_is_said_so_not_called_empty(tmp_path, capsys, mocker):
    # A store left by `sudo companion run` (root's, mode 0600) under the service's own user; the
    # tests run as root, who reads any file, so the refusal is the kernel's stand-in.
    path = tmp_path / "game.db"
    store = SqliteStore(path)
    store.start(HEADER)
    store.close()
    real_open = os.open

    def refusing(p, *args, **kwargs):
        if Path(p) == path:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(p))
        return real_open(p, *args, **kwargs)

    mocker.patch.object(sqlite_disk.os, "open", refusing)
    assert check_store_command(path) == 2
    err = capsys.readouterr().err
    assert err == f"companion check-store: cannot read {path}: Permission denied\n", err
    assert path.stat().st_size > 0  # left as it was
