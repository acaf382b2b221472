"""`companion bench --web`: what the web server costs, beside its budgets.

A child process runs a table on mock hardware (the shipped sim.toml, three seats) with its web
server on 127.0.0.1; this process plays the clients over real sockets: two board pages and three
phones, each phone with its seat stream and the board's stream (8 streams in all). Measured:

- tap → screens: a phone's tap (a sealed power card, then withdrawing it; 200 taps 0.12 s
  apart) until every public stream (the boards', the other phones') has the new state: p50 and
  p99 of the wall time here, and the child's CPU time per tap (the table's handling, the
  painter, the JSON and the fan-out), which the Zero 2 W model scales;
- peak RSS: the child's high-water mark after all of it (the table, the server, 8 clients);
- idle CPU: the child's CPU over a window while the 8 clients stay connected and nobody taps;
- a hardware pad's press: the child's CPU a press (blue walking its menu, 200 presses), first
  with no phone paired and no client, then with the 8 clients attached: the pads' press budget
  must not move (at most `PRESS_EXTRA_BUDGET_MS` more on the Zero 2 W model).

Zero 2 W figures scale CPU time by the Zero 2 W's CPU factor, measured in the same run against a
published workload (bench_calibrate), as `companion bench` does.
"""

from __future__ import annotations

import http.client
import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, TextIO

from companion.commands.bench_calibrate import cpu_factor, sample
from companion.commands.bench_measures import percentile

SEATS = ("red", "blue", "yellow")
TAP_GAP_S = 0.12  # a seat may tap 10 times a second (the server's limit); a person taps less
BUDGETS = {"zero2_tap_ms": 100.0, "peak_rss_mb": 80.0, "idle_cpu_pct": 0.5}
PRESSES = 200  # a hardware pad's presses, timed with no phone and again with the 8 clients
PRESS_SETTLE_S = 0.5
# The pads' press budget with clients attached: a press may cost at most this much more CPU than
# with no phone (Zero 2 W model, ms): "unchanged", within the model's noise.
PRESS_EXTRA_BUDGET_MS = 2.0


def child() -> None:  # pragma: no cover - runs in the measured process
    """The measured process: a table and its web server until stdin closes."""
    from companion.app.config import load_app_config
    from companion.app.loop import STOP, run_loop
    from companion.app.setup import TableDefaults
    from companion.app.table import TableApp
    from companion.elgrande.options import TableOptions
    from companion.web.server import WebServer
    from hw.backend import MockBackend
    from hw.events import Btn, Kind, PadEvent
    from hw.hardware import build_hardware

    hardware = load_app_config(None, "sim.toml")[0]
    hw = build_hardware(hardware, backend=MockBackend())
    app = TableApp(hw, TableDefaults(TableOptions(), SEATS), seed=1)
    web = WebServer(hw.events, bind="127.0.0.1", port=0)
    web.start()
    app.attach(web)
    loop = threading.Thread(target=run_loop, args=(app, hw.events))
    loop.start()
    hw.events.put(PadEvent("red", Btn.SELECT, Kind.PRESS, at=0.0))
    hw.events.join()
    codes = {seat: web.offer(seat).code for seat in SEATS}
    print(json.dumps({"port": web.port, "codes": codes}), flush=True)
    for line in sys.stdin:  # "presses N": a pad's presses, timed; the end of stdin: stop
        presses = int(line.split()[1])
        start = time.process_time()
        for i in range(presses):  # blue walks its power-card menu: ▶ then ◀, deciding nothing
            button = Btn.RIGHT if i % 2 == 0 else Btn.LEFT
            hw.events.put(PadEvent("blue", button, Kind.PRESS, at=float(i)))
            hw.events.join()
        time.sleep(PRESS_SETTLE_S)  # the streams' sends of the last press are counted too
        cpu_ms = (time.process_time() - start) * 1000 / presses
        print(json.dumps({"press_cpu_ms": cpu_ms}), flush=True)
    hw.events.put(STOP)
    loop.join()
    web.stop()
    hw.close()


class _Stream(threading.Thread):
    """One client's stream: each message's arrival time goes on `seen`."""

    def __init__(self, port: int, path: str, token: str | None) -> None:
        super().__init__(daemon=True)
        self.port, self.path, self.token = port, path, token
        self.seen: queue.Queue[tuple[float, bytes]] = queue.Queue()

    def run(self) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", self.port)
        headers = {"Host": f"127.0.0.1:{self.port}"}
        if self.token:
            headers["Cookie"] = f"seat={self.token}"
        conn.request("GET", self.path, headers=headers)
        r = conn.getresponse()
        for line in r.fp:
            if line.startswith(b"data: "):
                self.seen.put((time.perf_counter(), line[6:]))


def _post(port: int, path: str, body: dict[str, Any], token: str | None = None) -> Any:
    conn = http.client.HTTPConnection("127.0.0.1", port)
    headers = {
        "Host": f"127.0.0.1:{port}",
        "Origin": f"http://127.0.0.1:{port}",
        "X-Companion": "1",
        "Content-Type": "application/json",
    }
    if token:
        headers["Cookie"] = f"seat={token}"
    conn.request("POST", path, json.dumps(body), headers)
    r = conn.getresponse()
    data = r.read()
    conn.close()
    return r.status, r.getheader("Set-Cookie"), data


def _mark(port: int, token: str) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port)
    headers = {"Host": f"127.0.0.1:{port}", "Cookie": f"seat={token}"}
    conn.request("GET", "/s/state", headers=headers)
    mark = json.loads(conn.getresponse().read())["mark"]
    conn.close()
    return mark


def _cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _hwm_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM"):
            return int(line.split()[1]) / 1024
    return 0.0


CALIBRATION_SAMPLES = 5  # before the taps and after them: the factor is their median's


def measure(taps: int, idle_window: float) -> dict[str, float]:
    proc = subprocess.Popen(
        [sys.executable, "-c", "from companion.commands.bench_web import child; child()"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        hello = json.loads(proc.stdout.readline())
        port = hello["port"]
        calibration = [sample() for _ in range(CALIBRATION_SAMPLES)]
        alone = _pad_presses(proc)  # no phone paired, no client attached
        tokens = {}
        for seat, code in hello["codes"].items():
            cookie = _post(port, "/claim", {"code": code})[1]
            tokens[seat] = cookie.split(";", 1)[0].split("=", 1)[1]
        public = [_Stream(port, "/events", None) for _ in range(2 + len(SEATS))]
        seat_streams = [_Stream(port, "/s/events", tokens[s]) for s in SEATS]
        for s in (*public, *seat_streams):
            s.start()
        time.sleep(1.0)
        for s in public:  # the snapshot each got on connecting
            while not s.seen.empty():
                s.seen.get()
        others = public[1:]  # the tapping phone's own board stream aside
        waits: list[float] = []
        token = tokens["red"]
        tap_cpu = _cpu_s(proc.pid)
        for i in range(taps):
            path, body = ("/s/choose", {"card": 7}) if i % 2 == 0 else ("/s/hold", {})
            body["mark"] = _mark(port, token)
            start = time.perf_counter()
            status = _post(port, path, body, token)[0]
            assert status == 200, status
            last = max(s.seen.get(timeout=10)[0] for s in others)
            waits.append((last - start) * 1000)
            time.sleep(max(0.0, TAP_GAP_S - (time.perf_counter() - start)))
        tap_cpu = (_cpu_s(proc.pid) - tap_cpu) / len(waits) * 1000
        attached = _pad_presses(proc)  # the same presses with the 8 clients attached
        calibration += [sample() for _ in range(CALIBRATION_SAMPLES)]
        time.sleep(1.0)
        cpu, wall = _cpu_s(proc.pid), time.monotonic()
        time.sleep(idle_window)
        cpu, wall = _cpu_s(proc.pid) - cpu, time.monotonic() - wall
        rss = _hwm_mb(proc.pid)
    finally:
        if proc.stdin:
            proc.stdin.close()
        proc.wait(10)
    p99 = percentile(waits, 99)
    factor = cpu_factor(calibration)
    return {
        "taps": float(len(waits)),
        "clients": float(len(public) + len(seat_streams)),
        "tap_p50_ms": round(percentile(waits, 50), 2),
        "tap_p99_ms": round(p99, 2),
        "tap_cpu_ms": round(tap_cpu, 2),
        "zero2_cpu_factor": round(factor, 2),
        "zero2_tap_ms": round(tap_cpu * factor, 1),
        "peak_rss_mb": round(rss, 1),
        "idle_cpu_pct": round(100 * cpu / wall, 3),
        "press_cpu_ms": round(alone, 2),
        "press_cpu_clients_ms": round(attached, 2),
        "zero2_press_extra_ms": round((attached - alone) * factor, 1),
    }


def _pad_presses(proc: subprocess.Popen[str]) -> float:
    """The child's CPU a hardware pad's press (ms), over `PRESSES` presses."""
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(f"presses {PRESSES}\n")
    proc.stdin.flush()
    return float(json.loads(proc.stdout.readline())["press_cpu_ms"])


def run_web_bench(as_json: bool, idle_window: float, out: TextIO = sys.stdout) -> int:
    figures = measure(200, idle_window)
    if as_json:
        print(json.dumps(figures), file=out)
    else:
        print(
            f"web, {int(figures['clients'])} clients, {int(figures['taps'])} taps: "
            f"tap → every other screen p50 {figures['tap_p50_ms']} ms, "
            f"p99 {figures['tap_p99_ms']} ms; the table's CPU a tap {figures['tap_cpu_ms']} ms "
            f"(Zero 2 W model ×{figures['zero2_cpu_factor']:g}: {figures['zero2_tap_ms']} ms, "
            f"budget ≤ {BUDGETS['zero2_tap_ms']:g})",
            file=out,
        )
        print(
            f"peak RSS with the server on: {figures['peak_rss_mb']} MiB "
            f"(budget ≤ {BUDGETS['peak_rss_mb']:g}); idle CPU with the clients attached: "
            f"{figures['idle_cpu_pct']} % (budget ≤ {BUDGETS['idle_cpu_pct']:g})",
            file=out,
        )
        print(
            f"a hardware pad's press: {figures['press_cpu_ms']} ms of CPU with no phone, "
            f"{figures['press_cpu_clients_ms']} ms with the {int(figures['clients'])} clients "
            f"attached (Zero 2 W model: {figures['zero2_press_extra_ms']} ms more, "
            f"budget ≤ {PRESS_EXTRA_BUDGET_MS:g})",
            file=out,
        )
    limits = {**BUDGETS, "zero2_press_extra_ms": PRESS_EXTRA_BUDGET_MS}
    missed = [k for k, limit in limits.items() if figures[k] > limit]
    return 1 if missed else 0
