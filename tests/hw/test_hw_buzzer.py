"""The buzzer: gpiozero's TonalBuzzer on a MockPWMPin, driven from a worker thread."""

from __future__ import annotations

import logging
import threading
import time

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin
from hw_testing import HookedQueue

from hw.buzzer import CUES, RecordingBuzzer, cue_notes
from hw.config import BuzzerConfig, ConfigError
from hw.config.model import MID_TONES

PIN = 18


@pytest.fixture(scope="module")
def factory():
    f = MockFactory(revision="d04170", pin_class=MockPWMPin)
    yield f
    f.close()


@pytest.fixture
def buzzer(factory):
    seen = []
    pin = factory.pin(PIN)

    def sleep(seconds: float) -> None:
        # Instead of waiting: look at what the real driver put on the pin meanwhile.
        seen.append((pin.frequency, pin.state, seconds))

    b = RecordingBuzzer(PIN, pin_factory=factory, sleep=sleep)
    b.seen = seen
    yield b
    b.close()


def test_tone_drives_the_pwm_pin_at_its_frequency_then_silence(buzzer, factory):
    buzzer.beep("A5", 0.1)
    assert buzzer.wait_idle(5)
    assert buzzer.seen == [(pytest.approx(880.0), 0.5, 0.1)]
    assert factory.pin(PIN).state == 0  # silent afterwards


def test_cue_plays_its_notes_with_rests(buzzer):
    buzzer.cue("error")
    assert buzzer.wait_idle(5)
    assert buzzer.played == [("E5", 0.12), ("", 0.05), ("A4", 0.2)]
    assert [s for _, s, _ in buzzer.seen] == [0.5, 0, 0.5]  # the rest is silent


def test_a_cues_notes_are_worked_out_once_and_play_each_time(buzzer, monkeypatch):
    import hw.buzzer

    asked: list[str] = []

    def counting(name: str, mid_tone: str):
        asked.append(name)
        return cue_notes(name, mid_tone)

    monkeypatch.setattr(hw.buzzer, "cue_notes", counting)
    buzzer.cue("reveal")
    buzzer.cue("reveal")
    assert buzzer.wait_idle(5)
    assert asked == ["reveal"]
    assert buzzer.played == [("A4", 0.08), ("C#5", 0.08), ("E5", 0.12)] * 2


def test_out_of_range_note_is_refused_before_anything_plays(buzzer):
    with pytest.raises(ValueError, match="outside this buzzer's range A4–A6"):
        buzzer.play([("A5", 0.1), ("C2", 0.1)])
    assert buzzer.wait_idle(5) and buzzer.played == []


def test_unknown_cue_names_the_accepted_ones(buzzer):
    with pytest.raises(ValueError, match="unknown cue 'tada'; accepted: turn, confirm"):
        buzzer.cue("tada")


def test_note_length_is_checked(buzzer):
    with pytest.raises(ValueError, match="note length must be 0–2 s"):
        buzzer.beep("A5", 5)


def test_stop_cuts_a_long_note_short(factory):
    playing = threading.Event()

    class Signalling(RecordingBuzzer):
        def _note(self, name: str, seconds: float) -> None:
            playing.set()
            super()._note(name, seconds)  # waits on the stop, for real

    b = Signalling(PIN, pin_factory=factory)
    try:
        b.beep("A5", 2.0)
        assert playing.wait(5)
        b.stop()
        assert b.wait_idle(1.0)  # well before the note's 2 s
        assert factory.pin(PIN).state == 0
    finally:
        b.close()


def test_stop_just_as_the_next_cue_is_taken_still_stops_it(factory):
    class Hooked(RecordingBuzzer):
        queue_class = HookedQueue

    b = Hooked(PIN, pin_factory=factory, sleep=lambda s: None)
    b._queue.on_take = b.stop  # the stop lands between taking the cue and playing it
    try:
        b.cue("reveal")
        assert b.wait_idle(5) and b.played == []
    finally:
        b.close()


@pytest.mark.parametrize("octaves", [1, 2, 3])
def test_every_cue_plays_under_every_accepted_mid_tone(factory, octaves):
    """check-config accepts exactly these tones and octaves: each must play every cue."""
    assert BuzzerConfig(pin=PIN, octaves=octaves).octaves == octaves
    for mid_tone in MID_TONES:
        cfg = BuzzerConfig(pin=PIN, mid_tone=mid_tone, octaves=octaves)
        b = RecordingBuzzer(
            PIN, pin_factory=factory, mid_tone=cfg.mid_tone, octaves=cfg.octaves, sleep=lambda s: 0
        )
        try:
            for name in CUES:
                b.cue(name)  # raises if a note is outside the buzzer's range
            assert b.wait_idle(5)
            assert b.played == [n for name in CUES for n in cue_notes(name, mid_tone)]
        finally:
            b.close()


def test_cues_follow_the_mid_tone(factory):
    b = RecordingBuzzer(PIN, pin_factory=factory, mid_tone="C5", sleep=lambda s: 0)
    try:
        b.cue("confirm")
        assert b.wait_idle(5)
        assert b.played == [("G4", 0.06), ("C5", 0.08)]
    finally:
        b.close()


@pytest.mark.parametrize("tone", ["A6", "B3", "440Hz", "H5", ""])
def test_a_mid_tone_the_cues_cannot_use_is_refused(tone):
    with pytest.raises(ConfigError, match="C4 to C6"):
        BuzzerConfig(pin=PIN, mid_tone=tone)


def test_a_beep_is_a_short_a5_by_default(buzzer):
    buzzer.beep()
    assert buzzer.wait_idle(5)
    assert buzzer.seen == [(pytest.approx(880.0), 0.5, 0.08)]


def test_the_ends_of_the_range_and_of_a_note_length_are_accepted_and_no_further(buzzer):
    buzzer.play([("A4", 2), ("A6", 0.01)])  # A5 ± one octave; 2 s is the longest note
    assert buzzer.wait_idle(5)
    assert buzzer.played == [("A4", 2.0), ("A6", 0.01)]
    for seconds in (0, 2.5):
        with pytest.raises(ValueError) as info:
            buzzer.beep("A5", seconds)
        assert str(info.value) == f"note length must be 0–2 s, got {seconds!r}"


def test_a_note_sounds_for_its_length_then_ends_by_itself(factory):
    b = RecordingBuzzer(PIN, pin_factory=factory)  # the real wait, not the tests' no-op
    try:
        start = time.monotonic()
        b.beep("A5", 0.2)
        assert b.wait_idle(5)  # ends by itself, without a stop
        assert time.monotonic() - start >= 0.15  # it was not cut to nothing
        assert b.played == [("A5", 0.2)] and factory.pin(PIN).state == 0
    finally:
        b.close()


def test_a_note_that_fails_is_logged_as_the_buzzers_and_the_next_one_plays(factory, caplog):
    def sleep(seconds: float) -> None:
        if seconds == 0.1:
            raise RuntimeError("the PWM went away")

    b = RecordingBuzzer(PIN, pin_factory=factory, sleep=sleep)
    try:
        with caplog.at_level(logging.ERROR, logger="hw.worker"):
            b.beep("A5", 0.1)
            b.beep("A4", 0.2)
            assert b.wait_idle(5)
    finally:
        b.close()
    assert [r.getMessage() for r in caplog.records] == ["hw-buzzer: an item failed"]
    assert b.played == [("A5", 0.1), ("A4", 0.2)] and factory.pin(PIN).state == 0
