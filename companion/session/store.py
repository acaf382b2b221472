"""Where the session's log is kept. The session appends; a store keeps; replay rebuilds the game.

A log is a header (seed, seats, table options) and numbered entries. An entry is one accepted
decision, kept *before* anything is shown or spoken, so a power cut never loses what a player
entered. `MemoryStore` keeps it in memory; the durable store (SQLite) and the safety net around
it (`ResilientStore`) have the same methods and attributes, so no caller asks which one it holds.

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
from pathlib import Path
from typing import Any, Protocol

# The key under which a stored header's options name the game. Only a game other than the
# default is named, so a store written before games were named resumes as the default game, and
# one written now for it holds the very same bytes.
GAME_KEY = "game"
DEFAULT_GAME = "elgrande"


@dataclass(frozen=True)
class GameHeader:
    """What a replay needs besides the entries: the game, the seed, the seats in order, the
    table options.

    >>> h = GameHeader(seed=7, players=("red",), options={"x": 1}, game="akropolis")
    >>> h.stored_options()
    {'game': 'akropolis', 'x': 1}
    >>> GameHeader.from_stored(7, ("red",), h.stored_options()) == h
    True
    """

    seed: int
    players: tuple[str, ...]
    options: dict[str, Any]  # the game's table options as a plain dict (JSON-able)
    game: str = DEFAULT_GAME

    def stored_options(self) -> dict[str, Any]:
        """The options as a store keeps them: the game named among them unless it is the default."""
        if self.game == DEFAULT_GAME:
            return self.options
        return {GAME_KEY: self.game, **self.options}

    @classmethod
    def from_stored(
        cls, seed: int, players: tuple[str, ...], options: dict[str, Any]
    ) -> GameHeader:
        """The header a store's fields stand for; TypeError if the game named is not text."""
        options = dict(options)
        game = options.pop(GAME_KEY, DEFAULT_GAME)
        if type(game) is not str:
            raise TypeError("the stored game is not named by text")
        return cls(seed, players, options, game)


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


class NotAStore(StoreError):
    """The path holds something that is not a companion store (a device, a FIFO, a directory,
    another program's database, a text file): refused, and left untouched."""


class StoreLost(StoreError):
    """The store's file or journal was deleted or replaced while it was open: what is written
    now would go to a file nobody will read again. The caller writes the game afresh."""


@dataclass(frozen=True)
class Damage:
    """What was found wrong with the stored game, for the main display. Never names an action.

    >>> Damage("a torn row", 2, None).message
    'Saved game was damaged (a torn row); resumed after entry 2; it could not be copied aside.'
    """

    what: str  # e.g. "entry 57 failed its checksum"
    kept: int  # entries of the current game kept (the good prefix)
    copy: Path | None  # where the damaged file was copied, None if copying failed
    from_file: int = 0  # of `kept`, how many the SQLite file proved
    from_journal: int = 0  # and how many only the journal did
    # Each problem found, when `what` says more than one (a problem's words may hold "; ").
    problems: tuple[str, ...] = ()

    @property
    def summary(self) -> str:
        """The damage in the words the main display has room for; `message`, which the log
        keeps, adds where the copy is.

        >>> Damage("entry 57 failed its checksum", 56, Path("/var/lib/x.damaged")).summary
        'Damaged: entry 57 failed its checksum. A copy is kept aside.'
        >>> two = ("entry 3 ended early (its -wal; or cut)", "a line failed")
        >>> Damage("; ".join(two) + "; kept 2: 1 from the file", 2, None, problems=two).summary
        'Damaged: entry 3 ended early (its -wal; or cut) (and 1 more). No copy could be kept.'
        """
        # The display names the first problem, and how many more the log and check-store list.
        problems = self.problems or (self.what,)
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        first = problems[0]
        kept = "" if self.kept else " No entry could be kept."
        copy = "A copy is kept aside." if self.copy else "No copy could be kept."
        return f"Damaged: {first}{more}.{kept} {copy}"

    @property
    def message(self) -> str:
        where = f"a copy is at {self.copy}" if self.copy else "it could not be copied aside"
        resumed = f"resumed after entry {self.kept}" if self.kept else "no entry could be kept"
        return f"Saved game was damaged ({self.what}); {resumed}; {where}."


class Store(Protocol):
    """What every store offers; callers read these attributes, never probe for them."""

    @property
    def damage(self) -> Damage | None:
        """What was found wrong with the stored game and repaired (None: nothing)."""
        ...

    @property
    def saving(self) -> bool:
        """False while what is given is not kept where it should be (`message` says why)."""
        ...

    @property
    def message(self) -> str | None:
        """ "NOT SAVED: …" for the main display while not saving; while saving, what happened to
        the store that the table must know (its files were deleted and written afresh), or None."""
        ...

    def load(self) -> tuple[GameHeader | None, list[LogEntry]]:
        """The current game's header and its entries in order (None: no game started)."""
        ...

    def start(self, header: GameHeader) -> None:
        """Begin a new game; the previous one (if any) is no longer the current game."""
        ...

    def append(self, entry: LogEntry) -> None:
        """Keep one entry; when this returns, it is kept as well as the store can keep it."""
        ...

    def save_screen(self, state: dict[str, Any]) -> None:
        """Keep where the table's screens stand (JSON-able; no decision, no secret in it)."""
        ...

    def load_screen(self) -> dict[str, Any] | None:
        """The last screen state kept (None: none, or it was damaged)."""
        ...

    def keep_prefix(self, count: int, what: str) -> Damage:
        """Drop the entries after the first `count`: a replay refused the next one (`what`)."""
        ...

    def try_again(self) -> None:
        """While not saving, try the disk again now and write what it lacks (the app's loop
        calls it every 30 s, so a disk freed after the last decision needs no other one)."""
        ...

    def close(self) -> None: ...


class MemoryStore:
    """The log in memory: for tests, the demo without --store, and when the disk fails."""

    def __init__(self) -> None:
        self._header: GameHeader | None = None
        self._entries: list[LogEntry] = []
        self._screen: dict[str, Any] | None = None
        self.damage: Damage | None = None
        # Memory is what it is meant to keep: it is always "saving".
        self.saving = True
        self.message: str | None = None

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

    def keep_prefix(self, count: int, what: str) -> Damage:
        del self._entries[count:]
        self.damage = Damage(what, count, None)
        return self.damage

    def try_again(self) -> None:
        pass  # memory keeps everything it is given

    def close(self) -> None:
        pass
