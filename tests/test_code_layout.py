"""The code stays easy to change: no cycle between modules (type-only imports included), the pure
layers (the engine, the screens) never reach the hardware layer, and no module grows past ~400
lines.

Read from the installed package's source, as the tests import it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import companion
import hw

ROOTS = {"companion": Path(companion.__file__).parent, "hw": Path(hw.__file__).parent}


def _module_name(package: str, root: Path, path: Path) -> str:
    parts = [package, *path.relative_to(root).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {
        _module_name(package, root, path): path
        for package, root in ROOTS.items()
        for path in root.rglob("*.py")
    }


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """Every module of ours that `name` imports anywhere in its file (top level, in a function,
    under TYPE_CHECKING): `from a.b import c` counts as a.b.c when that is a module, else a.b."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                here = name.split(".") if is_package else name.split(".")[:-1]
                here = here[: len(here) - node.level + 1]
                base = ".".join([*here, base] if base else here)
            targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name and not name.startswith(target + "."):
                found.add(target)  # (a module importing its own package's __init__ is no cycle)
    return found


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    return {name: _imports(name, path, known) for name, path in modules.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle, as the list of modules around it, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_no_module_imports_itself_back_through_others():
    cycle = _cycle(_graph())
    assert cycle is None, "import cycle: " + " → ".join(cycle or [])


def test_the_cycle_finder_sees_a_type_only_cycle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_the_engine_and_the_screens_never_import_the_hardware_layer():
    graph = _graph()
    pure = [m for m in graph if m.startswith(("companion.elgrande", "companion.screens"))]
    reaching = {m: sorted(t for t in graph[m] if t == "hw" or t.startswith("hw.")) for m in pure}
    assert not {m: t for m, t in reaching.items() if t}


MAX_LINES = 400


def test_every_module_is_small():
    long = {
        name: lines
        for name, path in _modules().items()
        if (lines := path.read_text(encoding="utf-8").count("\n")) > MAX_LINES
    }
    assert not long, f"modules over {MAX_LINES} lines: {long}"
