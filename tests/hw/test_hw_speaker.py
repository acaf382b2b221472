"""Speech: the recording mock, the real espeak-ng (into WAV files), and its failure modes."""

from __future__ import annotations

import logging
import os
import shutil
import stat
import threading

import pytest

from hw.speaker import EspeakSpeaker, RecordingSpeaker


@pytest.fixture
def recorder():
    s = RecordingSpeaker()
    yield s
    s.close()


def test_say_returns_at_once_and_speaks_in_order(recorder):
    for text in ("Round one", "Red, your turn", "Scoring"):
        recorder.say(text)
    assert recorder.wait_idle(5)
    assert recorder.spoken == ["Round one", "Red, your turn", "Scoring"]


def test_say_refuses_non_text_and_ignores_blank(recorder):
    with pytest.raises(TypeError, match="say\\(\\) takes a str, got int"):
        recorder.say(5)
    recorder.say("   ")
    assert recorder.wait_idle(5) and recorder.spoken == []


def test_stop_drops_what_is_queued():
    gate = threading.Event()

    class Slow(RecordingSpeaker):
        def _speak(self, text: str) -> None:
            gate.wait(5)
            super()._speak(text)

    s = Slow()
    try:
        s.say("first")
        s.say("second")
        s.say("third")
        s.stop()
        gate.set()
        assert s.wait_idle(5)
        assert "third" not in s.spoken and len(s.spoken) <= 1
    finally:
        s.close()


def test_espeak_ng_speaks_into_a_wav_file(tmp_path):
    s = EspeakSpeaker(voice="en", rate=170, volume=80, wav_dir=tmp_path)
    try:
        s.say("Red scores five")
        assert s.wait_idle(20)
    finally:
        s.close()
    (wav,) = tmp_path.glob("*.wav")
    assert wav.read_bytes()[:4] == b"RIFF" and wav.stat().st_size > 1000
    assert s.failures == 0


def test_command_line_carries_voice_rate_and_volume(tmp_path):
    s = EspeakSpeaker(voice="de", rate=120, volume=150)
    try:
        cmd = s.command("-x")  # a text that looks like an option stays text
    finally:
        s.close()
    assert cmd[1:] == ["-v", "de", "-s", "120", "-a", "150", "--", "-x"]


def test_espeak_ng_failure_is_counted_and_logged_without_the_text(tmp_path, caplog):
    s = EspeakSpeaker(voice="xx-nonexistent", wav_dir=tmp_path)
    with caplog.at_level(logging.WARNING, logger="hw.speaker"):
        s.say("secret bid 13")
        assert s.wait_idle(20)
    s.close()
    assert s.failures == 1
    assert "espeak-ng failed" in caplog.text and "secret" not in caplog.text


def test_exit_0_with_stderr_counts_as_failure(tmp_path, caplog):
    # espeak-ng can exit 0 after failing: a stand-in that does exactly that.
    fake = tmp_path / "espeak-ng"
    fake.write_text("#!/bin/sh\necho 'Error: no audio device' >&2\nexit 0\n")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    s = EspeakSpeaker(executable=str(fake))
    with caplog.at_level(logging.WARNING, logger="hw.speaker"):
        s.say("hello")
        assert s.wait_idle(10)
    s.close()
    assert s.failures == 1 and "no audio device" in caplog.text


def test_missing_espeak_ng_turns_voice_off_with_one_warning(tmp_path, caplog):
    with caplog.at_level(logging.WARNING, logger="hw.speaker"):
        s = EspeakSpeaker(executable=str(tmp_path / "nowhere" / "espeak-ng"))
        s.say("one")
        s.say("two")
        assert s.wait_idle(5)
        s.close()
    assert not s.enabled
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1
    assert "voice is off" in warnings[0].getMessage()
    assert "apt install espeak-ng" in warnings[0].getMessage()


def test_espeak_ng_is_installed_for_these_tests():
    # CI installs it (apt); the WAV test above relies on the real program.
    assert shutil.which("espeak-ng") and os.access(shutil.which("espeak-ng"), os.X_OK)
