"""The sim's seat lines as the person reads them: their pad's LED, question, entry and note, the
text of the card under the cursor, their hand; and a bot's private page as the table sees it."""

from __future__ import annotations

from table_testing import enter_power_card, red_plays_until_a_card

from companion.commands.sim_layout import main_lines
from companion.commands.sim_seats import hide_bot_page, person_lines
from companion.elgrande.data import game_data
from companion.screens import MainUI

HAND = "hand: 1 2 3 4 5 6 7 8 9 10 11 12 13 · in the Castillo: 0"
BLIND = "no pad display: hold ● to choose on the main display"  # sim.toml's yellow and green


def test_a_bots_hidden_private_page_keeps_the_tables_alerts_and_offers_no_keys() -> None:
    page = MainUI(
        "privacy",
        "Only blue looks",
        ("your choice: power card 9",),
        0,
        "● pick  hold ● leave",
        ("NOT SAVED: cannot write",),
    )
    assert main_lines(hide_bot_page(page, "blue", ("blue",)), None, 60) == [
        "Only blue looks",
        "  blue chooses on the private page.",
        "! NOT SAVED: cannot write",
    ]


def test_the_persons_pads_show_the_led_the_entry_and_its_place_the_note_and_the_hand(
    make_table,
) -> None:
    table = make_table("sim.toml", seed=4)
    app = table.app
    assert person_lines(app, "red") == ["● red: Set-up: see main display"]
    assert person_lines(app, "yellow") == [f"● yellow: {BLIND}"]
    table.press("red", "select")  # Start
    assert person_lines(app, "red") == ["● red: ◀ power cards 1-7 ▶ 1/2", f"  red's {HAND}"]
    table.press("red", "right")
    assert person_lines(app, "red") == ["● red: ◀ power cards 8-13 ▶ 2/2", f"  red's {HAND}"]
    enter_power_card(table, "red", 9)  # sealed: red's LED goes out, the pad says the choice
    assert person_lines(app, "red") == [
        "○ red: Hold ● to withdraw",
        "  red: power 9: 2 to court",
        f"  red's {HAND}",
    ]
    assert person_lines(app, "yellow") == [f"● yellow: {BLIND}", f"  yellow's {HAND}"]
    table.press("yellow", "long")  # the private page, where yellow seals a card unseen
    enter_power_card(table, "yellow", 5)
    assert app.pad_menu("yellow").note  # the pad has no small print to show it in
    assert person_lines(app, "yellow") == [f"○ yellow: {BLIND}", f"  yellow's {HAND}"]


def test_a_cards_text_is_shown_whole_indented_on_one_line_or_two_of_76_columns(
    make_table,
) -> None:
    table = make_table("sim.toml", seed=37)  # 3f and 1h on offer: 76 columns matter to both
    red_plays_until_a_card(table)
    menu = table.app.pad_menu("red")
    seen = set()
    for i, entry in enumerate(menu.entries):
        card = table.app.menu_for("red").current()
        assert card is not None and card.kind == "card"
        seen.add(card.target)
        text = game_data().action_cards[card.target].text
        lines = person_lines(table.app, "red")
        assert lines[0] == f"● red: ◀ {entry} ▶ {i + 1}/{len(menu.entries)}"
        assert lines[-1].startswith("  red's hand: ")  # the hand stays the last line
        shown = lines[1:-1]
        assert len(shown) == (1 if len(text) <= 74 else 2), shown
        assert all(line.startswith("  ") and line[2] != " " for line in shown), shown
        assert all(len(line) <= 76 for line in shown), shown
        if len(shown) == 2:  # the first line takes every word that fits in its 76 columns
            assert len(shown[0]) + 1 + len(shown[1].split()[0]) > 76, shown
        assert " ".join(line.strip() for line in shown) == text
        table.press("red", "right")
    assert {"1h", "3f"} <= seen
