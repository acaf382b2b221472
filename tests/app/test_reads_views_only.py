"""The app, the screens and the commands read the game through the session's views only
(companion.session.views): never the engine's state or the open step's secrets."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import companion

# What only the session may read of a game: the engine's state and its open step's secrets.
INTERNALS = frozenset({"state", "steps", "sealed", "notices", "hands", "secret_step"})
READERS = ("app", "screens", "commands")
ROOT = Path(companion.__file__).resolve().parent


def _touches(path: Path) -> list[str]:
    """Where the module at `path` reads an attribute named in INTERNALS."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return [
        f"{path.relative_to(ROOT)}:{node.lineno} .{node.attr}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr in INTERNALS
    ]


@pytest.mark.parametrize("package", READERS)
def test_the_table_reads_the_game_through_the_views_only(package):
    files = sorted((ROOT / package).rglob("*.py"))
    assert files, f"no modules found in companion/{package}"
    found = [hit for f in files for hit in _touches(f)]
    assert found == [], "read the session's views instead: " + ", ".join(found)
