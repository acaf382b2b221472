"""The simple event objects that come out of the HAL's one event queue.

Pad events say *which* button did *what*, never what a press means (that is the session's
business). They are not safe to log all the same: during a secret step the count of ◀ ▶ presses
before ● on a known menu gives the sealed choice away.

>>> PadEvent("red", Btn.SELECT, Kind.PRESS, at=1.5)
PadEvent(player='red', button=<Btn.SELECT: 'select'>, kind=<Kind.PRESS: 'press'>, at=1.5, detail='')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Btn(StrEnum):
    """The three buttons of a pad: ◀ ▶ ●."""

    LEFT = "left"
    RIGHT = "right"
    SELECT = "select"

    @property
    def symbol(self) -> str:
        return {"left": "◀", "right": "▶", "select": "●"}[self.value]


class Kind(StrEnum):
    """What happened on a pad."""

    PRESS = "press"
    LONG_PRESS = "long_press"  # ● held past the long-press time (back / undo)
    REPEAT = "repeat"  # ◀ or ▶ still held: auto-repeat
    STUCK = "stuck"  # a button pressed at start or held too long: the pad is now faulty
    RECOVERED = "recovered"  # the stuck button was released: the pad works again


@dataclass(frozen=True, slots=True)
class PadEvent:
    """One thing a player did on a pad (or a pad fault)."""

    player: str
    button: Btn
    kind: Kind
    at: float
    detail: str = ""

    @property
    def is_fault(self) -> bool:
        return self.kind in (Kind.STUCK, Kind.RECOVERED)


@dataclass(frozen=True, slots=True)
class DeviceFault:
    """A display, matrix or bus stopped answering (``recovered=False``) or came back."""

    device: str
    recovered: bool
    reason: str
    at: float


Event = PadEvent | DeviceFault
