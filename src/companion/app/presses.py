"""Pressing a pad's buttons through its mock pins, as a finger would: the same gpiozero path.

With the input hub not started and a virtual clock, each press is: pin down, time passes,
the hub is pumped (debounce, long press), pin up, time passes, pumped. No real time is spent,
so a whole game can run flat out and still go through debounce and long-press detection.
"""

from __future__ import annotations

import time

from hw.events import Btn
from hw.hardware import Hardware

HOLD = 0.05  # longer than any sensible debounce
LONG = 1.0  # longer than the long press (0.8 s by default)


class VirtualClock:
    """Time that moves only when told to (the hub and the devices read it)."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class Presser:
    """Presses buttons on a mock `hw`. With a VirtualClock the hub must be built with that
    clock and `start=False` (this pumps it); without, the hub's own thread runs in real time."""

    def __init__(self, hw: Hardware, clock: VirtualClock | None = None) -> None:
        self.hw, self.clock = hw, clock
        hold = max(HOLD, hw.config.input.debounce * 2)
        self.hold = hold
        self.long = max(LONG, hw.config.input.long_press + hold)

    def _step(self, seconds: float) -> None:
        if self.clock is None:
            time.sleep(seconds)
            return
        self.clock.advance(seconds)
        self.hw.input.pump()

    def press(self, player: str, button: str) -> None:
        """'left', 'right', 'select' or 'long' (● held past the long-press time)."""
        btn = Btn.SELECT if button == "long" else Btn(button)
        self.hw.drive(player, btn, True)
        self._step(self.hold)
        if button == "long":
            self._step(self.long)
        self.hw.drive(player, btn, False)
        self._step(self.hold)
