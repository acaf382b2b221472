"""`companion bench --web`: a table with its web server in a child process, real clients over
loopback sockets, and the figures it prints against the issue's budgets (a few taps and presses
here; the whole run is by hand, docs/performance.md)."""

from __future__ import annotations

import io

from companion.commands import bench_web


def test_a_short_run_measures_taps_memory_idle_and_a_pads_presses(monkeypatch):
    monkeypatch.setattr(bench_web, "PRESSES", 10)
    figures = bench_web.measure(taps=4, idle_window=0.3)
    assert figures["taps"] == 4 and figures["clients"] == 8
    for key in ("tap_cpu_ms", "press_cpu_ms", "press_cpu_clients_ms", "peak_rss_mb"):
        assert figures[key] > 0, key
    assert figures["zero2_cpu_factor"] > 0
    assert figures["zero2_tap_ms"] == round(figures["tap_cpu_ms"] * figures["zero2_cpu_factor"], 1)


def _figures(**changed: float) -> dict[str, float]:
    figures = {
        "taps": 200.0, "clients": 8.0, "tap_p50_ms": 3.0, "tap_p99_ms": 9.0, "tap_cpu_ms": 4.0,
        "zero2_cpu_factor": 12.0, "zero2_tap_ms": 48.0, "peak_rss_mb": 55.0,
        "idle_cpu_pct": 0.03, "press_cpu_ms": 0.6, "press_cpu_clients_ms": 0.65,
        "zero2_press_extra_ms": 0.6,
    }  # fmt: skip
    return {**figures, **changed}


def test_the_report_names_each_budget_and_fails_on_any_missed(monkeypatch):
    out = io.StringIO()
    monkeypatch.setattr(bench_web, "measure", lambda taps, idle: _figures())
    assert bench_web.run_web_bench(False, 1.0, out) == 0
    text = out.getvalue()
    assert "budget ≤ 100" in text and "budget ≤ 80" in text and "budget ≤ 0.5" in text
    assert "0.6 ms of CPU with no phone, 0.65 ms with the 8 clients attached" in text
    for missed in ({"zero2_tap_ms": 101.0}, {"zero2_press_extra_ms": 2.5}, {"peak_rss_mb": 81}):
        monkeypatch.setattr(bench_web, "measure", lambda taps, idle, m=missed: _figures(**m))
        assert bench_web.run_web_bench(True, 1.0, io.StringIO()) == 1, missed
