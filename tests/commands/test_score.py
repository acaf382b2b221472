"""`companion score`: JSON positions in, scores with reasons out; bad input named by JSON path."""

import doctest
import io
import json
import os
import subprocess
import sys
from importlib.resources import files
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.commands.score import score_document
from companion.elgrande.engine import new_game
from companion.elgrande.moves import RuleError
from companion.kit import strict_json
from companion.kit.strict_json import InputError, load_document

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


@pytest.mark.parametrize(
    ("ruleset", "tied", "green"), [("2015", 3, 1), ("1995", 3, 0), ("bga", 1, 0)]
)
def test_reproduces_the_three_way_tie_example(ruleset, tied, green, capsys, monkeypatch):
    code, out, _ = run(base(ruleset=ruleset), capsys, monkeypatch)
    assert code == 0
    result = json.loads(out)
    assert result["totals"] == {"red": tied, "blue": tied, "yellow": tied, "green": green}
    assert result["areas"][0]["area"] == "pais_vasco"


@pytest.mark.parametrize("ruleset", ["2015", "1995", "bga"])
def test_three_players_tie_for_second_is_paid_as_third_so_nothing(ruleset, capsys, monkeypatch):
    doc = base(
        players=["red", "blue", "yellow"],
        ruleset=ruleset,
        grandes={"red": "granada", "blue": "sevilla", "yellow": "cataluna"},
        caballeros={"pais_vasco": {"red": 5, "blue": 3, "yellow": 3}},
    )
    _, out, _ = run(doc, capsys, monkeypatch)
    result = json.loads(out)
    assert result["totals"] == {"red": 5, "blue": 0, "yellow": 0}
    assert result["areas"][0]["why"][1] == "blue tied for 2nd, paid as 3rd with 3 → 0"


def test_bga_two_players_tied_for_first_pay_nobody(capsys, monkeypatch):
    doc = base(
        players=["red", "blue"],
        ruleset="bga",
        grandes={"red": "granada", "blue": "sevilla"},
        caballeros={"pais_vasco": {"red": 3, "blue": 3}},
    )
    _, out, _ = run(doc, capsys, monkeypatch)
    result = json.loads(out)
    assert result["totals"] == {"red": 0, "blue": 0}
    assert result["areas"][0]["why"][0] == "red tied for 1st, paid as 2nd with 3 → 0"


def castillo_position(**changes):
    """General scoring, King in Galicia; blue's disc points at the King's region."""
    return base(
        caballeros={"castillo": {"red": 2, "blue": 1}},
        castillo_discs={"red": "granada", "blue": "galicia"},
        scoring="general",
        **changes,
    )


def test_a_disc_on_the_kings_region_sends_caballeros_to_court_under_court(capsys, monkeypatch):
    code, out, _ = run(castillo_position(castillo_disc_on_king="court"), capsys, monkeypatch)
    assert code == 0
    after = json.loads(out)["board_after"]
    assert after["returned_to_court"] == {"blue": 1}
    assert after["caballeros"] == {"granada": {"red": 2}}


@pytest.mark.parametrize("option", [{}, {"castillo_disc_on_king": "forbidden"}])
def test_forbidden_the_default_refuses_a_disc_on_the_kings_region_naming_the_player(
    option, capsys, monkeypatch
):
    doc = castillo_position(**option)
    code, out, err = run(doc, capsys, monkeypatch)
    assert code == 2 and out == ""
    assert err == (
        "$.castillo_discs.blue: a disc on the King's region (galicia) is not allowed with"
        ' "castillo_disc_on_king": "forbidden"; accepted: aragon, castilla_nueva,'
        " castilla_vieja, cataluna, granada, pais_vasco, sevilla, valencia\n"
    )


def test_forbidden_scores_discs_elsewhere_as_usual(capsys, monkeypatch):
    doc = castillo_position(castillo_disc_on_king="forbidden")
    doc["castillo_discs"]["blue"] = "granada"
    code, out, _ = run(doc, capsys, monkeypatch)
    assert code == 0
    after = json.loads(out)["board_after"]
    assert after == {"caballeros": {"granada": {"red": 2, "blue": 1}}, "returned_to_court": {}}


def test_forbidden_through_the_installed_command(tmp_path):
    doc = castillo_position(castillo_disc_on_king="forbidden", ruleset="bga")
    (tmp_path / "p.json").write_text(json.dumps(doc), encoding="utf-8")
    proc = console("score", "p.json", cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.decode().startswith("$.castillo_discs.blue: a disc on the King's region")


def test_reproduces_the_tie_for_third_example(capsys, monkeypatch):
    doc = base(
        caballeros={"castilla_vieja": {"red": 4, "blue": 3, "yellow": 2, "green": 2}},
        scoring={"areas": ["castilla_vieja"]},
    )
    _, out, _ = run(doc, capsys, monkeypatch)
    assert json.loads(out)["totals"] == {"red": 6, "blue": 4, "yellow": 0, "green": 0}


@pytest.mark.parametrize("ruleset", ["2015", "1995", "bga"])
def test_first_only_pays_first_place_alone_and_a_tie_for_first_nothing(
    ruleset, capsys, monkeypatch
):
    # "first_only": true must not score every rank (card 3e's special scoring).
    doc = base(
        ruleset=ruleset,
        caballeros={
            "castilla_vieja": {"red": 4, "blue": 3, "yellow": 2},  # 6/4/2
            "pais_vasco": {"red": 4, "blue": 4, "yellow": 1},  # 5/3/1, tied for 1st
        },
        scoring={"areas": ["castilla_vieja", "pais_vasco"], "first_only": True},
    )
    _, out, _ = run(doc, capsys, monkeypatch)
    result = json.loads(out)
    assert result["totals"] == {"red": 6, "blue": 0, "yellow": 0, "green": 0}
    assert result["areas"][0]["why"] == [
        "red 1st with 4 → 6",
        "blue 2nd with 3 → 0",
        "yellow 3rd with 2 → 0",
    ]
    doc["scoring"]["first_only"] = False  # the same position with every rank paid
    _, out, _ = run(doc, capsys, monkeypatch)
    assert json.loads(out)["totals"]["blue"] > 0


def test_general_scoring_reports_reasons_and_board_after(capsys, monkeypatch):
    doc = base(
        caballeros={"castillo": {"red": 2, "blue": 1}, "granada": {"red": 1}},
        castillo_discs={"red": "granada", "blue": "galicia"},
        scoring="general",
        castillo_disc_on_king="court",
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


GOLDEN = Path(__file__).parent / "golden" / "score"  # positions (*.json) and their output (*.out)
POSITIONS = sorted(GOLDEN.glob("*.json"))


@pytest.mark.parametrize("position", POSITIONS, ids=[p.stem for p in POSITIONS])
def test_output_is_byte_for_byte_the_recorded_one(position, capsys):
    """Scripts read this JSON: the keys, their order, the reasons' words and the layout are kept
    as they were recorded, for each tie ruleset."""
    assert main(["score", str(position)]) == 0
    out, _ = capsys.readouterr()
    assert out.encode("utf-8") == position.with_suffix(".out").read_bytes()


def test_the_shipped_example_prints_the_recorded_bytes():
    proc = subprocess.run([str(COMPANION), "score", str(EXAMPLE)], capture_output=True, check=False)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == (GOLDEN / "shipped-example.out").read_bytes()


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
        (base(ruleset="2020"), "$.ruleset", 'expected "2015" or "1995" or "bga", got "2020"'),
        (
            base(castillo_disc_on_king="never"),
            "$.castillo_disc_on_king",
            'expected "forbidden" or "court", got "never"',
        ),
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


@pytest.mark.parametrize("players", [["red"], ["red", ""], ["red", "red"], ["a", "b"] * 3])
def test_seats_are_refused_with_the_engines_own_words(players, capsys, monkeypatch):
    """One rule for the seats: the score command says what new_game says, under $.players."""
    with pytest.raises(RuleError) as engine:
        new_game(players, 1)
    code, _, err = run(base(players=players), capsys, monkeypatch)
    assert code == 2 and err == f"$.players: {engine.value}\n"


@pytest.mark.parametrize(
    ("players", "err"),
    [
        ("red", '$.players: expected a list of 2 to 5 player names, got "red"\n'),
        (["red", 3], "$.players[1]: expected a name (a string), got 3\n"),
    ],
)
def test_players_that_are_not_a_list_of_strings_are_named_in_json_terms(
    players, err, capsys, monkeypatch
):
    assert run(base(players=players), capsys, monkeypatch)[::2] == (2, err)


def test_unreadable_file_is_a_clean_error(capsys, tmp_path):
    assert main(["score", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


# Inputs the json module lets through or crashes on. Each is bytes, as a file holds.
COMPANION = Path(sys.executable).with_name("companion")  # the console script pip installed
DEEP = 100_000
HUGE = 500_000  # characters: a king name this long must not give a line this long


def doc_bytes(**changes) -> bytes:
    return json.dumps(base(**changes)).encode()


def with_key(key: str) -> bytes:
    """A position whose player `key` (a name with a dot, a newline …) has 31 caballeros."""
    return doc_bytes(
        players=[key, "blue"],
        grandes={key: "aragon", "blue": "sevilla"},
        caballeros={"pais_vasco": {key: 31}},
    )


def duplicated(inner: str) -> bytes:
    text = json.dumps(base(caballeros={"pais_vasco": "@"}))
    return text.replace('"@"', inner).encode()


HOSTILE = {
    "nested 100,000 deep": (
        b'{"players": ' + b"[" * DEEP + b"]" * DEEP + b"}",
        "$",
        "nested too deeply",
    ),
    "an integer of 5,000 digits": (
        doc_bytes(caballeros={"pais_vasco": {"red": "@"}}).replace(b'"@"', b"1" + b"0" * 4999),
        "$.caballeros.pais_vasco.red",
        "expected a whole number 0–30, got 100000",
    ),
    "Latin-1 text": (
        json.dumps(base(players=["Zoë", "blue"]), ensure_ascii=False).encode("latin-1"),
        "FILE",
        "not UTF-8 text (byte 0xeb at offset",
    ),
    "UTF-16 text with a byte-order mark": (
        json.dumps(base()).encode("utf-16"),
        "FILE",
        "UTF-16",
    ),
    "UTF-16 text without one": (json.dumps(base()).encode("utf-16-le"), "FILE", "UTF-16"),
    "a lone surrogate in a name": (
        doc_bytes(players=["red", "\ud800"]),
        "$.players[1]",
        '"\\ud800" is not valid Unicode',
    ),
    "a lone surrogate in a key": (
        doc_bytes(grandes={"red": "aragon", "\udfff": "galicia"}),
        "$.grandes",
        '"\\udfff" is not valid Unicode',
    ),
    "a key with a newline": (
        doc_bytes(caballeros={"re\nd": {"red": 1}}),
        '$.caballeros["re\\nd"]',
        '"re\\nd" is not an area',
    ),
    "a key with a line separator": (
        doc_bytes(caballeros={"re\u2028d": {"red": 1}}),
        '$.caballeros["re\\u2028d"]',
        "is not an area",
    ),
    "a player's name with a dot": (
        with_key("re.d"),
        '$.caballeros.pais_vasco["re.d"]',
        "expected a whole number 0–30, got 31",
    ),
    "a player's name with a newline": (
        with_key("re\nd"),
        '$.caballeros.pais_vasco["re\\nd"]',
        "expected a whole number 0–30, got 31",
    ),
    "a duplicate key": (
        duplicated('{"red": 1, "blue": 2, "red": 3}'),
        "$.caballeros.pais_vasco",
        "duplicate key red",
    ),
    "a duplicate key at the top": (
        doc_bytes()[:-1] + b', "king": "aragon"}',
        "$",
        "duplicate key king",
    ),
    "a scoreboard of floats": (
        doc_bytes(scoreboards={"aragon": [8.0, 4.0, 0.0]}),
        "$.scoreboards.aragon",
        "expected a mobile scoreboard, [8, 4, 0] or [4, 0, 0]; got [8.0, 4.0, 0.0]",
    ),
    "a scoreboard of booleans": (
        doc_bytes(scoreboards={"aragon": [4, False, False]}),
        "$.scoreboards.aragon",
        "got [4, false, false]",
    ),
    "a 500 KB king name": (doc_bytes(king="k" * HUGE), "$.king", '"kkkk'),
    "a 500 KB key": (doc_bytes(grandes={"g" * HUGE: "aragon"}), '$.grandes["ggg', "not a player"),
}


def assert_one_short_line(err: str) -> None:
    assert err.endswith("\n") and len(err.splitlines()) == 1, err[:500]
    assert "Traceback" not in err
    assert len(err) < 400, f"{len(err)} characters: {err[:200]}…"


@pytest.mark.parametrize(("data", "path", "problem"), HOSTILE.values(), ids=HOSTILE.keys())
def test_hostile_input_exits_2_with_one_short_line(data, path, problem, capsys, tmp_path):
    file = tmp_path / "position.json"
    file.write_bytes(data)
    code = main(["score", str(file)])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert_one_short_line(err)
    assert err.startswith(f"{file if path == 'FILE' else path}")
    assert problem in err


def test_a_long_value_is_echoed_cut_with_its_length(capsys, tmp_path):
    file = tmp_path / "position.json"
    file.write_bytes(doc_bytes(king="k" * HUGE))
    main(["score", str(file)])
    err = capsys.readouterr().err
    assert err.startswith('$.king: "' + "k" * 59 + "…")
    assert f"({HUGE} characters)" in err


@pytest.mark.parametrize("source", ["/dev/zero", "/dev/urandom", "a 2 MiB file"])
def test_an_endless_or_huge_file_is_refused_after_reading_1_mib(source, capsys, tmp_path):
    """/dev/zero would fill the memory, /dev/urandom read for ever: the reading stops at 1 MiB."""
    if source == "a 2 MiB file":
        big = tmp_path / "big.json"
        big.write_bytes(b'{"players": [' + b" " * (2 << 20) + b"]}")
        source = str(big)
    assert main(["score", source]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert_one_short_line(err)
    assert err == (
        f"companion score: {source} is longer than 1 MiB, the most read; "
        "a position is a few KiB of JSON\n"
    )


def test_standard_input_is_read_at_most_1_mib_too(capsys, monkeypatch):
    endless = io.BytesIO(b" " * (4 << 20))
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(endless))
    assert main(["score", "-"]) == 2
    assert "standard input is longer than 1 MiB" in capsys.readouterr().err
    assert endless.tell() <= (1 << 20) + (1 << 16)  # what was read, give or take a buffer


def console(*args: str, cwd: Path, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    """The installed console script, from outside the checkout. COMPANION_TEST_SOURCE=1 runs
    (the checkout, a mutation run's copy) start the module instead, PYTHONPATH made absolute."""
    env = dict(os.environ)
    command = [str(COMPANION)]
    if os.environ.get("COMPANION_TEST_SOURCE") == "1":
        parts = env.get("PYTHONPATH", "").split(os.pathsep)
        env["PYTHONPATH"] = os.pathsep.join(str(Path(p).resolve()) for p in parts if p)
        command = [sys.executable, "-m", "companion.cli"]
    return subprocess.run(
        [*command, *args], cwd=cwd, env=env, input=stdin, capture_output=True, timeout=120
    )


@pytest.mark.parametrize(
    "case",
    [
        "nested 100,000 deep",
        "an integer of 5,000 digits",
        "Latin-1 text",
        "UTF-16 text with a byte-order mark",
        "a lone surrogate in a name",
        "a key with a newline",
        "a duplicate key",
        "a scoreboard of floats",
        "a 500 KB king name",
    ],
)
def test_hostile_input_through_the_installed_command(case, tmp_path):
    data, path, problem = HOSTILE[case]
    (tmp_path / "position.json").write_bytes(data)
    proc = console("score", "position.json", cwd=tmp_path)
    err = proc.stderr.decode("utf-8")
    assert proc.returncode == 2 and proc.stdout == b""
    assert_one_short_line(err)
    assert err.startswith("position.json" if path == "FILE" else path)
    assert problem in err


def test_hostile_input_on_standard_input(tmp_path):
    data, path, problem = HOSTILE["a duplicate key"]
    proc = console("score", "-", cwd=tmp_path, stdin=data)
    assert proc.returncode == 2
    assert proc.stderr.decode() == f"{path}: {problem}\n"
    latin1, _, _ = HOSTILE["Latin-1 text"]
    proc = console("score", "-", cwd=tmp_path, stdin=latin1)
    assert proc.returncode == 2 and proc.stderr.decode().startswith(
        "<stdin>: the file is not UTF-8"
    )


def test_a_name_outside_ascii_is_printed_back_as_written(tmp_path):
    doc = base(players=["Zoë", "blue"], grandes={"Zoë": "aragon", "blue": "sevilla"})
    doc["caballeros"] = {"pais_vasco": {"Zoë": 2}}
    (tmp_path / "p.json").write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    proc = console("score", "p.json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.decode("utf-8"))["totals"] == {"Zoë": 5, "blue": 0}


def test_a_utf8_byte_order_mark_is_accepted(capsys, tmp_path):
    file = tmp_path / "position.json"
    file.write_bytes(b"\xef\xbb\xbf" + doc_bytes())
    assert main(["score", str(file)]) == 0


def test_strict_json_docstring_examples_run():
    result = doctest.testmod(strict_json)
    assert result.attempted > 0 and result.failed == 0


WORDS = st.sampled_from(
    ["red", "blue", "green", "aragon", "galicia", "castillo", "general", "areas", "first_only"]
)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5) | WORDS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5) | WORDS, inner),
    max_leaves=8,
)


def rich_position():
    return base(
        caballeros={"pais_vasco": {"red": 4, "blue": 4}, "castillo": {"red": 2}},
        scoreboards={"aragon": [8, 4, 0]},
        castillo_discs={"red": "aragon"},
        scoring={"areas": ["pais_vasco", "castillo"], "first_only": True},
    )


def paths(value, here=()):
    """Every place in a document: each key or index, and each object's spare new key."""
    yield here
    if isinstance(value, dict):
        yield (*here, None)  # None: a key the document lacks
        for k, v in value.items():
            yield from paths(v, (*here, k))
    if isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, (*here, i))


@settings(max_examples=200, deadline=None)
@given(where=st.sampled_from(list(paths(rich_position()))), key=WORDS, value=JSON)
def test_any_value_anywhere_is_scored_or_refused_on_one_line(where, key, value):
    doc = rich_position()
    if not where:
        doc = value
    else:
        parent = doc
        for step in where[:-1]:
            parent = parent[step]
        parent[key if where[-1] is None else where[-1]] = value
    try:
        result = score_document(load_document(json.dumps(doc)))
    except InputError as e:
        assert "\n" not in str(e) and str(e).startswith("$")
    else:
        assert set(result["totals"]) == set(doc["players"])


REGIONS = (
    "aragon, castilla_nueva, castilla_vieja, cataluna, galicia, granada, pais_vasco, sevilla,"
    " valencia"
)
NOT_A_REGION = f"is not a region (not the Castillo); accepted: {REGIONS}"
SCORING = '"general" or {"areas": [...], "first_only": false}'
PLAYERS = "players: red, blue, yellow, green"

WHOLE_LINES = {
    "not an object": ([1, 2], "$: expected an object, got [1, 2]"),
    "a required key missing": ({"players": ["red", "blue"]}, "$.king: missing; it is required"),
    "the King on the Castillo": (
        base(king="castillo"),
        "$.king: the King never stands on the Castillo; name a region",
    ),
    "grandes not an object": (base(grandes=[]), "$.grandes: expected an object, got []"),
    "a Grande off the board": (
        base(grandes={"red": "narnia", "blue": "sevilla", "yellow": "cataluna", "green": "x"}),
        f'$.grandes.red: "narnia" {NOT_A_REGION}',
    ),
    "a Grande of no player": (
        base(grandes={"red": "aragon", "pink": "x"}),
        f"$.grandes.pink: pink is not a player; {PLAYERS}",
    ),
    "a player's name that is not a plain name": (
        base(grandes={"red": "aragon", "re.d": "x"}),
        f'$.grandes["re.d"]: "re.d" is not a player; {PLAYERS}',
    ),
    "a plain name of 60 characters": (
        base(grandes={"red": "aragon", "a" * 60: "x"}),
        f"$.grandes.{'a' * 60}: {'a' * 60} is not a player; {PLAYERS}",
    ),
    "caballeros not an object": (base(caballeros=[1]), "$.caballeros: expected an object, got [1]"),
    "a count that is an object": (
        base(caballeros={"aragon": {"red": {"é": 1, "b": 2}}}),
        '$.caballeros.aragon.red: expected a whole number 0–30, got {"é": 1, "b": 2}',
    ),
    "a count of 60 digits": (
        base(caballeros={"aragon": {"red": 10**59}}),
        f"$.caballeros.aragon.red: expected a whole number 0–30, got 1{'0' * 59}",
    ),
    "scoreboards not an object": (base(scoreboards=3), "$.scoreboards: expected an object, got 3"),
    "a scoreboard placed twice": (
        base(scoreboards={"aragon": [8, 4, 0], "galicia": [8, 4, 0]}),
        "$.scoreboards.galicia: the scoreboard [8, 4, 0] is already placed",
    ),
    "a scoring that is neither": (
        base(scoring="partial"),
        f'$.scoring: expected {SCORING}, got "partial"',
    ),
    "a scoring's unknown key": (
        base(scoring={"areas": ["aragon"], "x": 1}),
        f"$.scoring.x: unknown key; accepted: {SCORING}",
    ),
    "no areas to score": (
        base(scoring={"areas": []}),
        "$.scoring.areas: expected a non-empty list of areas",
    ),
    "an area to score twice": (
        base(scoring={"areas": ["aragon", "aragon"]}),
        "$.scoring.areas: an area is listed twice",
    ),
    "first_only not a boolean": (
        base(scoring={"areas": ["aragon"], "first_only": "yes"}),
        '$.scoring.first_only: expected true or false, got "yes"',
    ),
    "discs not an object": (
        base(castillo_discs=[]),
        "$.castillo_discs: expected an object, got []",
    ),
    "a disc on the Castillo": (
        base(castillo_discs={"red": "castillo"}),
        f'$.castillo_discs.red: "castillo" {NOT_A_REGION}',
    ),
    "caballeros in the Castillo without a disc": (
        base(caballeros={"castillo": {"red": 1}}, scoring="general"),
        "$.castillo_discs: red has caballeros in the Castillo but no disc; give a region for them",
    ),
    "a name outside ASCII": (base(king="Zoë"), f'$.king: "Zoë" {NOT_A_REGION}'),
    "a value of 60 characters, shown whole": (
        base(king="k" * 58),
        f'$.king: "{"k" * 58}" {NOT_A_REGION}',
    ),
    "a value cut just past 60 characters": (
        base(king=["x" * 57, 1]),
        f'$.king: ["{"x" * 57}"… {NOT_A_REGION}',
    ),
    "a list 800 deep, echoed no deeper than shown": (  # json reads it; a full echo would not
        json.dumps(base(king="@")).replace('"@"', "[" * 800 + "]" * 800),
        f"$.king: {'[' * 60}… {NOT_A_REGION}",
    ),
    "nested too deeply": (
        '{"players": ' + "[" * 10_000 + "]" * 10_000 + "}",
        "$: nested too deeply to read; a position is at most 3 levels deep",
    ),
}


@pytest.mark.parametrize(("doc", "line"), WHOLE_LINES.values(), ids=WHOLE_LINES.keys())
def test_bad_input_is_this_whole_line(doc, line, capsys, monkeypatch):
    """The one line says what was wrong and what is accepted: every word of it is kept."""
    text = doc if isinstance(doc, str) else json.dumps(doc, ensure_ascii=False)
    assert run(text, capsys, monkeypatch) == (2, "", f"{line}\n")


def test_a_colour_may_have_all_30_caballeros_and_none_in_an_area(capsys, monkeypatch):
    doc = base(
        caballeros={"aragon": {"red": 30, "blue": 0}, "galicia": {"blue": 1}},
        scoring={"areas": ["aragon"]},
    )
    code, out, err = run(doc, capsys, monkeypatch)
    assert (code, err) == (0, "")
    result = json.loads(out)
    assert result["totals"] == {"red": 5, "blue": 0, "yellow": 0, "green": 0}
    assert result["areas"][0]["why"] == ["red 1st with 30 → 5"]


LATIN1 = json.dumps(base(players=["Zoë", "blue"]), ensure_ascii=False).encode("latin-1")
EB_AT = LATIN1.index(bytes([0xEB]))  # where "ë" is, as one Latin-1 byte
NOT_UTF8 = f"the file is not UTF-8 text (byte 0xeb at offset {EB_AT}); save it as UTF-8"


def test_standard_input_is_read_as_bytes_and_named_stdin(capsys, monkeypatch):
    """A real stdin has bytes beneath its text: they are decoded here, so Latin-1 is named."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(LATIN1), encoding="utf-8"))
    assert main(["score", "-"]) == 2
    assert capsys.readouterr() == ("", f"<stdin>: {NOT_UTF8}\n")


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (LATIN1, NOT_UTF8),
        (json.dumps(base()).encode("utf-16"), "the file is UTF-16 text; save it as UTF-8"),
        (b"[1, \x00]", "not valid JSON: Expecting value at line 1 column 5"),  # NUL past byte 4
    ],
    ids=["Latin-1", "UTF-16", "a NUL in UTF-8 text"],
)
def test_a_file_in_another_encoding_is_this_whole_line(data, problem, capsys, tmp_path):
    file = tmp_path / "position.json"
    file.write_bytes(data)
    assert main(["score", str(file)]) == 2
    assert capsys.readouterr() == ("", f"{file if problem.startswith('the') else '$'}: {problem}\n")


def test_a_terminal_that_cannot_show_a_name_gets_the_same_json_escaped(monkeypatch):
    doc = base(players=["Zoë", "blue"], grandes={"Zoë": "aragon", "blue": "sevilla"})
    doc["caballeros"] = {"pais_vasco": {"Zoë": 2}}
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(doc)))
    ascii_out = io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(ascii_out, encoding="ascii"))
    assert main(["score", "-"]) == 0
    sys.stdout.flush()
    expected = json.dumps(score_document(load_document(json.dumps(doc))), indent=2) + "\n"
    assert '"Zo\\u00eb": 5' in expected
    assert ascii_out.getvalue() == expected.encode("ascii")


def test_a_long_number_shows_its_first_12_digits_when_debugged():
    assert repr(strict_json.LongNumber("-" + "1234567890" * 4)) == "LongNumber(-12345678901…)"
