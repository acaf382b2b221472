"""The store file on disk: where it lives, why it cannot be written, copies aside, syncs.

The file is always named by an absolute path (importing lgpio changes the working directory to
`LG_WD`, a RAM disk); its home is the service's state directory. SQLite's and the OS's errors
become a StoreError with the errno a person recognises in "NOT SAVED: disk full at …".

>>> absolute("/var/lib/elgrande-companion/game.db").name
'game.db'
"""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
import stat
from datetime import UTC, datetime
from pathlib import Path

from companion.session.journal import MAGIC, fsync_dir, journal_path
from companion.session.store import NotAStore, StoreError, StoreLost

DEFAULT_NAME = "game.db"

# SQLite's primary result codes, as the errno a person recognises in "NOT SAVED: …".
_SQLITE_ERRNO = {
    5: errno.EBUSY,  # SQLITE_BUSY: "database is locked" (another process writes it)
    6: errno.EBUSY,  # SQLITE_LOCKED
    13: errno.ENOSPC,  # SQLITE_FULL
    8: errno.EROFS,  # SQLITE_READONLY
    10: errno.EIO,  # SQLITE_IOERR
    14: errno.EACCES,  # SQLITE_CANTOPEN
    23: errno.EACCES,  # SQLITE_AUTH
}


def default_path(environ: dict[str, str] | None = None) -> Path:
    """`$STATE_DIRECTORY/game.db` under systemd (StateDirectory=), else the XDG state home."""
    env = os.environ if environ is None else environ
    state = env.get("STATE_DIRECTORY", "").split(":")[0]
    if state:
        return Path(state) / DEFAULT_NAME
    xdg = env.get("XDG_STATE_HOME", "")
    if not os.path.isabs(xdg):  # unset, empty or relative: the XDG spec says to ignore it
        xdg = str(Path.home() / ".local" / "state")
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


def given_path(text: str) -> Path:
    """A store path as a person gives it to a command: a relative one from the working directory
    now (before importing lgpio changes it), a symbolic link followed to the file it names (the
    store's other files go beside that file). A link loop, or a link to nothing, is refused
    (NotAStore) in one line and left untouched.

    >>> given_path("/var/lib/elgrande-companion/../elgrande-companion/game.db").name
    'game.db'
    """
    path = Path(os.path.abspath(text))
    try:
        return path.resolve(strict=True)
    except FileNotFoundError:
        if os.path.islink(path):  # a link whose target is not there
            target = shown(Path(os.readlink(path)))
            raise NotAStore(
                errno.ENOENT,
                f"{shown(path)} is a symbolic link to nothing ({target}), not a companion store; "
                "it was left untouched",
            ) from None
        # Nothing there yet: a new store, its folder's links followed below.
    except RuntimeError:  # a loop (Python 3.11; later ones raise OSError ELOOP)
        raise NotAStore(errno.ELOOP, _LOOP.format(shown(path))) from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise NotAStore(errno.ELOOP, _LOOP.format(shown(path))) from None
        return path  # a file in the way, no permission …: the store's open says which
    try:
        return path.parent.resolve() / path.name
    except (RuntimeError, OSError):
        raise NotAStore(errno.ELOOP, _LOOP.format(shown(path))) from None


_LOOP = "{} is a symbolic link loop, not a companion store; it was left untouched"


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


def is_resource_error(exc: BaseException) -> bool:
    """Disk full, read-only, cannot open: the disk's trouble, not damage in the file."""
    code = (getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF
    return code in _SQLITE_ERRNO


def is_full(exc: BaseException) -> bool:
    """SQLite's "database or disk is full" (or an I/O error, which a full disk also gives)."""
    code = (getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF
    return code in (13, 10)  # SQLITE_FULL, SQLITE_IOERR


def low_on_room(path: Path, room: int) -> bool:
    """Whether the file system of `path` has less than `room` bytes free (False if unknown)."""
    try:
        fs = os.statvfs(path.parent)
    except OSError:
        return False
    return fs.f_bavail * fs.f_frsize < room


def _diagnose(path: Path) -> int | None:
    """Why the store cannot be written: EROFS (read-only file system), ENOSPC (full), EACCES
    (no permission for the file or its directory), or None when nothing is visibly wrong."""
    try:
        fs = os.statvfs(path.parent)
    except OSError:
        return None
    if fs.f_flag & os.ST_RDONLY:
        return errno.EROFS
    if fs.f_bavail * fs.f_frsize < max(2 * fs.f_bsize, 128 * 1024):  # no room for a store
        return errno.ENOSPC
    for p in (path.parent, path):
        if p.exists() and not os.access(p, os.W_OK, effective_ids=True):
            return errno.EACCES
    return None


def identity(path: Path) -> tuple[int, int]:
    """The file at `path` as (device, inode): which file it is, whatever its name."""
    st = os.stat(path)
    return st.st_dev, st.st_ino


def in_place(path: Path, known: tuple[int, int]) -> None:
    """Raise StoreLost if the file at `path` is no longer `known` (deleted, or another put in
    its place); a path that cannot be looked at is left to the write to report."""
    try:
        now = identity(path)
    except FileNotFoundError:
        raise StoreLost(errno.ENOENT, f"{path.name} was deleted") from None
    except OSError:
        return
    if now != known:
        raise StoreLost(errno.ESTALE, f"{path.name} was replaced")


def sidecars(path: Path) -> tuple[Path, Path]:
    """The -wal and -shm files SQLite keeps beside `path`."""
    return path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")


def copy_aside(path: Path) -> Path | None:
    """Copy the file (and its -wal) next to it under a timestamped name; None if that fails."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    base = path.with_name(f"{path.name}.damaged-{stamp}")
    copy, n = base, 1
    while copy.exists():
        copy, n = base.with_name(f"{base.name}-{n}"), n + 1
    try:
        # The -wal holds committed entries not yet in the file; -shm is an index, no data.
        wal, wal_copy = sidecars(path)[0], sidecars(copy)[0]
        pairs = ((path, copy), (wal, wal_copy), (journal_path(path), journal_path(copy)))
        for source, target in pairs:
            if not source.exists() or (source == wal and source.stat().st_size == 0):
                continue
            fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with open(fd, "wb") as out, open(source, "rb") as src:
                shutil.copyfileobj(src, out)
                out.flush()
                os.fsync(out.fileno())
        fsync_dir(path.parent)
    except OSError:
        return None
    return copy


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


SQLITE_MAGIC = b"SQLite format 3\x00"
_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISSOCK, "a socket"),
    # Never followed here: a command follows the link it is given first (given_path).
    (stat.S_ISLNK, "a symbolic link"),
)


def shown(path: Path) -> str:
    """A path for one line of a message: control characters escaped, cut to ~80 characters."""
    text = repr(str(path))[1:-1]
    return text if len(text) <= 80 else text[:38] + "…" + text[-38:]


def existing_store(path: Path, journal: Path) -> bool:
    """Whether a store is at `path` (False: nothing there yet). Raises NotAStore, reading
    nothing but a file's first bytes, when what is there is not a companion store."""
    for p in (path, journal):
        try:
            mode = os.lstat(p).st_mode  # a link is refused, not followed: one rule, journal or not
        except FileNotFoundError:
            continue
        except NotADirectoryError:
            raise NotAStore(
                errno.ENOTDIR, f"{shown(p)}: a part of the path is a file, not a directory"
            ) from None
        except OSError as exc:
            code = exc.errno or errno.EIO
            raise StoreError(code, f"cannot look at {shown(p)}: {exc.strerror}") from exc
        kind = next((name for test, name in _KINDS if test(mode)), None)
        if kind is not None or not stat.S_ISREG(mode):
            raise NotAStore(
                errno.EINVAL,
                f"{shown(p)} is {kind or 'not a regular file'}, not a companion store; "
                "it was left untouched",
            )
    if not path.exists():
        return False
    try:
        head = _first_bytes(path, 100)
    except OSError as exc:  # e.g. a store left by root that the service's user may not read
        code = exc.errno or errno.EIO
        raise StoreError(code, f"cannot read {shown(path)}: {exc.strerror}") from exc
    try:
        ours = _first_bytes(journal, len(MAGIC)) == MAGIC.encode()
    except OSError:
        ours = False
    if head.startswith(SQLITE_MAGIC):
        tables = _tables(path)
        if not ours and tables is not None and not {"game", "entry"} <= tables:
            names = ", ".join(sorted(shown(Path(t)) for t in tables)[:3]) or "none"
            raise NotAStore(
                errno.EINVAL,
                f"{shown(path)} is a SQLite database of another program (tables: {names}), "
                "not a companion store; it was left untouched",
            )
        return True
    if ours:  # our journal beside it: the file is ours, damaged
        return True
    what = "not a SQLite file" if head else "an empty file"
    raise NotAStore(
        errno.EINVAL, f"{shown(path)} is {what}, not a companion store; it was left untouched"
    )


def _first_bytes(path: Path, size: int) -> bytes:
    """Up to `size` bytes from the start of a regular file (b"": none there); OSError if it
    cannot be read."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW)
    except FileNotFoundError:
        return b""
    try:
        return os.read(fd, size) if stat.S_ISREG(os.fstat(fd).st_mode) else b""
    finally:
        os.close(fd)


def _tables(path: Path) -> set[str] | None:
    """The tables of the SQLite file (None: its schema cannot be read, which is damage)."""
    try:
        conn = sqlite3.connect(f"{path.as_uri()}?mode=ro&immutable=1", uri=True)
    except sqlite3.Error:
        return None
    try:
        rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
        return {str(name) for (name,) in rows}
    except (sqlite3.Error, UnicodeDecodeError):
        return None
    finally:
        conn.close()
