"""`companion run`: starts on a config, stops cleanly on SIGTERM; a bad config starts nothing."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from test_demo_cli import _companion

ROOT = Path(__file__).resolve().parents[2]


def _command() -> tuple[list[str], dict[str, str]]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONSAFEPATH")}
    if os.environ.get("COMPANION_TEST_SOURCE") == "1":
        env["PYTHONPATH"] = str(ROOT / "src")
        return [sys.executable, "-m", "companion.cli"], env
    return [str(Path(sys.executable).with_name("companion"))], env


def test_run_on_the_mock_config_stops_cleanly_on_sigterm(tmp_path):
    command, env = _command()
    config = ROOT / "config" / "sim.toml"
    proc = subprocess.Popen(
        [*command, "run", "--config", str(config)],
        cwd=tmp_path,
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        seen = ""
        while "ready:" not in seen and time.monotonic() < deadline:
            seen += proc.stderr.readline()
        assert "ready:" in seen
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
    finally:
        proc.kill()
        proc.wait()


def test_run_refuses_a_broken_config_naming_the_key(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('backend = "cloud"\n', encoding="utf-8")
    r = _companion("run", "--config", str(bad), cwd=tmp_path)
    assert r.returncode == 2
    assert "backend: 'cloud' is not accepted" in r.stderr
