"""`companion check-store` lists every game the file holds, each with its decisions (in-process:
the mutation run maps a test to the code it reaches only inside the test's own process)."""

from __future__ import annotations

import io
import json
import re

import pytest
from session_testing import HEADER, entry, sql

from companion.commands.check_store import check_store_command
from companion.session.sqlite_store import SqliteStore


def test_every_game_of_the_file_is_listed_with_its_decisions(tmp_path):
    path = tmp_path / "game.db"
    store = SqliteStore(path)
    store.start(HEADER)
    for seq in (1, 2, 3):
        store.append(entry(seq))
    store.start(HEADER)  # a new game: the first stays in the file as an older one
    store.append(entry(1))
    store.close()
    out = io.StringIO()
    assert check_store_command(path, out=out) == 0
    said = out.getvalue().splitlines()
    assert said[0] == f"{path}:"
    games = [line for line in said if line.startswith("  game ")]
    # Each started at a UTC time, to the second.
    when = r"started \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00:"
    assert [re.sub(when, "started T:", line) for line in games] == [
        "  game 1, started T: 3 entries",
        "  game 2, started T: 1 entry",
    ]
    assert "  recovery keeps 1 decision of game 2 (1 from the file)" in out.getvalue()


def test_a_store_in_use_is_read_with_its_wal(tmp_path):
    path = tmp_path / "game.db"
    store = SqliteStore(path)  # open, as the table holds it: the -wal holds the decisions
    store.start(HEADER)
    for seq in (1, 2, 3):
        store.append(entry(seq))
    try:
        out = io.StringIO()
        assert check_store_command(path, out=out) == 0
        said = out.getvalue().splitlines()
        assert said[1] == "  files: game.db, game.db.journal, game.db-wal"
        assert "  recovery keeps 3 decisions of game 1 (3 from the file)" in said
    finally:
        store.close()


def test_a_truncated_file_is_damage_even_when_the_journal_has_every_decision(tmp_path):
    path = tmp_path / "game.db"
    store = SqliteStore(path)
    store.start(HEADER)
    for seq in (1, 2, 3):
        store.append(entry(seq))
    store.close()
    path.write_bytes(path.read_bytes()[:100])
    out = io.StringIO()
    assert check_store_command(path, out=out) == 1
    said = out.getvalue().splitlines()
    assert "  DAMAGE: the file is truncated" in said
    assert "  recovery keeps 3 decisions of game 1 (0 from the file, 3 from the journal)" in said


def _five(path) -> SqliteStore:
    store = SqliteStore(path)
    store.start(HEADER)
    for seq in (1, 2, 3, 4, 5):
        store.append(entry(seq))
    return store


def test_the_rows_past_an_edited_one_are_still_read_from_the_file(tmp_path):
    path = tmp_path / "other.db"
    _five(path).close()
    sql(path, "UPDATE entry SET player = 'blue' WHERE seq = 2")
    out = io.StringIO()
    assert check_store_command(path, out=out) == 1
    said = out.getvalue().splitlines()
    assert "  recovery keeps 5 decisions of game 1 (4 from the file, 1 from the journal)" in said


def test_a_lost_wal_is_said_by_the_files_own_name(tmp_path):
    path = tmp_path / "other.db"
    store = _five(path)
    store.close()  # entries 1-5 in the file itself
    store = SqliteStore(path)
    store.append(entry(6))
    store.append(entry(7))  # these two only in the -wal (and the journal)
    try:
        path.with_name("other.db-wal").unlink()
        out = io.StringIO()
        assert check_store_command(path, out=out) == 1
        said = out.getvalue().splitlines()
        assert any(line.startswith("  DAMAGE: other.db ended at entry 5 ") for line in said)
    finally:
        store.close()


def test_a_whole_store_ends_on_ok(tmp_path):
    path = tmp_path / "game.db"
    _five(path).close()
    out = io.StringIO()
    assert check_store_command(path, out=out) == 0
    assert out.getvalue().splitlines()[-1] == "  OK"


def test_a_damaged_store_ends_saying_that_opening_it_repairs_it(tmp_path):
    path = tmp_path / "game.db"
    _five(path).close()
    path.write_bytes(path.read_bytes()[:100])
    out = io.StringIO()
    assert check_store_command(path, out=out) == 1
    assert out.getvalue().splitlines()[-1] == "  damaged: yes (opening it for play repairs it)"


def test_the_json_report_is_written_where_the_caller_asked(
    tmp_path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.db"
    _five(path).close()
    out = io.StringIO()
    assert check_store_command(path, as_json=True, out=out) == 0
    report = json.loads(out.getvalue())
    assert (report["decisions"], report["damaged"], report["game"]) == (5, False, 1)
    assert capsys.readouterr().out == ""  # not on standard output as well


def test_a_store_where_no_game_was_started_keeps_nothing_of_no_game(tmp_path):
    path = tmp_path / "game.db"
    SqliteStore(path).close()
    out = io.StringIO()
    assert check_store_command(path, out=out) == 0
    assert out.getvalue().splitlines()[2:] == [
        "  recovery keeps 0 decisions of no game (0 from the file)",
        "  OK",
    ]
