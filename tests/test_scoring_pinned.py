"""General scoring details the mutation run found unguarded: the King's bonus, the tie ruleset and
a Castillo disc on a region nobody occupies, after the Castillo is emptied; `companion score`'s
per-area output."""

import json

import pytest

from companion.cli import main
from companion.elgrande.scoring import Position, general_scoring

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
