"""A store that never stops the game: when the disk fails, the log goes on in memory.

This is the one safety net: every store opened for play is a `ResilientStore` wrapping the
durable store (`open_resilient`), and the session and the table hold that same store throughout.
A write the disk refuses (full, read-only, gone) turns `saving` off and `message` on ("NOT SAVED:
disk full at …"), which the app shows on every page; the game keeps going from the in-memory
copy, which always holds the whole log. Retrying: at most once every `retry_after_s` (30 s) of
the injected clock, on the next start/append (or `try_again`, which the app's loop calls every
30 s, so a game's last decisions need no next one), the durable store is opened afresh and
brought up to date from memory (the game the disk has, if it is a prefix of ours, is completed;
anything else is kept as an older game and ours is written as a new one). So freeing space or
remounting read-write heals by itself, and a disk that stays broken costs one failed open per
30 s, never a stall per decision. Files deleted or replaced under the game (StoreLost) are
written afresh at once, and `message` says so ("SAVED AGAIN: …") for the rest of the game.

>>> from companion.session.store import StoreError
>>> def broken():
...     raise StoreError(28, "No space left on device")
>>> store = ResilientStore(broken, where="/var/lib/elgrande-companion/game.db")
>>> store.saving, store.message
(False, 'NOT SAVED: disk full at /var/lib/elgrande-companion/game.db')
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.session.journal import journal_path
from companion.session.sqlite_disk import absolute, existing_store
from companion.session.sqlite_store import SqliteStore
from companion.session.store import (
    Damage,
    GameHeader,
    LogEntry,
    MemoryStore,
    NotAStore,
    Store,
    StoreLost,
)
from companion.session.store_lock import StoreInUse, StoreLock

log = logging.getLogger(__name__)

_REASONS = {
    errno.ENOSPC: "disk full",
    errno.EDQUOT: "disk quota full",
    errno.EFBIG: "file too large",
    errno.EROFS: "read-only",
    errno.EACCES: "no permission to write",
    errno.EPERM: "no permission to write",
    errno.EIO: "disk error",
    errno.EPROTO: "the store was written by a newer program",
    errno.ENOENT: "no such directory",
    errno.ENOTDIR: "not a directory",
    errno.EBUSY: "in use by another process",  # SQLite's "database is locked"
}


def failure_reason(exc: BaseException) -> str:
    """A few words for the main display: what stopped the saving (never the data)."""
    if isinstance(exc, NotAStore):  # put in the store's place while the game ran
        return "the store was replaced by what is no store"
    if isinstance(exc, StoreInUse):  # names the holder's process id
        return exc.strerror or "in use by another companion process"
    return _REASONS.get(getattr(exc, "errno", None) or -1, "cannot write")


class ResilientStore:
    """`Store` over a durable store opened by `open_durable`, with memory as the safety net."""

    def __init__(
        self,
        open_durable: Callable[[], Store],
        *,
        where: str,
        clock: Callable[[], float] = time.monotonic,
        retry_after_s: float = 30.0,
        read_only: Callable[[], tuple[Store, Damage | None]] | None = None,
        lock: StoreLock | None = None,
    ) -> None:
        self._lock = lock  # taken by open_durable, held until close()
        self._open_durable = open_durable
        self.where = where
        self._clock = clock
        self.retry_after_s = retry_after_s
        self._memory = MemoryStore()
        self._durable: Store | None = None
        self._reason: str | None = None
        # Said while saving: the store's files were deleted or replaced and written afresh.
        self._notice: str | None = None
        self._last_try = clock()
        # Damage the durable store found and repaired; its message goes on the main display.
        self.damage: Damage | None = None
        try:
            self._durable = open_durable()
        except NotAStore:
            raise  # not ours to play over: the command refuses it
        except OSError as exc:  # StoreError is an OSError
            self._fail(exc)
            self._seed_memory(read_only)
            return
        self.damage = self._durable.damage
        self._copy_into_memory(self._durable)

    def _seed_memory(self, read_only: Callable[[], tuple[Store, Damage | None]] | None) -> None:
        """The durable store cannot be opened for writing: still resume the game it holds."""
        if read_only is None:
            return
        try:
            stored, damage = read_only()
        except NotAStore:
            raise
        except OSError:
            return
        self._copy_into_memory(stored)
        self.damage = damage

    def _copy_into_memory(self, durable: Store) -> None:
        screen = durable.load_screen()
        if screen is not None:
            self._memory.save_screen(screen)
        header, entries = durable.load()
        if header is not None:
            self._memory.start(header)
            for entry in entries:
                self._memory.append(entry)

    # -- what the app shows -----------------------------------------------------------------------

    @property
    def saving(self) -> bool:
        """True while every decision reaches the disk."""
        return self._reason is None

    @property
    def message(self) -> str | None:
        """ "NOT SAVED: disk full at /var/lib/…" while not saving; while saving, "SAVED AGAIN: …"
        for the rest of the game once its files were deleted or replaced and written afresh."""
        if self._reason is not None:
            return f"NOT SAVED: {self._reason} at {self.where}"
        return self._notice

    # -- the Store protocol -----------------------------------------------------------------------

    def load(self) -> tuple[GameHeader | None, list[LogEntry]]:
        return self._memory.load()

    def start(self, header: GameHeader) -> None:
        self._notice = None  # a new game: what befell the last one's files is told
        self._memory.start(header)
        self._write(lambda durable: durable.start(header))

    def append(self, entry: LogEntry) -> None:
        self._memory.append(entry)  # an out-of-order seq is the caller's bug: raised from here
        self._write(lambda durable: durable.append(entry))

    def save_screen(self, state: dict[str, Any]) -> None:
        self._memory.save_screen(state)
        self._write(lambda durable: durable.save_screen(state))

    def load_screen(self) -> dict[str, Any] | None:
        return self._memory.load_screen()

    def close(self) -> None:
        self._close_durable()
        if self._lock is not None:
            self._lock.release()

    def _close_durable(self) -> None:
        if self._durable is not None:
            durable, self._durable = self._durable, None
            with contextlib.suppress(OSError):
                durable.close()

    def keep_prefix(self, count: int, what: str) -> Damage:
        assert self._memory.load()[0] is not None, "keep_prefix needs a game"
        self.damage = self._memory.keep_prefix(count, what)
        if self._durable is not None:
            try:
                self.damage = self._durable.keep_prefix(count, what)
            except OSError as exc:
                self._fail(exc)
        return self.damage

    def try_again(self) -> None:
        """While not saving, open the disk afresh now (not at the next decision, which may never
        come: a game's end) and write everything it lacks."""
        if self._reason is not None:
            self._retry(now=True)

    # -- the safety net ---------------------------------------------------------------------------

    def _write(self, write: Callable[[Store], None]) -> None:
        if self._reason is not None:
            self._retry()  # brings the disk up to date with memory (this entry included)
            return
        assert self._durable is not None
        try:
            write(self._durable)
        except StoreLost as exc:
            self._rewrite(exc)
        except OSError as exc:
            self._fail(exc)

    def _rewrite(self, lost: StoreLost) -> None:
        """The files were deleted or replaced under a running game: write the whole game
        afresh from memory now (not in 30 s), and say so for the rest of the game."""
        what = lost.strerror or "the store was lost"
        log.warning("%s at %s during the game: writing it again from memory", what, self.where)
        self._close_durable()
        self._notice = f"SAVED AGAIN: {what} during the game; rewritten from memory"
        self._retry(now=True)

    def _fail(self, exc: OSError) -> None:
        self._reason = failure_reason(exc)
        self._last_try = self._clock()
        self._close_durable()  # the lock stays ours: nobody else writes the game meanwhile

    def _retry(self, *, now: bool = False) -> None:
        if not now and self._clock() - self._last_try < self.retry_after_s:
            return
        self._last_try = self._clock()
        try:
            durable = self._open_durable()
        except OSError as exc:
            self._reason = failure_reason(exc)
            self._durable = None
            return
        self._durable = durable
        self.damage = durable.damage or self.damage
        try:
            self._catch_up(durable)
        except OSError as exc:
            self._fail(exc)
            return
        self._reason = None

    def _catch_up(self, durable: Store) -> None:
        """Write what memory holds and the disk lacks."""
        screen = self._memory.load_screen()
        if screen is not None and screen != durable.load_screen():
            durable.save_screen(screen)
        header, entries = self._memory.load()
        if header is None:
            return
        on_disk_header, on_disk = durable.load()
        if on_disk_header != header or on_disk != entries[: len(on_disk)]:
            durable.start(header)  # the disk's game stays in the file as an older game
            on_disk = []
        for entry in entries[len(on_disk) :]:
            durable.append(entry)


def open_resilient(
    path: str | os.PathLike[str],
    *,
    durable: Callable[[Path], Store] = SqliteStore,
    **kwargs: Any,
) -> ResilientStore:
    """The store for play: SqliteStore at `path` (absolute), in memory when the disk fails.

    If the file cannot be opened for writing (read-only or full state directory), the game it
    holds is still read and resumed in memory. A relative path is refused (StoreError).
    `durable` opens the file (a SqliteStore subclass that times its commits, for the bench)."""
    path = absolute(path)

    lock = StoreLock(path)

    def opened() -> Store:
        existing_store(path, journal_path(path))  # refused before a lock file is made beside it
        lock.acquire()  # StoreInUse: another process plays on this store (held until close)
        return durable(path)

    return ResilientStore(
        opened,
        where=str(path),
        read_only=lambda: SqliteStore.read_only(path),
        lock=lock,
        **kwargs,
    )
