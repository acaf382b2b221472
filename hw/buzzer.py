"""The buzzer: short tones and named cues, played in the background on gpiozero's TonalBuzzer.

>>> from gpiozero.pins.mock import MockFactory, MockPWMPin
>>> factory = MockFactory(revision="d04170", pin_class=MockPWMPin)
>>> b = RecordingBuzzer(18, pin_factory=factory, sleep=lambda s: None)
>>> b.cue("turn")
>>> b.wait_idle(5)
True
>>> b.played
[('A5', 0.08)]
>>> b.close()
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from gpiozero import TonalBuzzer
from gpiozero.tones import Tone

from hw.worker import QueueWorker, record

Note = tuple[str, float]  # (note name such as "A5", seconds); "" is a rest
Step = tuple[int | None, float]  # (semitones from the buzzer's mid tone, seconds); None is a rest

# Short cues the app can use; none of them may depend on a secret choice. They are written
# relative to the configured mid tone (an A major arpeggio on A5 by default) and never go more
# than an octave down or up, so they fit every accepted mid_tone with any accepted octaves.
CUES: dict[str, tuple[Step, ...]] = {
    "turn": ((0, 0.08),),
    "confirm": ((-5, 0.06), (0, 0.08)),
    "reveal": ((-12, 0.08), (-8, 0.08), (-5, 0.12)),
    "error": ((-5, 0.12), (None, 0.05), (-12, 0.2)),
    "fault": ((-12, 0.3),),
}


def cue_notes(name: str, mid_tone: str) -> tuple[Note, ...]:
    """The notes of cue ``name`` played around ``mid_tone``.

    >>> cue_notes("reveal", "A5")
    (('A4', 0.08), ('C#5', 0.08), ('E5', 0.12))
    >>> cue_notes("turn", "C5")
    (('C5', 0.08),)
    """
    if name not in CUES:
        raise ValueError(f"unknown cue {name!r}; accepted: {', '.join(CUES)}")
    mid = Tone(mid_tone).midi
    return tuple(
        ("" if step is None else Tone.from_midi(mid + step).note, seconds)
        for step, seconds in CUES[name]
    )


class Buzzer(QueueWorker):
    """A passive buzzer on a PWM-capable GPIO, through a transistor; ``play`` queues notes and
    returns at once."""

    def __init__(
        self,
        pin: int,
        *,
        pin_factory: Any = None,
        mid_tone: str = "A5",
        octaves: int = 1,
        sleep: Callable[[float], object] | None = None,
    ) -> None:
        self.device = TonalBuzzer(
            pin, mid_tone=Tone(mid_tone), octaves=octaves, pin_factory=pin_factory
        )
        # Waiting on the item's cancel event lets stop() cut a long note short; tests inject
        # a no-op.
        self._sleep = sleep or (lambda seconds: self.cancel.wait(seconds))
        self._cues: dict[str, tuple[Note, ...]] = {}
        super().__init__("hw-buzzer")

    def play(self, notes: Sequence[Note]) -> None:
        """Queue ``notes``; a note outside the buzzer's range is refused before anything plays."""
        self.put(self._checked(notes))

    def _checked(self, notes: Sequence[Note]) -> tuple[Note, ...]:
        checked = []
        for name, seconds in notes:
            if name:
                tone = Tone(name)
                lo, hi = self.device.min_tone, self.device.max_tone
                if not lo.frequency <= tone.frequency <= hi.frequency:
                    raise ValueError(
                        f"note {name!r} is outside this buzzer's range {lo.note}–{hi.note}"
                    )
            if not 0 < seconds <= 2:
                raise ValueError(f"note length must be 0–2 s, got {seconds!r}")
            checked.append((name, float(seconds)))
        return tuple(checked)

    def beep(self, note: str = "A5", seconds: float = 0.08) -> None:
        self.play([(note, seconds)])

    def cue(self, name: str) -> None:
        """Play a named cue from :data:`CUES`, around this buzzer's mid tone (its notes worked
        out and checked once: a reveal's cue is part of a press that redraws every panel)."""
        notes = self._cues.get(name)
        if notes is None:
            notes = self._cues[name] = self._checked(cue_notes(name, self.device.mid_tone.note))
        self.put(notes)

    def close(self) -> None:
        super().close()
        self.device.close()

    def _work(self, item: object) -> None:
        try:
            for name, seconds in item:  # type: ignore[attr-defined]
                if self.cancel.is_set():
                    break
                self._note(name, seconds)
        finally:
            self.device.stop()

    def _note(self, name: str, seconds: float) -> None:
        if name:
            self.device.play(Tone(name))
        else:
            self.device.stop()
        self._sleep(seconds)


class RecordingBuzzer(Buzzer):
    """The mock buzzer: the same driver on mock pins, plus a record of the notes played."""

    def __init__(self, pin: int, **kwargs: Any) -> None:
        self.played: list[Note] = []
        super().__init__(pin, **kwargs)

    def _note(self, name: str, seconds: float) -> None:
        record(self.played, (name, seconds))
        super()._note(name, seconds)
