"""The journal's lines in the form its docstring gives (`<first 32 hex digits of the JSON's
sha256> <JSON>`): a journal written in that form, by this program's earlier runs or by hand, is
read; a line whose checksum holds but that is no record of ours is damage, counted, never taken."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from session_testing import HEADER, entry, filled

from companion.session.journal import MAGIC, journal_path
from companion.session.sqlite_store import SqliteStore


def _line(record: object) -> str:
    body = json.dumps(record, separators=(",", ":"))
    return f"{hashlib.sha256(body.encode()).hexdigest()[:32]} {body}\n"


def _header(game: int = 1) -> dict:
    return {"t": "game", "game": game, "seed": HEADER.seed, "players": list(HEADER.players),
            "options": HEADER.options}  # fmt: skip


def _entry(seq: int, action: object, game: int = 1) -> dict:
    return {"t": "entry", "game": game, "seq": seq, "player": "red", "kind": "decision",
            "action": action}  # fmt: skip


def _only_the_journal(path: Path, *lines: str) -> None:
    """The SQLite file lost: the journal, as given, is all there is."""
    path.parent.mkdir(parents=True, exist_ok=True)
    journal_path(path).write_text(MAGIC + "\n" + "".join(lines), encoding="ascii")


def test_a_journal_in_the_documented_form_gives_back_its_game(tmp_path):
    path = tmp_path / "game.db"
    e1, e2 = entry(1), entry(2)
    _only_the_journal(
        path, _line(_header()), _line(_entry(1, e1.action)), _line(_entry(2, e2.action))
    )
    store = SqliteStore(path)
    assert store.load() == (HEADER, [e1, e2])
    assert store.damage.what == "game.db was missing; kept 2: 0 from the file, 2 from the journal"
    store.close()


def test_a_line_whose_checksum_holds_but_is_no_entry_of_ours_is_damage_and_not_taken(tmp_path):
    path = tmp_path / "game.db"
    e1, e2 = entry(1), entry(2)
    torn = _line(_entry(9, e1.action)).replace("m", "n", 1)  # a bad block: its checksum fails
    _only_the_journal(
        path,
        _line(_header()),
        _line(_entry(1, e1.action)),
        _line(_entry(2, e2.action)),
        torn,
        _line(_entry(3, [1])),  # an action that is no object
        _line({"t": "note", "game": 1}),  # a record of no kind the journal has
    )
    store = SqliteStore(path)
    assert store.load() == (HEADER, [e1, e2])
    assert store.damage.what.startswith(
        "game.db was missing; 3 line(s) of the journal failed their checksum; kept 2: "
    )
    store.close()


def test_a_file_the_program_wrote_is_read_back_by_the_documented_form(tmp_path):
    # The other way round: the program's own lines are in the form above, so a journal from
    # an earlier run (or a tool that reads it) agrees with this one.
    path = tmp_path / "game.db"
    filled(path, 1)
    lines = journal_path(path).read_text(encoding="ascii").split("\n")
    written = [line for line in lines[1:] if line]
    assert [f"{line}\n" for line in written] == [
        _line(json.loads(line.partition(" ")[2])) for line in written
    ]
    assert lines[0] == MAGIC
