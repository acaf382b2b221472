"""SIGTERM (systemd stopping the service) and SIGINT (Ctrl-C) for `companion run`, acted on by a
thread of their own, never inside a signal handler: a handler interrupts the main thread
anywhere, even inside the event queue's lock, and a second Ctrl-C can land inside the first's.

Both are blocked in every thread, so none runs a handler or dies of one, and one thread waits
for them with `sigwait`. The block must come before any thread starts (each thread inherits the
mask of the thread that starts it); luma.core starts a thread pool when it is imported, so
`hold_stop_signals` is called before the table's modules are: this module imports neither.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Callable

STOP_SIGNALS = {signal.SIGTERM, signal.SIGINT}
_stop: list[Callable[[], None]] = []  # what the first signal does, once the table is ready


def hold_stop_signals() -> threading.Thread:
    """From now on SIGTERM and SIGINT are blocked and one thread waits for them. Before
    `stop_on_signals` the first one ends the process at once, as the signal would (nothing is
    being played yet); after it, it calls the function given there."""
    signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    waiter = threading.Thread(target=_wait, name="stop-signals", daemon=True)
    waiter.start()
    return waiter


def stop_on_signals(stop: Callable[[], None]) -> None:
    """The first SIGTERM or SIGINT (held since `hold_stop_signals`) calls `stop` on the waiting
    thread; later ones stay blocked and change nothing."""
    _stop.append(stop)


def _wait() -> None:
    signum = signal.sigwait(STOP_SIGNALS)
    if not _stop:  # still starting: end as the signal would have
        print("companion run: stopped while starting", file=sys.stderr, flush=True)
        os._exit(128 + signum)
    _stop[0]()
