"""The backend objects (the one switch between the Pi and the mock), the pi backend's edges that
a PC can check, and the command-line contract."""

from __future__ import annotations

import os
import sys
import types

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin
from hw_testing import CONFIG

from companion.testing import Presser, VirtualClock
from hw import Backend, MockBackend, PiBackend, backend_for, build_hardware, devices, load_config
from hw.backend import is_raspberry_pi, pi_pin_factory
from hw.display import Display

PI = load_config(CONFIG / "pi.toml")
SIM = load_config(CONFIG / "sim.toml")


def test_backend_for_keeps_the_argument_environment_config_precedence():
    assert type(backend_for(PI, env={})) is PiBackend  # pi.toml says "pi"
    assert type(backend_for(SIM, env={})) is MockBackend
    assert type(backend_for(PI, env={"COMPANION_BACKEND": "mock"})) is MockBackend
    assert type(backend_for(SIM, "pi", env={"COMPANION_BACKEND": "mock"})) is PiBackend


def test_build_hardware_without_a_backend_asks_the_environment(monkeypatch):
    monkeypatch.setenv("COMPANION_BACKEND", "mock")
    h = build_hardware(PI, clock=VirtualClock(), start=False)  # pi.toml says "pi"
    try:
        assert type(h.backend) is MockBackend
    finally:
        h.close()


def test_only_the_mock_backend_has_fingers():
    mock_only = set(vars(MockBackend)) - set(vars(Backend)) - {"name", "wav_dir"}
    assert "drive" in mock_only
    assert not mock_only & set(dir(PiBackend))
    with pytest.raises(TypeError, match="only mock pins can be pressed"):
        Presser(types.SimpleNamespace(backend=PiBackend()))


def test_a_backend_closes_the_factory_it_made_and_never_a_lent_one():
    made = MockBackend()
    factory = made.open_pins(SIM.buses)
    factory.pin(5)
    with pytest.raises(RuntimeError, match="in use"):
        made.open_pins(SIM.buses)  # a second table on the same pins
    made.close()
    assert made.pin_factory is None and not factory.pins  # closed: its pins released
    lent = MockFactory(revision="d04170", pin_class=MockPWMPin)
    try:
        borrower = MockBackend(pin_factory=lent)
        assert borrower.open_pins(SIM.buses) is lent and borrower.open_pins(SIM.buses) is lent
        lent.pin(5)
        borrower.close()
        assert borrower.pin_factory is lent and lent.pins
    finally:
        lent.close()


def test_a_press_needs_pins_to_press():
    with pytest.raises(RuntimeError, match="build the hardware"):
        MockBackend().drive(5, True)


def test_presser_refuses_a_button_pads_do_not_have():
    h = build_hardware(SIM, backend=MockBackend(), clock=VirtualClock(), start=False)
    try:
        with pytest.raises(ValueError):
            Presser(h, VirtualClock()).press("yellow", "up")
    finally:
        h.close()


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


def test_lgpio_moving_the_working_directory_is_undone(monkeypatch, tmp_path):
    # lgpio chdirs the process to LG_WD; a relative state directory must still mean the same.
    elsewhere = tmp_path / "lg"
    elsewhere.mkdir()
    monkeypatch.setenv("LG_WD", str(elsewhere))
    monkeypatch.chdir(tmp_path)

    def chdir_like_lgpio(chip=None):
        os.chdir(os.environ["LG_WD"])
        return "factory"

    fake = types.ModuleType("gpiozero.pins.lgpio")
    fake.LGPIOFactory = chdir_like_lgpio
    monkeypatch.setitem(sys.modules, "gpiozero.pins.lgpio", fake)
    assert pi_pin_factory() == "factory"
    assert os.getcwd() == str(tmp_path)


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
