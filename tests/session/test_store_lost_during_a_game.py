"""Store files deleted or replaced while a game runs: noticed at the next decision, said on the
main display, and the whole game written afresh from memory — nothing lost."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from session_testing import HEADER, entry
from store_table_testing import THREE, stop
from table_testing import Table

from companion.session.journal import journal_path, read_journal
from companion.session.resilient import open_resilient
from companion.session.sqlite_disk import sidecars
from companion.session.sqlite_store import SqliteStore


def _everything(path: Path) -> list[Path]:
    return [path, journal_path(path), *sidecars(path)]


def _delete_file(path: Path) -> None:
    path.unlink()


def _delete_journal(path: Path) -> None:
    journal_path(path).unlink()


def _delete_all(path: Path) -> None:
    for p in _everything(path):
        p.unlink(missing_ok=True)


def _replace_by_an_older_copy(path: Path) -> None:
    """A backup put back: the file as it was at entry 3, renamed over the live one."""
    older = path.with_name("backup.db")
    shutil.copyfile(path.with_name("at-3.db"), older)
    older.replace(path)


LOSSES = {
    "file deleted": (_delete_file, "game.db was deleted"),
    "journal deleted": (_delete_journal, "game.db.journal was deleted"),
    "all deleted": (_delete_all, "game.db was deleted"),
    "file replaced": (_replace_by_an_older_copy, "game.db was replaced"),
}


@pytest.mark.parametrize("loss", LOSSES, ids=list(LOSSES))
def test_files_lost_mid_game_are_said_at_the_next_decision_and_the_game_written_again(
    tmp_path, loss
):
    lose, said = LOSSES[loss]
    path = tmp_path / "game.db"
    store = open_resilient(path)
    store.start(HEADER)
    for seq in range(1, 4):
        store.append(entry(seq))
    shutil.copyfile(path, tmp_path / "at-3.db")  # its -wal not copied: an older game still
    for seq in range(4, 8):
        store.append(entry(seq))
    lose(path)
    store.append(entry(8))  # the next decision notices
    assert store.saving
    assert store.message == f"SAVED AGAIN: {said} during the game; rewritten from memory"
    for seq in range(9, 11):
        store.append(entry(seq))
    store.close()
    again = SqliteStore(path)
    try:
        assert again.load() == (HEADER, [entry(i) for i in range(1, 11)])
        assert again.damage is None  # written whole: nothing left to repair
    finally:
        again.close()
    found = read_journal(journal_path(path))
    assert found.header == HEADER and sorted(found.entries) == list(range(1, 11))


def test_a_store_replaced_by_what_is_no_store_is_not_saved_and_says_why(tmp_path):
    path = tmp_path / "game.db"
    store = open_resilient(path)
    store.start(HEADER)
    store.append(entry(1))
    for p in _everything(path):
        p.unlink(missing_ok=True)
    path.write_text("someone's notes\n")
    store.append(entry(2))
    assert not store.saving
    assert store.message == f"NOT SAVED: the store was replaced by what is no store at {path}"
    assert path.read_text() == "someone's notes\n"  # never written over
    assert store.load() == (HEADER, [entry(1), entry(2)])
    store.close()


def test_the_main_display_says_the_store_was_written_again_and_a_restart_loses_nothing(tmp_path):
    path = tmp_path / "game.db"
    table = Table(seed=3, seats=THREE, store=open_resilient(path))
    try:
        table.press("red", "select")  # the defaults: sealed power cards, yellow first
        table.press("yellow", "select")  # power cards 1-7: the first decision on disk
        for p in _everything(path):
            p.unlink(missing_ok=True)  # a hand tidying the state directory
        assert not table.app.main_ui().alerts  # nothing is known before the next decision
        table.press("red", "select")  # red opens a group of cards: a decision
        said = "SAVED AGAIN: game.db was deleted during the game; rewritten from memory"
        assert said in table.app.main_ui().alerts
        played = len(table.session.entries)
    finally:
        stop(table)
    table = Table(seed=3, seats=THREE, store=open_resilient(path))
    try:
        assert table.app.mode == "resumed"
        assert len(table.session.entries) == played == 2
        assert table.app.store.damage is None
    finally:
        stop(table)
