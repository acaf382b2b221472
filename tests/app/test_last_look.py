"""A seal that is what the player meant: the last one to seal a sealed step could never withdraw
(their ● reveals everything at once), so their ● first shows the choice on their pad alone, and a
second ● seals it. ◀ ▶ or a long ● go back to the choices, the cursor where it was."""

from __future__ import annotations

from table_testing import Table, enter_power_card
from test_secrets import PublicTrace

from companion.app.menus import presses_to
from companion.elgrande.engine import decision
from companion.elgrande.moves import Action


def _all_but_red_sealed(table: Table) -> None:
    table.press("red", "select")  # the defaults: sealed power cards
    for p, card in (("blue", 2), ("yellow", 9), ("green", 12)):
        if p in ("yellow", "green"):  # no pad display: the private page
            table.press(p, "long")
        enter_power_card(table, p, card)
    assert table.session.public_waiting() == ["red"]


def test_the_last_to_seal_looks_first_and_nothing_public_changes_until_the_second_press():
    table = Table("sim.toml", seed=9)
    try:
        _all_but_red_sealed(table)
        table.press("red", *presses_to(table.app.menu_for("red"), Action("bid_group", "8-13")))
        trace = PublicTrace(table)
        table.press("red", *presses_to(table.app.menu_for("red"), Action("bid", 11)))
        pad = table.app.pad_menu("red")
        assert pad.title == "Last: ● reveals" and pad.entries[0].startswith("power 11")
        assert trace.items == []  # not a pixel, LED or sound of it in public
        assert decision(table.session.state).kind == "bid"  # nothing revealed
        table.press("red", "right")  # back to the choices, the cursor where it was
        assert (
            table.app.pad_menu("red")
            .entries[table.app.pad_menu("red").cursor]
            .startswith("power 11")
        )
        table.press("red", "select")  # looks again …
        table.press("red", "long")  # … and goes back again: nothing withdrawn, nothing sealed
        assert table.app.pad_menu("red").title != "Last: ● reveals"
        assert trace.items == []
        table.press("red", "right", "right", "select")  # another card: power 13 …
        assert table.app.pad_menu("red").entries[0].startswith("power 13")
        table.press("red", "select")  # … the second ● seals it and reveals every card
        assert table.session.state.bids["red"] == 13
    finally:
        table.close()


def test_a_seal_that_is_not_the_last_is_in_at_once_and_may_be_withdrawn():
    table = Table("sim.toml", seed=9)
    try:
        table.press("red", "select")
        enter_power_card(table, "red", 5)  # enter_power_card presses ● once: red is not last
        assert table.session.withdraw_refusal("red") is None
        assert table.app.pad_menu("red").title == "Hold ● to withdraw"
    finally:
        table.close()
