"""The small runnable examples in the hw docstrings stay true."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest
from hw_testing import ROOT


def _modules_with_examples() -> list[str]:
    """Every module of the hw package (as installed) whose source holds an example."""
    import hw

    package = Path(hw.__file__).parent
    return sorted(
        ".".join(("hw", *path.relative_to(package).with_suffix("").parts)).removesuffix(".__init__")
        for path in package.rglob("*.py")
        if ">>>" in path.read_text(encoding="utf-8")
    )


MODULES = _modules_with_examples()


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name, monkeypatch):
    monkeypatch.chdir(ROOT)  # examples name config/sim.toml relative to the repository
    monkeypatch.delenv("COMPANION_BACKEND", raising=False)
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0
