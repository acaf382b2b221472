"""Degraded-device bookkeeping: mark a device down, retry it with back-off, report both ways.

A display or bus error must never stop the game, so drivers wrap every bus call and let this
decide when to try again.

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
    ) -> None:
        self.name = name
        self._clock = clock
        self._notify = notify
        self._first = first_delay
        self._max = max_delay
        self._delay = first_delay
        self.degraded = False
        self.next_retry = 0.0
        self.last_error = ""

    def failed(self, exc: BaseException) -> None:
        """Record a failure: the first one logs and notifies, later ones only push back."""
        now = self._clock()
        self.last_error = describe(exc)
        if not self.degraded:
            self.degraded = True
            self._delay = self._first
            log.warning("%s degraded (%s); the game goes on without it", self.name, self.last_error)
            if self._notify:
                self._notify(DeviceFault(self.name, False, self.last_error, now))
        else:
            self._delay = min(self._delay * 2, self._max)
        self.next_retry = now + self._delay

    def ok(self) -> None:
        """Record a success; a degraded device is announced as recovered."""
        if self.degraded:
            self.degraded = False
            log.info("%s answers again", self.name)
            if self._notify:
                self._notify(DeviceFault(self.name, True, "", self._clock()))

    def due(self) -> bool:
        """Whether a degraded device should be tried again now."""
        return self.degraded and self._clock() >= self.next_retry
