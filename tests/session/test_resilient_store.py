"""No disk: a full disk or a read-only state directory never stops the game, and says so.

The full disk is a small tmpfs (as root, where mount works) and, always, a file-size limit
(RLIMIT_FSIZE) in a subprocess; the read-only directory is a tmpfs remounted read-only (as root)
or a directory without write permission (as another user).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from session_testing import HEADER, entry

from companion.session.resilient import ResilientStore, open_resilient
from companion.session.sqlite_store import SqliteStore
from companion.session.store import GameHeader, LogEntry, NotAStore, StoreError
from companion.testing import VirtualClock


def big(seq: int) -> LogEntry:
    return LogEntry(seq, "red", {"kind": "bid", "target": f"{seq:04d}" + "x" * 1500})


@contextlib.contextmanager
def tmpfs(tmp_path: Path, size: str) -> Iterator[Path]:
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root (the file-size-limit test covers a full disk)")
    mount = tmp_path / f"fs-{uuid.uuid4().hex[:8]}"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size},mode=0700", "tmpfs", mount])
    if done.returncode != 0:
        pytest.skip("mount is not permitted here (the file-size-limit test covers a full disk)")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", mount], check=True)


def test_a_full_disk_goes_on_in_memory_says_so_and_heals_when_space_is_freed(tmp_path):
    with tmpfs(tmp_path, "256k") as mount:
        path = mount / "game.db"
        clock = VirtualClock(0.0)
        store = ResilientStore(lambda: SqliteStore(path), where=str(path), clock=clock)
        store.start(HEADER)
        ballast = mount / "ballast"
        ballast.write_bytes(b"\0" * 120_000)  # someone else's file fills the disk
        seq = 0
        while store.saving:
            seq += 1
            store.append(big(seq))
            assert seq < 500, "the tmpfs never filled"
        assert store.message == f"NOT SAVED: disk full at {path}"
        for more in range(seq + 1, seq + 6):
            store.append(big(more))  # the game goes on
        expected = [big(i) for i in range(1, seq + 6)]
        assert store.load() == (HEADER, expected)

        ballast.unlink()  # space is freed; the next attempt comes after retry_after_s
        store.append(big(seq + 6))
        assert not store.saving
        clock.now += store.retry_after_s
        store.append(big(seq + 7))
        assert store.saving and store.message is None
        store.close()
        on_disk = SqliteStore(path)
        assert on_disk.load() == (HEADER, [*expected, big(seq + 6), big(seq + 7)])
        on_disk.close()


def test_a_file_size_limit_is_a_full_disk_too(tmp_path):
    # RLIMIT_FSIZE in a child: no root or mount needed. SIGXFSZ ignored so writes fail with EFBIG.
    path = tmp_path / "game.db"
    script = textwrap.dedent(f"""
        import json, resource, signal
        from companion.session.resilient import ResilientStore, open_resilient
        from companion.session.sqlite_store import SqliteStore
        from companion.session.store import GameHeader, LogEntry
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (96_000, 96_000))
        path = {str(path)!r}
        store = ResilientStore(lambda: SqliteStore(path), where=path)
        store.start(GameHeader(1, ("red", "blue"), {{}}))
        seq = 0
        while store.saving and seq < 500:
            seq += 1
            store.append(LogEntry(seq, "red", {{"kind": "bid", "target": "x" * 1500}}))
        store.append(LogEntry(seq + 1, "red", {{"kind": "bid", "target": "y"}}))
        print(json.dumps({{"saving": store.saving, "message": store.message, "failed_at": seq,
                          "in_memory": len(store.load()[1])}}))
    """)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True
    )
    report = json.loads(done.stdout)
    assert report["saving"] is False and report["failed_at"] < 500
    assert report["message"].startswith("NOT SAVED: ") and report["message"].endswith(str(path))
    assert report["in_memory"] == report["failed_at"] + 1
    kept = SqliteStore(path).load()[1]  # what reached the disk is whole, a prefix of the game
    # The journal is written first: the append the file refused may be whole in the journal,
    # and then it is kept (as a commit cut short by a power cut would be).
    assert report["failed_at"] - 1 <= len(kept) <= report["failed_at"]
    assert all(e.seq == i for i, e in enumerate(kept, 1))


def crash_copy_into(mount: Path, n: int, scratch: Path) -> Path:
    """A game of n entries as a power cut leaves it (file, -wal, -shm), copied into `mount`."""
    scratch.mkdir()
    store = SqliteStore(scratch / "game.db")
    store.start(HEADER)
    for seq in range(1, n + 1):
        store.append(entry(seq))
    for suffix in ("", "-wal", "-shm", ".journal"):
        shutil.copyfile(scratch / f"game.db{suffix}", mount / f"game.db{suffix}")
    store.close()
    return mount / "game.db"


@pytest.mark.parametrize("crashed", [False, True])
def test_a_read_only_state_directory_resumes_the_game_in_memory_and_says_so(tmp_path, crashed):
    # A file system with errors comes back read-only after a power cut: the game still resumes.
    with tmpfs(tmp_path, "1m") as mount:
        if crashed:
            path = crash_copy_into(mount, 3, tmp_path / "scratch")
        else:
            path = mount / "game.db"
            first = SqliteStore(path)
            first.start(HEADER)
            for seq in (1, 2, 3):
                first.append(entry(seq))
            first.close()
        subprocess.run(["mount", "-o", "remount,ro", mount], check=True)
        clock = VirtualClock(0.0)
        store = open_resilient(path, clock=clock)
        assert not store.saving and store.message == f"NOT SAVED: read-only at {path}"
        assert store.load() == (HEADER, [entry(1), entry(2), entry(3)])
        assert store.damage is None
        store.append(entry(4))  # the game goes on in memory
        assert store.load()[1][-1] == entry(4) and not store.saving

        subprocess.run(["mount", "-o", "remount,rw", mount], check=True)
        clock.now += store.retry_after_s
        store.append(entry(5))
        assert store.saving and store.message is None
        store.close()
        assert SqliteStore(path).load() == (HEADER, [entry(i) for i in range(1, 6)])


def test_an_empty_read_only_state_directory_still_lets_the_table_play(tmp_path):
    with tmpfs(tmp_path, "1m") as mount:
        subprocess.run(["mount", "-o", "remount,ro", mount], check=True)
        path = mount / "game.db"
        store = open_resilient(path, clock=VirtualClock(0.0))
        assert not store.saving and store.message == f"NOT SAVED: read-only at {path}"
        assert store.load() == (None, [])
        store.start(HEADER)
        store.append(entry(1))
        assert store.load() == (HEADER, [entry(1)])


@contextlib.contextmanager
def as_nobody() -> Iterator[None]:
    """Root ignores permission bits: drop the effective uid for a moment (restored after)."""
    if os.geteuid() != 0:
        yield
        return
    os.setegid(65534)
    os.seteuid(65534)
    try:
        yield
    finally:
        os.seteuid(0)
        os.setegid(0)


def test_a_directory_without_write_permission_is_reported_and_the_game_resumed():
    base = Path(tempfile.mkdtemp())  # under /tmp, so "nobody" can reach it
    try:
        os.chmod(base, 0o755)
        path = base / "game.db"
        first = SqliteStore(path)
        first.start(HEADER)
        first.append(entry(1))
        first.close()
        os.chmod(path, 0o644)
        os.chmod(base, 0o555)
        with as_nobody():
            store = open_resilient(path)
        assert store.message == f"NOT SAVED: no permission to write at {path}"
        assert store.load() == (HEADER, [entry(1)])
    finally:
        os.chmod(base, 0o755)
        shutil.rmtree(base)


def _roots_game(mode: int) -> tuple[Path, Path]:
    """A game root started in a new directory under /tmp (so "nobody" can reach it) of `mode`;
    its file and journal are root's, mode 0600. The directory and the store's path."""
    base = Path(tempfile.mkdtemp())
    os.chmod(base, mode)
    path = base / "game.db"
    first = SqliteStore(path)
    first.start(HEADER)
    first.close()
    return base, path


def test_a_store_its_user_may_not_read_says_no_permission_not_a_broken_disk():
    # A store left by `sudo companion run` (root's file and journal, mode 0600), opened by the
    # service's own user: what stops the saving is said as it is, and the game goes on in memory.
    base, path = _roots_game(0o755)
    try:
        with as_nobody():
            store = open_resilient(path)
        assert store.message == f"NOT SAVED: no permission to write at {path}"
    finally:
        shutil.rmtree(base)


def test_a_file_not_ours_beside_a_journal_its_user_may_not_read_is_refused_and_left_untouched():
    # A text file where the store goes, beside a journal root left (mode 0600): a journal that
    # cannot be read does not make the file ours, so it is refused, never rebuilt over.
    base, path = _roots_game(0o777)
    try:
        path.unlink()
        path.write_text("my notes\n")
        with as_nobody(), pytest.raises(NotAStore, match="game.db is not a SQLite file"):
            open_resilient(path)
        assert path.read_text() == "my notes\n"
    finally:
        shutil.rmtree(base)


def test_a_relative_path_is_refused_not_taken_for_a_broken_disk():
    with pytest.raises(StoreError, match="must be absolute"):
        open_resilient("game.db")


def test_the_memory_copy_keeps_the_stored_game_and_a_seq_error_is_the_callers(tmp_path):
    path = tmp_path / "game.db"
    first = SqliteStore(path)
    first.start(HEADER)
    first.append(entry(1))
    first.close()
    store = ResilientStore(lambda: SqliteStore(path), where=str(path))
    assert store.load() == (HEADER, [entry(1)]) and store.saving
    with pytest.raises(StoreError, match="out of order"):
        store.append(entry(3))
    assert store.saving


def test_after_a_failure_a_different_game_on_disk_is_kept_and_ours_written_as_new(tmp_path):
    path = tmp_path / "game.db"
    clock = VirtualClock(0.0)
    opens = {"fail": False}

    def open_durable():
        if opens["fail"]:
            raise StoreError(28, "No space left on device")
        return SqliteStore(path)

    store = ResilientStore(open_durable, where=str(path), clock=clock)
    store.start(HEADER)
    store.append(entry(1))
    store._durable.close()  # the disk vanishes under the store
    store.append(entry(2))
    assert not store.saving
    other = GameHeader(3, ("x", "y"), {})
    intruder = SqliteStore(path)
    intruder.start(other)  # meanwhile the file's current game changed
    intruder.close()
    clock.now += store.retry_after_s
    store.append(entry(3))
    assert store.saving
    store.close()
    assert SqliteStore(path).load() == (HEADER, [entry(1), entry(2), entry(3)])


def test_the_screen_state_is_kept_in_memory_while_the_disk_fails_and_written_on_healing(tmp_path):
    path = tmp_path / "game.db"
    clock = VirtualClock(0.0)
    store = ResilientStore(lambda: SqliteStore(path), where=str(path), clock=clock)
    store.save_screen({"game": None, "setup": {"cursor": 1}})  # no game yet: setup is all there is
    store._durable.close()  # the disk vanishes under the store
    store.save_screen({"game": None, "setup": {"cursor": 2}})
    assert not store.saving and store.load_screen() == {"game": None, "setup": {"cursor": 2}}
    clock.now += store.retry_after_s
    store.save_screen({"game": None, "setup": {"cursor": 3}})
    assert store.saving
    store.close()
    assert SqliteStore(path).load_screen() == {"game": None, "setup": {"cursor": 3}}
    again = open_resilient(path)  # a restart reads it back through the memory copy
    assert again.load_screen() == {"game": None, "setup": {"cursor": 3}}
    again.close()


def test_a_tiny_disk_freed_mid_game_catches_up_and_leaves_no_half_built_store(tmp_path):
    # 256 KiB: less than the -wal's usual length (WAL_PAGES pages); freed, it must still do.
    with tmpfs(tmp_path, "256k") as mount:
        path, fill = mount / "game.db", mount / "fill"
        fill.write_bytes(bytes(256 * 1024))  # as full as it gets: not even a store fits
        clock = VirtualClock(0.0)
        store = open_resilient(path, clock=clock, retry_after_s=1.0)
        assert not store.saving and "disk full" in store.message
        # Nothing half built: only the (empty) lock file that keeps other processes off it.
        assert sorted(p.name for p in mount.iterdir()) == ["fill", "game.db.lock"]
        assert (mount / "game.db.lock").stat().st_size == 0  # no room even for its pid
        fill.write_bytes(bytes(128 * 1024))  # some room back, not much
        clock.now += 1
        store.start(HEADER)
        everything = [entry(seq) for seq in range(1, 301)]
        for e in everything[:200]:
            store.append(e)
        fill.unlink()
        for e in everything[200:]:
            clock.now += 1
            store.append(e)
        assert store.saving and store.message is None
        store.close()
        again = SqliteStore(path)
        assert again.load() == (HEADER, everything) and again.damage is None
