"""Scoring: RULES.md §4's worked examples, ranks by player count, bonuses, general scoring."""

import pytest

from companion.elgrande.scoring import Position, general_scoring, rank_groups, score_area

FOUR = ("red", "blue", "yellow", "green")
HOMES = {"red": "granada", "blue": "sevilla", "yellow": "cataluna", "green": "valencia"}


def position(counts, *, players=FOUR, king="galicia", grandes=None, ruleset="2015", area="aragon"):
    grandes = grandes or {p: HOMES[p] for p in players}
    return Position(players, king, grandes, {area: counts}, ruleset=ruleset)


@pytest.mark.parametrize(
    ("ruleset", "green"),
    [("1995", 0), ("2015", 1)],
)
def test_three_way_tie_for_first_both_rulesets(ruleset, green):
    # RULES.md §4 example 1: 5/3/1 region (País Vasco), R/B/Y 4 each, green 3.
    pos = position(
        {"red": 4, "blue": 4, "yellow": 4, "green": 3}, ruleset=ruleset, area="pais_vasco"
    )
    assert score_area(pos, "pais_vasco").points == {
        "red": 3,
        "blue": 3,
        "yellow": 3,
        "green": green,
    }


@pytest.mark.parametrize("ruleset", ["1995", "2015"])
def test_tie_for_third_scores_nothing_in_both_rulesets(ruleset):
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


@pytest.mark.parametrize("ruleset", ["1995", "2015"])
def test_two_players_tied_for_first_nobody_scores(ruleset):
    pos = position({"red": 3, "blue": 3}, players=("red", "blue"), ruleset=ruleset)
    assert score_area(pos, "aragon").points == {"red": 0, "blue": 0}


def test_rulesets_differ_after_a_two_way_tie_only_in_where_the_next_group_starts():
    counts = {"a": 5, "b": 5, "c": 3, "d": 2}
    assert rank_groups(counts, "2015") == [(2, ["a", "b"], 5), (3, ["c"], 3), (4, ["d"], 2)]
    assert rank_groups(counts, "1995") == [(2, ["a", "b"], 5), (3, ["c"], 3), (4, ["d"], 2)]
    counts = {"a": 5, "b": 5, "c": 5, "d": 2}
    assert rank_groups(counts, "2015")[-1] == (3, ["d"], 2)
    assert rank_groups(counts, "1995")[-1] == (4, ["d"], 2)


def test_unknown_ruleset_is_refused_by_name():
    with pytest.raises(ValueError, match="accepted: 2015, 1995"):
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


@pytest.mark.parametrize("ruleset", ["1995", "2015"])
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
