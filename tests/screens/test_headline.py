"""Readable from a metre: on both main displays the game page's first lines say who must act and
what, in glyphs at least 12 px tall; the rest may be small print."""

from __future__ import annotations

import pytest

from companion.screens import MainUI, render_main
from companion.screens.game_page import headline

PLAYERS = ["red", "blue", "yellow", "green", "black"]
VIEW = {
    "players": PLAYERS,
    "turn_order": PLAYERS,
    "round": 5,
    "rounds": list(range(1, 10)),
    "phase": "turns",
    "king": "pais_vasco",
    "face_up": ["1a", "2f", "5"],
    "scores": dict.fromkeys(PLAYERS, 3),
    "bids": {"red": 13, "blue": 1},
    "winners": [],
}
CARD = {"players": ["blue"], "kind": "card", "prompt": "Take an action card", "secret": False}
BIDS = {"players": ["red", "green"], "kind": "bid", "prompt": "Choose (sealed)", "secret": True}


def _lit_rows(image, top: int, bottom: int) -> list[int]:
    width = range(image.width)
    return [y for y in range(top, bottom) if any(image.getpixel((x, y)) for x in width)]


@pytest.mark.parametrize("size", [(128, 64), (256, 64)])
@pytest.mark.parametrize("decision", [CARD, BIDS], ids=["card", "bids"])
def test_the_first_row_says_who_and_what_at_least_12_px_tall(drawn, size, decision):
    view = {**VIEW, "decision": decision}
    image = render_main(view, MainUI("game"), size, "1" if size[0] < 200 else "L")
    head = headline(view, size[0] - 2)
    assert drawn[0] == head  # drawn first, at the top
    assert any(p[:3] in head for p in decision["players"]) or head[0].isdigit()
    assert head.split(": ")[0] in ("blue", "bid") or head.endswith(("card", "bid"))
    lit = _lit_rows(image, 0, image.height)
    run = next(i for i, y in enumerate([*lit, -1]) if y != lit[0] + i)  # the first band of text
    assert run >= 12, lit  # the headline's glyphs: at least 12 px tall


def test_the_headline_names_those_asked_whole_where_they_fit_else_short_else_counts():
    view = {"decision": BIDS}
    assert headline(view, 254) == "bid: red green"
    assert headline(view, 126) == "2 to bid"
    assert headline({"decision": CARD}, 126) == "blue: card"
    assert headline({"decision": {**CARD, "players": ["yellow"]}}, 126) == "yel: card"
    assert headline({"decision": {**BIDS, "players": []}}, 126) == "bid: wait"  # a clash
    assert headline({"decision": None}, 254) == ""
