"""SIGTERM (systemd stopping the service) and SIGINT (Ctrl-C) for `companion run`, acted on by a
thread of their own, never inside a signal handler: a handler interrupts the main thread
anywhere, even inside the event queue's lock, and a second Ctrl-C can land inside the first's.

Both are blocked in every thread, so none runs a handler or dies of one, and one thread waits
for them with `sigwait`. The block must come before any thread starts (each thread inherits the
mask of the thread that starts it); luma.core starts a thread pool when it is imported, so
`hold_stop_signals` is called before the table's modules are: this module imports neither.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable

STOP_SIGNALS = {signal.SIGTERM, signal.SIGINT}


def hold_stop_signals() -> None:
    """From now on SIGTERM and SIGINT wait, blocked, for `stop_on_signals`."""
    signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)


def stop_on_signals(stop: Callable[[], None]) -> threading.Thread:
    """The first SIGTERM or SIGINT (held since `hold_stop_signals`) calls `stop` on a thread of
    its own; later ones stay blocked and change nothing."""

    def wait() -> None:
        signal.sigwait(STOP_SIGNALS)
        stop()

    waiter = threading.Thread(target=wait, name="stop-signals", daemon=True)
    waiter.start()
    return waiter
