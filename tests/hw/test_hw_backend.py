"""The pi backend's edges that a PC can check, and the command-line contract."""

from __future__ import annotations

import os
import sys

import pytest
from hw_testing import CONFIG

from hw import build_hardware, devices, load_config
from hw.backend import is_raspberry_pi, pi_pin_factory
from hw.display import Display

PI = load_config(CONFIG / "pi.toml")


def test_model_file_decides_whether_this_is_a_pi(tmp_path):
    model = tmp_path / "model"
    model.write_text("Raspberry Pi 5 Model B Rev 1.0\x00")
    assert is_raspberry_pi(str(model))
    assert not is_raspberry_pi(str(tmp_path / "absent"))


@pytest.fixture
def no_lgpio(monkeypatch):
    """As on a PC: gpiozero's lgpio factory cannot be imported."""
    monkeypatch.setitem(sys.modules, "gpiozero.pins.lgpio", None)


def test_pi_backend_without_lgpio_says_what_to_do(monkeypatch, no_lgpio):
    monkeypatch.delenv("COMPANION_BACKEND", raising=False)
    monkeypatch.delenv("LG_WD", raising=False)
    with pytest.raises(RuntimeError, match="COMPANION_BACKEND=mock"):
        build_hardware(PI)  # pi.toml says backend = "pi"
    # lgpio's pipe directory was pointed somewhere writable first.
    assert os.access(os.environ["LG_WD"], os.W_OK)


def test_lg_wd_set_by_the_user_is_kept(monkeypatch, tmp_path, no_lgpio):
    monkeypatch.setenv("LG_WD", str(tmp_path))
    with pytest.raises(RuntimeError, match="needs lgpio"):
        pi_pin_factory()
    assert os.environ["LG_WD"] == str(tmp_path)


def test_real_i2c_display_with_no_bus_is_degraded_not_fatal(clock):
    # On the real luma path: /dev/i2c-22 does not exist here, as with a mux not yet enabled.
    cfg = PI.players["red"].display
    d = Display("red pad display", cfg.size, cfg.mode, devices.real_display(cfg), clock=clock)
    assert d.degraded
    assert "DeviceNotFoundError" in d.health.last_error or "OSError" in d.health.last_error


def test_companion_check_config_uses_the_same_report(capsys):
    from companion.cli import main

    assert main(["check-config", str(CONFIG / "sim.toml")]) == 0
    assert capsys.readouterr().out.startswith("OK: ")
    assert main(["check-config", str(CONFIG / "nope.toml")]) == 2
    assert "no such file" in capsys.readouterr().err
