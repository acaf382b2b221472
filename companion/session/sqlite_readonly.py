"""A look at a store that changes nothing, as `fsck -n` is for a disk.

For a state directory that cannot be written (the table resumes from it in memory) and for
`companion check-store`. The SQLite file and its -wal are copied into a private temporary
directory and read there, so not even SQLite's -shm appears beside the store; the journal is
only read. What recovery would keep is merged exactly as an open for play would (recovery.py).
"""

from __future__ import annotations

import errno
import shutil
import sqlite3
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.session import recovery
from companion.session import sqlite_disk as disk
from companion.session import sqlite_schema as schema
from companion.session.journal import journal_path, read_journal
from companion.session.store import Damage, StoreError


@dataclass
class Inspection:
    """What a read-only look found: the games the file lists, what recovery would keep."""

    path: Path
    games: list[tuple[int, str, int]] = field(default_factory=list)  # id, started, entries
    merged: recovery.Merged | None = None
    files: dict[str, bool] = field(default_factory=dict)  # file name → present


# `store` below is a blank, closed SqliteStore (passed in: this module is below sqlite_store).


def read_stored(store: Any) -> tuple[Any, Damage | None]:
    """`store` filled with what recovery would keep, and the damage found (None: none; nothing
    is copied aside by a look)."""
    found = inspect(store.path, store)
    merged = found.merged
    assert merged is not None
    nothing = merged.header is None and not merged.problems and not found.games
    if nothing and not found.files.get(store.path.name):
        raise StoreError(errno.ENOENT, f"no store at {disk.shown(store.path)}")
    store._game, store._header, store._entries = merged.game, merged.header, merged.entries
    if not merged.damaged:
        return store, None
    kept = len(merged.entries)
    damage = Damage(
        merged.report(), kept, None, merged.from_file, merged.from_journal, tuple(merged.problems)
    )
    return store, damage


def inspect(path: Path, store: Any) -> Inspection:
    """Look at the store at `path` through `store`; NotAStore if it is none. Writes nothing
    beside it."""
    journal = journal_path(path)
    exists = disk.existing_store(path, journal)
    found = Inspection(path, files={path.name: exists, journal.name: journal.exists()})
    wal = disk.sidecars(path)[0]
    found.files[wal.name] = wal.exists()
    with tempfile.TemporaryDirectory(prefix="companion-check-") as tmp:
        copy = Path(tmp) / "game.db"
        problem, unreadable, conn = None, True, None
        if exists:
            shutil.copyfile(path, copy)
            if wal.exists():
                shutil.copyfile(wal, disk.sidecars(copy)[0])
            if copy.stat().st_size < 512:
                problem = "the file is truncated"
            else:
                conn = sqlite3.connect(copy, isolation_level=None)
                try:
                    problem, _, unreadable = store._scan(conn)
                except schema.DAMAGE as exc:
                    problem, unreadable = f"the file is not a readable store: {exc}", True
                found.games = _games(conn)
        else:
            problem = f"{path.name} is missing" if journal.exists() else None
        file = recovery.FromFile(
            store._game, store._header, list(store._entries), problem, unreadable
        )
        game = store._game or 0
        found.merged = recovery.merge(
            file,
            read_journal(journal),
            lambda seq: None if conn is None else schema.lookup(conn, game, seq),
            name=path.name,
        )
        if conn is not None:
            conn.close()
    return found


def _games(conn: sqlite3.Connection) -> list[tuple[int, str, int]]:
    """Each game the file lists, with its start and stored entries (best effort)."""
    try:
        rows = conn.execute(
            "SELECT id, started, (SELECT count(*) FROM entry WHERE entry.game = game.id) "
            "FROM game ORDER BY id"
        ).fetchall()
    except schema.DAMAGE:
        return []
    return [(int(i), str(started), int(n)) for i, started, n in rows]
