"""A scoring as the table hears it: each page's sentence when the page opens (and again on a
long ●), what happened after the scoring once the last page is done, each with the round of its
event, as the voice's watchers get it (`companion demo` prints the round beside each sentence)."""

from __future__ import annotations

from table_testing import Table

from companion.elgrande.bots import GreedyBot
from companion.elgrande.engine import decision


def test_a_scoring_is_heard_page_by_page_then_what_followed_it_each_with_its_round(make_table):
    table: Table = make_table("sim.toml", seed=9)
    table.press("red", "select")
    heard: list[tuple[str, int | None]] = []
    table.app.outputs.on_say.append(lambda text, rnd: heard.append((text, rnd)))
    s = table.session
    bots = {p: GreedyBot(i) for i, p in enumerate(s.players)}
    while table.app.mode != "announce":  # round 1: yellow takes a special scoring
        p = decision(s.state).players[0]
        s.decide(p, bots[p].choose(s.state, p))
        table.app.refresh()
    assert {rnd for _, rnd in heard} == {1}  # everything said so far, in round 1
    assert ("Yellow's turn.", 1) in heard
    assert heard[-1] == ("Cataluña: blue first with 1, 4 points.", 1)  # the spoken words,
    assert s.events[-5]["text"] == "Cataluña: blue 1st with 1 → 4"  # not the page's text
    heard.clear()
    table.press("red", "long")  # said again
    while table.app.mode == "announce":
        table.press("red", "select")
    assert heard == [
        ("Cataluña: blue first with 1, 4 points.", 1),
        ("Galicia: blue first with 2, 4 points, plus 2 home.", 1),
        ("Sevilla: nobody here.", 1),
        (
            "Special scoring: regions with first value 4. Scores: red 0, blue 10, yellow 0, "
            "green 0.",
            1,
        ),
        ("Green's turn.", 1),  # after the scoring's pages, though it came with them
    ]
