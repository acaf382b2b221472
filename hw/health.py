"""Degraded-device bookkeeping: mark a device down, retry it with back-off, report both ways.

A display or bus error must never stop the game, so drivers wrap every bus call and let this
decide when to try again. The wait doubles up to 30 s, and it only falls back to 1 s once the
device has worked for a minute: a flaky cable gives ever rarer fault / recovered pairs, not a
flood. A permission error is not a loose cable: the device gives up (:meth:`Health.give_up`)
and waits for a person.

>>> t = [0.0]
>>> h = Health("main display", clock=lambda: t[0])
>>> h.failed(OSError(121, "Remote I/O error"))
>>> h.degraded, h.due()
(True, False)
>>> t[0] = 1.0
>>> h.due()
True
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from hw.events import DeviceFault, Event

log = logging.getLogger(__name__)

# Errors that mean "the bus or device did not answer"; anything else is a bug and propagates.
try:
    from luma.core.error import Error as _LumaError
except ImportError:  # pragma: no cover - luma is a dependency
    _LumaError = OSError  # type: ignore[misc,assignment]
BUS_ERRORS: tuple[type[BaseException], ...] = (OSError, _LumaError)


def describe(exc: BaseException) -> str:
    """A short, content-free description of a bus error (for logs and fault events)."""
    errno = getattr(exc, "errno", None)
    text = getattr(exc, "strerror", None) or str(exc)
    return f"{type(exc).__name__}" + (f" [errno {errno}]" if errno else "") + f": {text}"


class Health:
    """Tracks one device: healthy, or degraded until the next retry is due."""

    def __init__(
        self,
        name: str,
        *,
        clock: Callable[[], float] = time.monotonic,
        notify: Callable[[Event], None] | None = None,
        first_delay: float = 1.0,
        max_delay: float = 30.0,
        stable_after: float = 60.0,
    ) -> None:
        self.name = name
        self._clock = clock
        self._notify = notify
        self._first = first_delay
        self._max = max_delay
        self._stable_after = stable_after
        self._delay = first_delay
        self._recovered_at = float("-inf")
        self.degraded = False
        self.gave_up = False
        self.next_retry = 0.0
        self.last_error = ""

    def failed(self, exc: BaseException) -> None:
        """Record a failure: the first one logs and notifies, later ones only push back."""
        now = self._clock()
        self.last_error = describe(exc)
        if not self.degraded:
            self.degraded = True
            if now - self._recovered_at >= self._stable_after:
                self._delay = self._first
            else:  # failed again soon after coming back: keep backing off (hysteresis)
                self._delay = min(self._delay * 2, self._max)
            log.warning("%s degraded (%s); the game goes on without it", self.name, self.last_error)
            if self._notify:
                self._notify(DeviceFault(self.name, False, self.last_error, now))
        else:
            self._delay = min(self._delay * 2, self._max)
        self.next_retry = now + self._delay

    def give_up(self, reason: str) -> None:
        """Stop retrying: only a person can fix this (``reason`` says how)."""
        announce = not self.degraded or not self.gave_up
        self.degraded = self.gave_up = True
        self.last_error = reason
        if announce:
            log.error("%s: %s", self.name, reason)
            if self._notify:
                self._notify(DeviceFault(self.name, False, reason, self._clock()))

    def ok(self) -> None:
        """Record a success; a degraded device is announced as recovered."""
        self.gave_up = False
        if self.degraded:
            self.degraded = False
            self._recovered_at = self._clock()
            log.info("%s answers again", self.name)
            if self._notify:
                self._notify(DeviceFault(self.name, True, "", self._clock()))

    def due(self) -> bool:
        """Whether a degraded device should be tried again now."""
        return self.degraded and not self.gave_up and self._clock() >= self.next_retry
