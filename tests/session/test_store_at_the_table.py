"""The store as the table meets it after a restart: an edited row of any field is damage, said
on the main display; the copy aside is the file as it was found; a newer program's file is left
alone; a damaged file in a read-only directory is still reported; a disk that stays broken
is not reopened on every decision; damage names the file a person chose; a setup choice, a
game's start or a decision the disk cannot keep is said as NOT SAVED and kept in memory."""

from __future__ import annotations

import resource
import signal
import sqlite3

import pytest
from session_testing import sql
from store_table_testing import THREE, played_opening, resumed_page, stop
from table_testing import Table
from test_resilient_store import tmpfs

from companion.session.resilient import ResilientStore, open_resilient
from companion.session.sqlite_schema import SCHEMA_VERSION
from companion.session.store import StoreError


def test_the_stored_game_resumes_whole_when_nothing_was_touched(tmp_path):
    path = tmp_path / "game.db"
    played_opening(path)
    assert resumed_page(path) == ("Round 1, 2 decisions kept",)


@pytest.mark.parametrize(
    "edit",
    [
        "UPDATE entry SET player = 'blue' WHERE seq = 2",  # red's choice resumed as blue's
        "UPDATE entry SET kind = 'undo' WHERE seq = 2",
        "UPDATE entry SET action = replace(action, '1-7', '8-13') WHERE seq = 2",
        "UPDATE entry SET seq = 3 WHERE seq = 2",
    ],
    ids=["player", "kind", "action", "seq"],
)
def test_an_edited_field_of_a_stored_decision_is_damage_said_on_the_main_display(tmp_path, edit):
    path = tmp_path / "game.db"
    played_opening(path)
    sql(path, edit)
    # What the SQLite file alone proves: its checksum must cover the field (the journal beside it
    # would give the decision back whole).
    path.with_name(path.name + ".journal").unlink()
    page = resumed_page(path)
    assert page[0] == "Round 1, 1 decision kept"
    said = " ".join(page)
    assert "Damaged: entry 2 " in said


def test_the_damaged_copy_is_the_file_as_it_was_found_before_the_repair(tmp_path):
    path = tmp_path / "game.db"
    played_opening(path)
    sql(path, "UPDATE entry SET player = 'blue' WHERE seq = 2")
    store = open_resilient(path)
    try:
        assert store.damage is not None and store.damage.copy is not None
        assert str(store.damage.copy) in store.damage.message  # what the log says
        copy = sqlite3.connect(store.damage.copy)
        rows = copy.execute("SELECT seq, player FROM entry ORDER BY seq").fetchall()
        copy.close()
        assert rows == [(1, "yellow"), (2, "blue")]  # the bad row too
    finally:
        store.close()


def test_a_store_one_schema_version_newer_is_left_untouched_and_the_game_still_resumes(tmp_path):
    path = tmp_path / "game.db"
    played_opening(path)
    sql(path, f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    before = path.read_bytes()
    table = Table(seed=3, seats=THREE, store=open_resilient(path))
    try:
        assert table.app.mode == "resumed"
        table.press("blue", "select")  # ● goes on
        table.press("blue", "select")  # and blue decides
        assert any(
            "NOT SAVED: the store was written by a newer program" in a
            for a in table.app.main_ui().alerts
        )
    finally:
        stop(table)
    assert path.read_bytes() == before


def test_a_damaged_file_in_a_read_only_state_directory_is_reported_as_damage(tmp_path):
    import subprocess

    with tmpfs(tmp_path, "1m") as mount:
        path = mount / "game.db"
        played_opening(path)
        sql(path, "UPDATE entry SET player = 'blue' WHERE seq = 2")
        subprocess.run(["mount", "-o", "remount,ro", mount], check=True)
        said = " ".join(resumed_page(path))
        assert "NOT SAVED: read-only" in said
        assert "Damaged: entry 2 failed its checksum. No copy could be kept." in said
        table = Table(seed=3, seats=THREE, store=open_resilient(path))
        try:  # the whole message, which the log keeps
            assert (
                "; resumed after entry 2; it could not be copied aside." in table.app.damage.message
            )
        finally:
            stop(table)


def test_a_disk_that_stays_broken_is_not_reopened_on_every_decision(tmp_path):
    opened: list[float] = []
    table: Table | None = None

    def now() -> float:  # the table's virtual clock, once the table is built
        return table.clock() if table is not None else 1000.0

    def broken():
        opened.append(now())
        raise StoreError(5, "Input/output error")

    store = ResilientStore(broken, where="/nowhere/game.db", clock=now)
    table = Table(seed=3, seats=THREE, store=store)
    try:
        table.press("red", "select")  # the game starts, in memory
        # Sealed power cards, each ● a decision; the last to seal presses ● twice (last look).
        for p in ("yellow", "yellow", "red", "red", "blue", "blue", "blue"):
            table.press(p, "select")
        assert len(table.session.entries) == 6
        assert table.clock() - opened[0] < store.retry_after_s
        assert len(opened) == 1  # only the first open: no stall on each press
        assert table.app.main_ui().alerts[0] == "NOT SAVED: disk error at /nowhere/game.db"
    finally:
        table.close()


def test_damage_names_the_store_file_a_person_chose(tmp_path):
    path = tmp_path / "other.db"  # `companion run --store …/other.db`
    played_opening(path)
    sql(path, "DELETE FROM entry")  # the file lost its rows (its -wal lost); the journal has them
    page = resumed_page(path)
    assert page[0] == "Round 1, 2 decisions kept"
    assert "Damaged: other.db ended at entry 0 " in " ".join(page)


def _cursor(table: Table) -> int:
    return table.app.store.load_screen()["setup"]["cursor"]


@pytest.mark.parametrize(
    "before, player, press, in_memory",
    [
        (("right", "left"), "red", "right", lambda t: _cursor(t) == 1),
        (("right", "left"), "red", "select", lambda t: t.app.mode == "game"),
        (("select",), "yellow", "select", lambda t: len(t.session.entries) == 1),
    ],
    ids=["a-setup-choice", "the-game-starts", "a-decision"],
)
def test_what_the_disk_cannot_keep_is_not_saved_said_and_kept_in_memory(
    tmp_path, before, player, press, in_memory
):
    path = tmp_path / "game.db"
    table = Table(seed=3, seats=THREE, store=open_resilient(path))
    table.press("red", *before)  # on disk: the setup screen's cursor, or the game's start
    wal = path.with_name(path.name + "-wal")
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    xfsz = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    try:  # the file may not grow: SQLite cannot write the next frame (the journal still fits)
        resource.setrlimit(resource.RLIMIT_FSIZE, (wal.stat().st_size + 10, hard))
        table.press(player, press)
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        signal.signal(signal.SIGXFSZ, xfsz)
    try:
        assert table.app.main_ui().alerts[0] == f"NOT SAVED: disk error at {path}"
        assert in_memory(table)
    finally:
        stop(table)
