"""Speech: a queued, non-blocking ``say`` on a worker thread; ``stop`` cuts it short.

:class:`EspeakSpeaker` runs espeak-ng (offline) on the ALSA device the config names (``-d``;
ALSA's ``default`` without one). espeak-ng can exit 0 after failing, so a line on stderr counts
as failure, except ALSA's own ``ALSA lib …`` chatter (an underrun, a plugin's notice), which
it prints while playing fine and which comes with an ``error:`` line when it does fail. One
that hangs is killed after a time that grows with the
text; the queue holds at most :data:`QUEUE_LIMIT` utterances (the oldest is dropped). If
espeak-ng is missing, voice is off with one warning and the game goes on.
:class:`RecordingSpeaker` is the mock: same queue and worker, records text. Spoken text is
never logged (the app decides what is public).

>>> s = RecordingSpeaker()
>>> s.say("Red scores 5")
>>> s.wait_idle(5)
True
>>> s.spoken
['Red scores 5']
>>> s.close()
"""

from __future__ import annotations

import itertools
import logging
import shutil
import subprocess
from pathlib import Path

from hw.worker import QueueWorker, record

log = logging.getLogger(__name__)

QUEUE_LIMIT = 8  # utterances waiting; a table that falls this far behind wants the latest news
ALSA_CHATTER = "ALSA lib "  # libasound's diagnostics: never the failure itself


def failure_lines(stderr: str) -> list[str]:
    r"""The lines of espeak-ng's ``stderr`` that say it failed (not ALSA's chatter).

    >>> failure_lines("ALSA lib pcm.c:8545:(snd_pcm_recover) underrun occurred\n")
    []
    >>> failure_lines("ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM x\n"
    ...               "error: No such file")
    ['error: No such file']
    """
    lines = (line.strip() for line in stderr.splitlines())
    return [line for line in lines if line and not line.startswith(ALSA_CHATTER)]


class Speaker(QueueWorker):
    """Base: a queue of utterances worked off one at a time by a daemon thread."""

    def __init__(self) -> None:
        super().__init__("hw-speaker", maxsize=QUEUE_LIMIT)

    @property
    def enabled(self) -> bool:
        return True

    def say(self, text: str) -> None:
        """Queue ``text`` to be spoken after what is already queued; returns at once."""
        if not isinstance(text, str):
            raise TypeError(f"say() takes a str, got {type(text).__name__}")
        if self.enabled and text.strip():
            self.put(text)

    def _work(self, item: object) -> None:
        self._speak(str(item))

    def _speak(self, text: str) -> None:
        raise NotImplementedError


class RecordingSpeaker(Speaker):
    """The mock speaker: records what would have been said, in order."""

    def __init__(self) -> None:
        self.spoken: list[str] = []
        super().__init__()

    def _speak(self, text: str) -> None:
        record(self.spoken, text)


class SilentSpeaker(Speaker):
    """Voice switched off in the config: ``say`` is accepted and dropped."""

    @property
    def enabled(self) -> bool:
        return False

    def _speak(self, text: str) -> None:
        pass


class EspeakSpeaker(Speaker):
    """espeak-ng with voice, rate (words per minute), volume (amplitude 0–200) and the ALSA
    ``device`` to play on (None: ALSA's ``default``).

    ``wav_dir`` writes each utterance to a numbered WAV file instead of the sound card
    (for tests, and for machines without audio).
    """

    def __init__(
        self,
        *,
        voice: str = "en",
        rate: int = 150,
        volume: int = 100,
        device: str | None = None,
        executable: str = "espeak-ng",
        wav_dir: str | Path | None = None,
        timeout_s: float = 10.0,
    ) -> None:
        self.voice = voice
        self.rate = rate
        self.volume = volume
        self.device = device
        self.wav_dir = Path(wav_dir) if wav_dir is not None else None
        self.failures = 0
        self._counter = itertools.count(1)
        self.timeout_s = timeout_s
        self._proc: subprocess.Popen[str] | None = None
        found = shutil.which(executable)
        self.executable = found
        if found is None:
            log.warning(
                "espeak-ng not found (%r): voice is off, the game goes on without it. "
                "Install it with: sudo apt install espeak-ng",
                executable,
            )
        super().__init__()

    @property
    def enabled(self) -> bool:
        return self.executable is not None

    def command(self, text: str) -> list[str]:
        """The espeak-ng command line for ``text`` (text last, after ``--``)."""
        cmd = [str(self.executable), "-v", self.voice, "-s", str(self.rate), "-a", str(self.volume)]
        if self.wav_dir is not None:
            cmd += ["-w", str(self.wav_dir / f"utterance-{next(self._counter):04d}.wav")]
        elif self.device is not None:
            cmd += ["-d", self.device]
        return [*cmd, "--", text]

    def time_limit(self, text: str) -> float:
        """How long espeak-ng may take for ``text`` before it counts as hung: ``timeout_s``
        plus twice the time the words take at the configured rate."""
        return self.timeout_s + 2 * 60 * max(1, len(text.split())) / self.rate

    def _speak(self, text: str) -> None:
        if not self.enabled:
            return
        try:
            with self._lock:  # the lock stop() takes: a stop either comes first or kills it
                if self.cancel.is_set():
                    return
                proc = self._proc = subprocess.Popen(
                    self.command(text),
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.PIPE,
                    text=True,
                )
        except FileNotFoundError:
            self.executable = None
            log.warning("espeak-ng disappeared: voice is off, the game goes on without it")
            return
        limit = self.time_limit(text)
        try:
            _, err = proc.communicate(timeout=limit)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            self.failures += 1
            log.warning("espeak-ng hung for %.0f s and was killed", limit)
            return
        finally:
            with self._lock:
                self._proc = None
        if self.cancel.is_set():
            return  # stopped on purpose: not a failure
        failed = failure_lines(err)
        if proc.returncode != 0 or failed:
            self.failures += 1
            first = failed[0] if failed else (err.strip().splitlines() or ["no message"])[-1]
            log.warning(
                "espeak-ng failed on sound device %r (exit %s): %s",
                self.device or "default",
                proc.returncode,
                first,
            )

    def _interrupt(self) -> None:
        if self._proc is not None and self._proc.poll() is None:
            self._proc.terminate()
