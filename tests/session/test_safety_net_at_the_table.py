"""The safety net around the store as the table meets it: a broken disk is tried again every
30 s and said each time in its own words; a disk that heals gets the game whole, as one game;
a decision the rules refuse is dropped from the disk too, with a copy aside, and said even
when the state directory is read-only or the disk refuses to drop it (in the disk's own words);
the game played on after it resumes with no damage; a stored set-up the rules refuse is said."""

from __future__ import annotations

import errno
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
from loop_testing import Notes, ScriptedQueue
from store_table_testing import stop
from table_testing import Table
from test_resilient_store import tmpfs

from companion.app.loop import run_loop
from companion.session.journal import journal_path
from companion.session.resilient import ResilientStore, open_resilient
from companion.session.sqlite_readonly import inspect
from companion.session.sqlite_store import SqliteStore
from companion.session.store import GameHeader, LogEntry, StoreError

THREE = ("red", "blue", "yellow")
EIO = StoreError(errno.EIO, "Input/output error")


def _on_clock(make_store) -> Table:
    """A table whose store reads the table's own clock (built after the store)."""
    table: Table | None = None

    def now() -> float:
        return table.clock() if table is not None else 1000.0

    table = Table(seed=3, seats=THREE, store=make_store(now))
    return table


def _flaky(disk: dict[str, Any]) -> type[SqliteStore]:
    """The store file on a disk the test breaks: `disk["broken"]` fails every write and the
    close after it (a USB stick pulled), `disk["no_drop"]` fails dropping entries (read-only)."""

    class Flaky(SqliteStore):
        def append(self, entry: LogEntry) -> None:
            if disk.get("broken"):
                raise EIO
            super().append(entry)

        def close(self) -> None:
            super().close()
            if disk.get("broken"):
                raise EIO

        def keep_prefix(self, count: int, what: str):
            if disk.get("no_drop"):
                raise StoreError(errno.EROFS, "Read-only file system")
            return super().keep_prefix(count, what)

    return Flaky


def test_a_disk_that_stays_broken_is_tried_again_every_30_s_and_said_in_its_own_words():
    opened: list[float] = []
    clock: list[Any] = []

    def broken():
        opened.append(clock[0]())
        raise EIO

    def make(now):
        clock.append(now)
        return ResilientStore(broken, where="/nowhere/game.db", clock=now)

    table = _on_clock(make)
    try:
        table.press("red", "select")  # the game starts, in memory
        # Sealed power cards, each press a decision: the seconds waited before it, the opens.
        steps = (("yellow", 30, 2), ("yellow", 10, 2), ("red", 20, 3), ("red", 30, 4))
        for player, wait, tries in steps:
            table.clock.advance(wait)
            table.press(player, "select")
            assert len(opened) == tries, (wait, opened)
            assert table.app.main_ui().alerts[0] == "NOT SAVED: disk error at /nowhere/game.db"
    finally:
        table.close()


def test_a_disk_that_heals_gets_the_whole_game_as_the_one_game_it_holds(tmp_path):
    path = tmp_path / "game.db"
    disk: dict[str, Any] = {}
    table = _on_clock(lambda now: open_resilient(path, durable=_flaky(disk), clock=now))
    try:
        table.press("red", "select")  # the game starts, on disk
        table.press("yellow", "select")  # a first decision on disk
        disk["broken"] = True
        table.press("red", "select")
        assert table.app.main_ui().alerts[0] == f"NOT SAVED: disk error at {path}"
        table.clock.advance(30)  # tried again: the file opens, the decisions it lacks do not go
        table.press("blue", "select")
        assert table.app.main_ui().alerts[0] == f"NOT SAVED: disk error at {path}"
        disk["broken"] = False
        table.clock.advance(30)
        table.press("blue", "select")
        assert len(table.session.entries) == 4
        assert not any("NOT SAVED" in a for a in table.app.main_ui().alerts)
        played = list(table.session.entries)
    finally:
        stop(table)
    again = Table(seed=3, seats=THREE, store=open_resilient(path))
    try:
        assert again.session.entries == played
    finally:
        stop(again)
    found = inspect(path, SqliteStore.closed(path))
    assert [entries for _, _, entries in found.games] == [len(played)]


def test_a_disk_freed_after_the_last_decision_is_caught_up_by_the_loop_without_another(tmp_path):
    """The disk fails during a game's last decisions and is freed after the last one: the
    loop's 30 s upkeep tries it again, so the decisions are saved though none follows."""
    path = tmp_path / "game.db"
    disk: dict[str, Any] = {}
    table = _on_clock(lambda now: open_resilient(path, durable=_flaky(disk), clock=now))
    try:
        table.press("red", "select")  # the game starts, on disk
        table.press("yellow", "select")  # a first decision on disk
        disk["broken"] = True
        table.press("red", "select")  # the "last" decision: not saved
        assert table.app.main_ui().alerts[0] == f"NOT SAVED: disk error at {path}"
        disk["broken"] = False  # freed; no decision follows
        # Idle: the loop wakes for the pages that turn (every 4 s) until its 30 s upkeep.
        events = ScriptedQueue(table.clock, [(0, None)] * 10)
        run_loop(table.app, events, Notes(None), clock=table.clock)
        assert table.app.store.saving, table.app.store.message
        assert not any("NOT SAVED" in a for a in table.app.main_ui().alerts)
        played = list(table.session.entries)
    finally:
        stop(table)
    stored = SqliteStore(path)
    try:
        assert stored.load()[1] == played and len(played) == 2
    finally:
        stored.close()


def _refused_entry(path: Path) -> None:
    """Two decisions, then a third the rules refuse: a bid of a card nobody has (its row and
    checksum are whole: only the engine can tell)."""
    table = Table(seed=3, seats=THREE, store=open_resilient(path))
    table.press("red", "select")  # the defaults: sealed power cards, yellow first
    table.press("yellow", "select")  # power cards 1-7
    table.press("red", "select")
    stop(table)
    store = SqliteStore(path)
    store.append(LogEntry(3, "red", {"kind": "bid", "target": 99}))
    store.close()


def _damage_line(table: Table) -> str:
    """What the main display says of the damage (its text, before it is cut to the room)."""
    assert table.app.damage is not None
    assert " ".join(table.app.main_ui().lines).startswith("Round 1, 2 decisions kept Damaged: ")
    return table.app.damage.message


def test_a_decision_the_rules_refuse_is_dropped_from_the_disk_too_with_a_copy_aside(tmp_path):
    path = tmp_path / "game.db"
    _refused_entry(path)
    table = Table(seed=3, seats=THREE, store=open_resilient(path))
    try:
        assert "resumed after entry 2; a copy is at " in _damage_line(table)
    finally:
        stop(table)
    table = Table(seed=3, seats=THREE, store=open_resilient(path))
    try:  # the refused row is gone from the disk: nothing is damaged any more
        assert table.app.damage is None
        assert table.app.main_ui().lines == ("Round 1, 2 decisions kept",)
    finally:
        stop(table)


def test_a_refused_decision_in_a_read_only_state_directory_is_still_said(tmp_path):
    with tmpfs(tmp_path, "1m") as mount:
        path = mount / "game.db"
        _refused_entry(path)
        subprocess.run(["mount", "-o", "remount,ro", mount], check=True)
        table = Table(seed=3, seats=THREE, store=open_resilient(path))
        try:
            assert _damage_line(table) == (
                "Saved game was damaged (entry 3 was refused by the rules engine); resumed "
                "after entry 2; it could not be copied aside."
            )
            assert "NOT SAVED: read-only" in table.app.main_ui().alerts[0]
        finally:
            stop(table)


def test_a_disk_that_refuses_to_drop_a_refused_decision_says_so(tmp_path):
    path = tmp_path / "game.db"
    _refused_entry(path)
    table = Table(seed=3, seats=THREE, store=open_resilient(path, durable=_flaky({"no_drop": 1})))
    try:
        assert "resumed after entry 2" in _damage_line(table)
        assert table.app.main_ui().alerts[0] == f"NOT SAVED: read-only at {path}"
    finally:
        stop(table)


def test_a_read_only_state_directory_that_lost_its_file_resumes_from_the_journal(tmp_path):
    with tmpfs(tmp_path, "1m") as mount:
        path = mount / "game.db"
        table = Table(seed=3, seats=THREE, store=open_resilient(path))
        table.press("red", "select")  # the defaults: sealed power cards, yellow first
        table.press("yellow", "select")  # power cards 1-7
        table.press("red", "select")
        stop(table)
        for lost in mount.glob("game.db*"):
            if lost.name != "game.db.journal":
                lost.unlink()
        subprocess.run(["mount", "-o", "remount,ro", mount], check=True)
        table = Table(seed=3, seats=THREE, store=open_resilient(path))
        try:
            assert table.app.mode == "resumed"
            assert len(table.session.entries) == 2
            assert table.app.damage is not None
            assert "game.db is missing" in table.app.damage.message
        finally:
            stop(table)


def test_a_read_only_state_directory_with_only_a_damaged_journal_says_it_is_damaged(tmp_path):
    with tmpfs(tmp_path, "1m") as mount:
        path = mount / "game.db"
        journal = mount / "game.db.journal"
        journal.write_bytes(b"elgrande-companion journal 1\n0123 not a record\n")
        subprocess.run(["mount", "-o", "remount,ro", mount], check=True)
        table = Table(seed=3, seats=THREE, store=open_resilient(path))
        try:
            assert table.app.mode != "resumed"
            assert table.app.damage is not None
            assert table.app.damage.message.startswith("Saved game was damaged (game.db is missing")
            assert "no entry could be kept" in table.app.damage.message
        finally:
            stop(table)


def test_a_game_played_on_after_a_refused_decision_resumes_again_with_no_damage(tmp_path):
    path = tmp_path / "game.db"
    _refused_entry(path)
    table = Table(seed=3, seats=THREE, store=open_resilient(path))
    table.press("blue", "select")  # ● goes on
    table.press("blue", "select")  # and blue decides: entry 3 again, a good one
    stop(table)
    table = Table(seed=3, seats=THREE, store=open_resilient(path))
    try:  # the new entry continues the checksum chain of the two kept ones
        assert table.app.damage is None
        assert table.app.main_ui().lines == ("Round 1, 3 decisions kept",)
    finally:
        stop(table)


def test_a_stored_game_whose_set_up_the_rules_refuse_is_said_and_the_setup_screen_shown(
    tmp_path,
):
    path = tmp_path / "game.db"
    store = SqliteStore(path)  # a game set up with a rule this program does not know
    store.start(GameHeader(seed=3, players=THREE, options={"no_such_rule": True}))
    store.close()
    table = Table(seed=3, seats=THREE, store=open_resilient(path))
    try:
        assert table.app.mode != "resumed"
        assert table.app.damage is not None and table.app.damage.kept == 0
        assert "its header cannot set up a game" in table.app.damage.message
    finally:
        stop(table)


def test_a_refused_decision_in_a_store_repaired_on_opening_keeps_the_first_copy(tmp_path):
    path = tmp_path / "game.db"
    _refused_entry(path)
    journal_path(path).unlink()  # a hand tidying the state directory: damage found on opening
    table = Table(seed=3, seats=THREE, store=open_resilient(path))
    try:
        said = _damage_line(table)
        assert said.startswith("Saved game was damaged (the journal was missing; ")
        assert "; then entry 3 was refused by the rules engine); " in said
        copy = table.app.damage.copy  # the files as they were found: without the journal
        assert copy is not None and copy.exists() and not journal_path(copy).exists()
    finally:
        stop(table)


@pytest.mark.parametrize("code, words", [(errno.ENOSPC, "disk full"), (errno.EIO, "disk error")])
def test_a_disk_that_fails_while_a_refused_decision_is_dropped_says_why(
    tmp_path, monkeypatch, code, words
):
    path = tmp_path / "game.db"
    _refused_entry(path)

    def failed(*args: Any) -> None:  # the journal cut back to entry 2 cannot be put in place
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, "replace", failed)
    table = Table(seed=3, seats=THREE, store=open_resilient(path))
    monkeypatch.undo()
    try:
        assert "resumed after entry 2" in _damage_line(table)
        assert table.app.main_ui().alerts[0] == f"NOT SAVED: {words} at {path}"
    finally:
        stop(table)
