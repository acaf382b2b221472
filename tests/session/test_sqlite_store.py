"""The durable store: what an append promises, the file's mode and path, schema versions, damage."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import stat
import struct
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from session_testing import HEADER, entry, filled, flip_last, sql

from companion.session import sqlite_schema
from companion.session.journal import journal_path
from companion.session.sqlite_store import SqliteStore, default_path
from companion.session.store import GameHeader, LogEntry, StoreError


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "state" / "game.db"


def damaged_copies(path: Path) -> list[Path]:
    return sorted(
        p for p in path.parent.iterdir() if ".damaged-" in p.name and p.suffix != ".journal"
    )


def without_journal(path: Path) -> Path:
    """Damage to the journal too: what the SQLite file alone proves is all there is."""
    journal_path(path).unlink()
    return path


# -- what the store keeps ------------------------------------------------------------------------


def test_a_closed_and_reopened_store_returns_the_header_and_entries_as_given(path):
    filled(path, 3)
    header = GameHeader(seed=2**40, players=("a", "b"), options={"bidding": "open"})
    store = SqliteStore(path)
    store.start(header)  # the new game is the current one
    kept = [LogEntry(1, "a", {"kind": "card", "target": "3b"}), LogEntry(2, "b", {}, "undo")]
    for e in kept:
        store.append(e)
    store.close()
    again = SqliteStore(path)
    assert again.load() == (header, kept)
    assert again.damage is None
    again.close()


def test_an_append_out_of_order_or_before_a_game_is_refused_and_changes_nothing(path):
    path.parent.mkdir()
    store = SqliteStore(path)
    with pytest.raises(StoreError, match="no game started"):
        store.append(entry(1))
    store.start(HEADER)
    store.append(entry(1))
    with pytest.raises(StoreError, match="seq 3 out of order; expected 2"):
        store.append(entry(3))
    store.close()
    assert SqliteStore(path).load() == (HEADER, [entry(1)])


def test_an_entry_that_is_not_json_is_refused_without_showing_its_content(path):
    store = filled(path, 0, close=False)
    with pytest.raises(StoreError) as refused:
        store.append(LogEntry(1, "red", {"kind": "bid", "target": {13}}))
    assert "13" not in str(refused.value)
    store.append(entry(1))  # the store goes on
    assert store.load()[1] == [entry(1)]


def test_every_returned_append_survives_a_sigkill_at_any_moment(path):
    path.parent.mkdir()
    script = textwrap.dedent(f"""
        import os, signal, sys
        from companion.session.sqlite_store import SqliteStore
        from companion.session.store import GameHeader, LogEntry
        store = SqliteStore({str(path)!r})
        store.start(GameHeader(1, ("red", "blue"), {{}}))
        seq = 0
        while True:
            seq += 1
            store.append(LogEntry(seq, "red", {{"kind": "bid", "target": seq}}))
            print(seq, flush=True)  # only after append returned
            if seq == 200:
                os.kill(os.getpid(), signal.SIGKILL)
    """)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, env=env)
    first = proc.stdout.readline()  # it is appending: kill it in the middle of the stream
    assert first.strip() == b"1"
    proc.send_signal(signal.SIGKILL)
    reported = [int(line) for line in [first, *proc.stdout.read().splitlines()]]
    assert proc.wait() == -signal.SIGKILL
    store = SqliteStore(path)
    header, entries = store.load()
    assert [e.action["target"] for e in entries][: len(reported)] == reported
    assert store.damage is None


def test_an_entry_is_committed_when_append_returns(path):
    store = filled(path, 0, close=False)
    other = sqlite3.connect(path)
    try:
        for seq in range(1, 4):
            store.append(entry(seq))
            assert not store._conn.in_transaction
            assert other.execute("SELECT max(seq) FROM entry").fetchone() == (seq,)
    finally:
        other.close()
        store.close()


def test_the_wal_is_written_over_in_place_rather_than_grown_by_every_entry(path):
    """A commit that lengthens the -wal costs a journalled size change on top of its sync: the
    store has it checkpointed every WAL_PAGES pages, after which SQLite reuses its space."""
    store = filled(path, 4 * sqlite_schema.WAL_PAGES, close=False)
    (page,) = store._conn.execute("PRAGMA page_size").fetchone()
    frames = (path.with_name("game.db-wal").stat().st_size - 32) // (24 + page)
    assert frames <= 2 * sqlite_schema.WAL_PAGES
    store.close()


def test_the_file_and_its_wal_are_mode_0600_whatever_the_umask(path):
    old = os.umask(0o022)
    try:
        store = filled(path, 2, close=False)
    finally:
        os.umask(old)
    for p in (path, path.with_name("game.db-wal")):
        assert stat.S_IMODE(p.stat().st_mode) == 0o600, p
    store.close()


def test_a_relative_path_is_refused_with_the_reason(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(StoreError, match="must be absolute, got 'game.db'.*lgpio"):
        SqliteStore("game.db")
    assert not (tmp_path / "game.db").exists()


def test_wal_mode_and_synchronous_full_are_set_on_every_open(path, monkeypatch):
    filled(path, 1)
    sql(path, "PRAGMA journal_mode=DELETE")  # as if someone changed it by hand
    said: list[str] = []
    connect = SqliteStore._connect

    def traced(p):
        conn = connect(p)
        conn.set_trace_callback(said.append)
        return conn

    monkeypatch.setattr(SqliteStore, "_connect", staticmethod(traced))
    for _ in range(2):
        said.clear()
        store = SqliteStore(path)
        # Asked for, not just the library's default (FULL is a compile-time default that varies).
        assert "PRAGMA synchronous=FULL" in said and "PRAGMA journal_mode=WAL" in said
        conn = store._conn
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert conn.execute("PRAGMA synchronous").fetchone() == (2,)  # FULL
        store.close()


def test_the_default_path_is_in_systemds_state_directory():
    env = {"STATE_DIRECTORY": "/var/lib/elgrande-companion"}
    assert default_path(env) == Path("/var/lib/elgrande-companion/game.db")
    assert default_path({"XDG_STATE_HOME": "/h/.st"}) == Path("/h/.st/elgrande-companion/game.db")


# -- schema versions -----------------------------------------------------------------------------


def test_a_new_file_gets_the_current_schema_version(path):
    filled(path, 0)
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone() == (sqlite_schema.SCHEMA_VERSION,)
    conn.close()


def test_an_old_file_is_migrated_in_order_and_keeps_its_game(path, monkeypatch):
    filled(path, 2)
    later = "ALTER TABLE entry ADD COLUMN note TEXT; CREATE TABLE extra (x INTEGER);"
    newer = len(sqlite_schema.MIGRATIONS) + 1
    monkeypatch.setattr(sqlite_schema, "MIGRATIONS", [*sqlite_schema.MIGRATIONS, later])
    monkeypatch.setattr(sqlite_schema, "SCHEMA_VERSION", newer)
    store = SqliteStore(path)
    assert store.load() == (HEADER, [entry(1), entry(2)])
    assert store._conn.execute("PRAGMA user_version").fetchone() == (newer,)
    assert store._conn.execute("SELECT count(*) FROM extra").fetchone() == (0,)
    store.close()


def test_a_file_from_a_newer_version_is_refused_and_left_untouched(path):
    filled(path, 1)
    sql(path, "PRAGMA user_version = 99")
    before = path.read_bytes()
    with pytest.raises(StoreError, match="schema version 99, newer than this program"):
        SqliteStore(path)
    assert path.read_bytes() == before
    assert damaged_copies(path) == []


# -- damage --------------------------------------------------------------------------------------


def test_an_edited_row_is_damage_the_file_is_copied_aside_and_the_journal_restores_it(path):
    filled(path, 5)
    sql(path, "UPDATE entry SET action = ? WHERE seq = 4", json.dumps({"kind": "bid", "target": 1}))
    store = SqliteStore(path)
    assert store.load() == (HEADER, [entry(i) for i in range(1, 6)])
    assert store.damage is not None and store.damage.kept == 5
    assert (store.damage.from_file, store.damage.from_journal) == (4, 1)
    assert "entry 4 failed its checksum" in store.damage.message
    (copy,) = damaged_copies(path)
    assert str(copy) in store.damage.message and stat.S_IMODE(copy.stat().st_mode) == 0o600
    old = sqlite3.connect(copy)  # the copy is the file as it was found
    assert old.execute("SELECT count(*) FROM entry").fetchone() == (5,)
    old.close()
    store.append(entry(6))  # the game goes on
    store.close()
    again = SqliteStore(path)
    assert again.damage is None and len(again.load()[1]) == 6


def test_an_edited_row_without_the_journal_keeps_the_good_prefix(path):
    filled(path, 5)
    sql(path, "UPDATE entry SET action = ? WHERE seq = 4", json.dumps({"kind": "bid", "target": 1}))
    store = SqliteStore(without_journal(path))
    assert store.load() == (HEADER, [entry(1), entry(2), entry(3)])
    assert store.damage is not None and store.damage.kept == 3


def test_a_missing_row_is_damage_at_the_gap(path):
    filled(path, 5)
    sql(path, "DELETE FROM entry WHERE seq = 3")
    store = SqliteStore(without_journal(path))
    assert store.load()[1] == [entry(1), entry(2)]
    assert "entry 3 is missing" in store.damage.message


def test_an_edited_header_is_damage_and_no_game_is_resumed_or_started(path):
    filled(path, 2)
    sql(path, "UPDATE game SET seed = 12")
    store = SqliteStore(without_journal(path))
    assert store.load() == (None, [])
    assert "header failed its checksum" in store.damage.message
    assert len(damaged_copies(path)) == 1


def test_a_store_whose_header_block_is_overwritten_is_recovered_from_its_journal(path):
    filled(path, 5)
    data = bytearray(path.read_bytes())
    data[:4096] = b"this is not sqlite" * 227 + b"xx"
    path.write_bytes(bytes(data))
    store = SqliteStore(path)
    assert store.load() == (HEADER, [entry(i) for i in range(1, 6)])
    assert store.damage.from_journal == 5 and "5 from the journal" in store.damage.message
    (copy,) = damaged_copies(path)
    assert copy.read_bytes() == bytes(data)
    store.append(entry(6))
    store.close()
    again = SqliteStore(path)
    assert again.damage is None and len(again.load()[1]) == 6


def test_a_corrupt_page_is_found_by_the_integrity_check_and_the_file_is_rebuilt(path):
    filled(path, 400)  # several pages of entries
    page = 4096
    data = bytearray(path.read_bytes())
    assert len(data) > 6 * page
    data[-2 * page : -page] = b"\xa5" * page  # a torn sector near the end
    path.write_bytes(bytes(data))
    store = SqliteStore(without_journal(path))
    header, entries = store.load()
    assert header == HEADER and entries == [entry(i) for i in range(1, len(entries) + 1)]
    assert "integrity check failed" in store.damage.message
    assert store.damage.kept == len(entries) and len(damaged_copies(path)) == 1
    store.close()
    again = SqliteStore(path)  # the rebuilt file is whole
    assert again.damage is None and again.load() == (header, entries)


def test_a_flipped_byte_in_the_last_row_of_the_file_loses_only_that_row(path):
    filled(path, 6)  # closed: everything is in the main file
    flip_last(path, b"m000006x", xor=0x20)
    store = SqliteStore(without_journal(path))
    assert store.load()[1] == [entry(i) for i in range(1, 6)]
    assert "entry 6" in store.damage.message


def test_keep_prefix_drops_a_refused_tail_after_copying_the_file(path):
    store = filled(path, 4, close=False)
    damage = store.keep_prefix(2, "entry 3 was refused by the rules engine")
    assert damage.kept == 2 and damage.copy is not None and damage.copy.exists()
    assert store.load()[1] == [entry(1), entry(2)]
    store.append(entry(3, marker="new"))
    store.close()
    assert SqliteStore(path).load()[1] == [entry(1), entry(2), entry(3, marker="new")]


def test_a_refused_tail_of_a_store_repaired_on_opening_is_listed_after_the_first_problem(path):
    filled(path, 4)
    store = SqliteStore(without_journal(path))  # damage found on opening
    damage = store.keep_prefix(2, "entry 3 was refused by the rules engine")
    assert damage.problems == ("the journal was missing", "entry 3 was refused by the rules engine")
    assert damage.summary.startswith("Damaged: the journal was missing (and 1 more).")
    store.close()


def test_the_damage_message_never_shows_a_stored_action(path):
    filled(path, 3)
    sql(path, "UPDATE entry SET action = ? WHERE seq = 2", '{"kind":"bid","target":"SECRET13"}')
    store = SqliteStore(path)
    assert "SECRET13" not in store.damage.message and "m000002x" not in store.damage.message


def test_a_journal_of_another_game_with_the_same_number_is_damage_never_mixed_in(path, tmp_path):
    other = GameHeader(5, ("x", "y"), {})
    (tmp_path / "elsewhere").mkdir()
    elsewhere = SqliteStore(tmp_path / "elsewhere" / "game.db")  # its game is numbered 1 too
    elsewhere.start(other)
    theirs = [entry(i, player="x", marker=f"theirs{i}") for i in (1, 2, 3)]
    for e in theirs:
        elsewhere.append(e)
    elsewhere.close()
    filled(path, 1)
    journal_path(path).write_bytes(journal_path(elsewhere.path).read_bytes())
    store = SqliteStore(path)
    assert store.load() == (other, theirs)  # one game whole, not entry 1 of ours and 2-3 of theirs
    assert "game.db and the journal hold different games" in store.damage.message
    assert len(damaged_copies(path)) == 1


def test_a_store_file_a_hand_removed_is_said_missing_and_its_journal_restores_the_game(path):
    filled(path, 2)
    path.unlink()
    store = SqliteStore(path)
    assert store.load() == (HEADER, [entry(1), entry(2)])
    assert store.damage.problems[0] == "game.db was missing"
    assert store.damage.summary.startswith("Damaged: game.db was missing")
    store.close()


@pytest.mark.parametrize(
    ("size", "said"),
    [(511, "the file is truncated"), (512, "the file is not a readable store: ")],
)
def test_a_file_cut_short_is_said_truncated_below_512_bytes_and_unreadable_from_there(
    path, size, said
):
    # 512 bytes is SQLite's smallest page: from there SQLite itself says what is wrong.
    filled(path, 2)
    with open(path, "r+b") as f:
        f.truncate(size)
    store = SqliteStore(path)
    assert store.load() == (HEADER, [entry(1), entry(2)])  # the journal proves both
    assert store.damage.problems[0].startswith(said)
    store.close()


def test_a_header_whose_players_are_no_json_is_damage_the_journal_repairs(path):
    filled(path, 2)
    sql(path, "UPDATE game SET players = 'red, blue, yellow'")
    store = SqliteStore(path)
    assert store.load() == (HEADER, [entry(1), entry(2)])
    assert store.damage.problems[0] == "game 1's header failed its checksum"
    store.close()


# -- the screen state ----------------------------------------------------------------------------

SCREEN = {"game": None, "setup": {"playing": ["red", "blue"], "options": {}, "cursor": 3}}


def test_the_screen_state_survives_a_reopen_and_a_rebuilt_file(path):
    store = filled(path, 400, close=False)
    store.save_screen(SCREEN)
    store.save_screen({**SCREEN, "setup": {**SCREEN["setup"], "cursor": 5}})  # the latest wins
    store.close()
    again = SqliteStore(path)
    assert again.load_screen()["setup"]["cursor"] == 5
    again.close()
    data = bytearray(path.read_bytes())
    data[-2 * 4096 : -4096] = b"\xa5" * 4096  # a torn sector among the entries: rebuilt
    path.write_bytes(bytes(data))
    repaired = SqliteStore(path)
    assert "integrity check failed" in repaired.damage.message
    assert repaired.load_screen()["setup"]["cursor"] == 5
    repaired.close()
    assert SqliteStore(path).load_screen()["setup"]["cursor"] == 5  # in the new file too


def test_an_edited_screen_state_is_ignored_and_is_not_damage(path):
    store = filled(path, 2, close=False)
    store.save_screen(SCREEN)
    store.close()
    sql(path, "UPDATE screen SET state = ?", json.dumps({**SCREEN, "game": {"seed": 1}}))
    again = SqliteStore(path)
    assert again.load_screen() is None  # the screens start afresh
    assert again.load() == (HEADER, [entry(1), entry(2)]) and again.damage is None
    again.close()


def _unused_pages(path: Path, count: int) -> None:
    """Pages added to the file that no table uses: SQLite's integrity check lists each."""
    data = bytearray(path.read_bytes())
    (pages,) = struct.unpack(">I", data[28:32])  # the header's page count
    (size,) = struct.unpack(">H", data[16:18])
    data[28:32] = struct.pack(">I", pages + count)
    path.write_bytes(bytes(data + bytes(count * size)))


def test_a_store_with_no_game_yet_that_fails_its_integrity_check_is_rebuilt_and_says_so(path):
    path.parent.mkdir()
    store = SqliteStore(path)
    store.save_screen(SCREEN)  # the setup screen's choices: no game started yet
    store.close()
    _unused_pages(path, 4)
    again = SqliteStore(path)
    (problem,) = again.damage.problems
    assert problem.startswith("integrity check failed: *** in database main *** Page 5 is never")
    # SQLite's report (a line per unused page) on one line, cut to 80 characters for the main
    # display.
    assert len(problem) == len("integrity check failed: ") + 80 and "\n" not in problem
    assert again.load() == (None, []) and again.load_screen() == SCREEN
    assert len(damaged_copies(path)) == 1
    again.close()
    assert SqliteStore(path).damage is None  # the rebuilt file is whole


def test_a_version_1_file_gets_the_screen_table_and_keeps_its_game(path):
    path.parent.mkdir(parents=True)
    conn = sqlite3.connect(path)
    for statement in sqlite_schema.statements(sqlite_schema.MIGRATIONS[0]):
        conn.execute(statement)
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()
    store = SqliteStore(path)
    store.start(HEADER)
    store.append(entry(1))
    store.save_screen(SCREEN)
    store.close()
    again = SqliteStore(path)
    assert again.load() == (HEADER, [entry(1)]) and again.load_screen() == SCREEN
    assert again._conn.execute("PRAGMA user_version").fetchone() == (2,)
    again.close()


# -- damage the checksums do not catch, and what a look reports ---------------------------------


def test_a_row_that_cannot_be_decoded_is_damage_named_by_its_entry(path):
    # Bytes that are no UTF-8 pass SQLite's integrity check: the read itself fails, at entry 3.
    filled(path, 5)
    sql(path, "UPDATE entry SET player = CAST(X'FF' AS TEXT) WHERE seq = 3")
    store = SqliteStore(path)
    assert store.load() == (HEADER, [entry(i) for i in range(1, 6)])
    assert store.damage.what.startswith("entry 3 cannot be read: ")
    assert store.damage.what.endswith("; kept 5: 4 from the file, 1 from the journal")
    store.close()


def test_an_undo_past_a_damaged_row_is_still_proved_by_the_file(path):
    store = filled(path, 3, close=False)
    undo = LogEntry(4, "red", {"cancels": 3}, "undo")
    store.append(undo)
    store.append(entry(5))
    store.close()
    sql(path, "UPDATE entry SET player = CAST(X'FF' AS TEXT) WHERE seq = 2")
    again = SqliteStore(path)
    assert again.load() == (HEADER, [entry(1), entry(2), entry(3), undo, entry(5)])
    # Only entry 2 needed the journal: rows 3-5 were looked up past it, the undo with its kind.
    assert again.damage.what.endswith("; kept 5: 4 from the file, 1 from the journal")
    again.close()


def test_a_row_past_damage_whose_action_is_no_object_is_not_taken_even_if_its_checksum_holds(
    path,
):
    filled(path, 3)
    conn = sqlite3.connect(path, isolation_level=None)
    (second,) = conn.execute("SELECT checksum FROM entry WHERE seq = 2").fetchone()
    forged = sqlite_schema.entry_checksum(second, LogEntry(3, "red", [1]))  # type: ignore[arg-type]
    conn.execute("UPDATE entry SET action = '[1]', checksum = ? WHERE seq = 3", (forged,))
    conn.execute("UPDATE entry SET player = CAST(X'FF' AS TEXT) WHERE seq = 2")
    conn.close()
    store = SqliteStore(path)
    assert store.load() == (HEADER, [entry(1), entry(2), entry(3)])  # 2 and 3: the journal's
    assert store.damage.what.endswith("; kept 3: 1 from the file, 2 from the journal")
    store.close()


def test_a_screen_state_that_is_no_object_is_ignored_even_if_its_checksum_holds(path):
    store = filled(path, 1, close=False)
    store.save_screen(SCREEN)
    store.close()
    sql(path, "UPDATE screen SET state = '[1]', checksum = ?", sqlite_schema.screen_checksum("[1]"))
    again = SqliteStore(path)
    assert again.load_screen() is None and again.damage is None
    again.close()


@pytest.mark.parametrize("version", [0, 1])
def test_a_schema_version_damaged_downwards_is_damage_and_the_journal_restores_the_game(
    path, version
):
    # The migrations then meet tables already there: the file is not a readable store.
    filled(path, 3)
    sql(path, f"PRAGMA user_version = {version}")
    store = SqliteStore(path)
    assert store.load() == (HEADER, [entry(1), entry(2), entry(3)])
    assert store.damage.what.startswith("the file is not a readable store: table ")
    assert "already exists" in store.damage.what and len(damaged_copies(path)) == 1
    store.close()
    again = SqliteStore(path)
    assert again.damage is None and again.load()[1] == [entry(1), entry(2), entry(3)]
    again.close()


def test_a_file_sqlite_will_not_put_in_wal_mode_is_damage_said_with_the_mode_it_kept(
    path, monkeypatch
):
    filled(path, 2)
    sql(path, "PRAGMA journal_mode=DELETE")
    old = path

    class KeepsItsMode(sqlite3.Connection):
        def execute(self, statement, *args):
            if statement == "PRAGMA journal_mode=WAL":  # what SQLite answers when it cannot
                statement = "PRAGMA journal_mode"
            return super().execute(statement, *args)

    def connect(where: Path) -> sqlite3.Connection:
        factory = KeepsItsMode if where == old else sqlite3.Connection
        return sqlite3.connect(where, isolation_level=None, factory=factory)

    monkeypatch.setattr(SqliteStore, "_connect", staticmethod(connect))
    store = SqliteStore(path)
    assert store.load() == (HEADER, [entry(1), entry(2)])
    assert store.damage.what.startswith(
        "the file is not a readable store: journal_mode=WAL refused (got 'delete')"
    )
    store.close()


def test_a_read_only_look_counts_what_each_source_proved_as_an_open_does(path):
    filled(path, 5)
    sql(path, "UPDATE entry SET action = ? WHERE seq = 4", json.dumps({"kind": "bid", "target": 1}))
    stored, damage = SqliteStore.read_only(path)
    assert stored.load() == (HEADER, [entry(i) for i in range(1, 6)])
    assert (damage.kept, damage.from_file, damage.from_journal) == (5, 4, 1)
    opened = SqliteStore(path)
    assert (opened.damage.from_file, opened.damage.from_journal) == (4, 1)
    opened.close()
