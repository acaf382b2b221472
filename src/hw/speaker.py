"""Speech: a queued, non-blocking ``say`` on a worker thread; ``stop`` cuts it short.

:class:`EspeakSpeaker` runs espeak-ng (offline). espeak-ng can exit 0 after failing, so any
output on stderr counts as failure. If espeak-ng is missing, voice is off with one warning and
the game goes on. :class:`RecordingSpeaker` is the mock: same queue and worker, records text.
Spoken text is never logged (the app decides what is public).

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
import threading
from pathlib import Path

from hw.worker import QueueWorker

log = logging.getLogger(__name__)


class Speaker(QueueWorker):
    """Base: a queue of utterances worked off one at a time by a daemon thread."""

    def __init__(self) -> None:
        super().__init__("hw-speaker")

    @property
    def enabled(self) -> bool:
        return True

    def say(self, text: str) -> None:
        """Queue ``text`` to be spoken after what is already queued; returns at once."""
        if not isinstance(text, str):
            raise TypeError(f"say() takes a str, got {type(text).__name__}")
        if self.enabled and text.strip():
            self._queue.put(text)

    def _work(self, item: object) -> None:
        try:
            self._speak(str(item))
        except Exception:  # a failing utterance must not kill the worker
            log.exception("speech failed")

    def _speak(self, text: str) -> None:
        raise NotImplementedError


class RecordingSpeaker(Speaker):
    """The mock speaker: records what would have been said, in order."""

    def __init__(self) -> None:
        self.spoken: list[str] = []
        super().__init__()

    def _speak(self, text: str) -> None:
        self.spoken.append(text)


class SilentSpeaker(Speaker):
    """Voice switched off in the config: ``say`` is accepted and dropped."""

    @property
    def enabled(self) -> bool:
        return False

    def _speak(self, text: str) -> None:
        pass


class EspeakSpeaker(Speaker):
    """espeak-ng with voice, rate (words per minute) and volume (amplitude 0–200).

    ``wav_dir`` writes each utterance to a numbered WAV file instead of the sound card
    (for tests, and for machines without audio).
    """

    def __init__(
        self,
        *,
        voice: str = "en",
        rate: int = 150,
        volume: int = 100,
        executable: str = "espeak-ng",
        wav_dir: str | Path | None = None,
    ) -> None:
        self.voice = voice
        self.rate = rate
        self.volume = volume
        self.wav_dir = Path(wav_dir) if wav_dir is not None else None
        self.failures = 0
        self._counter = itertools.count(1)
        self._proc: subprocess.Popen[str] | None = None
        self._proc_lock = threading.Lock()
        self._stopping = False
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
        return [*cmd, "--", text]

    def _speak(self, text: str) -> None:
        if not self.enabled:
            return
        try:
            with self._proc_lock:
                self._stopping = False
                self._proc = subprocess.Popen(
                    self.command(text),
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.PIPE,
                    text=True,
                )
            _, err = self._proc.communicate()
        except FileNotFoundError:
            self.executable = None
            log.warning("espeak-ng disappeared: voice is off, the game goes on without it")
            return
        finally:
            with self._proc_lock:
                proc, self._proc = self._proc, None
        if self._stopping:
            return
        if proc is not None and (proc.returncode != 0 or err.strip()):
            self.failures += 1
            first = err.strip().splitlines()[0] if err.strip() else "no message"
            log.warning("espeak-ng failed (exit %s): %s", proc.returncode, first)

    def _interrupt(self) -> None:
        with self._proc_lock:
            if self._proc is not None and self._proc.poll() is None:
                self._stopping = True
                self._proc.terminate()
