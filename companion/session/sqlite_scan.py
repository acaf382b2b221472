"""What one read of a store file proves: its latest game's header and the good prefix of its
entries, and the first problem found. Writes nothing: the store decides what to repair.

`PRAGMA integrity_check` first, then the latest game's header row against its checksum, then
the entries in order along their checksum chain (sqlite_schema.read_entries). A header row that
fails its checksum still names its game: its rows may be proved by the journal's copy of the
header (recovery.py), so the game's number is kept and the file is not called unreadable.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from typing import Any

from companion.session import sqlite_schema as schema
from companion.session.store import GameHeader, LogEntry


@dataclass
class Scan:
    problem: str | None = None  # the first problem found
    structural: bool = False  # SQLite's own check failed
    unreadable: bool = False  # nothing in the file can be trusted
    game: int | None = None
    header: GameHeader | None = None  # None: no game, or its header row is damaged
    last: str = ""  # the checksum the good prefix's chain ends at
    entries: list[LogEntry] = field(default_factory=list)
    screen: dict[str, Any] | None = None


def scan(conn: sqlite3.Connection) -> Scan:
    """Read the latest game's good prefix from `conn`."""
    problems: list[str] = []
    try:
        rows = conn.execute("PRAGMA integrity_check").fetchall()
        if rows != [("ok",)]:
            report = " ".join(str(rows[0][0]).split())  # SQLite's has line breaks
            problems.append("integrity check failed: " + report[:80])
    except schema.DAMAGE as exc:
        problems.append(f"integrity check failed: {exc}")
    found = Scan(structural=bool(problems), screen=schema.read_screen(conn))
    try:
        game = conn.execute(
            "SELECT id, seed, players, options, checksum FROM game ORDER BY id DESC LIMIT 1"
        ).fetchone()
    except schema.DAMAGE as exc:
        found.problem, found.structural, found.unreadable = (
            f"its games cannot be read: {exc}", True, True
        )  # fmt: skip
        return found
    if game is None:
        found.problem = problems[0] if problems else None
        return found
    found.game, seed, players, options, checksum = game
    try:
        header = GameHeader.from_stored(seed, tuple(json.loads(players)), json.loads(options))
        valid = schema.header_checksum(found.game, header) == checksum
    except (ValueError, TypeError):
        valid = False
    if not valid:
        found.problem = f"game {found.game}'s header failed its checksum"
        return found
    found.header = header
    found.entries, found.last, problem = schema.read_entries(conn, found.game, checksum)
    problems.extend([problem] if problem else [])
    found.problem = problems[0] if problems else None
    return found
