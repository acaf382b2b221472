"""`companion score` for Castell: the shipped example checked by hand, and every bad input
answered with one line naming the JSON path and what is accepted."""

import doctest
import io
import json
import sys
from importlib.resources import files
from pathlib import Path

import pytest

from companion.castell import (
    bots,
    engine,
    module,
    options,
    rules,
    score_file,
    state,
    steps,
    views,
)
from companion.cli import main
from companion.commands.score import score_document
from companion.kit.strict_json import InputError

EXAMPLE = Path(str(files("companion") / "examples" / "castell.json"))  # as installed


def run(text, capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    code = main(["score", "-"])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_example_file_scores_as_counted_by_hand(capsys):
    assert main(["score", str(EXAMPLE)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert list(result) == ["totals", "categories", "why", "ranking", "tiebreak"]
    # red: 9 + 7 (5 regions) + 12 (5 + 6 + 1) + 4 (2 sizes) + 11 (3 + 5 + 3 tokens) = 43
    # blue: 11 + 5 (4 regions) + 11 (9 + 2) + 5 (sizes 4, 6 and a further 4) + 5 (4 + 1) = 37
    # green: 8 + 10 (6 regions) + 8 (5 + 3) + 0 + 16 (5 + 6 + 3 + 2 tokens) = 42
    assert result["totals"] == {"red": 43, "blue": 37, "green": 42}
    assert result["categories"]["blue"] == {
        "best_tower": 11,
        "region_variety": 5,
        "prizes": 11,
        "size_tokens": 5,
        "local_performances": 5,
    }
    assert result["why"]["red"] == [
        "Best tower: 9",
        "Region variety: 5 regions = 7",
        "Prizes: 1 trophy × 5 + 2 medals × 3 + 1 ribbon = 12",
        "Size tokens: 2 sizes × 2 + 0 further = 4",
        "Local performances: 8 + 3 tokens = 11",
    ]
    assert result["why"]["blue"][3] == "Size tokens: 2 sizes × 2 + 1 further = 5"
    assert result["ranking"] == [
        {"place": 1, "players": ["red"]},
        {"place": 2, "players": ["green"]},
        {"place": 3, "players": ["blue"]},
    ]
    assert result["tiebreak"] is None


def test_a_tie_shares_the_place_and_says_so():
    doc = {"game": "castell", "players": {"red": {"ribbons": 3}, "blue": {"best_tower": 3}}}
    result = score_document(doc)
    assert result["ranking"] == [{"place": 1, "players": ["blue", "red"]}]
    assert result["tiebreak"] == "a tie is shared: the seed names no tie-break"


def test_one_player_alone_and_left_out_keys_count_zero():
    result = score_document({"game": "castell", "players": {"red": {}}})
    assert result["totals"] == {"red": 0}
    assert result["why"]["red"][1:] == [
        "Region variety: no region, 0",
        "Prizes: none, 0",
        "Size tokens: none, 0",
        "Local performances: none, 0",
    ]


def doc_with(**entry):
    return json.dumps({"game": "castell", "players": {"red": entry}})


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (
            doc_with(trophy=1),
            "$.players.red.trophy: unknown key; accepted: best_tower, regions, trophies, "
            "medals, ribbons, size_tokens, local_tiles, special_tokens",
        ),
        (doc_with(medals=-1), "$.players.red.medals: expected a whole number 0–40 "
         "(the box holds 40 prize tokens), got -1"),
        (doc_with(regions=8), "$.players.red.regions: expected a whole number 0–7 "
         "(the board has 7 regions), got 8"),
        (doc_with(best_tower=9.0), "$.players.red.best_tower: expected a whole number 0–30 "
         "(the best tower score on the track), got 9.0"),
        (doc_with(ribbons=True), "$.players.red.ribbons: expected a whole number 0–40 "
         "(the box holds 40 prize tokens), got true"),
        (doc_with(trophies=20, medals=20, ribbons=1), "$.players.red: 41 prizes in all; "
         "the box holds 40"),
        (doc_with(size_tokens=3), "$.players.red.size_tokens: expected a list of at most 30 "
         "whole numbers 1–9 (each token's size), got 3"),
        (doc_with(size_tokens=[2] * 31), "$.players.red.size_tokens: expected a list of at "
         "most 30 whole numbers 1–9 (each token's size), got a list of 31"),
        (doc_with(size_tokens=[2, "5"]), "$.players.red.size_tokens[1]: expected a whole "
         'number 1–9 (each token\'s size), got "5"'),
        (doc_with(local_tiles=[3, 0]), "$.players.red.local_tiles[1]: expected a whole "
         "number 1–10 (each tile's points), got 0"),
        (doc_with(local_tiles=[1] * 15), "$.players.red.local_tiles: expected a list of at "
         "most 14 whole numbers 1–10 (each tile's points), got a list of 15"),
        (doc_with(special_tokens=2), "$.players.red.special_tokens: special action tokens "
         "are collected by completing a local performance, and local_tiles is empty; list "
         "the tiles' points, or give 0"),
        (doc_with(special_tokens=29, local_tiles=[3]), "$.players.red.special_tokens: "
         "expected a whole number 0–28 (the box holds 28 special action tokens), got 29"),
        (doc_with(regions=10**40), "$.players.red.regions: expected a whole number 0–7 "
         "(the board has 7 regions), got 10000000000000000000000000000000000000000"),
        ('{"game": "castell"}', "$.players: missing; it is required (player name → their "
         "counts)"),
        ('{"game": "castell", "players": [], "round": 3}', "$.round: unknown key; "
         'accepted: "game", "players"'),
        ('{"game": "castell", "players": []}', "$.players: expected an object of 1 to 4 "
         "players, got []"),
        ('{"game": "castell", "players": {}}', "$.players: expected an object of 1 to 4 "
         "players, got 0 players"),
        (json.dumps({"game": "castell", "players": {c: {} for c in "abcde"}}), "$.players: "
         "expected an object of 1 to 4 players, got 5 players"),
        ('{"game": "castell", "players": {" ": {}}}', '$.players[" "]: a player\'s name '
         "must not be blank"),
        ('{"game": "castell", "players": {"red": 5}}', "$.players.red: expected an object "
         "with best_tower, regions, trophies, medals, ribbons, size_tokens, local_tiles, "
         "special_tokens; got 5"),
        ('{"game": "castell", "players": {"red": {"medals": 1, "medals": 2}}}',
         "$.players.red: duplicate key medals"),
    ],
)  # fmt: skip
def test_bad_input_is_one_line_naming_the_path_and_what_is_accepted(
    text, line, capsys, monkeypatch
):
    code, out, err = run(text, capsys, monkeypatch)
    assert (code, out, err) == (2, "", line + "\n")


def test_the_module_refuses_another_game_named_in_its_document():
    with pytest.raises(InputError, match='expected "castell"'):
        score_file.score_document({"game": "elgrande", "players": {"red": {}}})


@pytest.mark.parametrize(
    "mod", [bots, engine, module, options, rules, score_file, state, steps, views]
)
def test_docstring_examples_run(mod):
    result = doctest.testmod(mod)
    assert result.attempted > 0 and result.failed == 0
