"""Both copies damaged, a header line among the damage: recovery keeps every decision either copy
still holds, proving the entries through whichever header survived, and says so truly."""

from __future__ import annotations

from pathlib import Path

from session_testing import HEADER, entry, filled, sql

from companion.session.journal import journal_path
from companion.session.sqlite_store import SqliteStore


def _break_journal_lines(path: Path, keep) -> None:
    """Damage every journal line whose record `keep` refuses (its checksum then fails)."""
    journal = journal_path(path)
    lines = journal.read_bytes().split(b"\n")
    for i, line in enumerate(lines):
        if line and not keep(line):
            lines[i] = line[:-3] + b"XX}"
    journal.write_bytes(b"\n".join(lines))


def test_a_journal_that_lost_only_its_header_line_still_gives_every_later_decision(tmp_path):
    """The file ended at 59 (its last rows lost), the journal holds 28-103 but its header line
    is damaged: all 103 are kept, under the file's header."""
    path = tmp_path / "game.db"
    filled(path, 103)
    sql(path, "DELETE FROM entry WHERE seq > 59")
    _break_journal_lines(path, lambda line: b'"t":"entry"' in line and _seq(line) >= 28)
    store = SqliteStore(path)
    try:
        assert store.load() == (HEADER, [entry(i) for i in range(1, 104)])
        damage = store.damage
        assert damage is not None and (damage.kept, damage.from_file) == (103, 59)
        assert "the journal's header line was lost; game.db's was used" in damage.problems
        assert not any("does not hold the latest game" in p for p in damage.problems)
    finally:
        store.close()
    again = SqliteStore(path)  # repaired: both copies whole again
    assert again.damage is None and len(again.load()[1]) == 103
    again.close()


def test_a_files_damaged_header_row_keeps_its_rows_the_journal_lost(tmp_path):
    """The file's game row is edited (its checksum fails) and the journal lost its entries after
    10: the file's rows, chained from the journal's header, are kept, all 40."""
    path = tmp_path / "game.db"
    filled(path, 40)
    sql(path, "UPDATE game SET started = 'x', checksum = 'bad'")
    _break_journal_lines(path, lambda line: b'"t":"entry"' not in line or _seq(line) <= 10)
    store = SqliteStore(path)
    try:
        assert store.load() == (HEADER, [entry(i) for i in range(1, 41)])
        assert store.damage is not None and store.damage.from_file == 40
        assert store.damage.problems[0] == "game 1's header failed its checksum"
    finally:
        store.close()


def _seq(line: bytes) -> int:
    return int(line.split(b'"seq":')[1].split(b",")[0])
