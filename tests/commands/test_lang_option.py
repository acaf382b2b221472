"""`--lang` on the commands that run a table: a language with no catalog is refused as bad
command-line input (exit 2), and `demo --lang fr` speaks French."""

from __future__ import annotations

import io

import pytest

from companion.cli import main
from companion.commands.demo import run_demo


@pytest.mark.parametrize("command", [["demo"], ["sim"], ["screens"], ["run", "--config", "x"]])
def test_a_language_without_a_catalog_is_refused_with_exit_2(command, capsys):
    with pytest.raises(SystemExit) as refused:
        main([*command, "--lang", "de"])
    assert refused.value.code == 2
    assert "--lang: invalid choice: 'de'" in capsys.readouterr().err


def test_the_demo_in_french_says_french_and_english_stays_english():
    out = io.StringIO()
    assert run_demo(players=2, seed=4, pace=0, out=out, language="fr") == 0
    said = out.getvalue()
    assert "Manche 1 sur 9." in said and "Round 1 of 9." not in said
    out = io.StringIO()
    assert run_demo(players=2, seed=4, pace=0, out=out, language="en") == 0
    assert "Round 1 of 9." in out.getvalue()
