"""What `pip install .` put in the environment works from any directory, as a user runs it.

The suite imports the installed package (the README's `.venv/bin/pytest` never puts the
checkout on sys.path), so a file missing from the wheel fails here
instead of on a user's first command.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.resources import files
from pathlib import Path

import pytest

import companion
import hw

ROOT = Path(__file__).resolve().parents[2]
COMPANION = Path(sys.executable).with_name("companion")  # the console script pip installed


def _installed_root(package) -> Path:
    return Path(package.__file__).resolve().parent


@pytest.mark.parametrize("package", [companion, hw])
def test_the_suite_imports_the_installed_package_not_the_checkout(package):
    if os.environ.get("COMPANION_TEST_SOURCE") == "1":
        pytest.skip("COMPANION_TEST_SOURCE=1: testing the checkout on purpose (PYTHONPATH=.)")
    where = _installed_root(package)
    assert where != ROOT / package.__name__, (
        f"{package.__name__} was imported from {where}; install it with "
        "`pip install '.[test]'` (not -e) so the tests see what a user gets"
    )


def _runtime_files(package_dir: Path) -> list[Path]:
    """Every non-Python file the package's source holds: data, examples, docs read at run time."""
    return sorted(
        p.relative_to(package_dir)
        for p in package_dir.rglob("*")
        if p.is_file() and p.suffix not in {".py", ".pyc"} and "__pycache__" not in p.parts
    )


@pytest.mark.parametrize("name", ["companion", "hw"])
def test_the_installed_package_carries_every_data_file_of_the_source(name):
    installed = Path(str(files(name)))
    missing = [str(f) for f in _runtime_files(ROOT / name) if not (installed / f).is_file()]
    assert not missing, f"the wheel lacks {missing}: add them to [tool.setuptools.package-data]"


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONSAFEPATH")}
    return subprocess.run(
        [str(COMPANION), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120
    )


def test_companion_score_runs_on_the_shipped_example_from_outside_the_source_tree(tmp_path):
    example = Path(str(files("companion") / "examples" / "position.json"))
    result = _run("score", str(example), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert set(answer["totals"]) == {"red", "blue", "yellow", "green"}
    assert answer["totals"]["red"] > 0


def test_companion_cards_json_lists_45_cards_from_outside_the_source_tree(tmp_path):
    result = _run("cards", "--json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    cards = json.loads(result.stdout)
    assert sum(c["copies"] for c in cards) == 45
