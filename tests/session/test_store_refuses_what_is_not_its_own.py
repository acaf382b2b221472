"""What is not a companion store is refused in one line naming the path and what it is (the line
`companion run --store PATH` ends with), and left untouched; what cannot even be looked at says
why."""

from __future__ import annotations

import errno
import os
import shutil
import socket
import sqlite3
import stat
from pathlib import Path

import pytest
from session_testing import filled

from companion.session.journal import journal_path
from companion.session.sqlite_disk import shown
from companion.session.sqlite_store import SqliteStore
from companion.session.store import NotAStore, StoreError

REFUSED = "not a companion store; it was left untouched"


def _device(path: Path, kind: int) -> None:
    try:
        os.mknod(path, kind | 0o600, os.makedev(1, 3) if kind == stat.S_IFCHR else os.makedev(7, 0))
    except PermissionError:
        pytest.skip("making a device node needs root")


def _sqlite(path: Path, *tables: str) -> None:
    conn = sqlite3.connect(path)
    for table in tables:
        conn.execute(f'CREATE TABLE "{table}" (x)')
    conn.execute("PRAGMA user_version = 7")  # a file even with no table
    conn.commit()
    conn.close()


@pytest.mark.parametrize(
    ("make", "what"),
    [
        (os.mkfifo, "a FIFO"),
        (lambda p: socket.socket(socket.AF_UNIX).bind(str(p)), "a socket"),
        (lambda p: _device(p, stat.S_IFCHR), "a character device"),
        (lambda p: _device(p, stat.S_IFBLK), "a block device"),
        (lambda p: p.write_bytes(b""), "an empty file"),
        (lambda p: p.write_text("my notes\n"), "not a SQLite file"),
        (lambda p: _sqlite(p, "zebra", "apple", "mango", "kiwi"), "another"),
        (lambda p: _sqlite(p, "notes\nold"), "another-odd"),
        (lambda p: _sqlite(p), "another-empty"),
    ],
    ids=["fifo", "socket", "chr", "blk", "empty", "text", "another", "odd", "no-table"],
)
def test_what_is_not_a_store_is_refused_saying_what_it_is(tmp_path, make, what):
    path = tmp_path / "game.db"
    make(path)
    before = path.lstat()
    with pytest.raises(NotAStore) as refused:
        SqliteStore(path)
    said = {
        "another": "a SQLite database of another program (tables: apple, kiwi, mango)",
        "another-odd": "a SQLite database of another program (tables: notes\\nold)",
        "another-empty": "a SQLite database of another program (tables: none)",
    }.get(what, what)
    assert refused.value.errno == errno.EINVAL
    assert refused.value.strerror == f"{shown(path)} is {said}, {REFUSED}"
    assert (path.lstat().st_mtime_ns, path.lstat().st_size) == (before.st_mtime_ns, before.st_size)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.db"]


def test_a_directory_where_the_journal_goes_is_refused_by_its_name(tmp_path):
    path = tmp_path / "game.db"
    path.with_name("game.db.journal").mkdir()
    with pytest.raises(NotAStore) as refused:
        SqliteStore(path)
    journal = path.with_name(path.name + ".journal")
    assert refused.value.strerror == f"{shown(journal)} is a directory, {REFUSED}"


def test_a_path_through_a_file_is_refused_as_no_directory(tmp_path):
    (tmp_path / "f").write_text("my notes\n")
    path = tmp_path / "f" / "game.db"
    with pytest.raises(NotAStore) as refused:
        SqliteStore(path)
    assert refused.value.errno == errno.ENOTDIR
    assert refused.value.strerror == f"{shown(path)}: a part of the path is a file, not a directory"


def test_a_path_that_cannot_be_looked_at_says_why(tmp_path):
    path = tmp_path / ("g" * 300)  # longer than a name may be
    with pytest.raises(StoreError) as refused:
        SqliteStore(path)
    assert not isinstance(refused.value, NotAStore)
    assert refused.value.errno == errno.ENAMETOOLONG
    assert refused.value.strerror == (
        f"cannot look at {shown(path)}: {os.strerror(errno.ENAMETOOLONG)}"
    )


@pytest.mark.parametrize("our_journal_beside", [False, True])
def test_a_link_to_a_store_is_refused_as_a_link_journal_or_not(tmp_path, our_journal_beside):
    """Never followed, whatever is beside it: the game is kept where it was put."""
    real = tmp_path / "elsewhere" / "game.db"
    filled(real, 2)
    path = tmp_path / "game.db"
    path.symlink_to(real)
    if our_journal_beside:
        shutil.copy(journal_path(real), journal_path(path))
    with pytest.raises(NotAStore) as refused:
        SqliteStore(path)
    assert refused.value.strerror == f"{shown(path)} is a symbolic link, {REFUSED}"
    assert SqliteStore(real).load()[1] != []  # the store itself is untouched


@pytest.mark.parametrize("target", ["itself", "a journal"])
def test_a_journal_that_is_a_link_is_refused_as_a_link(tmp_path, target):
    real = tmp_path / "elsewhere" / "game.db"
    filled(real, 2)
    path = tmp_path / "game.db"
    shutil.copy(real, path)
    journal = journal_path(path)
    journal.symlink_to(journal if target == "itself" else journal_path(real))
    with pytest.raises(NotAStore) as refused:
        SqliteStore(path)
    assert refused.value.strerror == f"{shown(journal)} is a symbolic link, {REFUSED}"
