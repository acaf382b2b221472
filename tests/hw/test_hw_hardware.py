"""build_hardware end to end on the mock backend: real gpiozero and luma code on mock pins
and dummy displays, events out of one queue."""

from __future__ import annotations

import errno
import logging

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin
from hw_testing import CONFIG
from PIL import Image

from companion.testing import VirtualClock
from hw import (
    Btn,
    DeviceFault,
    Kind,
    MockBackend,
    PadEvent,
    backend_for,
    build_hardware,
    load_config,
)

SIM = load_config(CONFIG / "sim.toml")
PI = load_config(CONFIG / "pi.toml")


@pytest.fixture(scope="module")
def clock() -> VirtualClock:
    return VirtualClock()


@pytest.fixture(scope="module")
def hw(clock):
    """One simulated table for the module (gpiozero devices are slow-ish to close)."""
    h = build_hardware(SIM, backend=MockBackend(), clock=clock, start=False)
    yield h
    h.close()


def drain(hw) -> list:
    out = []
    while not hw.events.empty():
        out.append(hw.events.get_nowait())
    return out


def press(hw, clock, pin: int, hold: float = 0.1) -> list:
    """Press and release a mock button; returns the events."""
    hw.pin_factory.pin(pin).drive_low()
    hw.input.pump(clock.advance(hold))
    hw.pin_factory.pin(pin).drive_high()
    hw.input.pump(clock.advance(0.1))
    return drain(hw)


def test_sim_profile_builds_every_device_on_the_mock_backend(hw):
    assert isinstance(hw.backend, MockBackend)
    assert sorted(hw.pads) == ["blue", "green", "red", "yellow"]
    assert sorted(hw.pad_displays) == ["blue", "red"]
    assert hw.display.size == (256, 64) and hw.matrix.size == (32, 8)
    assert type(hw.pin_factory) is MockFactory


def test_button_press_on_a_mock_pin_comes_out_of_the_event_queue(hw, clock):
    (event,) = press(hw, clock, SIM.players["red"].left)
    assert event == PadEvent("red", Btn.LEFT, Kind.PRESS, event.at)


def test_select_short_and_long_press(hw, clock):
    (short,) = press(hw, clock, SIM.players["blue"].select)
    (long,) = press(hw, clock, SIM.players["blue"].select, hold=1.0)
    assert (short.kind, long.kind) == (Kind.PRESS, Kind.LONG_PRESS)


def test_each_player_has_their_own_buttons(hw, clock):
    got = {
        (e.player, e.button)
        for colour, pad in SIM.players.items()
        for e in press(hw, clock, pad.right)
    }
    assert got == {(c, Btn.RIGHT) for c in SIM.players}


def test_pad_led_on_off_and_blink_drive_the_pin(hw):
    pad, pin = hw.pads["green"], hw.pin_factory.pin(SIM.players["green"].led)
    pad.led_on()
    assert pin.state == 1 and pad.led_state == "on"
    pad.led_blink(on_time=10, off_time=10)
    assert pad.led_state == "blink"
    pad.led_off()
    assert pin.state == 0 and pad.led_state == "off"


def test_every_output_device_works_through_its_driver(hw):
    hw.display.show(Image.new("L", hw.display.size, 255))
    assert hw.display.device.image.getbbox() == (0, 0, 256, 64)
    for d in hw.pad_displays.values():
        d.show(Image.new("1", d.size, 1))
        assert d.device.image.getbbox() == (0, 0, 128, 32)
    hw.matrix.text("3")
    assert hw.matrix.device.image.getbbox() is not None
    hw.speaker.say("Round two")
    assert hw.speaker.wait_idle(5) and hw.speaker.spoken[-1] == "Round two"
    hw.buzzer.cue("turn")
    assert hw.buzzer.wait_idle(5) and hw.buzzer.played[-1] == ("A5", 0.08)


def test_display_fault_is_told_on_the_event_queue_and_recovers(hw, clock, mocker):
    drain(hw)
    pad_display = hw.pad_displays["red"]
    mocker.patch.object(
        pad_display.device, "display", side_effect=OSError(errno.EREMOTEIO, "Remote I/O error")
    )
    # A frame no other test shows: one identical to the panel's would not be sent at all.
    frame = Image.new("1", pad_display.size)
    frame.putpixel((3, 5), 1)
    pad_display.show(frame)
    (fault,) = drain(hw)
    assert isinstance(fault, DeviceFault) and fault.device == "red pad display"
    assert not fault.recovered
    clock.advance(1.0)
    hw.maintain()  # the dummy reopens: the bus "answers" again
    (back,) = drain(hw)
    assert back.recovered and not pad_display.degraded


def test_nothing_about_presses_or_pad_display_content_is_logged(hw, clock, caplog):
    with caplog.at_level(logging.DEBUG, logger="hw"):
        press(hw, clock, SIM.players["red"].select)
        hw.pad_displays["red"].show(Image.new("1", (128, 32), 1))
    assert caplog.records == []


def test_reference_build_on_mock_pins_with_a_stuck_button_at_start(monkeypatch, mocker):
    monkeypatch.setenv("COMPANION_BACKEND", "mock")  # pi.toml says "pi": the env wins
    factory = MockFactory(revision="d04170", pin_class=MockPWMPin)
    held = factory.pin(PI.players["black"].select)
    set_pull = MockPWMPin._set_pull

    def pull_then_held_down(pin, value):
        # A mock pin follows its pull-up; this one is shorted to ground (button held at boot).
        set_pull(pin, value)
        if pin is held:
            pin.drive_low()

    mocker.patch.object(MockPWMPin, "_set_pull", pull_then_held_down)
    clock = VirtualClock()
    h = build_hardware(PI, backend=backend_for(PI, pin_factory=factory), clock=clock, start=False)
    try:
        assert h.backend.name == "mock" and len(h.pads) == 5 and len(h.pad_displays) == 5
        h.input.pump()
        (event,) = drain(h)
        assert (event.player, event.button, event.kind) == ("black", Btn.SELECT, Kind.STUCK)
        assert h.input.faulty_players() == {"black"}
        # The game goes on: other pads still work.
        factory.pin(PI.players["red"].left).drive_low()
        h.input.pump(clock.advance(0.1))
        assert [(e.player, e.kind) for e in drain(h)] == [("red", Kind.PRESS)]
    finally:
        h.close()
        factory.close()


def test_input_thread_delivers_presses_from_gpiozero_callbacks():
    h = build_hardware(SIM, backend=MockBackend())  # real clock, input thread running
    try:
        pin = h.pin_factory.pin(SIM.players["yellow"].left)
        pin.drive_low()  # the callback runs here and only enqueues
        event = h.events.get(timeout=5)  # safety net only: it arrives after the debounce time
        assert (event.player, event.button, event.kind) == ("yellow", Btn.LEFT, Kind.PRESS)
        pin.drive_high()
    finally:
        h.close()


def test_the_mock_backend_presses_a_button_through_gpiozero(hw, clock):
    drain(hw)
    gpio = SIM.players["yellow"].right
    hw.backend.drive(gpio, True)
    hw.input.pump(clock.advance(0.1))
    hw.backend.drive(gpio, False)
    hw.input.pump(clock.advance(0.1))
    assert [(e.player, e.button, e.kind) for e in drain(hw)] == [("yellow", Btn.RIGHT, Kind.PRESS)]
    assert not hasattr(hw, "drive")  # a finger on a pin is the mock backend's alone


def test_voice_off_in_config_gives_a_silent_speaker():
    import dataclasses

    from hw.config import SpeakerConfig

    cfg = dataclasses.replace(SIM, speaker=SpeakerConfig(enabled=False))
    h = build_hardware(cfg, backend=MockBackend(), start=False)
    try:
        h.speaker.say("anything")
        assert h.speaker.wait_idle(5) and not h.speaker.enabled
    finally:
        h.close()


def test_mock_backend_can_speak_through_espeak_ng_into_wav_files(tmp_path):
    h = build_hardware(SIM, backend=MockBackend(wav_dir=tmp_path), start=False)
    try:
        h.speaker.say("Scoring")
        assert h.speaker.wait_idle(20)
    finally:
        h.close()
    assert len(list(tmp_path.glob("*.wav"))) == 1


def test_close_is_idempotent_and_frees_the_pins():
    h = build_hardware(SIM, backend=MockBackend(), start=False)
    factory = h.pin_factory
    h.close()
    h.close()
    assert not factory.pins and h.pin_factory is None  # the factory the backend made is closed


def test_only_changed_frames_are_written_and_maintain_refreshes_panels_when_due(hw, clock):
    d = hw.pad_displays["blue"]
    picture = Image.new("1", d.size, 1)
    d.show(picture)
    before = d.writes
    d.show(picture.copy())  # the same pixels: nothing goes to the panel
    assert d.writes == before
    clock.advance(30)
    hw.maintain()  # due: init sequence, then the last frame again
    assert d.writes == before + 1 and d.device.image.tobytes() == picture.tobytes()
    hw.maintain()  # not due again yet
    assert d.writes == before + 1


def test_a_matrix_fault_is_told_on_the_event_queue_and_maintain_brings_it_back(hw, clock, mocker):
    drain(hw)
    mocker.patch.object(
        hw.matrix.device, "display", side_effect=OSError(errno.EREMOTEIO, "Remote I/O error")
    )
    hw.matrix.text("7")  # no other test shows it: an unchanged frame would not be sent
    (fault,) = drain(hw)
    assert isinstance(fault, DeviceFault) and fault.device == "LED matrix"
    assert not fault.recovered and hw.matrix.degraded
    clock.advance(1.0)
    hw.maintain()  # the matrix's back-off has run out on the table's clock: it is reopened
    (back,) = drain(hw)
    assert (back.device, back.recovered) == ("LED matrix", True) and not hw.matrix.degraded


def test_a_main_display_fault_names_the_main_display(hw, clock, mocker):
    drain(hw)
    mocker.patch.object(
        hw.display.device, "display", side_effect=OSError(errno.EREMOTEIO, "Remote I/O error")
    )
    frame = Image.new("L", hw.display.size)
    frame.putpixel((7, 9), 200)  # a frame no other test shows
    hw.display.show(frame)
    (fault,) = drain(hw)
    assert (fault.device, fault.recovered) == ("main display", False)
    clock.advance(1.0)
    hw.maintain()
    assert [(e.device, e.recovered) for e in drain(hw)] == [("main display", True)]


def test_the_configured_contrast_and_brightness_reach_the_panels(mocker):
    import dataclasses

    from luma.core.device import dummy

    contrast = mocker.patch.object(dummy, "contrast", autospec=True)
    cfg = dataclasses.replace(
        SIM,
        display=dataclasses.replace(SIM.display, contrast=77),
        matrix=dataclasses.replace(SIM.matrix, brightness=200),
    )
    h = build_hardware(cfg, backend=MockBackend(), clock=VirtualClock(), start=False)
    try:
        sent = {(dev.width, dev.height, level) for (dev, level), _ in contrast.call_args_list}
        assert (256, 64, 77) in sent  # the main display, as configured
        assert (32, 8, 200) in sent  # the matrix's brightness is its chips' contrast
    finally:
        h.close()


def test_a_matrix_on_spi1_is_written_on_the_spi1_thread():
    import dataclasses
    import threading

    cfg = dataclasses.replace(SIM, matrix=dataclasses.replace(SIM.matrix, spi_port=1))
    h = build_hardware(cfg, backend=MockBackend(), clock=VirtualClock(), start=False)
    try:
        threads = []
        real = h.matrix.device.display
        h.matrix.device.display = lambda image: (
            threads.append(threading.current_thread().name),
            real(image),
        )
        with h.moment():
            h.matrix.text("5")
        assert threads == ["hw-bus-spi1"]
    finally:
        h.close()


def test_a_table_without_a_buzzer_has_none():
    import dataclasses

    h = build_hardware(dataclasses.replace(SIM, buzzer=None), backend=MockBackend(), start=False)
    try:
        assert h.buzzer is None  # the app's outputs skip cues on exactly that
    finally:
        h.close()


def test_the_hardware_ready_line_names_the_backend_and_the_configuration(caplog):
    with caplog.at_level(logging.INFO, logger="hw.hardware"):
        h = build_hardware(SIM, backend=MockBackend(), clock=VirtualClock(), start=False)
        h.close()
    ready = [r.getMessage() for r in caplog.records if r.name == "hw.hardware"]
    assert ready == [f"hardware ready (mock backend): {SIM.summary()}"]
