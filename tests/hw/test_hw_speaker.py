"""Speech: the recording mock, the real espeak-ng (into WAV files), and its failure modes."""

from __future__ import annotations

import logging
import os
import shutil
import stat
import threading

import pytest
from hw_testing import HookedQueue

from hw import worker
from hw.speaker import QUEUE_LIMIT, EspeakSpeaker, RecordingSpeaker


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


def test_the_mock_keeps_only_the_latest_of_an_evenings_speech(recorder, monkeypatch):
    monkeypatch.setattr(worker, "RECORD_MAX", 10)  # an evening's worth, shrunk
    for n in range(25):
        recorder.say(f"line {n}")
        assert recorder.wait_idle(5)  # (the queue drops the oldest waiting: speak each)
    assert len(recorder.spoken) <= 10 and recorder.spoken[-1] == "line 24"


def test_say_refuses_non_text_and_ignores_blank(recorder):
    with pytest.raises(TypeError, match="say\\(\\) takes a str, got int"):
        recorder.say(5)
    recorder.say("   ")
    assert recorder.wait_idle(5) and recorder.spoken == []


class GatedSpeaker(RecordingSpeaker):
    """A recording speaker whose worker holds each utterance until `gate` is set."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = threading.Event()

    def _speak(self, text: str) -> None:
        self.gate.wait(5)
        super()._speak(text)


def test_stop_drops_what_is_queued():
    s = GatedSpeaker()
    gate = s.gate
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


def test_the_configured_device_reaches_the_command_line():
    s = EspeakSpeaker(voice="en", device="plughw:CARD=Device,DEV=0")
    try:
        assert s.command("hi")[-4:] == ["-d", "plughw:CARD=Device,DEV=0", "--", "hi"]
    finally:
        s.close()


def test_real_espeak_ng_plays_on_a_named_device_and_fails_on_a_missing_one(caplog):
    # "null" is ALSA's discard device, there on every machine; an unknown name makes espeak-ng
    # print ALSA's chatter and an "error:" line, and exit 0.
    good = EspeakSpeaker(device="null")
    bad = EspeakSpeaker(device="nosuchcard")
    with caplog.at_level(logging.WARNING, logger="hw.speaker"):
        good.say("hello")
        bad.say("secret bid 13")
        assert good.wait_idle(20) and bad.wait_idle(20)
    good.close()
    bad.close()
    assert (good.failures, bad.failures) == (0, 1)
    assert "'nosuchcard'" in caplog.text and "error:" in caplog.text
    assert "secret" not in caplog.text


def test_alsa_chatter_on_a_spoken_utterance_is_no_failure(tmp_path, caplog):
    fake = fake_espeak(
        tmp_path, "echo 'ALSA lib pcm.c:8545:(snd_pcm_recover) underrun occurred' >&2; exit 0"
    )
    s = EspeakSpeaker(executable=str(fake), device="null")
    with caplog.at_level(logging.WARNING, logger="hw.speaker"):
        s.say("hello")
        assert s.wait_idle(10)
    s.close()
    assert s.failures == 0 and caplog.text == ""


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


def fake_espeak(tmp_path, body: str):
    """A stand-in espeak-ng: writes its PID, then runs ``body``."""
    fake = tmp_path / "espeak-ng"
    fake.write_text(f'#!/bin/sh\necho $$ > "{tmp_path}/pid"\n{body}\n')
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    return fake


def started_pid(tmp_path) -> int:
    pid_file = tmp_path / "pid"
    for _ in range(500):  # a safety net: the worker starts it at once
        if pid_file.exists() and pid_file.read_text().strip():
            return int(pid_file.read_text())
        threading.Event().wait(0.01)
    raise AssertionError("the fake espeak-ng never started")


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_stop_kills_the_espeak_ng_process_at_once(tmp_path):
    s = EspeakSpeaker(executable=str(fake_espeak(tmp_path, "exec sleep 30")))
    try:
        s.say("a long announcement")
        pid = started_pid(tmp_path)
        s.stop()
        assert s.wait_idle(3)  # not the 30 s the process would take
        assert gone(pid) and s.failures == 0  # stopped on purpose: not a failure
    finally:
        s.close()


def test_a_hung_espeak_ng_is_killed_and_the_next_utterance_is_spoken(tmp_path, caplog):
    s = EspeakSpeaker(executable=str(fake_espeak(tmp_path, "exec sleep 30")), timeout_s=0.2)
    s.rate = 6000  # the words' own time ≈ 0: the limit is timeout_s
    try:
        with caplog.at_level(logging.WARNING, logger="hw.speaker"):
            s.say("hello")
            pid = started_pid(tmp_path)
            assert s.wait_idle(10)
        assert gone(pid) and s.failures == 1 and "hung" in caplog.text
    finally:
        s.close()


def test_time_limit_grows_with_the_text():
    s = EspeakSpeaker(rate=150, timeout_s=10)
    try:
        assert s.time_limit("one") == pytest.approx(10.8)
        assert s.time_limit("one two three four five six seven eight nine ten") == 18
    finally:
        s.close()


def test_a_full_speech_queue_drops_the_oldest_utterance():
    s = GatedSpeaker()
    gate = s.gate
    try:
        s.say("first")  # taken by the worker, waiting on the gate
        while s._queue.qsize():  # safety net: the worker takes it at once
            threading.Event().wait(0.01)
        for i in range(QUEUE_LIMIT + 3):
            s.say(f"news {i}")
        gate.set()
        assert s.wait_idle(5)
    finally:
        s.close()
    assert s.spoken == ["first"] + [f"news {i}" for i in range(3, QUEUE_LIMIT + 3)]
    assert s.dropped == 3


def test_stop_just_as_the_next_utterance_is_taken_still_stops_it():
    class Hooked(RecordingSpeaker):
        queue_class = HookedQueue

    s = Hooked()
    s._queue.on_take = s.stop  # the stop lands between taking the item and starting it
    try:
        s.say("too late")
        assert s.wait_idle(5) and s.spoken == []
    finally:
        s.close()


# --- what a person sees of it: the command line, the WAV files, the log lines -------------------


def test_a_speaker_made_without_settings_speaks_as_the_shipped_config_does():
    from hw.backend import PiBackend
    from hw.config import SpeakerConfig

    app = PiBackend().speaker(SpeakerConfig())  # what the table runs with the defaults
    bare = EspeakSpeaker()
    try:
        assert bare.command("hi") == app.command("hi")
        assert bare.command("hi")[1:] == ["-v", "en", "-s", "150", "-a", "100", "--", "hi"]
        # The app gives no timeout: espeak-ng is hung after 10 s plus twice the words' time.
        assert app.time_limit("one") == pytest.approx(10 + 2 * 60 / 150)
    finally:
        bare.close()
        app.close()


def test_the_wav_files_are_numbered_from_one(tmp_path):
    s = EspeakSpeaker(wav_dir=tmp_path)
    try:
        names = [s.command(text)[-3] for text in ("one", "two")]
    finally:
        s.close()
    assert names == [str(tmp_path / "utterance-0001.wav"), str(tmp_path / "utterance-0002.wav")]


def test_missing_espeak_ng_says_which_program_and_how_to_install_it(tmp_path, caplog):
    missing = str(tmp_path / "nowhere" / "espeak-ng")
    with caplog.at_level(logging.WARNING, logger="hw.speaker"):
        EspeakSpeaker(executable=missing).close()
    assert [r.getMessage() for r in caplog.records] == [
        f"espeak-ng not found ({missing!r}): voice is off, the game goes on without it. "
        "Install it with: sudo apt install espeak-ng"
    ]


def speaker_warnings(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "hw.speaker"]


def test_espeak_ng_that_disappears_turns_voice_off_with_one_warning(tmp_path, caplog):
    fake = fake_espeak(tmp_path, "exit 0")
    s = EspeakSpeaker(executable=str(fake))
    fake.unlink()  # uninstalled while the game runs
    try:
        with caplog.at_level(logging.WARNING):
            s.say("one")
            assert s.wait_idle(5)
            s.say("two")
            assert s.wait_idle(5)
    finally:
        s.close()
    assert not s.enabled
    assert speaker_warnings(caplog) == [
        "espeak-ng disappeared: voice is off, the game goes on without it"
    ]


def test_espeak_ng_gets_no_terminal_input_and_its_output_stays_out_of_the_log(tmp_path):
    # The companion's own stdin may be a terminal (run by hand): espeak-ng must not read it,
    # nor write into the companion's output (the journal).
    seen = tmp_path / "fds"
    fake = fake_espeak(
        tmp_path, f'fds=$(readlink /proc/$$/fd/0 /proc/$$/fd/1); echo "$fds" > "{seen}"'
    )
    read_end, write_end = os.pipe()
    saved = os.dup(0)
    os.dup2(read_end, 0)  # the companion's stdin: a pipe someone could type into
    try:
        s = EspeakSpeaker(executable=str(fake))
        try:
            s.say("hello")
            assert s.wait_idle(5)
        finally:
            s.close()
    finally:
        os.dup2(saved, 0)
        for fd in (saved, read_end, write_end):
            os.close(fd)
    assert seen.read_text().split() == ["/dev/null", "/dev/null"]


def scripted_espeak(tmp_path):
    """A stand-in espeak-ng that does what its text (the last argument) says."""
    return fake_espeak(
        tmp_path,
        "for text; do :; done\n"
        'case "$text" in\n'
        "  hang) exec sleep 30 ;;\n"
        "  exit3) exit 3 ;;\n"
        "  chatter) printf 'ALSA lib a.c:1 one\\nALSA lib b.c:2 two\\nALSA lib c.c:3 three\\n' >&2;"
        " exit 1 ;;\n"
        "  two-errors) printf 'error: first\\nerror: second\\n' >&2 ;;\n"
        "  error-then-chatter) printf 'error: No such device\\nALSA lib d.c:4 after\\n' >&2 ;;\n"
        "esac",
    )


def test_each_kind_of_espeak_ng_failure_is_counted(tmp_path, caplog):
    s = EspeakSpeaker(executable=str(scripted_espeak(tmp_path)), timeout_s=0.5)
    s.rate = 6000  # the words' own time ≈ 0: the limit is timeout_s
    try:
        with caplog.at_level(logging.WARNING):
            for text in ("exit3", "hang", "exit3"):
                s.say(text)
                assert s.wait_idle(10)
    finally:
        s.close()
    assert s.failures == 3
    assert speaker_warnings(caplog)[1] == "espeak-ng hung for 1 s and was killed"


@pytest.mark.parametrize(
    ("text", "device", "shown"),
    [
        ("exit3", None, "sound device 'default' (exit 3): no message"),
        ("chatter", "null", "sound device 'null' (exit 1): ALSA lib c.c:3 three"),
        ("two-errors", None, "sound device 'default' (exit 0): error: first"),
        ("error-then-chatter", None, "sound device 'default' (exit 0): error: No such device"),
    ],
)
def test_a_failure_is_logged_with_the_device_the_exit_and_the_line_that_says_why(
    tmp_path, caplog, text, device, shown
):
    s = EspeakSpeaker(executable=str(scripted_espeak(tmp_path)), device=device)
    try:
        with caplog.at_level(logging.WARNING):
            s.say(text)
            assert s.wait_idle(5)
    finally:
        s.close()
    assert speaker_warnings(caplog) == [f"espeak-ng failed on {shown}"]
