"""The journal beside the store as the table meets it during play: one removed by hand is made
again, for the service alone, without a "NOT SAVED"; a write the disk cuts short is a full disk
on the main display."""

from __future__ import annotations

import errno
import os
import resource
import signal
import stat
from pathlib import Path

import pytest
from table_testing import Table

from companion.session.journal import journal_path
from companion.session.resilient import open_resilient

THREE = ("red", "blue", "yellow")


def _table(path: Path) -> Table:
    table = Table(seed=3, seats=THREE, store=open_resilient(path))
    table.press("red", "select")  # the defaults: sealed power cards, yellow first
    table.press("yellow", "select")  # power cards 1-7: the first decision on disk
    return table


def _stop(table: Table) -> None:
    table.app.store.close()
    table.close()


def test_a_journal_removed_during_a_game_is_made_again_for_the_service_alone(tmp_path):
    path = tmp_path / "game.db"
    old = os.umask(0o022)
    table = _table(path)
    try:
        journal_path(path).unlink()  # a hand tidying the state directory
        table.press("red", "select")  # red opens a group of cards: a decision
        assert table.app.store.saving
        assert not any("NOT SAVED" in a for a in table.app.main_ui().alerts)
        # It holds sealed choices: nobody but the service may read it, whatever the umask.
        assert stat.S_IMODE(journal_path(path).stat().st_mode) == 0o600
    finally:
        os.umask(old)
        _stop(table)


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
        _stop(table)
