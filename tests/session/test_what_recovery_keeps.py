"""What recovery keeps from the SQLite file and the journal, and the damage it reports (the
words the main display and `companion check-store` show), one situation of the disk each."""

from __future__ import annotations

import sqlite3

from session_testing import filled

from companion.session import sqlite_schema as schema
from companion.session.journal import Found
from companion.session.recovery import FromFile, merge
from companion.session.sqlite_store import SqliteStore
from companion.session.store import GameHeader, LogEntry

HEADER = GameHeader(seed=11, players=("red", "blue", "yellow"), options={})
OTHER = GameHeader(seed=12, players=("red", "blue"), options={})


def _e(seq: int, marker: str = "m") -> LogEntry:
    return LogEntry(seq, "red", {"kind": "bid", "target": f"{marker}{seq}"})


def _file(n: int, game=1, problem=None, unreadable=False, header=HEADER) -> FromFile:
    """The file's good prefix: entries 1..n of `game`."""
    return FromFile(game, header, [_e(i) for i in range(1, n + 1)], problem, unreadable)


def _journal(seqs, game=1, header=HEADER, bad=0, entries=None) -> Found:
    held = entries or {i: _e(i) for i in seqs}
    return Found(game, header, held, bad, exists=True)


def _rows(seqs, game=1, header=HEADER, bad=()):
    """A lookup by key of the file's rows `seqs`; those in `bad` fail their checksum."""
    chain, last = {}, schema.header_checksum(game, header)
    for i in range(1, 100):
        last = chain[i] = schema.entry_checksum(last, _e(i))
    return lambda seq: (_e(seq), "0" * 64 if seq in bad else chain[seq]) if seq in seqs else None


def _none(seq):
    return None


def _kept(merged):
    return [e.seq for e in merged.entries], merged.from_file, merged.from_journal


def test_a_whole_file_and_its_whole_journal_are_no_damage():
    merged = merge(_file(3), _journal(range(1, 4)), _none)
    assert not merged.damaged and _kept(merged) == ([1, 2, 3], 3, 0)
    assert merged.report() == "kept 3: 3 from the file"
    assert (merged.game, merged.header) == (1, HEADER)


def test_a_journal_one_entry_ahead_of_an_intact_file_is_an_append_cut_short_not_damage():
    merged = merge(_file(3), _journal(range(1, 5)), _none)
    assert not merged.damaged and _kept(merged) == ([1, 2, 3, 4], 3, 1)


def test_a_journal_two_entries_ahead_is_a_file_that_ended_early():
    merged = merge(_file(3), _journal(range(1, 6)), _none, name="other.db")
    assert _kept(merged) == ([1, 2, 3, 4, 5], 3, 2)
    assert merged.report() == (
        "other.db ended at entry 3 (its -wal ended early or was lost); "
        "entries 4-5 were taken from the journal; kept 5: 3 from the file, 2 from the journal"
    )


def test_an_entry_the_journal_adds_after_damage_is_no_cut_append():
    merged = merge(_file(2), _journal(range(1, 4), bad=1), _none)
    assert merged.problems == [
        "1 line(s) of the journal failed their checksum",
        "game.db ended at entry 2 (its -wal ended early or was lost); "
        "entries 3-3 were taken from the journal",
    ]


def test_a_file_whose_own_problem_is_said_is_not_said_to_have_ended_early():
    merged = merge(_file(2, problem="entry 3 failed its checksum"), _journal(range(1, 5)), _none)
    assert merged.problems == ["entry 3 failed its checksum"]
    assert _kept(merged) == ([1, 2, 3, 4], 2, 2)


def test_rows_past_a_damaged_page_are_looked_up_one_by_one_and_checked():
    file = _file(2, problem="integrity check failed")
    merged = merge(file, _journal(range(1, 6)), _rows({3, 4, 5}, bad={4}))
    assert _kept(merged) == ([1, 2, 3, 4, 5], 4, 1)  # 4 from the journal, 5 by lookup again
    assert merged.problems == ["integrity check failed"]


def test_an_unreadable_file_is_never_looked_up():
    file = _file(0, problem="it cannot be read", unreadable=True)
    merged = merge(file, _journal(range(1, 3)), _rows({1, 2, 3}))
    assert _kept(merged) == ([1, 2], 0, 2) and merged.problems == ["it cannot be read"]


def test_without_the_journal_the_file_is_kept_and_the_missing_journal_said():
    missing = Found()
    merged = merge(_file(3), missing, _rows({4}))
    assert _kept(merged) == ([1, 2, 3], 3, 0)
    assert merged.problems == ["the journal was missing"]
    assert merge(_file(0, game=None, header=None), missing, _none).problems == []


def test_a_journal_of_an_earlier_game_is_not_used():
    merged = merge(_file(2, game=2, header=OTHER), _journal(range(1, 6)), _none)
    assert (merged.game, merged.header, _kept(merged)) == (2, OTHER, ([1, 2], 2, 0))
    assert merged.problems == ["the journal does not hold the latest game"]
    empty = Found(exists=True)  # a journal holding no game at all
    assert merge(_file(2), empty, _none).problems == ["the journal holds no game"]


def test_a_file_that_lost_the_latest_games_start_is_replaced_by_the_journals_game():
    merged = merge(_file(4), _journal(range(1, 4), game=2, header=OTHER), _rows({5}))
    assert (merged.game, merged.header, _kept(merged)) == (2, OTHER, ([1, 2, 3], 0, 3))
    assert merged.problems == ["game.db lost the latest game's start"]


def test_a_file_holding_no_game_or_an_unreadable_one_is_not_said_to_have_lost_the_start():
    for file in (_file(0, game=None, header=None), _file(0, game=3, unreadable=True)):
        merged = merge(file, _journal(range(1, 3), game=2), _none)
        assert merged.problems == [] and _kept(merged) == ([1, 2], 0, 2)
    other = merge(_file(1, header=OTHER), _journal(range(1, 3)), _none)  # same game number
    assert other.header == HEADER and _kept(other) == ([1, 2], 0, 2)  # the journal's game


def test_an_entry_that_differs_between_the_file_and_the_journal_is_damage_and_the_file_wins():
    journal = _journal((), entries={1: _e(1), 2: _e(2, marker="x"), 3: _e(3)})
    merged = merge(_file(3), journal, _none, name="other.db")
    assert merged.entries == [_e(1), _e(2), _e(3)]
    assert merged.problems == ["entry 2 differs between other.db and the journal"]


def test_entries_past_a_hole_in_both_sources_are_said_lost():
    merged = merge(_file(2), _journal((1, 2, 3, 5, 6)), _none)
    assert _kept(merged)[0] == [1, 2, 3]
    assert merged.problems == [
        "entries after 3 are in neither file",
        "game.db ended at entry 2 (its -wal ended early or was lost); "
        "entries 3-3 were taken from the journal",
    ]


def test_a_journal_that_ends_before_the_file_is_said():
    merged = merge(_file(5), _journal(range(1, 4)), _none)
    assert _kept(merged) == ([1, 2, 3, 4, 5], 5, 0)
    assert merged.problems == ["the journal ended at entry 3"]
    bad = merge(_file(5), _journal(range(1, 4), bad=1), _none)  # its bad lines said instead
    assert bad.problems == ["1 line(s) of the journal failed their checksum"]


def test_a_journal_whose_header_line_was_lost_keeps_its_entries_under_the_files_header():
    """Both damaged: the file ended at 2, the journal lost only its header line; its entries
    still name their game, the file's header is that game's, so every entry is kept."""
    journal = Found(1, None, {i: _e(i) for i in range(1, 6)}, 1, exists=True)
    merged = merge(_file(2, problem="entry 3 cannot be read"), journal, _none)
    assert _kept(merged) == ([1, 2, 3, 4, 5], 2, 3)
    assert (merged.game, merged.header) == (1, HEADER)
    assert merged.problems == [
        "entry 3 cannot be read",
        "1 line(s) of the journal failed their checksum",
        "the journal's header line was lost; game.db's was used",
    ]


def test_a_journal_that_lost_the_header_of_a_game_the_file_lacks_is_said_as_such():
    later = Found(2, None, {i: _e(i) for i in (1, 2, 3)}, 1, exists=True)
    merged = merge(_file(2), later, _none)
    assert _kept(merged) == ([1, 2], 2, 0)
    assert merged.problems[-1] == (
        "the journal's game 2 lost its header line: its entries cannot be replayed"
    )
    earlier = merge(_file(2, game=3), later, _none)
    assert earlier.problems[-1] == "the journal does not hold the latest game"
    unreadable = merge(_file(2), Found(bad_lines=4, exists=True), _none)
    assert unreadable.problems[-1] == "the journal holds no game it can prove"


def test_a_files_damaged_header_row_is_proved_by_the_journals_and_its_rows_kept():
    """Both damaged: the file's game row failed its checksum and the journal ends at 3; the
    file's rows are proved through their chain from the journal's header."""
    file = FromFile(1, None, [], "game 1's header failed its checksum", False)
    merged = merge(file, _journal(range(1, 4)), _rows(set(range(1, 8))))
    assert _kept(merged) == ([1, 2, 3, 4, 5, 6, 7], 7, 0)
    assert merged.header == HEADER
    assert merged.problems == [
        "game 1's header failed its checksum",
        "the journal ended at entry 3",
    ]
    forged = merge(file, _journal(range(1, 4), header=OTHER), _rows(set(range(1, 8))))
    assert _kept(forged) == ([1, 2, 3], 0, 3)  # rows chained to another header prove nothing


def test_a_problem_whose_words_hold_a_semicolon_is_said_as_one_on_the_main_display(tmp_path):
    """The file lost its last entries (the journal kept them): one problem, whose own words
    hold "; ", so the main display must not say "(and 1 more)"."""
    path = tmp_path / "game.db"
    filled(path, 3)
    conn = sqlite3.connect(path)
    conn.execute("DELETE FROM entry WHERE seq > 1")
    conn.commit()
    conn.close()
    store = SqliteStore(path)
    try:
        damage = store.damage
        assert damage is not None and len(store.load()[1]) == 3
        assert damage.summary == (
            "Damaged: game.db ended at entry 1 (its -wal ended early or was lost); entries 2-3 "
            "were taken from the journal. A copy is kept aside."
        )
    finally:
        store.close()
