"""`companion cards [--json]`: the action deck, as a rules lookup for the table."""

from __future__ import annotations

import json

from companion.elgrande.data import game_data


def deck_listing() -> list[dict[str, object]]:
    return [
        {"id": c.id, "title": c.title, "stack": c.stack, "copies": c.copies, "text": c.text}
        for c in game_data().action_cards.values()
    ]


def run_cards(*, as_json: bool) -> int:
    cards = deck_listing()
    if as_json:
        print(json.dumps(cards, indent=2, ensure_ascii=False))
        return 0
    total = sum(int(str(c["copies"])) for c in cards)
    print(f"{'id':<3} {'stack':>5} {'copies':>6}  {'title':<21}  text")
    for c in cards:
        print(f"{c['id']:<3} {c['stack']:>5} {c['copies']:>6}  {c['title']:<21}  {c['text']}")
    print(f"{total} cards; the stack number is how many caballeros the card lets you place.")
    return 0
