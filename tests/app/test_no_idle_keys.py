"""The pads never offer a key that does nothing: while a clashed power card is chosen again, no
sealed choice may be withdrawn, so no pad says "Hold ● to withdraw"."""

from __future__ import annotations

from table_testing import Table, enter_power_card

from companion.elgrande.engine import decision


def test_while_a_clash_is_chosen_again_the_sealed_pads_offer_no_withdrawal():
    table = Table("sim.toml", seed=9)
    try:
        table.press("red", "select")  # the defaults: sealed power cards first
        order = decision(table.session.state).players  # seat order from the first bidder
        values = dict(zip(order, (5, 5, 9, 11), strict=True))  # the second clashes with the first
        for p in order:
            if p in ("yellow", "green"):  # no pad display: they choose on the private page
                table.press(p, "long")
            enter_power_card(table, p, values[p])
        second = order[1]
        assert table.session.secret_step() is not None  # the second chooses again
        shown = next(p for p in ("red", "blue") if p != second)  # a pad display
        blind = next(p for p in ("yellow", "green") if p != second)  # the private page
        assert table.session.withdraw_refusal(shown) is not None
        assert table.app.pad_menu(shown).title == "Sealed: waiting"
        entries = table.session.entries[:]
        table.press(shown, "long")  # and holding ● indeed does nothing
        table.press(blind, "long")  # the private page offers no withdrawal either
        ui = table.app.main_ui()
        assert ui.title == f"Only {blind} looks"
        assert "withdraw" not in " ".join((*ui.lines, ui.footer))
        table.press(blind, "long")
        assert table.session.entries == entries
    finally:
        table.close()
