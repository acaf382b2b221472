"""Where the session's log is kept. The session appends; a store keeps; replay rebuilds the game.

A log is a header (seed, seats, table options) and numbered entries. An entry is one accepted
decision, kept *before* anything is shown or spoken, so a power cut never loses what a player
entered. `MemoryStore` keeps it in memory; a durable store (SQLite) has the same methods.

>>> store = MemoryStore()
>>> store.start(GameHeader(seed=7, players=("red", "blue"), options={}))
>>> store.append(LogEntry(seq=1, player="red", action={"kind": "bid", "target": 13}))
>>> header, entries = store.load()
>>> header.seed, [e.action["target"] for e in entries]
(7, [13])
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass(frozen=True)
class GameHeader:
    """What a replay needs besides the entries: the seed, the seats in order, the table options."""

    seed: int
    players: tuple[str, ...]
    options: dict[str, Any]  # TableOptions as a plain dict (JSON-able)


@dataclass(frozen=True)
class LogEntry:
    """One accepted input. `seq` counts from 1 with no gaps.

    `kind` is "decision" (a player's action, as `Action.to_json()`) or a session-level input that
    cancels one earlier decision: "undo" or "withdraw", whose `action` is `{"cancels": seq}`.
    The dataclass repr would show a sealed action: never log an entry itself.
    """

    seq: int
    player: str
    action: dict[str, Any] = field(repr=False)
    kind: str = "decision"


class StoreError(OSError):
    """The store cannot keep what it was given (disk full, read-only, damaged)."""


class Store(Protocol):
    def load(self) -> tuple[GameHeader | None, list[LogEntry]]:
        """The current game's header and its entries in order (None: no game started)."""
        ...

    def start(self, header: GameHeader) -> None:
        """Begin a new game; the previous one (if any) is no longer the current game."""
        ...

    def append(self, entry: LogEntry) -> None:
        """Keep one entry; when this returns, it survives a power cut. Raises StoreError."""
        ...

    def save_screen(self, state: dict[str, Any]) -> None:
        """Keep where the table's screens stand (JSON-able; no decision, no secret in it)."""
        ...

    def load_screen(self) -> dict[str, Any] | None:
        """The last screen state kept (None: none, or it was damaged)."""
        ...

    def close(self) -> None: ...


class MemoryStore:
    """The log in memory: for tests, the demo without --store, and when the disk fails."""

    def __init__(self) -> None:
        self._header: GameHeader | None = None
        self._entries: list[LogEntry] = []
        self._screen: dict[str, Any] | None = None
        self.damage = None  # as SqliteStore.damage: what keep_prefix dropped, for the display

    def load(self) -> tuple[GameHeader | None, list[LogEntry]]:
        return self._header, list(self._entries)

    def start(self, header: GameHeader) -> None:
        self._header, self._entries = header, []

    def append(self, entry: LogEntry) -> None:
        if self._header is None:
            raise StoreError("no game started: call start() before append()")
        expected = len(self._entries) + 1
        if entry.seq != expected:
            raise StoreError(f"entry seq {entry.seq} out of order; expected {expected}")
        self._entries.append(entry)

    def save_screen(self, state: dict[str, Any]) -> None:
        self._screen = copy.deepcopy(state)

    def load_screen(self) -> dict[str, Any] | None:
        return copy.deepcopy(self._screen)

    def keep_prefix(self, count: int, what: str) -> None:
        """Drop the entries after the first `count` (a replay refused the next one: `what`)."""
        del self._entries[count:]

    def close(self) -> None:
        pass
