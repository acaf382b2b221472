"""Store test helpers: headers and entries, damage by hand, states compared field by field."""

from __future__ import annotations

import random
import sqlite3
from dataclasses import fields
from pathlib import Path
from typing import Any

from companion.elgrande.engine import apply_in_place, decision, legal_actions
from companion.elgrande.moves import Action
from companion.elgrande.state import State
from companion.session.replay import resume, start_state
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
    """Every field equal (State itself compares by identity), and the same decision asked.
    The events not yet taken are not the game: who takes them and when differs (the count of
    the game's events is compared)."""
    fa = {f.name: getattr(a, f.name) for f in fields(State) if f.name != "events"}
    fb = {f.name: getattr(b, f.name) for f in fields(State) if f.name != "events"}
    return fa == fb and decision(a) == decision(b)


def seeded_choice(s: State, seed: int, seq: int) -> tuple[str, Action]:
    """A bot's choice from the seed and the log position alone, so a resumed game goes on
    exactly as an uninterrupted one would (a bot's own RNG state would be lost in a crash)."""
    d = decision(s)
    assert d is not None
    player = d.players[0]
    return player, random.Random(seed * 1_000_003 + seq).choice(legal_actions(s, player))


def play_on(store: Any, header: GameHeader, report: bool = False) -> State:
    """Resume the stored game (or start it) and play it to the end, storing each decision
    before applying it, as the app does."""
    resumed = resume(store)
    if resumed is None:
        store.start(header)
        state, seq = start_state(header), 0
    else:
        state, seq = resumed.state, len(resumed.entries)
        state.events[:0] = resumed.events  # the whole game's, as an uninterrupted one holds
    while not state.is_over:
        seq += 1
        player, action = seeded_choice(state, header.seed, seq)
        store.append(LogEntry(seq, player, action.to_json()))
        apply_in_place(state, player, action)
        if report:
            print(seq, flush=True)
    return state


def filled(path: Path, n: int, *, close: bool = True):
    """A SQLite store at `path` holding HEADER and entries 1..n (closed unless told not to)."""
    from companion.session.sqlite_store import SqliteStore

    path.parent.mkdir(parents=True, exist_ok=True)
    store = SqliteStore(path)
    store.start(HEADER)
    for seq in range(1, n + 1):
        store.append(entry(seq))
    if close:
        store.close()
    return store
