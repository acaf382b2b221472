"""The engine's imports run one way: engine → steps/effects → base → state, never back (no cycle
at all: tests/test_code_layout.py)."""

import ast
from pathlib import Path

import companion.elgrande

PACKAGE = Path(companion.elgrande.__file__).parent


def module_name(path):
    rel = path.relative_to(PACKAGE.parent.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def runtime_imports(path):
    """Imports of companion.* that run when the module is imported (TYPE_CHECKING left out),
    and any import written inside a function."""
    tree = ast.parse(path.read_text("utf-8"))
    found, nested = set(), []
    for node in tree.body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        for sub in ast.walk(node):
            if isinstance(sub, ast.ImportFrom) and (sub.module or "").startswith("companion"):
                # "from package import module" imports the module too
                found |= {sub.module, *(f"{sub.module}.{a.name}" for a in sub.names)}
                if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                    nested.append(sub.module)
    return found, nested


def graph():
    modules = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    edges, nested = {}, {}
    for name, path in modules.items():
        found, inner = runtime_imports(path)
        edges[name] = {m for m in found if m in modules and m != name}
        nested[name] = inner
    return edges, nested


def test_no_import_hides_inside_a_function():
    _, nested = graph()
    assert {m: n for m, n in nested.items() if n} == {}


def test_layers_run_one_way():
    edges, _ = graph()
    e = "companion.elgrande."
    assert e + "steps" not in edges[e + "base"] and e + "effects" not in edges[e + "base"]
    assert not any(m.startswith(e + "steps") for m in edges[e + "effects"])
    for family in ("movement", "returns", "scorings", "secrets", "crown", "veto"):
        assert edges[e + "effects." + family] <= {e + "base", e + "data", e + "moves", e + "state"}
