"""Pad input as a pure state machine (debounce, long press, auto-repeat, stuck buttons).

Nothing here reads a clock or starts a thread: every call is given ``now``, so tests drive
time by hand and never sleep.

>>> from hw.input import PadInput, InputTiming
>>> pad = PadInput("red", InputTiming(), now=0.0)
>>> pad.feed(Btn.LEFT, True, 0.0)
[]
>>> [e.kind.value for e in pad.tick(0.05)]   # stable for longer than the debounce time
['press']

Policy per button: ◀ and ▶ report ``press`` when they go down and then ``repeat`` while held;
● reports ``press`` when released (so that holding it can mean something else) and
``long_press`` once it has been held for ``long_press`` seconds. A button that is down at start,
or held longer than ``stuck_after``, marks the whole pad faulty (``stuck``); the pad stays silent
until that button is released (``recovered``).
"""

from __future__ import annotations

import logging
import queue
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from gpiozero.threads import GPIOThread

from hw.checked import HERE, Checked, setting
from hw.events import Btn, Event, Kind, PadEvent
from hw.worker import stop_thread, waking_thread

log = logging.getLogger(__name__)

_REPEATING = (Btn.LEFT, Btn.RIGHT)
_EPS = 1e-9  # float slack so that 0.5 + 0.15 + 0.15 is due at 0.8


def _seconds(default: float, toml: str, low: float, high: float) -> float:
    """A time in seconds within what a hand at a table can mean (1e-300 would flood the queue)."""
    return setting(
        default,
        accept=f"seconds, {low:g}–{high:g}",
        check=lambda v: low <= v <= high,  # NaN is refused too
        toml=toml,
    )


@dataclass(frozen=True)
class InputTiming(Checked):
    """Times in seconds (``[input]``: ``debounce_s`` …). Defaults suit tactile buttons and people
    at a table; values that cannot work together are refused when built."""

    debounce: float = _seconds(0.03, "debounce_s", 0.001, 0.5)
    long_press: float = _seconds(0.8, "long_press_s", 0.1, 10)
    repeat_delay: float = _seconds(0.5, "repeat_delay_s", 0.05, 5)
    repeat_interval: float = _seconds(0.15, "repeat_interval_s", 0.02, 2)  # ≤ 50 repeats a second
    stuck_after: float = _seconds(30.0, "stuck_after_s", 1, 3600)

    def _cross_check(self) -> list[str]:
        problems = []
        if self.long_press >= self.stuck_after:
            problems.append(f"stuck_after_s: must be longer than {HERE}long_press_s")
        if self.debounce >= self.long_press:
            problems.append(f"debounce_s: must be shorter than {HERE}long_press_s")
        return problems


@dataclass(slots=True)
class _ButtonState:
    raw: bool = False
    raw_since: float = 0.0
    stable: bool = False
    pressed_at: float = 0.0
    long_fired: bool = False
    next_repeat: float = 0.0
    stuck: bool = False


@dataclass
class PadInput:
    """The input state of one pad; feed it edges, tick it with the time, collect events."""

    player: str
    timing: InputTiming
    now: float
    initially_pressed: Iterable[Btn] = ()
    _buttons: dict[Btn, _ButtonState] = field(init=False)
    _pending: list[PadEvent] = field(init=False)

    def __post_init__(self) -> None:
        self._buttons = {b: _ButtonState(raw_since=self.now) for b in Btn}
        self._pending = []
        for b in self.initially_pressed:
            st = self._buttons[Btn(b)]
            st.raw = st.stable = st.stuck = True
            st.pressed_at = self.now
            self._pending.append(
                PadEvent(self.player, Btn(b), Kind.STUCK, self.now, "pressed at start")
            )

    @property
    def faulty(self) -> bool:
        """True while any button of this pad is stuck."""
        return any(st.stuck for st in self._buttons.values())

    def is_pressed(self, button: Btn) -> bool:
        """The debounced state of ``button``."""
        return self._buttons[button].stable

    def feed(self, button: Btn, pressed: bool, now: float) -> list[PadEvent]:
        """Record a raw edge seen at ``now``; returns events that became due before it."""
        events = self.tick(now)
        st = self._buttons[button]
        if pressed != st.raw:
            st.raw = pressed
            st.raw_since = now
        return events

    def next_due(self) -> float | None:
        """The earliest time a :meth:`tick` may have something to report (debounce ending, long
        press, repeat, stuck button); None while every button rests: nothing to wait for."""
        if self._pending:
            return float("-inf")
        t = self.timing
        due: list[float] = []
        for button, st in self._buttons.items():
            if st.raw != st.stable:
                due.append(st.raw_since + t.debounce)
            if not st.stable:
                continue
            if not st.stuck:
                due.append(st.pressed_at + t.stuck_after)
            if self.faulty:
                continue
            if button is Btn.SELECT:
                if not st.long_fired:
                    due.append(st.pressed_at + t.long_press)
            else:
                due.append(st.next_repeat)
        return min(due, default=None)

    def tick(self, now: float) -> list[PadEvent]:
        """Advance to ``now``; returns the events that are due, oldest first."""
        events, self._pending = self._pending, []
        t = self.timing
        for button, st in self._buttons.items():
            # Debounce: a level counts once it has been steady for `debounce` seconds.
            if st.raw != st.stable and now - st.raw_since + _EPS >= t.debounce:
                events.extend(self._settle(button, st, now))
            if not st.stable:
                continue
            held = now - st.pressed_at
            if not st.stuck and held + _EPS >= t.stuck_after:
                st.stuck = True
                events.append(PadEvent(self.player, button, Kind.STUCK, now, f"held {held:.0f} s"))
                continue
            if self.faulty:
                continue
            if button is Btn.SELECT:
                if not st.long_fired and held + _EPS >= t.long_press:
                    st.long_fired = True
                    events.append(PadEvent(self.player, button, Kind.LONG_PRESS, now))
            elif now + _EPS >= st.next_repeat:
                events.append(PadEvent(self.player, button, Kind.REPEAT, now))
                st.next_repeat += t.repeat_interval
                if st.next_repeat <= now + _EPS:  # after a gap in ticks: no burst of repeats
                    st.next_repeat = now + t.repeat_interval
        return events

    def _settle(self, button: Btn, st: _ButtonState, now: float) -> list[PadEvent]:
        st.stable = st.raw
        if st.stable:
            st.pressed_at = st.raw_since
            st.long_fired = False
            st.next_repeat = st.pressed_at + self.timing.repeat_delay
            if button in _REPEATING and not self.faulty:
                return [PadEvent(self.player, button, Kind.PRESS, now)]
            return []
        if st.stuck:
            st.stuck = False
            if not self.faulty:
                return [PadEvent(self.player, button, Kind.RECOVERED, now)]
            return []
        if button is Btn.SELECT and not st.long_fired and not self.faulty:
            return [PadEvent(self.player, button, Kind.PRESS, now)]
        return []


class InputHub:
    """Turns raw edges from hardware callbacks into a queue of :class:`PadEvent`.

    Hardware callbacks arrive on gpiozero's threads and only call :meth:`edge`, which enqueues.
    One worker thread (or a test calling :meth:`pump`) owns every :class:`PadInput`, so the
    state machines need no locks. The app reads :attr:`events` from its one loop.

    >>> hub = InputHub(InputTiming(), clock=lambda: 0.0)
    >>> hub.add_pad("red")
    >>> hub.edge("red", Btn.LEFT, True)
    >>> hub.pump(now=1.0)
    >>> hub.events.get_nowait().kind.value
    'press'
    """

    def __init__(
        self,
        timing: InputTiming,
        *,
        clock: Callable[[], float] = time.monotonic,
        events: queue.Queue[Event] | None = None,
    ) -> None:
        self.timing = timing
        self.clock = clock
        self.events: queue.Queue[Event] = events if events is not None else queue.Queue()
        self._raw: queue.SimpleQueue[tuple[str, Btn, bool, float]] = queue.SimpleQueue()
        self._pads: dict[str, PadInput] = {}
        self._thread: GPIOThread | None = None
        self.errors = 0  # exceptions the input thread caught and survived

    def add_pad(self, player: str, initially_pressed: Iterable[Btn] = ()) -> None:
        """Register a pad (before :meth:`start`); buttons already down mark it faulty."""
        self._pads[player] = PadInput(player, self.timing, self.clock(), initially_pressed)

    def faulty_players(self) -> frozenset[str]:
        """Players whose pad currently has a stuck button."""
        return frozenset(p for p, pad in self._pads.items() if pad.faulty)

    def edge(self, player: str, button: Btn, pressed: bool) -> None:
        """Called from hardware callbacks (any thread): stamp and enqueue, nothing else."""
        self._raw.put((player, button, pressed, self.clock()))

    def next_due(self) -> float | None:
        """When :meth:`pump` may next have an event to emit (None: not before an edge)."""
        return min(
            (d for pad in self._pads.values() if (d := pad.next_due()) is not None), default=None
        )

    def pump(self, now: float | None = None) -> None:
        """Process queued edges and tick every pad; events go to :attr:`events`."""
        while True:
            try:
                raw = self._raw.get_nowait()
            except queue.Empty:
                break
            self._feed(raw)
        now = self.clock() if now is None else now
        for pad in self._pads.values():
            self._emit(pad.tick(now))

    def _feed(self, raw: tuple[str, Btn, bool, float] | None) -> None:
        if raw is not None:  # None only wakes the thread
            player, button, pressed, at = raw
            self._emit(self._pads[player].feed(button, pressed, at))

    def _emit(self, events: list[PadEvent]) -> None:
        for e in events:
            self.events.put(e)

    def start(self) -> None:
        """Run :meth:`pump` on a ``GPIOThread`` (see :mod:`hw.worker`) until :meth:`close`.

        The thread sleeps until an edge arrives or a pad has something due (a debounce ending, a
        long press, a repeat): with every button at rest it blocks without a timeout."""
        if self._thread is None:
            self._thread = waking_thread(self._run, "hw-input", lambda: self._raw.put(None))
            self._thread.start()

    def wait_time(self) -> float | None:
        """Seconds the input thread may sleep before its next pump (None: until an edge)."""
        due = self.next_due()
        return None if due is None else max(0.0, due - self.clock())

    def _run(self) -> None:
        assert self._thread is not None
        stopping = self._thread.stopping
        while not stopping.is_set():
            try:
                try:
                    raw = self._raw.get(timeout=self.wait_time())
                except queue.Empty:
                    raw = None
                self._feed(raw)
                self.pump()
            except Exception:  # one bad edge or bug must not silence every pad
                self.errors += 1
                if self.errors & (self.errors - 1) == 0:  # the 1st, 2nd, 4th … : no flood
                    log.exception("input loop error #%d; the pads keep working", self.errors)

    def close(self) -> None:
        thread, self._thread = self._thread, None
        stop_thread(thread, timeout=1.0)
