"""The second record of every decision: an append-only journal beside the SQLite file.

SQLite reads a table only through its B-tree and ends a `-wal` at its first bad frame without a
word, so one damaged page can hide every later row. The journal is independent of it: one line
per record, each with a checksum of its own, so damage to a block of it loses only the records
in that block, and the SQLite file still has them. It holds the current game only (a new game
replaces it, atomically) and is fsync'd before `append` returns, before anything is shown.

A line is `<sha256 of the JSON, first 32 hex digits> <JSON>`; the JSON is a game header
`{"t": "game", "game": id, "seed": …, "players": […], "options": {…}}` or an entry
`{"t": "entry", "game": id, "seq": n, "player": …, "kind": …, "action": {…}}`. It holds sealed
choices, as the SQLite file does: mode 0600, never printed.

>>> import tempfile, pathlib
>>> from companion.session.store import GameHeader, LogEntry, StoreLost
>>> path = pathlib.Path(tempfile.mkdtemp()) / "game.db.journal"
>>> journal = Journal(path)
>>> journal.rewrite(3, GameHeader(7, ("red", "blue"), {}), [])
>>> journal.append(3, LogEntry(1, "red", {"kind": "bid", "target": 13}))
>>> found = read_journal(path)
>>> found.game, found.header.seed, sorted(found.entries), found.bad_lines
(3, 7, [1], 0)
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.session.store import GameHeader, LogEntry, StoreLost

SUFFIX = ".journal"
MAGIC = "elgrande-companion journal 1"
MAX_LINE = 1 << 20  # a record is a few hundred bytes; a longer "line" is damage, not a record


def journal_path(store_path: Path) -> Path:
    """Where the journal of the store at `store_path` lives: beside it."""
    return store_path.with_name(store_path.name + SUFFIX)


def _line(record: dict[str, Any]) -> bytes:
    body = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    # A leading newline too: a record torn by a crash or a full disk stays a line of its own,
    # so the next record is not glued to it and lost with it (empty lines are skipped).
    return f"\n{_digest(body)} {body}\n".encode()


def _digest(body: str) -> str:
    return hashlib.sha256(body.encode()).hexdigest()[:32]


def _header_record(game: int, header: GameHeader) -> dict[str, Any]:
    players = list(header.players)
    return {"t": "game", "game": game, "seed": header.seed, "players": players,
            "options": header.stored_options()}  # fmt: skip


def _entry_record(game: int, entry: LogEntry) -> dict[str, Any]:
    return {"t": "entry", "game": game, "seq": entry.seq, "player": entry.player,
            "kind": entry.kind, "action": entry.action}  # fmt: skip


@dataclass
class Found:
    """What a journal holds that its checksums prove: the latest game's header and entries."""

    game: int | None = None
    header: GameHeader | None = None
    entries: dict[int, LogEntry] = field(default_factory=dict)  # by seq; may have holes
    bad_lines: int = 0  # lines that failed their checksum or are no record
    exists: bool = False

    def run(self, after: int) -> list[LogEntry]:
        """The entries after seq `after` that follow on without a hole."""
        out, seq = [], after + 1
        while seq in self.entries:
            out.append(self.entries[seq])
            seq += 1
        return out

    @property
    def last(self) -> int:
        return max(self.entries, default=0)


def read_journal(path: Path) -> Found:
    """Every record of the latest game the journal proves; damage is counted, never raised."""
    found = Found()
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        return found
    except OSError:
        found.exists, found.bad_lines = True, 1
        return found
    found.exists = True
    headers: dict[int, GameHeader] = {}
    entries: dict[int, dict[int, LogEntry]] = {}
    lines = data.split(b"\n")
    for number, raw in enumerate(lines):
        if not raw:
            continue
        torn = number == len(lines) - 1  # no newline after it: a write cut short, not damage
        if number == 0 and raw == MAGIC.encode():  # its first line: a journal of ours
            continue
        record = _parse(raw)
        if record is None:
            found.bad_lines += not torn
            continue
        try:
            game = record["game"]
            if record["t"] == "game":
                players = tuple(record["players"])
                if not all(isinstance(p, str) for p in players):
                    raise TypeError("players")
                headers[game] = GameHeader.from_stored(
                    int(record["seed"]), players, dict(record["options"])
                )
            elif record["t"] == "entry":
                entry = LogEntry(record["seq"], record["player"], record["action"], record["kind"])
                if not isinstance(entry.action, dict) or type(entry.seq) is not int:
                    raise TypeError("entry")
                entries.setdefault(game, {})[entry.seq] = entry
            else:
                raise TypeError("kind")
        except (KeyError, TypeError, ValueError):
            found.bad_lines += 1
    games = set(headers) | set(entries)
    ints = [g for g in games if type(g) is int]
    if ints:
        found.game = max(ints)
        found.header = headers.get(found.game)
        found.entries = entries.get(found.game, {})
    return found


def _parse(raw: bytes) -> dict[str, Any] | None:
    if len(raw) > MAX_LINE or b" " not in raw:
        return None
    digest, _, body = raw.partition(b" ")
    try:
        text = body.decode("ascii")
        if _digest(text) != digest.decode("ascii"):
            return None
        record = json.loads(text)
    except (UnicodeDecodeError, ValueError):
        return None
    return record if isinstance(record, dict) else None


class Journal:
    """Appends records to the journal at `path`; every write is fsync'd before it returns."""

    def __init__(self, path: Path) -> None:
        self.path = path
        # The journal file this one writes (device, inode); None until it is known. Another
        # file at the path, or none, means it was deleted or replaced behind our back.
        self.identity: tuple[int, int] | None = None

    def remember(self) -> None:
        """Take the file at the path as this journal's (None if there is none yet)."""
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            self.identity = None
            return
        self.identity = (st.st_dev, st.st_ino)

    def append(self, game: int, entry: LogEntry) -> None:
        """One entry, on disk when this returns (OSError if the disk refuses)."""
        self._write(_line(_entry_record(game, entry)))

    def rewrite(self, game: int, header: GameHeader, entries: list[LogEntry]) -> None:
        """Replace the journal by one holding this game only: built aside, synced, renamed."""
        fresh = self.path.with_name(self.path.name + ".new")
        lines = [(MAGIC + "\n").encode(), _line(_header_record(game, header))]
        lines += [_line(_entry_record(game, e)) for e in entries]
        try:
            fd = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
            try:
                data = b"".join(lines)
                if os.write(fd, data) != len(data):  # never a torn journal put in place
                    raise OSError(28, "No space left on device (a short write to the journal)")
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(fresh, self.path)
            self.remember()
        except OSError:
            fresh.unlink(missing_ok=True)
            raise
        fsync_dir(self.path.parent)

    def _write(self, data: bytes) -> None:
        # Made here only when no journal was known: one deleted behind our back is not made
        # again without its header (it would then prove nothing), it is said (StoreLost).
        create = os.O_CREAT if self.identity is None else 0
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_NOFOLLOW | create, 0o600)
        except FileNotFoundError:
            if self.identity is None:
                raise
            raise StoreLost(errno.ENOENT, f"{self.path.name} was deleted") from None
        try:
            st = os.fstat(fd)
            if self.identity is not None and (st.st_dev, st.st_ino) != self.identity:
                raise StoreLost(errno.ESTALE, f"{self.path.name} was replaced")
            self.identity, size = (st.st_dev, st.st_ino), st.st_size
            try:
                if os.write(fd, data) != len(data):
                    raise OSError(28, "No space left on device (a short write to the journal)")
                os.fsync(fd)
            except OSError:
                # A full disk: take the torn record back, so that it is not read as damage.
                with contextlib.suppress(OSError):
                    os.ftruncate(fd, size)
                raise
        finally:
            os.close(fd)


def fsync_dir(directory: Path) -> None:
    """Make a file's creation, rename or removal in `directory` durable."""
    fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
