"""`companion cards`, called in the test's own process (mutmut maps a mutant only to tests that
reach it here): the deck as a table a person reads at the table, and as JSON."""

from __future__ import annotations

import json

from companion.commands.cards import run_cards
from companion.elgrande.data import game_data


def test_the_table_lists_every_card_with_its_stack_and_copies_and_counts_45(capsys):
    assert run_cards(as_json=False) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["id", "stack", "copies", "title", "text"]
    cards = game_data().action_cards
    assert len(lines) == 1 + len(cards) + 1
    for line, card in zip(lines[1:], cards.values(), strict=False):
        assert line.split()[:3] == [card.id, str(card.stack), str(card.copies)]
        assert line.endswith(f"{card.title:<21}  {card.text}")
    assert lines[-1] == "45 cards; the stack number is how many caballeros the card lets you place."


def test_the_json_holds_each_card_whole_and_45_copies_in_all(capsys):
    assert run_cards(as_json=True) == 0
    out = capsys.readouterr().out
    listed = json.loads(out)
    want = [
        {"id": c.id, "title": c.title, "stack": c.stack, "copies": c.copies, "text": c.text}
        for c in game_data().action_cards.values()
    ]
    assert listed == want
    assert sum(c["copies"] for c in listed) == 45
    assert "\\u" not in out and out.startswith("[\n  {")  # readable text, indented
