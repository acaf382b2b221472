"""`companion score` for Carcassonne: the shipped example, checked by hand, and bad input."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest

from companion.commands.score import score_document
from companion.kit.strict_json import InputError, load_document


def example() -> dict[str, Any]:
    text = resources.files("companion").joinpath("examples/carcassonne.json").read_text("utf-8")
    return load_document(text)


def test_the_example_scores_as_counted_by_hand() -> None:
    out = score_document(example())
    # red: road+inn 5×2=10, cathedral city minority 0, cloister 9, tied road 4, open
    #      cathedral city 0, field with the big meeple 3×3=9 → 32
    # blue: cathedral city (7+2)×3=27, tied road 4, open city 3+1=4, field minority 0,
    #       tied field 2×3=6 → 41
    # green: two-tile city 2×2=4, open inn road 0, open cloister 1+5=6, tied field 6 → 16
    assert list(out)[0] == "totals"
    assert out["totals"] == {"red": 32, "blue": 41, "green": 16}
    assert out["ranking"] == [
        {"place": 1, "players": ["blue"]},
        {"place": 2, "players": ["red"]},
        {"place": 3, "players": ["green"]},
    ]
    assert [f["points"] for f in out["features"]] == [
        {"red": 10},
        {"blue": 27, "red": 0},
        {"green": 4},
        {"red": 9},
        {"red": 4, "blue": 4},
        {"green": 0},
        {"blue": 4},
        {"red": 0},
        {"green": 6},
        {"red": 9, "blue": 0},
        {"green": 6, "blue": 6},
    ]
    assert out["features"][0]["why"] == ["Road with an inn, 5 tiles × 2 = 10 to red"]
    assert out["features"][1]["lines"][0]["rule"] == "city.cathedral"
    assert out["tiebreak"] is None


def test_the_first_edition_rescores_the_two_tile_city_and_the_fields() -> None:
    doc = example() | {"edition": "C1"}
    out = score_document(doc)
    assert out["features"][2]["points"] == {"green": 2}
    assert out["features"][9]["points"] == {"red": 12, "blue": 0}
    assert out["totals"] == {"red": 35, "blue": 43, "green": 16}


def test_players_default_to_the_colours_named_and_laps_are_shown() -> None:
    doc = {
        "game": "carcassonne",
        "features": [
            {
                "phase": "during",
                "type": "city",
                "tiles": 20,
                "pennants": 6,
                "meeples": {"pink": {"normal": 1}},
            },
            {"phase": "during", "type": "road", "tiles": 2, "meeples": {"black": {"normal": 1}}},
        ],
    }
    out = score_document(doc)
    assert out["totals"] == {"pink": 52, "black": 2}
    assert out["track"]["pink"] == {
        "score": 52,
        "laps": 1,
        "marker": 2,
        "tiles": "one score tile, 50 side up",
    }


def feature(**changes: Any) -> dict[str, Any]:
    base = {"phase": "during", "type": "road", "tiles": 3, "meeples": {"red": {"normal": 1}}}
    base.update(changes)
    return {k: v for k, v in base.items() if v is not None}


def bad(features: list[Any], **top: Any) -> str:
    with pytest.raises(InputError) as caught:
        score_document({"game": "carcassonne", "features": features, **top})
    return str(caught.value)


@pytest.mark.parametrize(
    ("features", "top", "message"),
    [
        (
            [feature(type="river")],
            {},
            '$.features[0].type: got "river"; accepted: road, city, cloister, field',
        ),
        ([feature(phase="later")], {}, '$.features[0].phase: got "later"; accepted: during, final'),
        (
            [feature(type="field", tiles=None)],
            {},
            '$.features[0].phase: a field is scored only at the end; accepted: "final"',
        ),
        ([feature(tiles=0)], {}, "$.features[0].tiles: expected a whole number 1–60, got 0"),
        ([feature(tiles=2.0)], {}, "$.features[0].tiles: expected a whole number 1–60, got 2.0"),
        ([feature(tiles=True)], {}, "$.features[0].tiles: expected a whole number 1–60, got true"),
        ([feature(tiles=None)], {}, "$.features[0]: missing key tiles (a whole number 1–60)"),
        (
            [feature(pennants=1)],
            {},
            "$.features[0]: unknown key pennants for a road (during); accepted: phase, type, "
            "meeples, complete, tiles, inn",
        ),
        ([feature(inn="yes")], {}, '$.features[0].inn: expected true or false, got "yes"'),
        (
            [feature(inn=True)],
            {"expansion": False},
            "$.features[0].inn: inns come with the expansion, which is off; accepted: false",
        ),
        (
            [feature(complete=False)],
            {},
            "$.features[0].complete: got false; a feature scored during play is complete (true)",
        ),
        (
            [feature(meeples={"red": {"big": 1}})],
            {"expansion": False},
            "$.features[0].meeples.red.big: big meeples come with the expansion",
        ),
        (
            [feature(meeples={"red": {"big": 2}})],
            {},
            "$.features[0].meeples.red.big: expected a whole number 0–1, got 2",
        ),
        (
            [feature(meeples={"red": {"normal": 8}})],
            {},
            "$.features[0].meeples.red.normal: expected a whole number 0–7, got 8",
        ),
        (
            [feature(meeples={"red": {"tall": 1}})],
            {},
            "$.features[0].meeples.red: unknown key tall; accepted: normal, big",
        ),
        (
            [feature(meeples={"mauve": {"normal": 1}})],
            {"players": ["red", "blue"]},
            "$.features[0].meeples.mauve: mauve is not a player; players: red, blue",
        ),
        ([feature(meeples=None)], {}, "$.features[0]: missing key meeples"),
        (
            [feature(type="cloister", tiles=None, phase="final")],
            {},
            "$.features[0]: missing key neighbours (a whole number 0–7)",
        ),
        (
            [feature(type="cloister", tiles=None, phase="final", neighbours=8)],
            {},
            "$.features[0].neighbours: expected a whole number 0–7, got 8",
        ),
        (["road"], {}, '$.features[0]: expected a feature (a JSON object), got "road"'),
        ([], {"players": ["red"]}, "$.players: expected a list of 2 to 6 names"),
        (
            [],
            {"players": list("abcdef")} | {"expansion": False},
            "$.players: expected a list of 2 to 5 names",
        ),
        ([], {"edition": "C3"}, '$.edition: got "C3"; accepted: "C2" or "C1"'),
        ([], {"expansion": 1}, "$.expansion: got 1; accepted: true or false"),
        (
            [],
            {"rounds": 3},
            "$: unknown key rounds; accepted: game, players, expansion, edition, features",
        ),
    ],
)
def test_bad_input_names_the_path_and_what_is_accepted(
    features: list[Any], top: dict[str, Any], message: str
) -> None:
    assert bad(features, **top).startswith(message)


def test_features_must_be_a_list() -> None:
    with pytest.raises(InputError, match=r"\$.features: expected a list of features, got 3"):
        score_document({"game": "carcassonne", "features": 3})


def test_the_command_exits_2_on_bad_input(tmp_path: Any, capsys: Any) -> None:
    from companion.commands.score import run_score

    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"game": "carcassonne", "features": [feature(tiles=-1)]}))
    assert run_score(str(path)) == 2
    assert (
        capsys.readouterr().err.strip()
        == "$.features[0].tiles: expected a whole number 1–60, got -1"
    )
