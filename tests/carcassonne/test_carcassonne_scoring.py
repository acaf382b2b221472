"""Every scoring rule: roads, inns, cities, cathedrals, cloisters, fields, the edition's
two-tile city and fields, big-meeple majorities, ties, and nobody."""

from __future__ import annotations

import pytest

from companion.carcassonne.features import Feature, Meeples
from companion.carcassonne.scoring import majority, majority_text, score_feature

RED = {"red": Meeples(1)}


def points(feature: Feature, edition: str = "C2") -> dict[str, int]:
    return score_feature(feature, edition).points()


def test_a_completed_road_scores_one_a_tile() -> None:
    assert points(Feature("road", False, tiles=4, meeples=RED)) == {"red": 4}


def test_an_inn_doubles_a_completed_road_as_the_seed_example_says() -> None:
    # « Vous marquez 10 points pour la route composée de 5 tuiles puisqu’il y a 1 auberge »
    result = score_feature(Feature("road", False, tiles=5, inn=True, meeples=RED))
    assert result.points() == {"red": 10}
    assert result.lines[0].text == "Road with an inn, 5 tiles × 2 = 10 to red"
    assert result.lines[0].rule == "road.inn"


def test_several_inns_do_not_stack() -> None:
    # The entry asks "an inn beside the road?" once: two inns are the same yes, still 10.
    one = Feature("road", False, tiles=5, inn=True, meeples=RED)
    assert points(one) == {"red": 10}
    assert score_feature(one).value.factor == 2


def test_an_open_road_scores_one_a_tile_at_the_end() -> None:
    assert points(Feature("road", True, tiles=3, meeples=RED)) == {"red": 3}


def test_an_open_road_with_an_inn_scores_nothing_at_the_end_and_says_why() -> None:
    result = score_feature(Feature("road", True, tiles=6, inn=True, meeples=RED))
    assert result.points() == {"red": 0}
    assert "an inn scores nothing at the end" in result.lines[0].text


def test_a_completed_city_scores_two_a_tile_and_a_pennant() -> None:
    assert points(Feature("city", False, tiles=4, pennants=1, meeples=RED)) == {"red": 10}


def test_a_cathedral_makes_it_three_as_the_seed_example_says() -> None:
    # « Vous marquez 27 points pour cette ville : 9 × 3 = 27 (7 tuiles et 2 blasons) »
    city = Feature("city", False, tiles=7, pennants=2, cathedral=True, meeples=RED)
    assert points(city) == {"red": 27}


def test_an_open_city_scores_one_a_tile_and_a_pennant() -> None:
    assert points(Feature("city", True, tiles=3, pennants=2, meeples=RED)) == {"red": 5}


def test_an_open_city_with_a_cathedral_scores_nothing() -> None:
    result = score_feature(Feature("city", True, tiles=8, pennants=1, cathedral=True, meeples=RED))
    assert result.points() == {"red": 0}
    assert "a cathedral scores nothing at the end" in result.lines[0].text


@pytest.mark.parametrize(("edition", "expected"), [("C2", 6), ("C1", 3)])
def test_a_two_tile_city_by_edition(edition: str, expected: int) -> None:
    city = Feature("city", False, tiles=2, pennants=1, meeples=RED)
    assert points(city, edition) == {"red": expected}


def test_the_first_edition_changes_only_two_tile_cities() -> None:
    city = Feature("city", False, tiles=3, pennants=1, meeples=RED)
    assert points(city, "C1") == points(city, "C2") == {"red": 8}
    open_two = Feature("city", True, tiles=2, meeples=RED)
    assert points(open_two, "C1") == points(open_two, "C2") == {"red": 2}


def test_a_completed_cloister_scores_nine() -> None:
    assert points(Feature("cloister", False, meeples=RED)) == {"red": 9}


def test_an_open_cloister_scores_one_and_its_neighbours() -> None:
    result = score_feature(Feature("cloister", True, neighbours=5, meeples=RED))
    assert result.points() == {"red": 6}
    assert result.lines[0].text == "Open cloister, 1 + 5 neighbours = 6 to red"


def test_a_big_meeple_scores_a_cloister_like_a_normal_one() -> None:
    # « dans une abbaye, le grand meeple gagne exactement le même nombre de points »
    assert points(Feature("cloister", False, meeples={"red": Meeples(0, 1)})) == {"red": 9}


@pytest.mark.parametrize(("edition", "expected"), [("C2", 9), ("C1", 12)])
def test_fields_score_per_completed_city_by_edition(edition: str, expected: int) -> None:
    # « Vous marquez 9 points pour les trois villes complètes » (C2); C1: 4 a city.
    field = Feature(
        "field", True, completed_cities=3, meeples={"red": Meeples(0, 1), "blue": Meeples(1)}
    )
    assert points(field, edition) == {"red": expected, "blue": 0}


def test_a_big_meeple_beats_one_normal_as_the_seed_example_says() -> None:
    # « Vous possédez un grand meeple … Noir y a un meeple normal … marquez 8 points »
    city = Feature("city", False, tiles=4, meeples={"red": Meeples(0, 1), "black": Meeples(1)})
    assert points(city) == {"red": 8, "black": 0}


def test_a_big_meeple_ties_two_normal_ones_and_both_score_in_full() -> None:
    # « Noir y a deux meeples normaux … à égalité et marquez tous les deux 12 points »
    city = Feature(
        "city", False, tiles=5, pennants=1, meeples={"red": Meeples(0, 1), "black": Meeples(2)}
    )
    result = score_feature(city)
    assert result.points() == {"red": 12, "black": 12}
    assert "red (a big meeple) and black tied at 2 meeples each" in result.lines[0].text
    assert all(line.detail["tied"] for line in result.lines)


def test_a_big_meeple_does_not_double_the_points() -> None:
    alone = Feature("road", False, tiles=3, meeples={"red": Meeples(0, 1)})
    assert points(alone) == {"red": 3}


def test_the_majority_takes_all_and_the_minority_scores_nothing() -> None:
    road = Feature(
        "road", False, tiles=3, meeples={"red": Meeples(1), "blue": Meeples(2), "green": Meeples(1)}
    )
    result = score_feature(road)
    assert result.points() == {"red": 0, "blue": 3, "green": 0}
    assert (
        result.lines[1].text
        == "Road, 3 tiles × 1 = 3: blue 2 meeples against red 1, green 1: blue 3"
    )


def test_the_reason_for_a_contested_cathedral_city_reads_as_the_table_hears_it() -> None:
    city = Feature(
        "city",
        False,
        tiles=7,
        pennants=2,
        cathedral=True,
        meeples={"blue": Meeples(2), "red": Meeples(1)},
    )
    text = score_feature(city).lines[0].text
    assert text.startswith("City with a cathedral, ")
    assert text.endswith(": blue 2 meeples against red 1: blue 27")


def test_nobody_with_a_meeple_means_nobody_scores() -> None:
    result = score_feature(Feature("road", True, tiles=4, meeples={}))
    assert result.lines == () and result.points() == {}
    assert result.nobody == "Open road, 4 tiles × 1 = 4: no meeple there, nobody scores"
    assert majority({}) == () and majority({"red": Meeples(0, 0)}) == ()


def test_majority_counts_a_big_meeple_as_two_for_control() -> None:
    assert majority({"red": Meeples(1, 1), "blue": Meeples(2)}) == ("red",)
    assert majority({"red": Meeples(0, 1), "blue": Meeples(2)}) == ("red", "blue")
    assert majority_text({"red": Meeples(1, 1), "blue": Meeples(2)}) == (
        "red 3 meeples (a big meeple and 1) against blue 2"
    )
