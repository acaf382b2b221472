"""The journal beside the store as the table meets it during play: it is for the service alone,
one removed by hand is made again without a "NOT SAVED", a write the disk cuts short is a full
disk on the main display, a new game's journal is whole after an earlier start was cut short,
and a state directory with no room for a new file is said as full."""

from __future__ import annotations

import contextlib
import errno
import os
import resource
import signal
import stat
from pathlib import Path

import pytest
from store_table_testing import stop
from table_testing import Table
from test_resilient_store import tmpfs

from companion.session.journal import journal_path
from companion.session.resilient import open_resilient

THREE = ("red", "blue", "yellow")


def _table(path: Path) -> Table:
    table = Table(seed=3, seats=THREE, store=open_resilient(path))
    table.press("red", "select")  # the defaults: sealed power cards, yellow first
    table.press("yellow", "select")  # power cards 1-7: the first decision on disk
    return table


def test_a_journal_removed_during_a_game_is_made_again_for_the_service_alone(tmp_path):
    path = tmp_path / "game.db"
    old = os.umask(0o022)
    table = _table(path)
    try:
        # It holds sealed choices: nobody but the service may read it, whatever the umask.
        assert stat.S_IMODE(journal_path(path).stat().st_mode) == 0o600
        journal_path(path).unlink()  # a hand tidying the state directory
        table.press("red", "select")  # red opens a group of cards: a decision
        assert table.app.store.saving
        assert not any("NOT SAVED" in a for a in table.app.main_ui().alerts)
        assert stat.S_IMODE(journal_path(path).stat().st_mode) == 0o600  # and when made again
    finally:
        os.umask(old)
        stop(table)


def _press_on_a_nearly_full_disk(table: Table, journal: Path) -> None:
    """Room for a few bytes of the next record only: the kernel writes those and says how many
    (a short write), as a disk with one block left does. The journal is written first."""
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    xfsz = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    try:
        resource.setrlimit(resource.RLIMIT_FSIZE, (journal.stat().st_size + 10, hard))
        table.press("red", "select")
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        signal.signal(signal.SIGXFSZ, xfsz)


@pytest.mark.parametrize("untorn", [True, False], ids=["torn-record-taken-back", "disk-refuses"])
def test_a_write_to_the_journal_cut_short_by_the_disk_is_a_full_disk_on_the_main_display(
    tmp_path, monkeypatch, untorn
):
    path = tmp_path / "game.db"
    table = _table(path)
    if not untorn:  # the disk then refuses to take the torn record back as well

        def refused(fd: int, size: int) -> None:
            raise OSError(errno.EIO, "Input/output error")

        monkeypatch.setattr(os, "ftruncate", refused)
    _press_on_a_nearly_full_disk(table, journal_path(path))
    monkeypatch.undo()
    try:
        assert table.app.main_ui().alerts[0] == f"NOT SAVED: disk full at {path}"
        assert len(table.session.entries) == 2  # the game goes on in memory
    finally:
        stop(table)


def test_a_new_game_after_a_start_cut_short_resumes_with_no_damage(tmp_path):
    path = tmp_path / "game.db"
    # A power cut while a new game's journal was being built aside left a longer piece of it.
    stale = journal_path(path).with_name(journal_path(path).name + ".new")
    stale.write_bytes(b"a journal cut short by a power cut\n" * 200)
    stop(_table(path))
    table = Table(seed=3, seats=THREE, store=open_resilient(path))
    try:
        assert table.app.mode == "resumed"
        assert table.app.main_ui().lines == ("Round 1, 1 decision kept",)
        assert table.app.store.damage is None
    finally:
        stop(table)


def test_a_state_directory_with_no_room_for_a_new_file_is_a_full_disk_when_the_game_starts(
    tmp_path,
):
    # A file system out of inodes: the files there still grow, no new one can be made.
    with tmpfs(tmp_path, "1m,nr_inodes=32") as mount:
        path = mount / "game.db"
        table = Table(seed=3, seats=THREE, store=open_resilient(path))
        try:
            with contextlib.suppress(OSError):
                for n in range(64):
                    (mount / f"ballast-{n}").touch()
            table.press("red", "select")  # the game starts: its journal cannot be made
            assert table.app.main_ui().alerts[0] == f"NOT SAVED: disk full at {path}"
        finally:
            stop(table)


def test_a_journal_swapped_for_a_link_is_never_written_through(tmp_path):
    path = tmp_path / "game.db"
    table = _table(path)
    elsewhere = tmp_path / "someone-elses-file"
    elsewhere.write_text("theirs\n")
    try:
        journal_path(path).unlink()
        journal_path(path).symlink_to(elsewhere)
        table.press("red", "select")  # red opens a group of cards: a decision
        assert table.app.main_ui().alerts[0] == f"NOT SAVED: cannot write at {path}"
        assert elsewhere.read_text() == "theirs\n"
    finally:
        stop(table)
