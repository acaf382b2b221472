"""One companion process per store: an advisory lock on `game.db.lock` beside the store.

Two processes writing one store (the service and a `companion demo --store` pointed at its file)
would each refuse the other's entries, and SQLite would call that an I/O error. The store for
play takes an exclusive `flock` on the lock file first and holds it until it is closed; a second
process finds it taken and says the store is in use, naming the holder's process id, rather
than "disk error". The kernel drops the lock when its holder ends, however it ends, so a crash
never leaves a store locked; the file itself stays (removing it would race the next holder).

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "game.db"
>>> first, second = StoreLock(path), StoreLock(path)
>>> first.acquire()
>>> try:
...     second.acquire()
... except StoreInUse as e:
...     print(e.strerror.split(" (")[0])
in use by another companion process
>>> first.release(); second.acquire(); second.release()
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
from pathlib import Path

from companion.session.store import StoreError


class StoreInUse(StoreError):
    """Another process holds the store's lock."""


def lock_path(store_path: Path) -> Path:
    return store_path.with_name(store_path.name + ".lock")


class StoreLock:
    """The lock of the store at `store_path`, taken by `acquire` and held until `release`."""

    def __init__(self, store_path: Path) -> None:
        self.path = lock_path(store_path)
        self._fd: int | None = None

    def acquire(self) -> None:
        """Take the lock (again a no-op once held). StoreInUse if another process holds it; a
        lock file that cannot be made (a read-only or full directory) is no lock: the store's
        own open says what is wrong with the directory."""
        if self._fd is not None:
            return
        flags = os.O_NOFOLLOW | os.O_CLOEXEC
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | flags, 0o600)
        except OSError:
            try:  # a read-only directory may still hold a lock file to take
                fd = os.open(self.path, os.O_RDONLY | flags)
            except OSError:
                return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            holder = _holder(fd)
            os.close(fd)
            if exc.errno not in (errno.EWOULDBLOCK, errno.EAGAIN):
                return  # a file system without locks: nothing to say
            pid = f" (pid {holder})" if holder else ""
            raise StoreInUse(errno.EBUSY, f"in use by another companion process{pid}") from None
        with contextlib.suppress(OSError):  # who holds it, for the next one's message
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        self._fd = fd

    def release(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)  # closing the file drops the lock


def _holder(fd: int) -> int | None:
    """The process id the holder wrote into the lock file (None: unknown)."""
    try:
        text = os.pread(fd, 32, 0).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() else None
