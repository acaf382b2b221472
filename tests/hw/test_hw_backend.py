"""The backend objects (the one switch between the Pi and the mock), the pi backend's edges that
a PC can check, and the command-line contract."""

from __future__ import annotations

import os
import shutil
import sys
import types

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin
from hw_testing import CONFIG, FakeI2CAdapter

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


def test_a_pi_backend_shows_its_class_name():
    assert repr(PiBackend()) == "PiBackend()"
    assert repr(MockBackend()) == "MockBackend(wav_dir=None)"


class FakeSpidev:
    """``spidev`` as luma uses it; records the (port, device) pairs opened."""

    def __init__(self) -> None:
        self.opened: list[tuple[int, int]] = []
        fake = self

        class SpiDev:
            max_speed_hz = 0
            mode = 0

            def open(self, port, device):
                fake.opened.append((port, device))

            def writebytes(self, data):
                pass

            def close(self):
                pass

        self.SpiDev = SpiDev


def test_the_pi_backend_opens_the_reference_build_on_its_real_buses(tmp_path, monkeypatch):
    # The mux is not in sysfs here, as on a Pi without its dtoverlay line: the pads behind it
    # must say so, not be looked for on i2c-1 itself. The matrix is on spidev0.0.
    adapter = FakeI2CAdapter(tmp_path / "i2c", present={(0, 0x3D), (0, 0x3C), (1, 0x3C)})
    adapter.install(monkeypatch)
    spidev = FakeSpidev()
    monkeypatch.setitem(sys.modules, "spidev", spidev)
    factory = MockFactory(revision="d04170", pin_class=MockPWMPin)
    try:
        h = build_hardware(
            PI, backend=PiBackend(pin_factory=factory), clock=VirtualClock(), start=False
        )
        try:
            behind_mux = {p: d for p, d in h.pad_displays.items() if p != "black"}
            assert sorted(behind_mux) == ["blue", "green", "red", "yellow"]
            for d in behind_mux.values():
                assert d.degraded
                assert "no I²C mux at 0x70 on i2c-1" in d.health.last_error
                assert "add 'dtoverlay=i2c-mux,pca9548,addr=0x70'" in d.health.last_error
            assert not h.display.degraded and not h.pad_displays["black"].degraded
            assert spidev.opened == [(0, 0)] and not h.matrix.degraded
        finally:
            h.close()
    finally:
        factory.close()


@pytest.mark.parametrize("backend", [PiBackend, MockBackend])
def test_the_buzzer_plays_around_the_configured_mid_tone_over_its_octaves(backend):
    from hw.config import BuzzerConfig

    factory = MockFactory(revision="d04170", pin_class=MockPWMPin)
    try:
        made = backend(pin_factory=factory)
        buzzer = made.buzzer(BuzzerConfig(pin=18, mid_tone="C5", octaves=2), factory)
        try:
            assert buzzer.device.mid_tone.note == "C5"  # cues are played around it
            with pytest.raises(ValueError) as info:
                buzzer.play([("B2", 0.1)])
            assert str(info.value) == "note 'B2' is outside this buzzer's range C3–C7"
            buzzer.play([("C3", 0.1), ("C7", 0.1)])  # two octaves down and up: accepted
        finally:
            buzzer.close()
    finally:
        factory.close()


def test_the_pi_backend_speaks_with_the_configured_voice_on_the_configured_card(tmp_path):
    from hw.config import SpeakerConfig

    found = shutil.which("espeak-ng")
    assert found is not None
    espeak = str(tmp_path / "espeak-ng-1.52")  # a program other than the one on PATH
    os.symlink(found, espeak)
    cfg = SpeakerConfig(
        voice="de", rate=200, volume=180, device="plughw:CARD=Device,DEV=0", executable=espeak
    )
    speaker = PiBackend().speaker(cfg)
    try:
        assert speaker.command("Hallo") == [
            espeak,
            "-v",
            "de",
            "-s",
            "200",
            "-a",
            "180",
            "-d",
            "plughw:CARD=Device,DEV=0",
            "--",
            "Hallo",
        ]
    finally:
        speaker.close()


def test_a_press_before_the_pins_says_what_to_do_first():
    with pytest.raises(RuntimeError) as info:
        MockBackend().drive(5, True)
    assert str(info.value) == "no pins yet: build the hardware on this backend first"


def test_the_mock_table_is_a_pi_5_whatever_gpiozeros_mock_revision_says(monkeypatch):
    monkeypatch.setenv("GPIOZERO_MOCK_REVISION", "0002")  # a Pi 1 B: a 26-pin header
    h = build_hardware(SIM, backend=MockBackend(), clock=VirtualClock(), start=False)
    try:
        assert h.pin_factory.board_info.model == "5B"
        assert sorted(h.pads) == ["blue", "green", "red", "yellow"]  # GPIO 5, 6, 12, 13 … exist
    finally:
        h.close()


@pytest.fixture
def device_tree(monkeypatch, tmp_path):
    """The device tree's model file, as ``is_raspberry_pi`` reads it by default."""
    import hw.backend

    model = tmp_path / "model"
    real_path = hw.backend.Path

    def path(name):
        return model if name == "/proc/device-tree/model" else real_path(tmp_path / "absent")

    monkeypatch.setattr(hw.backend, "Path", path)
    return model


def test_auto_is_the_pi_backend_where_the_device_tree_names_a_raspberry_pi(device_tree):
    from hw.backend import resolve_backend

    device_tree.write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\x00")
    assert is_raspberry_pi()
    assert resolve_backend("auto", env={}) == "pi"
    device_tree.write_bytes(b"Radxa ROCK 5B\x00")
    assert resolve_backend("auto", env={}) == "mock"


def test_a_model_file_with_bytes_that_are_not_utf8_is_still_read(device_tree):
    device_tree.write_bytes(b"Raspberry Pi 4 Model B \xff\xfe Rev 1.5\x00")
    assert is_raspberry_pi()


@pytest.mark.parametrize(
    ("args", "source"),
    [
        (("mock", "pj"), "backend argument"),
        (("pj",), "backend"),
    ],
)
def test_a_backend_not_accepted_is_named_with_where_it_came_from(args, source):
    from hw.backend import resolve_backend
    from hw.config import ConfigError

    with pytest.raises(ConfigError) as info:
        resolve_backend(*args, env={})
    assert info.value.problems == [
        f"{source}: 'pj' is not accepted; accepted: 'auto', 'mock', 'pi'"
    ]


def test_lgpios_pipes_go_to_the_users_run_directory_when_it_is_writable(monkeypatch, no_lgpio):
    monkeypatch.delenv("LG_WD", raising=False)
    run_user = f"/run/user/{os.getuid()}"
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, m: str(p) == run_user or real_access(p, m))
    with pytest.raises(RuntimeError) as info:
        pi_pin_factory()
    assert os.environ["LG_WD"] == run_user
    assert str(info.value) == (
        "backend 'pi' needs lgpio (pip install '.[pi]' on the Pi); on a PC use "
        "COMPANION_BACKEND=mock (import of gpiozero.pins.lgpio halted; None in sys.modules)"
    )
