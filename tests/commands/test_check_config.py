"""`companion check-config PATH`: which file is a table file, and every line it prints in full."""

from __future__ import annotations

from companion.app.table_file import TABLE_KEYS
from companion.cli import main

TABLE_SHIPPED = (
    'ruleset = "2015", short_game = false, veto = true, first_bidder = "random",'
    ' castillo_public = false, bidding = "sealed", deck = "shuffled", tiebreak = "shared",'
    ' castillo_disc_on_king = "forbidden"; seats: every pad'
)
# El Grande's options (the default game's, at the top as tables wrote them), the seats, the
# game, and a section for each other game.
UNKNOWN_BOGUS = f"bogus: unknown key; accepted here: {', '.join(TABLE_KEYS)}"


def test_an_empty_table_toml_is_a_table_file_by_its_name(tmp_path, capsys):
    """No keys at all: only the name says it is a table file, so it is checked as one."""
    path = tmp_path / "table.toml"
    path.write_text("")
    assert main(["check-config", str(path)]) == 0
    assert capsys.readouterr() == (f"OK: {path}: {TABLE_SHIPPED}\n", "")


def test_a_table_toml_with_an_unknown_key_is_refused_as_a_table_file(tmp_path, capsys):
    path = tmp_path / "table.toml"
    path.write_text("bogus = 1\n")
    assert main(["check-config", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (f"{path}: {UNKNOWN_BOGUS}\n{path}: refused, 1 problem; nothing was started\n")


def test_a_hardware_file_that_is_not_toml_still_has_its_table_checked(tmp_path, capsys):
    """An unreadable file is read as a hardware file, so the table beside it is checked too."""
    hardware, table = tmp_path / "pi.toml", tmp_path / "table.toml"
    hardware.write_text("x = = 1\n")
    table.write_text("bogus = 1\n")
    assert main(["check-config", str(hardware)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines() == [
        f"{hardware}: not valid TOML: Invalid value (at line 1, column 5)",
        f"{table}: {UNKNOWN_BOGUS}",
        f"{hardware}: refused, 2 problems; nothing was started",
    ]
