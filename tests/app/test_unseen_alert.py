"""The alert asking pads without a display to choose unseen names only who is still choosing:
once a player's sealed choice is in, it no longer names them."""

from __future__ import annotations

from companion.app.painter import main_ui
from companion.testing import make_bots

SEATS = ("red", "yellow", "green")  # sim.toml: yellow's and green's pads have no display


def _unseen(table) -> set[str]:
    """Who the alert asks to hold ● to choose unseen."""
    for alert in main_ui(table.app).alerts:
        if alert.endswith(": hold ● to choose unseen"):
            return set(alert.split(":")[0].split(", "))
    return set()


def test_the_unseen_alert_drops_whoever_has_chosen(make_table):
    table = make_table("sim.toml", seats=SEATS, seed=4)
    driver = table.bots(make_bots(SEATS, 4))
    driver.step()  # the set-up screen's ● starts the game
    assert _unseen(table) == {"yellow", "green"}
    view = table.app.session.table_view
    while not {"yellow", "green"} & set(view().decision.chosen):
        assert driver.step()
    assert view().sealed_step is not None  # still the same sealed step
    chosen = {"yellow", "green"} & set(view().decision.chosen)
    assert _unseen(table) == {"yellow", "green"} - chosen
