"""The mutation run's results kept in the repository (tools/mutation_results.py): what a run
saved is what the next run, in a fresh checkout, starts from, and only where the code is still
the code that was measured."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

TOOL = Path(__file__).resolve().parent.parent / "tools" / "mutation_results.py"


@pytest.fixture
def results(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    spec = importlib.util.spec_from_file_location("mutation_results", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(module, "ROOT", tmp_path)
    monkeypatch.setattr(module, "MUTANTS", tmp_path / "mutants")
    monkeypatch.setattr(module, "NOTES", tmp_path / "notes")
    return module


def _meta(path: Path, hashes: dict[str, str], codes: dict[str, int | None]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    body = {
        "exit_code_by_key": codes,
        "hash_by_function_name": hashes,
        "type_check_error_by_key": {},
        "durations_by_key": {},
        "estimated_durations_by_key": {},
    }
    path.write_text(json.dumps(body), encoding="utf-8")


RUN = {
    "hw.config.x_parse__mutmut_1": 1,
    "hw.config.x_parse__mutmut_2": 0,
    "hw.config.xǁPadǁread__mutmut_1": None,
    "hw.config.xǁPadǁread__mutmut_2": 1,
}


def _saved(results: ModuleType) -> None:
    _meta(
        results.MUTANTS / "hw/config/__init__.py.meta",
        {"x_parse": "aaa", "xǁPadǁread": "bbb"},
        RUN,
    )
    assert results.save() == 0
    results.MUTANTS.joinpath("hw/config/__init__.py.meta").unlink()


def test_a_fresh_checkout_gets_back_every_result_the_last_run_saved(results: ModuleType) -> None:
    _saved(results)
    assert (results.NOTES / "hw" / "results.json").exists()
    results.restore()
    meta = json.loads((results.MUTANTS / "hw/config/__init__.py.meta").read_text("utf-8"))
    assert meta["exit_code_by_key"] == {k: v for k, v in RUN.items() if v is not None}
    assert meta["hash_by_function_name"] == {"x_parse": "aaa", "xǁPadǁread": "bbb"}


def test_a_function_changed_since_keeps_no_result(results: ModuleType) -> None:
    _saved(results)
    # mutmut made the mutants again: `read` is new code, its mutants have no result yet.
    fresh = dict.fromkeys(RUN)
    _meta(
        results.MUTANTS / "hw/config/__init__.py.meta",
        {"x_parse": "aaa", "xǁPadǁread": "ccc"},
        fresh,
    )
    results.restore()
    meta = json.loads((results.MUTANTS / "hw/config/__init__.py.meta").read_text("utf-8"))
    assert meta["exit_code_by_key"] == {
        "hw.config.x_parse__mutmut_1": 1,
        "hw.config.x_parse__mutmut_2": 0,
        "hw.config.xǁPadǁread__mutmut_1": None,
        "hw.config.xǁPadǁread__mutmut_2": None,
    }


def test_a_result_of_this_run_is_never_overwritten(results: ModuleType) -> None:
    _saved(results)
    now = {**dict.fromkeys(RUN), "hw.config.x_parse__mutmut_2": 1}
    _meta(
        results.MUTANTS / "hw/config/__init__.py.meta", {"x_parse": "aaa", "xǁPadǁread": "bbb"}, now
    )
    results.restore()
    meta = json.loads((results.MUTANTS / "hw/config/__init__.py.meta").read_text("utf-8"))
    assert meta["exit_code_by_key"]["hw.config.x_parse__mutmut_2"] == 1


def test_a_layer_with_no_result_leaves_no_file(results: ModuleType) -> None:
    _meta(
        results.MUTANTS / "hw/buses.py.meta", {"x_open": "a"}, {"hw.buses.x_open__mutmut_1": None}
    )
    results.save()
    assert not (results.NOTES / "hw" / "results.json").exists()


def test_todo_names_only_the_mutants_of_the_layer_with_no_result(results: ModuleType) -> None:
    _meta(results.MUTANTS / "hw/config/__init__.py.meta", {"x_parse": "a", "xǁPadǁread": "b"}, RUN)
    _meta(
        results.MUTANTS / "companion/app/x.py.meta",
        {"x_f": "c"},
        {"companion.app.x.x_f__mutmut_1": None},
    )
    assert results.todo("hw") == ["hw.config.xǁPadǁread__mutmut_1"]
    # A fresh checkout: no mutants made yet, the kept results tell.
    results.save()
    for meta in results.MUTANTS.rglob("*.meta"):
        meta.unlink()
    assert results.todo("hw") == ["hw.config.xǁPadǁread__mutmut_1"]
    assert results.todo("companion/app") == []  # a layer with no result at all is not kept
