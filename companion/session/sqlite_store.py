"""The durable store: one SQLite file (standard library) that survives a kicked power cable.

- WAL mode, `synchronous=FULL` on every open, one transaction per append committed before
  `append` returns: a returned append survives a power cut.
- The file is created mode 0600 and is always named by an absolute path (importing lgpio changes
  the working directory to `LG_WD`, a RAM disk). Its home is the service's state directory.
- A schema version (`PRAGMA user_version`) and a list of migrations, applied in order.
- Damage is found on open: `PRAGMA integrity_check`, seq continuity, and a checksum chain over the
  header and every row, so a torn, corrupt or edited row is noticed (the chain catches accidents
  and hand edits, not someone who recomputes it). Damage is never a crash and never a new game:
  the damaged file is copied aside (timestamped, next to it), the good prefix is kept, and
  `store.damage` says what happened and where the copy is, for the main display.
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
import hashlib
import json
import os
import shutil
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.session.store import GameHeader, LogEntry, StoreError

DEFAULT_NAME = "game.db"

# Each migration takes the schema from version i to i + 1, in one transaction. Append, never edit.
MIGRATIONS: list[str] = [
    # 1: games (the header) and their entries, each row chained to the one before by a checksum.
    """
    CREATE TABLE game (
        id INTEGER PRIMARY KEY,
        seed INTEGER NOT NULL,
        players TEXT NOT NULL,      -- JSON list, seat order
        options TEXT NOT NULL,      -- JSON object (TableOptions as a dict)
        started TEXT NOT NULL,      -- UTC, ISO 8601
        checksum TEXT NOT NULL
    );
    CREATE TABLE entry (
        game INTEGER NOT NULL REFERENCES game(id),
        seq INTEGER NOT NULL,
        player TEXT NOT NULL,
        kind TEXT NOT NULL,
        action TEXT NOT NULL,       -- JSON object
        checksum TEXT NOT NULL,     -- sha256(previous checksum | this row)
        PRIMARY KEY (game, seq)
    ) WITHOUT ROWID;
    """,
    # 2: what the table's screens stood at that is no decision (the setup screen's choices, an
    # announcement's page), one row, checksummed: a restart puts the table back where it was.
    """
    CREATE TABLE screen (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        state TEXT NOT NULL,        -- JSON object
        checksum TEXT NOT NULL      -- sha256 of state
    );
    """,
]
SCHEMA_VERSION = len(MIGRATIONS)

# The -wal's length in pages (a decision adds one) before it is checkpointed and reused; SQLite's
# default (1000) lets it grow through a whole game, every commit lengthening the file.
WAL_PAGES = 128

# What a damaged file raises when read. Python's sqlite3 decodes SQLite's error messages, which
# can quote garbage from a corrupt schema, as UTF-8: that fails with UnicodeDecodeError.
DAMAGE = (sqlite3.DatabaseError, UnicodeDecodeError)

# SQLite's primary result codes, as the errno a person recognises in "NOT SAVED: …".
_SQLITE_ERRNO = {
    13: errno.ENOSPC,  # SQLITE_FULL
    8: errno.EROFS,  # SQLITE_READONLY
    10: errno.EIO,  # SQLITE_IOERR
    14: errno.EACCES,  # SQLITE_CANTOPEN
    23: errno.EACCES,  # SQLITE_AUTH
}


@dataclass(frozen=True)
class Damage:
    """What was found wrong with the stored game, for the main display. Never names an action."""

    what: str  # e.g. "entry 57 failed its checksum"
    kept: int  # entries of the current game kept (the good prefix)
    copy: Path | None  # where the damaged file was copied, None if copying failed

    @property
    def message(self) -> str:
        where = f"a copy is at {self.copy}" if self.copy else "it could not be copied aside"
        resumed = f"resumed after entry {self.kept}" if self.kept else "no entry could be kept"
        return f"Saved game was damaged ({self.what}); {resumed}; {where}."


def default_path(environ: dict[str, str] | None = None) -> Path:
    """`$STATE_DIRECTORY/game.db` under systemd (StateDirectory=), else the XDG state home."""
    env = os.environ if environ is None else environ
    state = env.get("STATE_DIRECTORY", "").split(":")[0]
    if state:
        return Path(state) / DEFAULT_NAME
    xdg = env.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(xdg) / "elgrande-companion" / DEFAULT_NAME


def absolute(path: str | os.PathLike[str]) -> Path:
    """The path, refused unless absolute: importing lgpio changes the working directory."""
    if not Path(path).is_absolute():
        raise StoreError(
            errno.EINVAL,
            f"store path must be absolute, got {str(path)!r} (the working directory changes "
            "when lgpio is imported); use e.g. /var/lib/elgrande-companion/game.db",
        )
    return Path(path)


def canonical(value: Any) -> str:
    """The one JSON spelling of a value: what is stored and what is checksummed."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def header_checksum(game_id: int, header: GameHeader) -> str:
    body = canonical([game_id, header.seed, list(header.players), header.options])
    return hashlib.sha256(body.encode()).hexdigest()


def entry_checksum(previous: str, entry: LogEntry) -> str:
    body = canonical([entry.seq, entry.player, entry.kind, entry.action])
    return hashlib.sha256(f"{previous}|{body}".encode()).hexdigest()


def screen_checksum(state: str) -> str:
    return hashlib.sha256(f"screen|{state}".encode()).hexdigest()


def store_error(exc: BaseException, doing: str, path: Path) -> StoreError:
    """A StoreError with an errno (ENOSPC, EROFS …) from an sqlite3 or OS error."""
    if isinstance(exc, StoreError):
        return exc
    code = getattr(exc, "errno", None)
    if code is None and isinstance(exc, sqlite3.Error):
        code = _SQLITE_ERRNO.get((getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF, errno.EIO)
    if code in (errno.EACCES, errno.EROFS, errno.EIO, None):
        code = _diagnose(path) or code  # SQLite's "cannot open" or "read-only": find out why
    return StoreError(code or errno.EIO, f"{doing} {path}: {exc}")


class SqliteStore:
    """The Store protocol on one SQLite file. Not thread-safe: the one app loop owns it."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = absolute(path)
        self.damage: Damage | None = None
        self._game: int | None = None
        self._header: GameHeader | None = None
        self._entries: list[LogEntry] = []
        self._last = ""  # checksum of the header or the latest entry: the chain continues here
        self._screen: dict[str, Any] | None = None
        self._conn: sqlite3.Connection | None = None
        try:
            self._open()
        except (OSError, sqlite3.Error, UnicodeDecodeError) as exc:
            self._close_quietly()
            raise store_error(exc, "cannot open the store", self.path) from exc

    # -- the Store protocol -----------------------------------------------------------------------

    def load(self) -> tuple[GameHeader | None, list[LogEntry]]:
        return self._header, list(self._entries)

    def start(self, header: GameHeader) -> None:
        conn = self._open_conn()
        try:
            players, options = canonical(list(header.players)), canonical(header.options)
        except (TypeError, ValueError) as exc:
            raise StoreError(errno.EINVAL, f"header is not JSON-able: {exc}") from exc
        if not -(2**63) <= header.seed < 2**63:
            raise StoreError(errno.EINVAL, f"seed {header.seed} does not fit in 64 bits")
        try:
            conn.execute("BEGIN IMMEDIATE")
            (game_id,) = conn.execute("SELECT coalesce(max(id), 0) + 1 FROM game").fetchone()
            checksum = header_checksum(game_id, header)
            conn.execute(
                "INSERT INTO game (id, seed, players, options, started, checksum) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, header.seed, players, options, _now_iso(), checksum),
            )
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            self._rollback()
            raise store_error(exc, "cannot start a game in", self.path) from exc
        self._game, self._header, self._entries, self._last = game_id, header, [], checksum

    def append(self, entry: LogEntry) -> None:
        conn = self._open_conn()
        if self._game is None:
            raise StoreError("no game started: call start() before append()")
        expected = len(self._entries) + 1
        if entry.seq != expected:
            raise StoreError(f"entry seq {entry.seq} out of order; expected {expected}")
        try:
            action = canonical(entry.action)
        except (TypeError, ValueError) as exc:  # the message names a type, never the content
            raise StoreError(errno.EINVAL, f"entry {entry.seq} is not JSON-able: {exc}") from exc
        checksum = entry_checksum(self._last, entry)
        try:
            # One statement is one transaction of its own (autocommit): committed when execute
            # returns, and with synchronous=FULL on the disk; a failed one SQLite rolls back.
            conn.execute(
                "INSERT INTO entry (game, seq, player, kind, action, checksum) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (self._game, entry.seq, entry.player, entry.kind, action, checksum),
            )
        except sqlite3.Error as exc:
            self._rollback()
            raise store_error(exc, f"cannot keep entry {entry.seq} in", self.path) from exc
        self._entries.append(entry)
        self._last = checksum

    def load_screen(self) -> dict[str, Any] | None:
        return None if self._screen is None else json.loads(canonical(self._screen))

    def save_screen(self, state: dict[str, Any]) -> None:
        conn = self._open_conn()
        try:
            text = canonical(state)
        except (TypeError, ValueError) as exc:
            raise StoreError(errno.EINVAL, f"the screen state is not JSON-able: {exc}") from exc
        try:  # one statement: its own transaction, as in append
            conn.execute(
                "INSERT OR REPLACE INTO screen (id, state, checksum) VALUES (1, ?, ?)",
                (text, screen_checksum(text)),
            )
        except sqlite3.Error as exc:
            self._rollback()
            raise store_error(exc, "cannot keep the screen state in", self.path) from exc
        self._screen = json.loads(text)

    def close(self) -> None:
        if self._conn is not None:
            conn, self._conn = self._conn, None
            try:
                conn.close()  # the last connection checkpoints the WAL into the file
            except sqlite3.Error as exc:
                raise store_error(exc, "cannot close", self.path) from exc

    # -- damage -----------------------------------------------------------------------------------

    def keep_prefix(self, count: int, what: str) -> Damage:
        """Keep only the first `count` entries of the current game, after copying the file aside.

        For damage found outside the store (a row the engine refuses on replay)."""
        if not 0 <= count <= len(self._entries):
            raise ValueError(f"count must be 0..{len(self._entries)}, got {count}")
        copy = self._copy_aside()
        conn = self._open_conn()
        try:
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("DELETE FROM entry WHERE game = ? AND seq > ?", (self._game, count))
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            self._rollback()
            raise store_error(exc, "cannot drop the damaged entries from", self.path) from exc
        del self._entries[count:]
        self._last = self._chain_end()
        return self._found(what, copy)

    # -- opening ----------------------------------------------------------------------------------

    def _open(self) -> None:
        if not self.path.exists():
            # Built aside and renamed into place, schema and all: a store file is never empty,
            # so an empty one was truncated (damage), not "no game yet".
            self._rebuild()
            return
        if self.path.stat().st_size < 512:  # SQLite takes a file this short for an empty one
            self._unreadable("the file is truncated")
            return
        self._conn = self._connect(self.path)
        try:
            self._migrate()
        except DAMAGE as exc:
            if _is_resource_error(exc):
                raise
            self._unreadable(f"the file is not a readable store: {exc}")
            return
        # SQLite quietly opens a file it may not write read-only: find out now, not at the
        # first decision (the app then resumes from SqliteStore.read_only and says NOT SAVED).
        # (BEGIN IMMEDIATE alone succeeds read-only; a write inside a rolled-back one does not.)
        conn = self._open_conn()
        try:
            conn.execute("BEGIN IMMEDIATE")
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        except DAMAGE as exc:
            if _is_resource_error(exc):
                raise
            # anything else is damage, which _read finds and repairs
        finally:
            self._rollback()
        self._read()

    @staticmethod
    def _connect(path: Path) -> sqlite3.Connection:
        # isolation_level=None: we write BEGIN/COMMIT ourselves, one transaction per call.
        conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        return conn

    def _configure(self, conn: sqlite3.Connection) -> None:
        (mode,) = conn.execute("PRAGMA journal_mode=WAL").fetchone()
        if mode != "wal":
            raise sqlite3.OperationalError(f"journal_mode=WAL refused (got {mode!r})")
        conn.execute("PRAGMA synchronous=FULL")  # per connection: set on every open
        # A commit that makes the -wal longer also makes its fdatasync journal the file's new
        # size: measured, that is 2-3 times a commit into -wal space already there. A checkpoint
        # every WAL_PAGES pages lets SQLite start the -wal again from its beginning and write
        # over it in place (same durability: every commit is still synced before it returns).
        conn.execute(f"PRAGMA wal_autocheckpoint={WAL_PAGES}")
        conn.execute("PRAGMA foreign_keys=ON")

    def _migrate(self) -> None:
        conn = self._open_conn()
        self._configure(conn)
        (version,) = conn.execute("PRAGMA user_version").fetchone()
        if version > SCHEMA_VERSION:
            self._close_quietly()
            raise StoreError(
                errno.EPROTO,
                f"{self.path} has schema version {version}, newer than this program "
                f"(knows up to {SCHEMA_VERSION}); it was left untouched",
            )
        for target in range(version + 1, SCHEMA_VERSION + 1):
            try:
                conn.execute("BEGIN IMMEDIATE")
                for statement in _statements(MIGRATIONS[target - 1]):
                    conn.execute(statement)
                conn.execute(f"PRAGMA user_version = {target}")
                conn.execute("COMMIT")
            except sqlite3.Error:
                self._rollback()
                raise

    def _read(self) -> None:
        """Load the current game, checking it; on damage, repair and set `self.damage`."""
        problem, structural, unreadable = self._scan(self._open_conn())
        if unreadable:
            self._unreadable(problem or "it cannot be read")
        elif problem:
            self._repair(problem, structural=structural)

    def _scan(self, conn: sqlite3.Connection) -> tuple[str | None, bool, bool]:
        """Read the current game's good prefix into self; (first problem, structural, unreadable).

        Writes nothing: the caller decides what to repair."""
        problems: list[str] = []
        try:
            rows = conn.execute("PRAGMA integrity_check").fetchall()
            if rows != [("ok",)]:
                problems.append("integrity check failed: " + str(rows[0][0])[:80])
        except DAMAGE as exc:
            problems.append(f"integrity check failed: {exc}")
        structural = bool(problems)
        self._screen = _read_screen(conn)
        try:
            game = conn.execute(
                "SELECT id, seed, players, options, checksum FROM game ORDER BY id DESC LIMIT 1"
            ).fetchone()
        except DAMAGE as exc:
            return f"its games cannot be read: {exc}", True, True
        if game is None:
            return (problems[0] if problems else None), structural, False
        game_id, seed, players, options, checksum = game
        try:
            header = GameHeader(seed, tuple(json.loads(players)), json.loads(options))
            valid = header_checksum(game_id, header) == checksum
        except (ValueError, TypeError):
            valid = False
        if not valid:
            return f"game {game_id}'s header failed its checksum", structural, True
        self._game, self._header, self._last = game_id, header, checksum
        self._read_entries(conn, problems)
        return (problems[0] if problems else None), structural, False

    @classmethod
    def read_only(cls, path: str | os.PathLike[str]) -> tuple[SqliteStore, str | None]:
        """The stored game from a file that cannot be written (read-only or full file system).

        Returns a closed store whose `load()` gives the good prefix, and the first problem found
        (nothing is repaired or copied: nothing can be written). Raises StoreError if unreadable.
        """
        store = cls.__new__(cls)
        store.path, store.damage, store._conn = absolute(path), None, None
        store._game, store._header, store._entries, store._last = None, None, [], ""
        store._screen = None
        # mode=ro reads the -wal too when it and the -shm exist; immutable=1 reads the bare file.
        for flags in ("mode=ro", "immutable=1"):
            store._game, store._header, store._entries = None, None, []
            try:
                conn = sqlite3.connect(f"{store.path.as_uri()}?{flags}", uri=True)
            except (sqlite3.Error, UnicodeDecodeError):
                continue
            try:
                problem, _, unreadable = store._scan(conn)
            except (sqlite3.Error, UnicodeDecodeError):
                continue
            finally:
                conn.close()
            if not unreadable:
                return store, problem
        raise StoreError(errno.EIO, f"cannot read {store.path} even read-only")

    def _read_entries(self, conn: sqlite3.Connection, problems: list[str]) -> None:
        """The good prefix of the current game's entries; the first problem goes to `problems`."""
        query = "SELECT seq, player, kind, action, checksum FROM entry WHERE game = ? ORDER BY seq"
        cursor: sqlite3.Cursor | None = None
        while True:
            try:  # execute() reads the first row already: a bad page can surface there too
                cursor = cursor or conn.execute(query, (self._game,))
                row = cursor.fetchone()
            except DAMAGE as exc:
                problems.append(f"entry {len(self._entries) + 1} cannot be read: {exc}")
                return
            if row is None:
                return
            seq, player, kind, action, checksum = row
            expected = len(self._entries) + 1
            if seq != expected:
                problems.append(f"entry {expected} is missing")
                return
            try:
                entry = LogEntry(seq, player, json.loads(action), kind)
                valid = isinstance(entry.action, dict) and (
                    entry_checksum(self._last, entry) == checksum
                )
            except (ValueError, TypeError):
                valid = False
            if not valid:
                problems.append(f"entry {seq} failed its checksum")
                return
            self._entries.append(entry)
            self._last = checksum

    def _repair(self, what: str, *, structural: bool) -> None:
        if not structural:
            self.keep_prefix(len(self._entries), what)
            return
        # A structurally damaged file is not written to again: the good prefix goes into a new
        # file that replaces it, after the damaged one was copied aside.
        copy = self._copy_aside()
        self._rebuild()
        self._found(what, copy)

    def _unreadable(self, what: str) -> None:
        """Nothing trustworthy in the file: copy it aside, start an empty store, say so."""
        copy = self._copy_aside()
        self._game, self._header, self._entries, self._last = None, None, [], ""
        self._rebuild()
        self._found(what, copy)

    def _rebuild(self) -> None:
        """Replace the file by a fresh one holding the current header and good entries."""
        self._close_quietly()
        fresh = self.path.with_name(self.path.name + ".rebuild")
        for stale in (fresh, *_sidecars(fresh)):
            stale.unlink(missing_ok=True)
        # Created by us, so its mode is 0600 (the -wal and -shm SQLite adds take the same mode).
        fd = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        os.close(fd)
        conn = self._connect(fresh)
        self._conn = conn
        self._migrate()
        header, entries, screen = self._header, self._entries, self._screen
        self._game, self._entries = None, []
        if header is not None:
            self.start(header)
            for entry in entries:
                self.append(entry)
        if screen is not None:
            self.save_screen(screen)
        self.close()  # checkpoints: the new file stands alone, without a -wal
        with open(fresh, "rb") as f:
            os.fsync(f.fileno())
        # A stale -wal next to the new file would be replayed into it: remove it first.
        for sidecar in _sidecars(self.path):
            sidecar.unlink(missing_ok=True)
        os.replace(fresh, self.path)
        _fsync_dir(self.path.parent)
        self._conn = self._connect(self.path)
        self._configure(self._conn)

    def _copy_aside(self) -> Path | None:
        """Copy the file (and its -wal) next to it under a timestamped name; None if that fails."""
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
        base = self.path.with_name(f"{self.path.name}.damaged-{stamp}")
        copy, n = base, 1
        while copy.exists():
            copy, n = base.with_name(f"{base.name}-{n}"), n + 1
        try:
            # The -wal holds committed entries not yet in the file; -shm is an index, no data.
            wal, wal_copy = _sidecars(self.path)[0], _sidecars(copy)[0]
            for source, target in ((self.path, copy), (wal, wal_copy)):
                if not source.exists() or (source == wal and source.stat().st_size == 0):
                    continue
                fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
                with open(fd, "wb") as out, open(source, "rb") as src:
                    shutil.copyfileobj(src, out)
                    out.flush()
                    os.fsync(out.fileno())
            _fsync_dir(self.path.parent)
        except OSError:
            return None
        return copy

    # -- helpers ----------------------------------------------------------------------------------

    def _found(self, what: str, copy: Path | None) -> Damage:
        """Record damage; a second finding keeps the first copy, the file as it was found."""
        if self.damage is not None:
            what, copy = f"{self.damage.what}; then {what}", self.damage.copy or copy
        self.damage = Damage(what, len(self._entries), copy)
        return self.damage

    def _chain_end(self) -> str:
        assert self._game is not None and self._header is not None
        last = header_checksum(self._game, self._header)
        for entry in self._entries:
            last = entry_checksum(last, entry)
        return last

    def _open_conn(self) -> sqlite3.Connection:
        if self._conn is None:
            raise StoreError(errno.EBADF, f"the store {self.path} is closed")
        return self._conn

    def _rollback(self) -> None:
        try:
            if self._conn is not None and self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
        except sqlite3.Error:
            pass

    def _close_quietly(self) -> None:
        with contextlib.suppress(OSError):
            self.close()


def _read_screen(conn: sqlite3.Connection) -> dict[str, Any] | None:
    """The stored screen state; None if there is none or it is damaged (the table then starts
    its screens afresh: no decision is in it, so nothing a player entered is lost)."""
    try:
        row = conn.execute("SELECT state, checksum FROM screen WHERE id = 1").fetchone()
        if row is None or screen_checksum(row[0]) != row[1]:
            return None
        state = json.loads(row[0])
    except (*DAMAGE, ValueError, TypeError):
        return None
    return state if isinstance(state, dict) else None


def _statements(script: str) -> list[str]:
    """A migration script split into statements (executescript would commit on its own).

    Comments ("--" to the end of a line) are dropped; migrations hold no "--" inside strings."""
    text = "\n".join(line.split("--", 1)[0] for line in script.splitlines())
    out, current = [], ""
    for piece in text.split(";"):
        current += piece + ";"
        if sqlite3.complete_statement(current):
            if current.strip(" \n;"):
                out.append(current.strip())
            current = ""
    return out


def _sidecars(path: Path) -> tuple[Path, Path]:
    return path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")


def _fsync_dir(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _diagnose(path: Path) -> int | None:
    """Why the store cannot be written: EROFS (read-only file system), ENOSPC (full), EACCES
    (no permission for the file or its directory), or None when nothing is visibly wrong."""
    try:
        fs = os.statvfs(path.parent)
    except OSError:
        return None
    if fs.f_flag & os.ST_RDONLY:
        return errno.EROFS
    if fs.f_bavail * fs.f_frsize < 2 * fs.f_bsize:
        return errno.ENOSPC
    for p in (path.parent, path):
        if p.exists() and not os.access(p, os.W_OK, effective_ids=True):
            return errno.EACCES
    return None


def _now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _is_resource_error(exc: BaseException) -> bool:
    """Disk full, read-only, cannot open: the disk's trouble, not damage in the file."""
    code = (getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF
    return code in _SQLITE_ERRNO
