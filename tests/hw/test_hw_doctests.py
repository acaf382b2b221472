"""The small runnable examples in the hw docstrings stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest
from hw_testing import ROOT

MODULES = [
    "hw",
    "hw.backend",
    "hw.buses",
    "hw.buzzer",
    "hw.checked",
    "hw.config",
    "hw.config.luma_models",
    "hw.config.model",
    "hw.devices",
    "hw.display",
    "hw.errors",
    "hw.events",
    "hw.guarded",
    "hw.hardware",
    "hw.health",
    "hw.input",
    "hw.luma_hooks",
    "hw.matrix",
    "hw.pad",
    "hw.speaker",
    "hw.worker",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name, monkeypatch):
    monkeypatch.chdir(ROOT)  # examples name config/sim.toml relative to the repository
    monkeypatch.delenv("COMPANION_BACKEND", raising=False)
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0
