"""Scoring a tally: stars per plaza colour, no plaza → 0 with the reason, doubled parts, stones,
and the ranking with its stones tie-break."""

from __future__ import annotations

import pytest

from companion.akropolis.city import Count
from companion.akropolis.data import COLOUR
from companion.akropolis.tally import Tally, places, ranking_text, score_lines


def lines_of(counts: dict[str, Count], stones: int = 0, variants: tuple[str, ...] = ()):
    return {line.rule: line for line in score_lines("red", Tally(counts, stones), variants)}


@pytest.mark.parametrize(
    ("colour", "rule", "stars"),
    [
        ("house", "houses", 1),
        ("market", "markets", 2),
        ("barracks", "barracks", 2),
        ("temple", "temples", 2),
        ("garden", "gardens", 3),
    ],
)
def test_each_plaza_carries_its_printed_stars(colour, rule, stars):
    assert COLOUR[colour].stars == stars
    line = lines_of({colour: Count(2, 5)})[rule]
    assert (line.points, line.factor, line.quantity) == (5 * 2 * stars, 2 * stars, 5)


def test_a_colour_without_a_plaza_scores_0_and_says_why():
    line = lines_of({"barracks": Count(0, 9)})["barracks"]
    assert line.points == 0
    assert line.text == "Barracks: no barracks plaza, 0"


def test_the_reason_reads_as_the_table_counts():
    line = lines_of({"market": Count(2, 3)})["markets"]
    assert line.text == "Markets: 3 × 4 stars = 12"
    assert lines_of({"house": Count(1, 7)})["houses"].text == "Houses: 7 × 1 star = 7"


def test_each_unused_stone_is_one_point():
    line = lines_of({}, stones=4)["stones"]
    assert (line.points, line.text) == (4, "Stones 4")


def test_a_doubled_part_counts_twice_only_with_its_variant_on():
    counts = {"garden": Count(1, 5, 2)}
    assert lines_of(counts, variants=("gardens",))["gardens"].points == (5 + 2) * 3
    assert lines_of(counts)["gardens"].points == 5 * 3
    assert lines_of(counts, variants=("markets",))["gardens"].points == 5 * 3


def test_a_doubled_part_is_never_more_than_the_value():
    assert lines_of({"temple": Count(1, 2, 9)}, variants=("temples",))["temples"].points == 8


@pytest.mark.parametrize(("value", "points"), [(9, 9), (10, 20), (14, 28)])
def test_houses_variant_doubles_a_group_worth_10_or_more_before_stars(value, points):
    line = lines_of({"house": Count(1, value)}, variants=("houses",))["houses"]
    assert line.points == points
    assert lines_of({"house": Count(1, value)})["houses"].points == value


def test_houses_variant_compares_the_value_not_the_points():
    # 6 × 2 plazas = 12 points, but the group is worth 6: not doubled.
    assert lines_of({"house": Count(2, 6)}, variants=("houses",))["houses"].points == 12


def test_stones_break_a_tie_on_points_and_the_text_says_so():
    totals, stones = {"red": 57, "blue": 57, "green": 60}, {"red": 3, "blue": 1, "green": 0}
    placed, tiebreak = places(totals, stones)
    assert placed == [(1, ("green",)), (2, ("red",)), (3, ("blue",))]
    assert tiebreak == "stones"
    text = ranking_text(placed, totals, stones)
    assert (
        text
        == "green wins with 60; red 2nd with 57 (3 unused stones against blue 1); blue 3rd with 57"
    )


def test_players_equal_on_points_and_stones_share_the_place():
    totals, stones = {"red": 40, "blue": 40, "green": 12}, {"red": 2, "blue": 2, "green": 9}
    placed, tiebreak = places(totals, stones)
    assert placed == [(1, ("blue", "red")), (3, ("green",))]
    assert tiebreak is None
    assert ranking_text(placed, totals, stones).startswith(
        "blue and red share first place with 40 and 2 unused stones each"
    )


def test_no_tiebreak_is_said_when_points_alone_decide():
    placed, tiebreak = places({"red": 5, "blue": 4}, {"red": 0, "blue": 9})
    assert (placed, tiebreak) == ([(1, ("red",)), (2, ("blue",))], None)
