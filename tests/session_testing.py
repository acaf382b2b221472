"""Store test helpers: headers and entries, damage by hand, states compared field by field."""

from __future__ import annotations

import sqlite3
from dataclasses import fields
from pathlib import Path
from typing import Any

from companion.elgrande.engine import decision
from companion.elgrande.state import State
from companion.session.store import GameHeader, LogEntry

HEADER = GameHeader(seed=11, players=("red", "blue", "yellow"), options={"veto": False})


def entry(seq: int, player: str = "red", marker: str | None = None) -> LogEntry:
    """An entry whose action holds a unique marker, so a test can find its bytes in the file."""
    return LogEntry(seq, player, {"kind": "bid", "target": marker or f"m{seq:06d}x"})


def sql(path: Path, statement: str, *params: Any) -> None:
    """Edit the file behind the store's back, as a hand or a bad sector would."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute(statement, params)
    finally:
        conn.close()


def flip_last(path: Path, marker: bytes, xor: int = 0x01) -> Path:
    """Flip a byte inside every copy of `marker` in the -wal if it is there, else in the file.

    Every copy: a page SQLite moved may leave a stale copy behind in free space."""
    for candidate in (path.with_name(path.name + "-wal"), path):
        if candidate.exists():
            data = bytearray(candidate.read_bytes())
            at = data.find(marker)
            if at >= 0:
                while at >= 0:
                    data[at + len(marker) // 2] ^= xor
                    at = data.find(marker, at + 1)
                candidate.write_bytes(bytes(data))
                return candidate
    raise AssertionError(f"{marker!r} is in neither the file nor its -wal")


def same_state(a: State, b: State) -> bool:
    """Every field equal (State itself compares by identity), and the same decision asked."""
    fa = {f.name: getattr(a, f.name) for f in fields(State)}
    fb = {f.name: getattr(b, f.name) for f in fields(State)}
    return fa == fb and decision(a) == decision(b)
