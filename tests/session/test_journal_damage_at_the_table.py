"""The journal as the table meets it after a restart: a record a power cut left half written is
no damage; damaged lines are, each counted on the main display, its first line too; a journal
the disk cannot read is said as such; a withdrawn card and a game with no decision yet resume
without a word of damage."""

from __future__ import annotations

import builtins
import errno
from pathlib import Path

from store_table_testing import THREE, played_opening, resumed_page, stop
from table_testing import Table, enter_power_card

import companion.session.journal as journal_module
from companion.session.journal import journal_path
from companion.session.resilient import open_resilient


def _damage_lines(path: Path, *numbers: int) -> None:
    """A byte flipped in each of these lines (0: the first), as a bad block does."""
    journal = journal_path(path)
    lines = [bytearray(line) for line in journal.read_bytes().split(b"\n")]
    for n in numbers:
        lines[n][len(lines[n]) // 2] ^= 0x01
    journal.write_bytes(b"\n".join(bytes(line) for line in lines))


def test_a_record_a_power_cut_left_half_written_is_no_damage(tmp_path):
    path = tmp_path / "game.db"
    played_opening(path)
    # The third decision's record cut short before its newline: the file never got it.
    with open(journal_path(path), "ab") as f:
        f.write(b'\n0123456789abcdef0123456789abcdef {"action":{"kind":"bid')
    assert resumed_page(path) == ("Round 1, 2 decisions kept",)


def test_each_damaged_line_of_the_journal_is_counted_on_the_main_display(tmp_path):
    path = tmp_path / "game.db"
    played_opening(path)
    lines = journal_path(path).read_bytes().split(b"\n")
    assert lines[0].startswith(b"elgrande-companion journal")
    last = len(lines) - 2  # the last record: the file ends with a newline
    _damage_lines(path, 0, last)
    page = resumed_page(path)
    assert page[0] == "Round 1, 2 decisions kept"  # the file still has both
    said = " ".join(page[1:])
    assert said == "Damaged: 2 line(s) of the journal failed their checksum. A copy is kept aside."


def test_a_journal_the_disk_cannot_read_is_damage_said_as_such(tmp_path, monkeypatch):
    path = tmp_path / "game.db"
    played_opening(path)
    journal = journal_path(path)

    def bad_sector(file, mode="r", *args, **kwargs):
        if Path(file) == journal and "r" in mode:
            raise OSError(errno.EIO, "Input/output error")
        return builtins.open(file, mode, *args, **kwargs)

    monkeypatch.setattr(journal_module, "open", bad_sector, raising=False)
    page = resumed_page(path)
    assert page[0] == "Round 1, 2 decisions kept"  # from the file alone
    said = " ".join(page[1:])
    assert said.startswith("Damaged: 1 line(s) of the journal failed their checksum (and 1 more).")


def test_a_withdrawn_power_card_resumes_with_no_damage(tmp_path):
    path = tmp_path / "game.db"
    table = Table(seed=3, seats=THREE, store=open_resilient(path))
    table.press("red", "select")
    enter_power_card(table, "red", 5)
    table.press("red", "long")  # red withdraws the sealed card: not a decision, a withdraw
    stop(table)
    assert resumed_page(path) == ("Round 1, 3 decisions kept",)


def test_a_game_started_with_no_decision_yet_resumes_with_no_damage(tmp_path):
    path = tmp_path / "game.db"
    table = Table(seed=3, seats=THREE, store=open_resilient(path))
    table.press("red", "select")  # the game starts: its header alone is on disk
    stop(table)
    assert resumed_page(path) == ("Round 1, 0 decisions kept",)
