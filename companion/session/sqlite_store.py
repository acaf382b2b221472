"""The durable store: one SQLite file (standard library) that survives a kicked power cable.

- WAL mode, `synchronous=FULL`, one transaction per append committed before `append` returns;
  mode 0600, an absolute path (sqlite_disk.py); a schema version, its migrations and the
  checksum chain over the header and every row (sqlite_schema.py).
- A second record of every entry, independent of SQLite: the journal beside the file
  (journal.py), written and synced before the file's commit.
- Damage is found on open: `PRAGMA integrity_check`, seq continuity, the checksum chain and the
  journal, so a torn, corrupt or edited row, or a `-wal` that ended early, is noticed. Damage is
  never a crash and never a new game: the damaged files are copied aside (timestamped, next to
  them), every entry either file proves is kept (recovery.py), and `store.damage` says what
  happened, how many entries came from where, and where the copy is, for the main display.
  `keep_prefix` does the same for a row the engine refuses on replay (see session/replay.py).
- Beside the log, one "screen state" row (`save_screen`): where the table's screens stood that
  is no decision, such as the setup screen's choices. A damaged one is ignored, never damage.

>>> import tempfile, pathlib
>>> from companion.session.store import GameHeader, LogEntry
>>> path = pathlib.Path(tempfile.mkdtemp()) / "game.db"
>>> store = SqliteStore(path)
>>> store.start(GameHeader(seed=7, players=("red", "blue"), options={"veto": False}))
>>> store.append(LogEntry(seq=1, player="red", action={"kind": "bid", "target": 13}))
>>> store.close()
>>> again = SqliteStore(path)
>>> header, entries = again.load()
>>> header.options, len(entries), again.damage is None, oct(path.stat().st_mode & 0o777)
({'veto': False}, 1, True, '0o600')
>>> again.close()
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import sqlite3
from pathlib import Path
from typing import Any

from companion.session import recovery
from companion.session import sqlite_disk as disk
from companion.session import sqlite_schema as schema
from companion.session.journal import Journal, journal_path, read_journal
from companion.session.sqlite_disk import default_path  # where the app keeps its store
from companion.session.sqlite_readonly import read_stored
from companion.session.sqlite_scan import scan
from companion.session.store import Damage, GameHeader, LogEntry, StoreError

__all__ = ["SqliteStore", "default_path"]


class SqliteStore:
    """The Store protocol on one SQLite file. Not thread-safe: the one app loop owns it."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self._blank(path)
        try:
            self._open()
        except (OSError, sqlite3.Error, UnicodeDecodeError) as exc:
            self._close_quietly()
            raise disk.store_error(exc, "cannot open the store", self.path) from exc
        if self._journal is not None:
            self._journal.remember()

    def _blank(self, path: str | os.PathLike[str]) -> None:
        self.path = disk.absolute(path)
        self.damage: Damage | None = None
        # This store raises when it cannot write; the safety net (resilient.py) says NOT SAVED.
        self.saving = True
        self.message: str | None = None
        self._game: int | None = None
        self._header: GameHeader | None = None
        self._entries: list[LogEntry] = []
        self._last = ""  # checksum of the header or the latest entry: the chain continues here
        self._screen: dict[str, Any] | None = None
        self._conn: sqlite3.Connection | None = None
        # The file the connection writes (device, inode): another one at the path, or none,
        # means it was deleted or replaced while open (`_in_place`).
        self._identity: tuple[int, int] | None = None
        self._journal: Journal | None = Journal(journal_path(self.path))

    # -- the Store protocol -----------------------------------------------------------------------

    def load(self) -> tuple[GameHeader | None, list[LogEntry]]:
        return self._header, list(self._entries)

    def start(self, header: GameHeader) -> None:
        conn = self._open_conn()
        self._in_place()
        try:
            players = schema.canonical(list(header.players))
            options = schema.canonical(header.stored_options())
        except (TypeError, ValueError) as exc:
            raise StoreError(errno.EINVAL, f"header is not JSON-able: {exc}") from exc
        if not -(2**63) <= header.seed < 2**63:
            raise StoreError(errno.EINVAL, f"seed {header.seed} does not fit in 64 bits")
        try:
            conn.execute("BEGIN IMMEDIATE")
            (game_id,) = conn.execute("SELECT coalesce(max(id), 0) + 1 FROM game").fetchone()
            checksum = schema.header_checksum(game_id, header)
            if self._journal is not None:  # the journal first: it never holds less than the file
                self._journal.rewrite(game_id, header, [])
            conn.execute(
                "INSERT INTO game (id, seed, players, options, started, checksum) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, header.seed, players, options, disk.now_iso(), checksum),
            )
            conn.execute("COMMIT")
        except (sqlite3.Error, OSError) as exc:
            self._rollback()
            raise disk.store_error(exc, "cannot start a game in", self.path) from exc
        self._game, self._header, self._entries, self._last = game_id, header, [], checksum

    def append(self, entry: LogEntry) -> None:
        conn = self._open_conn()
        self._in_place()
        if self._game is None:
            raise StoreError("no game started: call start() before append()")
        expected = len(self._entries) + 1
        if entry.seq != expected:
            raise StoreError(f"entry seq {entry.seq} out of order; expected {expected}")
        try:
            action = schema.canonical(entry.action)
        except (TypeError, ValueError) as exc:  # the message names a type, never the content
            raise StoreError(errno.EINVAL, f"entry {entry.seq} is not JSON-able: {exc}") from exc
        checksum = schema.entry_checksum(self._last, entry)
        try:
            if self._journal is not None:  # synced before the file's commit, before any output
                self._journal.append(self._game, entry)
            # One statement, one transaction (autocommit): on the disk when execute returns
            # (synchronous=FULL); a failed one SQLite rolls back.
            row = (self._game, entry.seq, entry.player, entry.kind, action, checksum)
            insert = "INSERT INTO entry (game, seq, player, kind, action, checksum) VALUES "
            try:
                conn.execute(insert + "(?, ?, ?, ?, ?, ?)", row)
            except sqlite3.Error as exc:
                # A nearly full disk: the -wal's old frames are the room; into the file with them.
                if not (disk.is_full(exc) and schema.make_room(conn)):
                    raise
                conn.execute(insert + "(?, ?, ?, ?, ?, ?)", row)
        except (sqlite3.Error, OSError) as exc:
            self._rollback()
            raise disk.store_error(exc, f"cannot keep entry {entry.seq} in", self.path) from exc
        self._entries.append(entry)
        self._last = checksum
        if disk.low_on_room(self.path, schema.WAL_PAGES * 4096 * 2):
            schema.make_room(conn)  # a -wal that may not grow to its usual length: keep it short

    def load_screen(self) -> dict[str, Any] | None:
        return None if self._screen is None else json.loads(schema.canonical(self._screen))

    def save_screen(self, state: dict[str, Any]) -> None:
        conn = self._open_conn()
        self._in_place()
        try:
            text = schema.canonical(state)
        except (TypeError, ValueError) as exc:
            raise StoreError(errno.EINVAL, f"the screen state is not JSON-able: {exc}") from exc
        try:  # one statement: its own transaction, as in append
            conn.execute(
                "INSERT OR REPLACE INTO screen (id, state, checksum) VALUES (1, ?, ?)",
                (text, schema.screen_checksum(text)),
            )
        except sqlite3.Error as exc:
            self._rollback()
            raise disk.store_error(exc, "cannot keep the screen state in", self.path) from exc
        self._screen = json.loads(text)

    def try_again(self) -> None:
        pass  # it raises when it cannot write: nothing is ever pending here

    def close(self) -> None:
        self._identity = None
        if self._conn is not None:
            conn, self._conn = self._conn, None
            try:
                conn.close()  # the last connection checkpoints the WAL into the file
            except sqlite3.Error as exc:
                raise disk.store_error(exc, "cannot close", self.path) from exc

    # -- damage -----------------------------------------------------------------------------------

    def keep_prefix(self, count: int, what: str) -> Damage:
        """Keep only the first `count` entries of the current game, after copying the file aside.

        For damage found outside the store (a row the engine refuses on replay)."""
        if not 0 <= count <= len(self._entries):
            raise ValueError(f"count must be 0..{len(self._entries)}, got {count}")
        copy = disk.copy_aside(self.path)
        conn = self._open_conn()
        try:
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("DELETE FROM entry WHERE game = ? AND seq > ?", (self._game, count))
            if self._journal is not None and self._header is not None and self._game:
                self._journal.rewrite(self._game, self._header, self._entries[:count])
            conn.execute("COMMIT")
        except (sqlite3.Error, OSError) as exc:
            self._rollback()
            raise disk.store_error(exc, "cannot drop the damaged entries from", self.path) from exc
        del self._entries[count:]
        self._last = self._chain_end()
        return self._found(what, copy)

    # -- opening ----------------------------------------------------------------------------------

    def _open(self) -> None:
        journal = journal_path(self.path)
        if not disk.existing_store(self.path, journal):
            if read_journal(journal).header is None:
                # Built aside and renamed into place, schema and all: a store file is never
                # empty, so an empty one was truncated (damage), not "no game yet".
                self._rebuild()
                return
            self._unreadable(f"{self.path.name} was missing")
            return
        if self.path.stat().st_size < 512:  # SQLite takes a file this short for an empty one
            self._unreadable("the file is truncated")
            return
        self._conn = self._connect(self.path)
        self._identity = disk.identity(self.path)
        try:
            schema.migrate(self._conn, self.path)
        except schema.DAMAGE as exc:
            if disk.is_resource_error(exc):
                raise
            self._unreadable(f"the file is not a readable store: {exc}")
            return
        # SQLite opens a file it may not write read-only, quietly: find out now, not at the first
        # decision (a write in a rolled-back BEGIN IMMEDIATE fails read-only; the BEGIN does not).
        conn = self._open_conn()
        try:
            conn.execute("BEGIN IMMEDIATE")
            conn.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION}")
        except schema.DAMAGE as exc:
            if disk.is_resource_error(exc):
                raise
            # anything else is damage, which _read finds and repairs
        finally:
            self._rollback()
        self._read()

    @staticmethod
    def _connect(path: Path) -> sqlite3.Connection:
        # isolation_level=None: we write BEGIN/COMMIT ourselves, one transaction per call.
        return sqlite3.connect(path, isolation_level=None, check_same_thread=False)

    def _read(self) -> None:
        """Load the current game, checking it; on damage, repair and set `self.damage`."""
        problem, structural, unreadable = self._scan(self._open_conn())
        if unreadable:
            self._unreadable(problem or "it cannot be read")
        else:
            self._reconcile(problem)

    def _reconcile(self, problem: str | None, *, unreadable: bool = False) -> None:
        """Merge what the file proved with what the journal proves; repair what either lacks."""
        file = recovery.FromFile(self._game, self._header, self._entries, problem, unreadable)
        conn = self._conn
        merged = recovery.merge(
            file,
            read_journal(journal_path(self.path)),
            lambda seq: None if conn is None else schema.lookup(conn, file.game or 0, seq),
            name=self.path.name,
        )
        if merged.damaged:
            copy = disk.copy_aside(self.path)
            self._game, self._header, self._entries = merged.game, merged.header, merged.entries
            self._rebuild()
            self._found(merged.report(), copy, merged)
            return
        journal, self._journal = self._journal, None
        try:  # a start (the file holds no game) or an append cut before the file's commit
            if self._header is None and merged.header is not None:
                self.start(merged.header)
            for entry in merged.entries[len(self._entries) :]:
                self.append(entry)
        finally:
            self._journal = journal

    def _scan(self, conn: sqlite3.Connection) -> tuple[str | None, bool, bool]:
        """Read the current game's good prefix into self; (first problem, structural, unreadable).

        Writes nothing: the caller decides what to repair."""
        found = scan(conn)
        self._screen, self._game = found.screen, found.game if found.game else self._game
        if found.header is not None:
            self._header, self._last = found.header, found.last
            self._entries.extend(found.entries)
        return found.problem, found.structural, found.unreadable

    @classmethod
    def read_only(cls, path: str | os.PathLike[str]) -> tuple[SqliteStore, Damage | None]:
        """The stored game from a file that cannot be written (read-only or full file system):
        a closed store whose `load()` gives what the file and the journal prove, and the damage
        found. Nothing is created, repaired or copied. Raises StoreError if unreadable."""
        return read_stored(cls.closed(path))

    @classmethod
    def closed(cls, path: str | os.PathLike[str]) -> SqliteStore:
        """A store at `path` left closed, for a look that changes nothing (sqlite_readonly)."""
        store = cls.__new__(cls)
        store._blank(path)
        store._journal = None
        return store

    def _unreadable(self, what: str) -> None:
        """Nothing trustworthy in the file: what the journal proves is all there is."""
        self._close_quietly()
        self._game, self._header, self._entries, self._last = None, None, [], ""
        self._reconcile(what, unreadable=True)

    def _rebuild(self) -> None:
        """Replace the file by a fresh one holding the current header and good entries."""
        self._close_quietly()
        fresh = self.path.with_name(self.path.name + ".rebuild")
        for stale in (fresh, *disk.sidecars(fresh)):
            stale.unlink(missing_ok=True)
        # Created by us, so its mode is 0600 (the -wal and -shm SQLite adds take the same mode).
        os.close(os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        header, entries, screen, game = self._header, self._entries, self._screen, self._game
        journal, self._journal = self._journal, None  # rewritten whole, below
        try:
            self._conn = self._connect(fresh)
            schema.migrate(self._conn, fresh)
            self._game, self._entries = None, []
            self._conn.execute("PRAGMA synchronous=OFF")  # one fsync of it all, below
            if header is not None:
                self.start(header)
                for entry in entries:
                    self.append(entry)
            if screen is not None:
                self.save_screen(screen)
            schema.checkpoint_whole(self._open_conn())  # the new file must stand alone
            self.close()
            with open(fresh, "rb") as f:
                os.fsync(f.fileno())
            if journal is not None and header is not None and self._game is not None:
                journal.rewrite(self._game, header, entries)
        except (OSError, sqlite3.Error) as exc:
            # A full disk half way: nothing half-built is left, the old file is untouched.
            self._close_quietly()
            for stale in (fresh, *disk.sidecars(fresh)):
                stale.unlink(missing_ok=True)
            self._game, self._header, self._entries = game, header, entries
            raise disk.store_error(exc, "cannot build the store", self.path) from exc
        finally:
            self._journal = journal
        # A stale -wal next to the new file would be replayed into it: remove it first.
        for sidecar in disk.sidecars(self.path):
            sidecar.unlink(missing_ok=True)
        os.replace(fresh, self.path)
        disk.fsync_dir(self.path.parent)
        self._conn = self._connect(self.path)
        self._identity = disk.identity(self.path)
        schema.configure(self._conn)

    # -- helpers ----------------------------------------------------------------------------------

    def _found(self, what: str, copy: Path | None, merged: recovery.Merged | None = None) -> Damage:
        """Record damage; a second finding keeps the first copy, the file as it was found."""
        problems = tuple(merged.problems) if merged else (what,)
        if self.damage is not None:  # built here too: its problems are listed
            what, copy = f"{self.damage.what}; then {what}", self.damage.copy or copy
            problems = (*self.damage.problems, *problems)
        kept = len(self._entries)
        file, journal = (merged.from_file, merged.from_journal) if merged else (kept, 0)
        self.damage = Damage(what, kept, copy, min(file, kept), min(journal, kept - file), problems)
        return self.damage

    def _chain_end(self) -> str:
        assert self._game is not None and self._header is not None
        last = schema.header_checksum(self._game, self._header)
        for entry in self._entries:
            last = schema.entry_checksum(last, entry)
        return last

    def _in_place(self) -> None:
        """StoreLost if the file at the path is no longer the one open (deleted or replaced):
        one stat, so a decision is never written where nobody will read it again."""
        if self._identity is not None:  # None: being built aside (_rebuild)
            disk.in_place(self.path, self._identity)

    def _open_conn(self) -> sqlite3.Connection:
        if self._conn is None:
            raise StoreError(errno.EBADF, f"the store {self.path} is closed")
        return self._conn

    def _rollback(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            if self._conn is not None and self._conn.in_transaction:
                self._conn.execute("ROLLBACK")

    def _close_quietly(self) -> None:
        with contextlib.suppress(OSError):
            self.close()
