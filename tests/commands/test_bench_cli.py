"""`companion bench`: what it prints and its exit status (the figures are stubbed: timing a whole
bench belongs to the bench, not to the suite)."""

from __future__ import annotations

import doctest
import json
import os

import pytest

from companion.cli import main
from companion.commands import bench, bench_bus, bench_calibrate, bench_measures

KEYS = {
    "press_p50_ms",
    "press_p99_ms",
    "zero2_press_p50_ms",
    "zero2_press_p99_ms",
    "zero2_cpu_factor",
    "i2c_bytes_per_press",
    "spi_bytes_per_press",
    "bus_bytes_per_press",
    "changed_bytes_per_press",
    "bus_over_changed",
    "writes_per_press",
    "state_copy_ms",
    "cold_start_s",
    "replay_ms",
    "peak_rss_mb",
    "idle_cpu_pct",
}


def _figures(**over: float) -> bench.Figures:
    values = dict.fromkeys(KEYS, 0.0)
    values.update(over)
    return bench.Figures(**values)


def _stub(monkeypatch, figures: bench.Figures) -> list[tuple[float, int]]:
    calls: list[tuple[float, int]] = []

    def run_all(idle_window, presses, progress):
        calls.append((idle_window, presses))
        return figures, bench.Breakdown(
            10, 4, 1.0, 2.0, 0.5, 0.4, 0.6, 3.0, 40.0, 66.0, 0.3, 0.9, 2.0, 1.25, 21, 0.07
        )

    monkeypatch.setattr(bench, "run_all", run_all)
    return calls


def test_json_prints_exactly_the_figures_and_passes_the_windows_on(monkeypatch, capsys):
    calls = _stub(monkeypatch, _figures(press_p99_ms=1.5))
    assert main(["bench", "--json", "--idle", "0.5", "--presses", "30"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert set(printed) == KEYS and printed["press_p99_ms"] == 1.5
    assert calls == [(0.5, 30)]


def test_plain_output_shows_each_budget_and_a_miss_fails(monkeypatch, capsys):
    _stub(monkeypatch, _figures(cold_start_s=0.5))
    assert main(["bench"]) == 1
    out = capsys.readouterr().out
    cold = next(line for line in out.splitlines() if line.startswith("cold start"))
    assert "budget <= 0.3" in cold and cold.rstrip().endswith("miss")
    idle = next(line for line in out.splitlines() if line.startswith("idle CPU"))
    assert idle.rstrip().endswith("ok")


@pytest.mark.parametrize("name", sorted(bench.BUDGETS))
def test_a_figure_over_its_budget_is_a_miss(name):
    limit = bench.BUDGETS[name][1]
    assert bench.misses(_figures(**{name: limit})) == []
    assert bench.misses(_figures(**{name: limit * 1.01})) == [name]


@pytest.mark.parametrize("module", [bench_measures, bench_bus, bench_calibrate])
def test_the_docstring_examples_run(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("bad", ["0", "-5", "many"])
def test_a_bad_press_count_is_refused_with_what_is_accepted(bad, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["bench", "--presses", bad])
    assert stop.value.code == 2
    assert "expected a whole number 1 or more" in capsys.readouterr().err


def test_the_installed_bench_runs_end_to_end_from_outside_the_tree(tmp_path):
    """A short real run through the console script: every figure measured, none judged here."""
    import subprocess

    from test_run_cli import _command  # the installed script (the checkout under mutation runs)

    command, env = _command()
    result = subprocess.run(
        [*command, "bench", "--json", "--presses", "50", "--idle", "0.2"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode in (0, 1), result.stderr  # 1: a budget missed on a busy machine
    figures = json.loads(result.stdout)
    assert set(figures) == KEYS
    assert all(isinstance(v, int | float) and v >= 0 for v in figures.values())
    assert figures["writes_per_press"] > 0 and figures["peak_rss_mb"] > 0


def test_a_figure_with_no_budget_shows_no_budget_and_no_verdict_on_the_stream_given(capsys):
    import io

    out = io.StringIO()
    bench.report(_figures(press_p50_ms=1.5, press_p99_ms=9.0), out)
    assert capsys.readouterr().out == ""  # only on the stream given
    lines = out.getvalue().splitlines()
    assert len(lines) == len(KEYS)
    p50 = next(line for line in lines if line.startswith("press p50"))
    assert p50 == f"{'press p50':<28} {1.5:>9g} {'ms':<12} {'':<14} "
    p99 = next(line for line in lines if line.startswith("press p99"))
    assert p99 == f"{'press p99':<28} {9.0:>9g} {'ms':<12} {'budget <= 5':<14} miss"


def _progress_stub(monkeypatch) -> None:
    def run_all(idle_window, presses, progress):
        progress("resume…")
        return _figures(zero2_cpu_factor=12.14), bench.Breakdown(
            10, 4, 1.0, 2.0, 0.5, 0.4, 0.6, 3.0, 40.0, 66.0, 0.3, 0.9, 2.0, 1.25, 21, 0.07
        )

    monkeypatch.setattr(bench, "run_all", run_all)
    loads = iter([(1.25, 7.0, 8.0), (2.5, 9.0, 10.0)])
    monkeypatch.setattr(os, "getloadavg", lambda: next(loads))
    monkeypatch.setattr(os, "cpu_count", lambda: 3)


def test_plain_output_says_its_progress_on_stderr_and_the_breakdown_and_load_after(
    monkeypatch, capsys
):
    _progress_stub(monkeypatch)
    assert main(["bench"]) == 0
    printed = capsys.readouterr()
    assert printed.err == "resume…\n"
    lines = printed.out.splitlines()
    assert len(lines) == len(KEYS) + 3
    assert lines[-3] == (
        "10 presses, 4 of them committed a decision to SQLite (synchronous=FULL): "
        "commit p50 1 ms, p99 2 ms; press p99 without the commit 0.5 ms; "
        "CPU time of a press p50 0.4 ms, p99 0.6 ms"
    )
    assert lines[-2].startswith(
        "the Zero 2 W model: CPU time × 12.14 (the calibration workload's 15.18 ms a pass on a "
        "Zero 2 W over its 1.25 ms here, the median of 21 samples taken between the presses), "
        "fsyncs × 4 ms (0.9 a press,"
    )
    assert "all: p99 66 ms;" in lines[-2]
    assert "; the CPU each took here, 0.07 ms, taken out of the press's) before" in lines[-2]
    assert lines[-1] == "load average 1.25 at the start, 2.50 at the end; 3 cores"


def test_json_output_says_no_progress(monkeypatch, capsys):
    _progress_stub(monkeypatch)
    assert main(["bench", "--json"]) == 0
    printed = capsys.readouterr()
    assert printed.err == "" and set(json.loads(printed.out)) == KEYS
