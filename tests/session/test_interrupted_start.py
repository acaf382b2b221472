"""A game's start cut between the journal's write and the file's commit (the journal is written
first, so it never holds less than the file): the file holds no game, the journal holds it. The
table resumes that game and the file is given it, as an append cut the same way is finished."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from store_table_testing import THREE, played_opening, stop
from table_testing import Table

from companion.session.journal import Journal, journal_path, read_journal
from companion.session.resilient import open_resilient
from companion.session.sqlite_store import SqliteStore


def _file_without_the_game(path: Path, tmp_path: Path, entries: int) -> None:
    """The opening played, then game.db as a start cut by a power cut left it: a store file
    holding no game; the journal keeps the game's header and its first `entries` entries."""
    played_opening(path)
    found = read_journal(journal_path(path))
    assert found.game is not None and found.header is not None
    blank = tmp_path / "blank.db"
    SqliteStore(blank).close()
    for stale in [path, *path.parent.glob(path.name + "-*")]:
        stale.unlink()
    shutil.copy(blank, path)
    Journal(journal_path(path)).rewrite(found.game, found.header, found.run(0)[:entries])


@pytest.mark.parametrize("entries", [0, 2], ids=["at-its-start", "with-decisions"])
def test_a_game_the_file_lost_at_its_start_resumes_from_the_journal_and_is_saved(tmp_path, entries):
    path = tmp_path / "state" / "game.db"
    path.parent.mkdir()
    _file_without_the_game(path, tmp_path, entries)
    for _ in range(2):  # resumed, then resumed again from the file it was given
        table = Table(seed=3, seats=THREE, store=open_resilient(path))
        try:
            ui = table.app.main_ui()
            assert table.app.mode == "resumed", (ui.title, ui.lines)
            assert ui.lines == (f"Round 1, {entries} decisions kept",) and ui.alerts == ()
        finally:
            stop(table)
    store = SqliteStore(path)
    header, kept = store.load()
    store.close()
    assert header is not None and header.players == THREE and len(kept) == entries
