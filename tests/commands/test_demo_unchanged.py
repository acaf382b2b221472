"""El Grande's demo is the game it always was: `companion demo --pace 0 --json --seed N` prints,
byte for byte, what it printed before the layers under it served other games too (the goldens
in golden/demo were written by that version), for the twenty first seeds."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from companion.commands.demo import run_demo

GOLDEN = Path(__file__).parent / "golden" / "demo"


def _json_demo(seed: int) -> str:
    out = io.StringIO()
    assert run_demo(pace=0, seed=seed, as_json=True, out=out) == 0
    return out.getvalue()


@pytest.mark.parametrize("seed", range(1, 21))
def test_the_demo_prints_what_it_printed_before(seed: int) -> None:
    assert _json_demo(seed) == (GOLDEN / f"seed-{seed}.json").read_text(encoding="utf-8")
