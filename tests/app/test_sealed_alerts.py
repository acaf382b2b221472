"""No press inside a sealed step changes anything public, alerts and their clearing included:
after a damaged game is resumed mid-bidding, a sealing player's ● (opening a group of power
cards, or sealing one) and ◀ ▶ leave the same trace on every public output."""

from __future__ import annotations

from pathlib import Path

from table_testing import Table
from test_resume import _a_refused_bid_stored, _restart
from test_secrets import PublicTrace

DAMAGED = "saved game was damaged: resumed before it"


def _trace_after(path: Path, presses: tuple[str, ...]):
    _a_refused_bid_stored(path)  # red and blue sealed; yellow and green to choose
    table: Table = _restart(path)
    try:
        table.press("red", "select")  # ● goes on
        assert DAMAGED in table.app.main_ui().alerts
        trace = PublicTrace(table)
        table.press("yellow", "long")  # yellow (no pad display) looks: seen by all
        table.press("yellow", *presses)
        return trace.items, table.app.main_ui().alerts
    finally:
        table.app.store.close()
        table.close()


def test_a_sealing_players_select_and_arrows_leave_the_alert_and_the_same_trace(tmp_path):
    opened, alerts_opened = _trace_after(tmp_path / "a.db", ("select",))  # a group opens
    walked, alerts_walked = _trace_after(tmp_path / "b.db", ("right", "left"))
    sealed, alerts_sealed = _trace_after(tmp_path / "c.db", ("select", "select"))  # a card
    assert DAMAGED in alerts_opened and DAMAGED in alerts_walked and DAMAGED in alerts_sealed
    assert opened == walked
