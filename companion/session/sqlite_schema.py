"""The store file's format: its schema and migrations, the one JSON spelling, the checksum chain.

A schema version (`PRAGMA user_version`) and a list of migrations, applied in order. Every row
is chained to the one before by a checksum over its canonical JSON, so a torn, corrupt or edited
row is noticed on open (the chain catches accidents and hand edits, not someone who recomputes
it). The screen state has a checksum of its own: a damaged one is ignored, never damage.

>>> canonical({"b": 1, "a": [True, None]})
'{"a":[true,null],"b":1}'
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import sqlite3
from pathlib import Path
from typing import Any

from companion.session.store import GameHeader, LogEntry, StoreError

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


def canonical(value: Any) -> str:
    """The one JSON spelling of a value: what is stored and what is checksummed."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def header_checksum(game_id: int, header: GameHeader) -> str:
    body = canonical([game_id, header.seed, list(header.players), header.stored_options()])
    return hashlib.sha256(body.encode()).hexdigest()


def entry_checksum(previous: str, entry: LogEntry) -> str:
    body = canonical([entry.seq, entry.player, entry.kind, entry.action])
    return hashlib.sha256(f"{previous}|{body}".encode()).hexdigest()


def screen_checksum(state: str) -> str:
    return hashlib.sha256(f"screen|{state}".encode()).hexdigest()


def configure(conn: sqlite3.Connection) -> None:
    """WAL, a full sync per commit and a bounded -wal: set on every open (they are per
    connection)."""
    (mode,) = conn.execute("PRAGMA journal_mode=WAL").fetchone()
    if mode != "wal":
        raise sqlite3.OperationalError(f"journal_mode=WAL refused (got {mode!r})")
    conn.execute("PRAGMA synchronous=FULL")
    # A commit that makes the -wal longer also makes its fdatasync journal the file's new
    # size: measured, that is 2-3 times a commit into -wal space already there. A checkpoint
    # every WAL_PAGES pages lets SQLite start the -wal again from its beginning and write
    # over it in place (same durability: every commit is still synced before it returns).
    conn.execute(f"PRAGMA wal_autocheckpoint={WAL_PAGES}")
    conn.execute("PRAGMA foreign_keys=ON")


def migrate(conn: sqlite3.Connection, path: Path) -> None:
    """Configure `conn` and bring its schema up to SCHEMA_VERSION; a file from a newer program
    is left untouched (StoreError EPROTO)."""
    configure(conn)
    (version,) = conn.execute("PRAGMA user_version").fetchone()
    if version > SCHEMA_VERSION:
        raise StoreError(
            errno.EPROTO,
            f"{path} has schema version {version}, newer than this program "
            f"(knows up to {SCHEMA_VERSION}); it was left untouched",
        )
    for target in range(version + 1, SCHEMA_VERSION + 1):
        try:
            conn.execute("BEGIN IMMEDIATE")
            for statement in statements(MIGRATIONS[target - 1]):
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {target}")
            conn.execute("COMMIT")
        except sqlite3.Error:
            with contextlib.suppress(sqlite3.Error):  # the first error is the one to report
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
            raise


def statements(script: str) -> list[str]:
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


def read_entries(
    conn: sqlite3.Connection, game: int, last: str
) -> tuple[list[LogEntry], str, str | None]:
    """The good prefix of a game's entries read in order, the checksum its chain ends at
    (`last`: the header's), and the first problem found (None: none)."""
    query = "SELECT seq, player, kind, action, checksum FROM entry WHERE game = ? ORDER BY seq"
    entries: list[LogEntry] = []
    cursor: sqlite3.Cursor | None = None
    while True:
        try:  # execute() reads the first row already: a bad page can surface there too
            cursor = cursor or conn.execute(query, (game,))
            row = cursor.fetchone()
        except DAMAGE as exc:
            return entries, last, f"entry {len(entries) + 1} cannot be read: {exc}"
        if row is None:
            return entries, last, None
        seq, player, kind, action, checksum = row
        if seq != len(entries) + 1:
            return entries, last, f"entry {len(entries) + 1} is missing"
        try:
            entry = LogEntry(seq, player, json.loads(action), kind)
            valid = isinstance(entry.action, dict) and entry_checksum(last, entry) == checksum
        except (ValueError, TypeError):
            valid = False
        if not valid:
            return entries, last, f"entry {seq} failed its checksum"
        entries.append(entry)
        last = checksum


def lookup(conn: sqlite3.Connection, game: int, seq: int) -> tuple[LogEntry, str] | None:
    """One entry row by its key, and its stored checksum (None: absent or unreadable). A scan
    stops at the first damaged page; a lookup by key goes round it to the pages still whole."""
    try:
        row = conn.execute(
            "SELECT player, kind, action, checksum FROM entry WHERE game = ? AND seq = ?",
            (game, seq),
        ).fetchone()
        if row is None:
            return None
        action = json.loads(row[2])
    except (*DAMAGE, ValueError, TypeError):
        return None
    if not isinstance(action, dict) or not isinstance(row[3], str):
        return None
    return LogEntry(seq, row[0], action, row[1]), row[3]


def checkpoint_whole(conn: sqlite3.Connection) -> None:
    """Move the whole -wal into the file and empty it; raise if SQLite could not (a full disk:
    a file whose -wal is left behind is no file of its own)."""
    busy, _, _ = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    if busy:
        raise sqlite3.OperationalError("the -wal could not be checkpointed")


def make_room(conn: sqlite3.Connection) -> bool:
    """Empty the -wal into the file (its old frames free the room a full disk lacks); True if
    that was done."""
    try:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        (busy, _, _) = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    except sqlite3.Error:
        return False
    return not busy


def read_screen(conn: sqlite3.Connection) -> dict[str, Any] | None:
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
