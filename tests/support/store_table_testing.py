"""A table on a durable store, as the store's tests at the table drive it: the opening
decisions played onto the disk, the table stopped, and the page it resumes on."""

from __future__ import annotations

from pathlib import Path

from table_testing import Table

from companion.session.resilient import open_resilient

THREE = ("red", "blue", "yellow")


def stop(table: Table) -> None:
    table.app.store.close()
    table.close()


def played_opening(path: Path) -> None:
    """A game whose first decisions are on disk: the first bidder opens a group of cards, the
    next one too (two entries, each a player's; the journal's lines: magic, header, 1, 2)."""
    table = Table(seed=3, seats=THREE, store=open_resilient(path))
    table.press("red", "select")  # the defaults: sealed power cards, yellow first
    table.press("yellow", "select")  # power cards 1-7
    table.press("red", "select")
    stop(table)


def resumed_page(path: Path) -> tuple[str, ...]:
    """What the main display shows when a table opens `path` again (it must be resuming)."""
    table = Table(seed=3, seats=THREE, store=open_resilient(path))
    try:
        assert table.app.mode == "resumed"
        ui = table.app.main_ui()
        return (*ui.lines, *ui.alerts)
    finally:
        stop(table)
