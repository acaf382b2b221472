"""The piezo: short tones and named cues, played in the background on gpiozero's TonalBuzzer.

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

from hw.worker import QueueWorker

Note = tuple[str, float]  # (note name such as "A5", seconds); "" is a rest

# Short cues the app can use; none of them may depend on a secret choice.
CUES: dict[str, tuple[Note, ...]] = {
    "turn": (("A5", 0.08),),
    "confirm": (("E5", 0.06), ("A5", 0.08)),
    "reveal": (("A4", 0.08), ("C#5", 0.08), ("E5", 0.12)),
    "error": (("E5", 0.12), ("", 0.05), ("A4", 0.2)),
    "fault": (("A4", 0.3),),
}


class Buzzer(QueueWorker):
    """A passive piezo on a PWM-capable GPIO; ``play`` queues notes and returns at once."""

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
        super().__init__("hw-buzzer")

    def play(self, notes: Sequence[Note]) -> None:
        """Queue ``notes``; a note outside the buzzer's range is refused before anything plays."""
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
        self.put(tuple(checked))

    def beep(self, note: str = "A5", seconds: float = 0.08) -> None:
        self.play([(note, seconds)])

    def cue(self, name: str) -> None:
        """Play a named cue from :data:`CUES`."""
        if name not in CUES:
            raise ValueError(f"unknown cue {name!r}; accepted: {', '.join(CUES)}")
        self.play(CUES[name])

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
        self.played.append((name, seconds))
        super()._note(name, seconds)
