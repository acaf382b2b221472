"""The app's modules stay small and import one way: no cycle among the app, the session, the
screens and the commands, type-only imports included."""

import ast
from pathlib import Path

import pytest

import companion

ROOT = Path(companion.__file__).resolve().parent
PACKAGES = ("app", "session", "screens", "commands")
MAX_LINES = 400


def _modules():
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            rel = path.relative_to(ROOT.parent).with_suffix("")
            parts = list(rel.parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _imports(path, modules):
    """Every companion module `path` imports, wherever the import is written."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names |= {node.module, *(f"{node.module}.{a.name}" for a in node.names)}
        elif isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
    return {n for n in names if n in modules}


def test_no_import_cycle_among_the_app_session_screens_and_commands():
    modules = _modules()
    edges = {m: _imports(p, modules) - {m} for m, p in modules.items()}
    state = {}

    def visit(m, trail):
        if state.get(m) == "done":
            return
        assert state.get(m) != "open", " → ".join([*trail, m])
        state[m] = "open"
        for n in sorted(edges[m]):
            visit(n, [*trail, m])
        state[m] = "done"

    for m in sorted(edges):
        visit(m, [])


@pytest.mark.parametrize("name", sorted(p.name for p in (ROOT / "app").glob("*.py")))
def test_every_app_module_is_small(name):
    lines = (ROOT / "app" / name).read_text("utf-8").count("\n")
    assert lines <= MAX_LINES, f"companion/app/{name}: {lines} lines"
