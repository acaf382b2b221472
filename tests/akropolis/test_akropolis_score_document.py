"""`companion score` with an Akropolis city document: the worked example, the output's shape,
and bad input refused on one line (exit 2), changing nothing."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import companion
from companion.akropolis.score_document import score_document
from companion.commands.score import run_score
from companion.kit.strict_json import InputError

EXAMPLE = Path(companion.__file__).parent / "examples" / "akropolis.json"


def example() -> dict:
    doc = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    del doc["game"]
    return doc


def test_the_example_worked_by_hand():
    """Red: houses (-1,0) 1 + (-2,0) 1 + (-2,1) 2 = 4 × 1 star; its market touches no market
    and no market plaza, 1 × 2; its barracks is on the edge but red has no barracks plaza, 0;
    garden 1 × 3; 3 stones → 12. Blue built a temple over its starting plaza: no house plaza,
    houses 0; markets (2,-2) beside the market plaza (doubled, markets variant) and (1,1)
    alone: (2 + 1) × 2 = 6; the temple at level 2 is built round: 2 × 2 = 4; 2 stones → 12.
    Green: houses: the 2-hex group (value 2) beats the 1-hex tower (value 3): 2 × 1; barracks
    (1,-1) touches only the lake at (2,-1): 0, (3,-2) on the edge at level 2: 2 × 2 = 4;
    garden 1 × 3; 1 stone → 10. Red and blue tie on 12: red has more stones."""
    out = score_document(example())
    assert out["totals"] == {"red": 12, "blue": 12, "green": 10}
    assert out["players"]["green"]["points"] == {
        "house": 2,
        "market": 0,
        "barracks": 4,
        "temple": 0,
        "garden": 3,
    }
    assert out["players"]["blue"]["doubled"]["market"] == 1
    assert out["players"]["blue"]["why"][0] == "Houses: no house plaza, 0"
    assert out["tiebreak"] == "stones"
    assert out["ranking"] == [
        {"place": 1, "players": ["red"]},
        {"place": 2, "players": ["blue"]},
        {"place": 3, "players": ["green"]},
    ]
    assert list(out) == ["totals", "variants", "players", "tiebreak", "ranking"]
    assert list(out["players"]["red"]) == [
        "points",
        "stars",
        "plazas",
        "values",
        "doubled",
        "stones",
        "why",
    ]


def test_without_the_variant_blue_loses_the_doubled_market():
    doc = example()
    doc["variants"] = []
    assert score_document(doc)["totals"]["blue"] == 10


def test_the_command_prints_the_json(capsys):
    assert run_score(str(EXAMPLE)) == 0
    assert json.loads(capsys.readouterr().out)["totals"]["red"] == 12


def hexes(doc: dict) -> list:
    return doc["players"]["red"]["city"]


def _set(path, value):
    def change(doc):
        target = doc
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


BAD = [
    (lambda d: d.update(board=1), "$.board: unknown key; accepted: variants, players"),
    (lambda d: d.pop("players"), "$.players: missing; it is required"),
    (_set(["variants"], ["market"]), '$.variants[0]: "market" is not a variant; accepted:'),
    (_set(["variants"], ["gardens", "gardens"]), "$.variants: a variant is listed twice"),
    (
        lambda d: d["players"].pop("blue") and d["players"].pop("green"),
        "$.players: expected an object of 2 to 4 players",
    ),
    (lambda d: d["players"]["red"].pop("stones"), "$.players.red.stones: missing"),
    (_set(["players", "red", "stones"], -1), "$.players.red.stones: expected a whole number 0–99"),
    (
        _set(["players", "red", "stones"], 2.0),
        "$.players.red.stones: expected a whole number 0–99, got 2.0",
    ),
    (_set(["players", "red", "colour"], "red"), "$.players.red.colour: unknown key"),
    (_set(["players", "red", "city"], []), "$.players.red.city: expected a list of 1 to 250"),
    (
        lambda d: hexes(d).append(dict(hexes(d)[4])),
        "$.players.red.city[12]: q=-1, r=0 is already given at [4]",
    ),
    (lambda d: hexes(d)[0].update(type="palace"), '$.players.red.city[0].type: "palace" is not'),
    (lambda d: hexes(d)[0].update(level=-1), "$.players.red.city[0].level: expected a whole"),
    (lambda d: hexes(d)[0].update(level=0), "$.players.red.city[0].level: expected a whole"),
    (lambda d: hexes(d)[0].update(level=True), "$.players.red.city[0].level: expected a whole"),
    (lambda d: hexes(d)[0].update(z=1), "$.players.red.city[0].z: unknown key"),
    (lambda d: hexes(d)[0].pop("q"), "$.players.red.city[0].q: missing"),
    (lambda d: hexes(d)[0].update(r=1000), "$.players.red.city[0].r: expected a whole number"),
    (lambda d: hexes(d).__setitem__(1, [0, 0]), "$.players.red.city[1]: expected a hex"),
]


@pytest.mark.parametrize(("spoil", "message"), BAD)
def test_bad_input_is_refused_naming_the_path(spoil, message):
    doc = example()
    spoil(doc)
    before = copy.deepcopy(doc)
    with pytest.raises(InputError) as caught:
        score_document(doc)
    assert str(caught.value).startswith(message)
    assert "\n" not in str(caught.value)
    assert doc == before  # nothing changed


def test_bad_input_exits_2_with_one_line(tmp_path, capsys):
    doc = example()
    doc["game"] = "akropolis"
    hexes(doc)[0]["type"] = "plaza:quarry"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    assert run_score(str(bad)) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith('$.players.red.city[0].type: "plaza:quarry" is not a hex type; accepted:')
