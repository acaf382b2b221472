"""Each area's placings as values (who, where, tied or not, what it pays, which bonuses), the
reasons' words derived from them, and the "totals" events carrying the scores they announce."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.elgrande.bots import GreedyBot
from companion.elgrande.engine import apply_in_place, decision, new_game
from companion.elgrande.options import TableOptions
from companion.elgrande.scoring import AreaScore, Bonus, Placing, Position, score_area
from companion.elgrande.views import event_json

FOUR = ("red", "blue", "yellow", "green")
HOMES = {"red": "granada", "blue": "sevilla", "yellow": "cataluna", "green": "valencia"}


def placings(counts, area="pais_vasco", *, king="galicia", grandes=HOMES, ruleset="2015"):
    pos = Position(FOUR, king, grandes, {area: counts}, ruleset=ruleset)
    return [
        (p.player, p.place, p.rank, p.tied, p.count, p.points, p.bonuses)
        for p in score_area(pos, area).placings
    ]


@pytest.mark.parametrize(
    ("ruleset", "tied_rank", "tied_points", "green_place", "green_points"),
    [("2015", 2, 3, 3, 1), ("1995", 2, 3, 4, 0), ("bga", 3, 1, 4, 0)],
)
def test_a_three_way_tie_for_first_under_each_ruleset(
    ruleset, tied_rank, tied_points, green_place, green_points
):
    # RULES.md §4 example 1: País Vasco pays 5/3/1; red, blue, yellow 4 each, green 3.
    counts = {"red": 4, "blue": 4, "yellow": 4, "green": 3}
    assert placings(counts, ruleset=ruleset) == [
        ("red", 1, tied_rank, True, 4, tied_points, ()),
        ("blue", 1, tied_rank, True, 4, tied_points, ()),
        ("yellow", 1, tied_rank, True, 4, tied_points, ()),
        ("green", green_place, green_place, False, 3, green_points, ()),
    ]


def test_a_sole_leader_in_the_kings_region_and_at_home_gets_both_bonuses():
    counts = {"red": 3, "blue": 1}
    grandes = {**HOMES, "red": "aragon"}
    assert placings(counts, "aragon", king="aragon", grandes=grandes) == [
        ("red", 1, 1, False, 3, 5, (Bonus("king", 2), Bonus("home", 2))),
        ("blue", 2, 2, False, 1, 4, ()),
    ]


@pytest.mark.parametrize("ruleset", ["2015", "1995", "bga"])
def test_a_tie_for_first_gets_no_bonus_under_any_ruleset(ruleset):
    counts = {"red": 3, "blue": 3}
    grandes = {**HOMES, "red": "aragon"}
    got = placings(counts, "aragon", king="aragon", grandes=grandes, ruleset=ruleset)
    assert [bonuses for *_, bonuses in got] == [(), ()]


def test_the_castillos_leader_gets_no_bonus():
    assert placings({"red": 3, "blue": 1}, "castillo") == [
        ("red", 1, 1, False, 3, 5, ()),
        ("blue", 2, 2, False, 1, 3, ()),
    ]


def test_the_reasons_are_the_placings_in_words():
    red = Placing("red", 1, 1, False, 3, 5, (Bonus("king", 2), Bonus("home", 2)))
    blue = Placing("blue", 2, 3, True, 1, 1)
    assert AreaScore("aragon", {"red": 9, "blue": 1}, (red, blue)).why == (
        "red 1st with 3 → 5, +2 King, +2 home",
        "blue tied for 2nd, paid as 3rd with 1 → 1",
    )
    assert AreaScore("aragon", {"red": 0}, ()).why == ("nobody here",)


COUNTS = st.dictionaries(st.sampled_from(FOUR), st.integers(0, 6), max_size=4)


@settings(max_examples=150, deadline=None)
@given(
    counts=COUNTS,
    ruleset=st.sampled_from(["2015", "1995", "bga"]),
    area=st.sampled_from(["aragon", "galicia", "castillo"]),
    king=st.sampled_from(["aragon", "galicia"]),
)
def test_the_points_are_the_placings_totals_and_survive_json(counts, ruleset, area, king):
    pos = Position(FOUR, king, {**HOMES, "red": "aragon"}, {area: counts}, ruleset=ruleset)
    result = score_area(pos, area)
    paid = {p.player: p.total for p in result.placings}
    assert result.points == {p: paid.get(p, 0) for p in FOUR}
    assert {p.player for p in result.placings} == {p for p, n in counts.items() if n}
    assert AreaScore.from_json(json.loads(json.dumps(result.to_json()))) == result


def test_each_totals_event_carries_the_scores_at_that_moment():
    players = ("red", "blue", "yellow")
    s = new_game(players, 3, TableOptions(ruleset="1995"))
    bots = {p: GreedyBot(i) for i, p in enumerate(players)}
    while not s.is_over:
        p = decision(s).players[0]
        apply_in_place(s, p, bots[p].choose(s, p))
    running = dict.fromkeys(players, 0)
    announced = []
    for event in map(event_json, s.events):
        if event["kind"] == "score" and event["detail"] is not None:
            for p, n in event["detail"]["points"].items():
                running[p] += n
        elif event["kind"] == "totals":
            assert event["detail"] == {"scores": running}
            announced.append(dict(running))
    assert len(announced) > 3 and announced[0] != announced[-1]
    assert announced[-1] == s.scores
