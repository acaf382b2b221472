"""Scoring: RULES.md §4's worked examples, ranks by player count, bonuses, general scoring."""

import json

import pytest
from cardkit import FIVE
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.elgrande.data import game_data
from companion.elgrande.scoring import (
    RULESETS,
    Position,
    general_scoring,
    rank_groups,
    score_area,
)

FOUR = ("red", "blue", "yellow", "green")
HOMES = {"red": "granada", "blue": "sevilla", "yellow": "cataluna", "green": "valencia"}


def position(counts, *, players=FOUR, king="galicia", grandes=None, ruleset="2015", area="aragon"):
    grandes = grandes or {p: HOMES[p] for p in players}
    return Position(players, king, grandes, {area: counts}, ruleset=ruleset)


@pytest.mark.parametrize(
    ("ruleset", "tied", "green"),
    [("1995", 3, 0), ("2015", 3, 1), ("bga", 1, 0)],
)
def test_three_way_tie_for_first_every_ruleset(ruleset, tied, green):
    # RULES.md §4 example 1: 5/3/1 region (País Vasco), R/B/Y 4 each, green 3. "bga" pays a tie
    # as the last place it occupies (BGA's help page): three tied for 1st are paid as 3rd.
    pos = position(
        {"red": 4, "blue": 4, "yellow": 4, "green": 3}, ruleset=ruleset, area="pais_vasco"
    )
    assert score_area(pos, "pais_vasco").points == {
        "red": tied,
        "blue": tied,
        "yellow": tied,
        "green": green,
    }


@pytest.mark.parametrize("ruleset", ["1995", "2015", "bga"])
def test_tie_for_third_scores_nothing_in_every_ruleset(ruleset):
    # RULES.md §4 example 2: 6/4/2 region (Castilla la Vieja), red 4, blue 3, yellow 2, green 2.
    pos = position(
        {"red": 4, "blue": 3, "yellow": 2, "green": 2}, ruleset=ruleset, area="castilla_vieja"
    )
    assert score_area(pos, "castilla_vieja").points == {
        "red": 6,
        "blue": 4,
        "yellow": 0,
        "green": 0,
    }


@pytest.mark.parametrize("ruleset", ["1995", "2015", "bga"])
def test_two_players_tied_for_first_nobody_scores(ruleset):
    pos = position({"red": 3, "blue": 3}, players=("red", "blue"), ruleset=ruleset)
    assert score_area(pos, "aragon").points == {"red": 0, "blue": 0}


def test_rulesets_differ_after_a_two_way_tie_only_in_where_the_next_group_starts():
    counts = {"a": 5, "b": 5, "c": 3, "d": 2}
    expected = [(1, 2, ["a", "b"], 5), (3, 3, ["c"], 3), (4, 4, ["d"], 2)]
    assert rank_groups(counts, "2015") == rank_groups(counts, "1995") == expected
    assert rank_groups(counts, "bga") == expected
    counts = {"a": 5, "b": 5, "c": 5, "d": 2}
    assert rank_groups(counts, "2015")[-1] == (3, 3, ["d"], 2)
    assert rank_groups(counts, "1995")[-1] == (4, 4, ["d"], 2)
    assert rank_groups(counts, "bga")[-1] == (4, 4, ["d"], 2)


def test_bga_pays_a_tied_group_as_the_last_place_it_occupies():
    counts = {"a": 6, "b": 4, "c": 4, "d": 4, "e": 1}
    assert rank_groups(counts, "bga") == [
        (1, 1, ["a"], 6),
        (2, 4, ["b", "c", "d"], 4),
        (5, 5, ["e"], 1),
    ]
    assert rank_groups(counts, "1995")[1] == (2, 3, ["b", "c", "d"], 4)


def test_bga_help_page_example_two_tied_first_at_5_3_1_score_3_each():
    pos = position({"red": 4, "blue": 4, "yellow": 2}, ruleset="bga", area="pais_vasco")
    result = score_area(pos, "pais_vasco")
    assert result.points == {"red": 3, "blue": 3, "yellow": 1, "green": 0}
    assert result.why[0] == "red tied for 1st, paid as 2nd with 4 → 3"


def test_bga_two_players_tied_for_first_pay_nobody_and_no_bonus():
    pos = position(
        {"red": 3, "blue": 3},
        players=("red", "blue"),
        king="aragon",
        grandes={"red": "aragon", "blue": "sevilla"},
        ruleset="bga",
    )
    result = score_area(pos, "aragon")
    assert result.points == {"red": 0, "blue": 0}
    assert result.why == (
        "red tied for 1st, paid as 2nd with 3 → 0",
        "blue tied for 1st, paid as 2nd with 3 → 0",
    )


def test_bga_three_players_a_tie_for_second_is_paid_as_third_so_nothing():
    three = ("red", "blue", "yellow")
    pos = position({"red": 5, "blue": 3, "yellow": 3}, players=three, ruleset="bga")
    result = score_area(pos, "aragon")  # 5/4/1, two ranks paid with 3 players
    assert result.points == {"red": 5, "blue": 0, "yellow": 0}
    assert result.why[1] == "blue tied for 2nd, paid as 3rd with 3 → 0"


@pytest.mark.parametrize(("ruleset", "tied"), [("1995", 1), ("2015", 1), ("bga", 0)])
def test_five_players_three_tied_for_second(ruleset, tied):
    five = (*FOUR, "black")
    counts = {"red": 6, "blue": 4, "yellow": 4, "green": 4, "black": 1}
    pos = position(counts, players=five, grandes=dict.fromkeys(five, "granada"), ruleset=ruleset)
    points = score_area(pos, "aragon").points  # 5/4/1
    assert points == {"red": 5, "blue": tied, "yellow": tied, "green": tied, "black": 0}


def test_unknown_ruleset_is_refused_by_name():
    with pytest.raises(ValueError, match="accepted: 2015, 1995, bga"):
        rank_groups({"a": 1}, "2020")


@pytest.mark.parametrize(
    ("players", "paid"),
    [
        (("red", "blue"), 1),
        (("red", "blue", "yellow"), 2),
        (FOUR, 3),
        (("red", "blue", "yellow", "green", "black"), 3),
    ],
)
def test_ranks_paid_by_player_count(players, paid):
    counts = {p: 10 - i for i, p in enumerate(players)}  # no ties
    grandes = dict.fromkeys(players, "granada")
    pos = position(counts, players=players, grandes=grandes, area="castilla_nueva")  # 7/4/2
    points = score_area(pos, "castilla_nueva").points
    expected = [7, 4, 2, 0, 0][:paid] + [0] * (len(players) - paid)
    assert [points[p] for p in players] == expected


def test_players_without_caballeros_are_not_ranked():
    pos = position({"red": 1})
    result = score_area(pos, "aragon")
    assert result.points == {"red": 5, "blue": 0, "yellow": 0, "green": 0}
    assert result.why == ("red 1st with 1 → 5",)


def test_empty_region_scores_nobody():
    assert score_area(position({}), "aragon").why == ("nobody here",)


def test_kings_bonus_to_sole_leader_in_kings_region():
    pos = position({"red": 3, "blue": 1}, king="aragon")
    result = score_area(pos, "aragon")
    assert result.points["red"] == 5 + 2
    assert result.why[0] == "red 1st with 3 → 5, +2 King"


def test_home_bonus_to_sole_leader_whose_grande_stands_there():
    pos = position({"red": 3, "blue": 4}, grandes={**HOMES, "blue": "aragon"})
    assert score_area(pos, "aragon").points["blue"] == 5 + 2


def test_king_and_home_bonus_add_up():
    pos = position({"red": 3}, king="aragon", grandes={**HOMES, "red": "aragon"})
    result = score_area(pos, "aragon")
    assert result.points["red"] == 5 + 4
    assert result.why[0] == "red 1st with 3 → 5, +2 King, +2 home"


def test_home_bonus_not_paid_to_a_player_who_is_not_first():
    pos = position({"red": 3, "blue": 4}, grandes={**HOMES, "red": "aragon"})
    assert score_area(pos, "aragon").points["red"] == 4


@pytest.mark.parametrize("ruleset", ["1995", "2015", "bga"])
def test_tie_for_first_earns_no_bonus(ruleset):
    pos = position(
        {"red": 3, "blue": 3}, king="aragon", grandes={**HOMES, "red": "aragon"}, ruleset=ruleset
    )
    assert score_area(pos, "aragon").points == {"red": 4, "blue": 4, "yellow": 0, "green": 0}


def test_castillo_never_gives_a_bonus():
    pos = position({"red": 3}, grandes={**HOMES}, area="castillo")
    assert score_area(pos, "castillo").points["red"] == 5


def test_scoreboard_replaces_printed_values():
    pos = Position(FOUR, "galicia", HOMES, {"aragon": {"red": 2, "blue": 1}}, {"aragon": (8, 4, 0)})
    assert score_area(pos, "aragon").points == {"red": 8, "blue": 4, "yellow": 0, "green": 0}


def test_first_only_pays_first_place_and_a_tie_for_first_nothing():
    pos = position({"red": 3, "blue": 2})
    assert score_area(pos, "aragon", first_only=True).points["blue"] == 0
    tied = position({"red": 3, "blue": 3})
    assert set(score_area(tied, "aragon", first_only=True).points.values()) == {0}


def test_general_scoring_scores_castillo_then_moves_then_regions():
    pos = Position(
        ("red", "blue", "yellow"),
        king="galicia",
        grandes={"red": "granada", "blue": "sevilla", "yellow": "aragon"},
        caballeros={"castillo": {"red": 2, "blue": 1}, "cataluna": {"yellow": 1}},
    )
    result = general_scoring(pos, {"red": "cataluna", "blue": "galicia"})
    castillo = result.areas[0]
    assert castillo.area == "castillo"
    assert castillo.points == {"red": 5, "blue": 3, "yellow": 0}
    # red's 2 now beat yellow's 1 in Cataluña (4/2/1); blue's disc on the King's region: court.
    assert result.caballeros_after["cataluna"] == {"yellow": 1, "red": 2}
    assert "castillo" not in result.caballeros_after
    assert result.to_court == {"blue": 1}
    cataluna = next(a for a in result.areas if a.area == "cataluna")
    assert cataluna.points == {"red": 4, "blue": 0, "yellow": 2}
    assert [a.area for a in result.areas][1:] == [
        "aragon",
        "castilla_nueva",
        "castilla_vieja",
        "cataluna",
        "galicia",
        "granada",
        "pais_vasco",
        "sevilla",
        "valencia",
    ]


@settings(max_examples=200)
@given(
    counts=st.dictionaries(st.sampled_from(FIVE), st.integers(0, 8), min_size=2),
    n=st.integers(2, 5),
    area=st.sampled_from(list(game_data().regions)),
)
def test_bga_pays_each_player_as_the_number_of_players_with_at_least_as_many(counts, n, area):
    """An independent statement of the BGA rule: your paid place is how many players have at
    least your count (you included); ranks paid by player count; bonuses to a sole leader."""
    players = FIVE[:n]
    counts = {p: c for p, c in counts.items() if p in players}
    pos = Position(players, "galicia", dict.fromkeys(players, area), {area: counts}, ruleset="bga")
    points = score_area(pos, area).points
    values, paid = game_data().printed_values(area), game_data().ranks_paid[n]
    top = max(counts.values(), default=0)
    for p in players:
        c = counts.get(p, 0)
        place = sum(1 for q in counts.values() if q >= c)
        expected = values[place - 1] if c and place <= paid else 0
        if c and c == top and place == 1:
            expected += game_data().home_bonus + (
                game_data().king_bonus if area == "galicia" else 0
            )
        assert points[p] == expected, (p, counts)


@given(
    counts=st.dictionaries(st.sampled_from(FIVE[:4]), st.integers(0, 12), min_size=2),
    ruleset=st.sampled_from(RULESETS),
)
def test_more_caballeros_never_score_fewer_points_in_any_ruleset(counts, ruleset):
    pos = position(counts, grandes=dict.fromkeys(FOUR, "granada"), ruleset=ruleset)
    points = score_area(pos, "aragon").points
    for a in FOUR:
        for b in FOUR:
            if counts.get(a, 0) > counts.get(b, 0):
                assert points[a] >= points[b]


# -- General scoring details the mutation run found unguarded --------------------------------------

PLAYERS = ("red", "blue", "yellow", "green")
GRANDES = {"red": "granada", "blue": "sevilla", "yellow": "aragon", "green": "valencia"}


def region(result, area):
    return next(a for a in result.areas if a.area == area)


def test_general_scoring_pays_the_kings_bonus_in_the_regions():
    pos = Position(PLAYERS, "galicia", GRANDES, {"galicia": {"blue": 2, "red": 1}})
    galicia = region(general_scoring(pos, {}), "galicia")
    assert galicia.points["blue"] == 4 + 2  # first in Galicia (4/2/0), +2 King
    assert galicia.why[0].endswith("+2 King")


@pytest.mark.parametrize(("ruleset", "green"), [("2015", 1), ("1995", 0)])
def test_general_scoring_scores_the_regions_by_the_positions_tie_ruleset(ruleset, green):
    counts = {"red": 4, "blue": 4, "yellow": 4, "green": 3}
    pos = Position(PLAYERS, "galicia", GRANDES, {"pais_vasco": counts}, ruleset=ruleset)
    assert region(general_scoring(pos, {}), "pais_vasco").points["green"] == green


def test_a_castillo_disc_on_an_empty_region_moves_the_caballeros_there():
    pos = Position(PLAYERS, "galicia", GRANDES, {"castillo": {"red": 3}})
    result = general_scoring(pos, {"red": "cataluna"})
    assert result.caballeros_after["cataluna"] == {"red": 3}
    assert region(result, "cataluna").points["red"] == 4


def test_companion_score_prints_each_areas_points_and_reasons(tmp_path, capsys):
    doc = {
        "players": ["red", "blue", "yellow"],
        "king": "galicia",
        "grandes": {"red": "aragon", "blue": "sevilla", "yellow": "valencia"},
        "caballeros": {"granada": {"red": 4, "blue": 3}},
        "scoring": {"areas": ["granada"]},
    }
    path = tmp_path / "position.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["score", str(path)]) == 0
    (area,) = json.loads(capsys.readouterr().out)["areas"]
    assert area == {
        "area": "granada",
        "points": {"red": 6, "blue": 3, "yellow": 0},
        "why": ["red 1st with 4 → 6", "blue 2nd with 3 → 3"],
    }


def test_a_two_way_tie_is_named_as_a_tie():
    pos = Position(PLAYERS[:3], "galicia", GRANDES, {"granada": {"red": 3, "blue": 3, "yellow": 1}})
    assert region(general_scoring(pos, {}), "granada").why == (
        "red tied for 1st, paid as 2nd with 3 → 3",
        "blue tied for 1st, paid as 2nd with 3 → 3",
        "yellow 3rd with 1 → 0",
    )
