"""`companion score`: JSON positions in, scores with reasons out; bad input named by JSON path."""

import io
import json
import subprocess
import sys
from importlib.resources import files
from pathlib import Path

import pytest

from companion.cli import main

EXAMPLE = Path(str(files("companion") / "examples" / "position.json"))  # as installed


def base(**changes):
    doc = {
        "players": ["red", "blue", "yellow", "green"],
        "ruleset": "2015",
        "king": "galicia",
        "grandes": {"red": "granada", "blue": "sevilla", "yellow": "cataluna", "green": "valencia"},
        "caballeros": {"pais_vasco": {"red": 4, "blue": 4, "yellow": 4, "green": 3}},
        "scoring": {"areas": ["pais_vasco"], "first_only": False},
    }
    doc.update(changes)
    return doc


def run(doc, capsys, monkeypatch):
    text = doc if isinstance(doc, str) else json.dumps(doc)
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    code = main(["score", "-"])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("ruleset", "green"), [("2015", 1), ("1995", 0)])
def test_reproduces_the_three_way_tie_example(ruleset, green, capsys, monkeypatch):
    code, out, _ = run(base(ruleset=ruleset), capsys, monkeypatch)
    assert code == 0
    result = json.loads(out)
    assert result["totals"] == {"red": 3, "blue": 3, "yellow": 3, "green": green}
    assert result["areas"][0]["area"] == "pais_vasco"


def test_reproduces_the_tie_for_third_example(capsys, monkeypatch):
    doc = base(
        caballeros={"castilla_vieja": {"red": 4, "blue": 3, "yellow": 2, "green": 2}},
        scoring={"areas": ["castilla_vieja"]},
    )
    _, out, _ = run(doc, capsys, monkeypatch)
    assert json.loads(out)["totals"] == {"red": 6, "blue": 4, "yellow": 0, "green": 0}


def test_general_scoring_reports_reasons_and_board_after(capsys, monkeypatch):
    doc = base(
        caballeros={"castillo": {"red": 2, "blue": 1}, "granada": {"red": 1}},
        castillo_discs={"red": "granada", "blue": "galicia"},
        scoring="general",
    )
    code, out, _ = run(doc, capsys, monkeypatch)
    result = json.loads(out)
    assert code == 0
    granada = next(a for a in result["areas"] if a["area"] == "granada")
    assert granada["why"] == ["red 1st with 3 → 6, +2 home"]
    assert result["board_after"]["caballeros"]["granada"] == {"red": 3}
    assert result["board_after"]["returned_to_court"] == {"blue": 1}
    assert result["totals"]["red"] == 5 + 8  # Castillo 1st, then Granada with home bonus


def test_scoring_defaults_to_general_and_ruleset_to_2015(capsys, monkeypatch):
    doc = base()
    del doc["scoring"], doc["ruleset"]
    _, out, _ = run(doc, capsys, monkeypatch)
    result = json.loads(out)
    assert [a["area"] for a in result["areas"]][0] == "castillo"
    assert result["totals"]["green"] == 1  # the 2015 tie rule


def test_the_shipped_example_scores_from_the_console_script():
    proc = subprocess.run(
        [sys.executable, "-m", "companion.cli", "score", str(EXAMPLE)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert set(result["totals"]) == {"red", "blue", "yellow", "green"}
    assert len(result["areas"]) == 10


@pytest.mark.parametrize(
    ("doc", "path", "accepted"),
    [
        ("{not json", "$", "not valid JSON"),
        ([1, 2], "$", "expected an object"),
        (base(players=["red"]), "$.players", "2 to 5 players"),
        (base(players=["a", "b", "c", "d", "e", "f"]), "$.players", "2 to 5 players"),
        (base(players=["red", "red"]), "$.players", "named twice"),
        (base(king="castillo"), "$.king", "never stands on the Castillo"),
        (base(king="narnia"), "$.king", "accepted: aragon"),
        (base(grandes={"red": "aragon"}), "$.grandes", "no Grande for blue"),
        (base(grandes={"red": "aragon", "pink": "x"}), "$.grandes.pink", "players: red"),
        (base(caballeros={"narnia": {"red": 1}}), "$.caballeros.narnia", "accepted:"),
        (base(caballeros={"aragon": {"pink": 1}}), "$.caballeros.aragon.pink", "not a player"),
        (base(caballeros={"aragon": {"red": 2.5}}), "$.caballeros.aragon.red", "0–30"),
        (base(caballeros={"aragon": {"red": -1}}), "$.caballeros.aragon.red", "0–30"),
        (base(caballeros={"aragon": {"red": 31}}), "$.caballeros.aragon.red", "0–30"),
        (base(caballeros={"aragon": {"red": True}}), "$.caballeros.aragon.red", "0–30"),
        (
            base(caballeros={"aragon": {"red": 20}, "galicia": {"red": 11}}),
            "$.caballeros",
            "30 in all",
        ),
        (
            base(caballeros={"castillo": {"red": 1}}, scoring="general"),
            "$.castillo_discs",
            "no disc",
        ),
        (base(castillo_discs={"red": "castillo"}), "$.castillo_discs.red", "not the Castillo"),
        (base(scoreboards={"aragon": [5, 5, 5]}), "$.scoreboards.aragon", "[8, 4, 0]"),
        (
            base(scoreboards={"aragon": [8, 4, 0], "galicia": [8, 4, 0]}),
            "$.scoreboards.galicia",
            "already placed",
        ),
        (base(scoreboards={"castillo": [8, 4, 0]}), "$.scoreboards.castillo", "not the Castillo"),
        (base(ruleset="2020"), "$.ruleset", '"2015" or "1995"'),
        (base(scoring="partial"), "$.scoring", '"general"'),
        (base(scoring={"areas": []}), "$.scoring.areas", "non-empty"),
        (base(scoring={"areas": ["aragon", "aragon"]}), "$.scoring.areas", "twice"),
        (
            base(scoring={"areas": ["aragon"], "first_only": "yes"}),
            "$.scoring.first_only",
            "true or false",
        ),
        (base(colour="red"), "$.colour", "unknown key"),
        ({"players": ["red", "blue"]}, "$.king", "required"),
    ],
)
def test_bad_input_exits_2_with_one_line_naming_the_path(doc, path, accepted, capsys, monkeypatch):
    code, out, err = run(doc, capsys, monkeypatch)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"{path}:")
    assert accepted in err


def test_unreadable_file_is_a_clean_error(capsys, tmp_path):
    assert main(["score", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
