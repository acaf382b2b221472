"""Pad input on its schedule: times that only just clash are refused, every event carries the
moment it was reported, and what is due comes at the very moment next_due() names, as the
input thread wakes for it; auto-repeat keeps its rhythm when a tick comes late."""

from __future__ import annotations

import tomllib

import pytest
from hw_testing import CONFIG, with_edits

from hw.config import ConfigError, parse_config
from hw.events import Btn, Kind, PadEvent
from hw.input import InputTiming, PadInput

PI = tomllib.loads((CONFIG / "pi.toml").read_text())
T = InputTiming(
    debounce=0.03, long_press=0.8, repeat_delay=0.5, repeat_interval=0.15, stuck_after=30
)
START = 1000.0  # a monotonic clock is far from 0 at the table


def refused(**inputs: float) -> list[str]:
    """The problems for pi.toml with these ``[input]`` times."""
    data = with_edits(PI, **{f"input.{key}": value for key, value in inputs.items()})
    with pytest.raises(ConfigError) as info:
        parse_config(data, "pi.toml")
    return info.value.problems


def wake_until(pad: PadInput, end: float) -> list[tuple[float, PadEvent]]:
    """Tick the pad at each moment next_due() names up to ``end``, as the input thread does;
    each wake must report or settle something, or the thread would spin."""
    got: list[tuple[float, PadEvent]] = []
    now = START
    while (due := pad.next_due()) is not None and due <= end:
        now = max(now, due)
        got += [(now, e) for e in pad.tick(now)]
        assert pad.next_due() != due, f"woken at {now} for nothing"
    return got


def test_a_long_press_as_long_as_the_stuck_time_or_as_short_as_the_debounce_is_refused():
    assert refused(long_press_s=5.0, stuck_after_s=5.0) == [
        "input.stuck_after_s: must be longer than input.long_press_s"
    ]
    assert refused(debounce_s=0.3, long_press_s=0.3) == [
        "input.debounce_s: must be shorter than input.long_press_s"
    ]


def test_a_button_down_at_start_is_reported_stuck_at_the_moment_the_pad_was_added():
    pad = PadInput("red", T, now=START, initially_pressed=[Btn.LEFT])
    (event,) = pad.tick(START + 1.0)
    assert (event.kind, event.at) == (Kind.STUCK, START)


def test_a_held_select_is_reported_long_then_stuck_then_recovered_each_when_due():
    pad = PadInput("red", T, now=START)
    pad.feed(Btn.SELECT, True, START + 1.0)
    held = wake_until(pad, START + 100.0)
    assert [(e.kind, e.detail) for _, e in held] == [
        (Kind.LONG_PRESS, ""),
        (Kind.STUCK, f"held {T.stuck_after:.0f} s"),
    ]
    assert all(e.at == now for now, e in held)
    assert [now for now, _ in held] == pytest.approx(
        [START + 1.0 + T.long_press, START + 1.0 + T.stuck_after]
    )
    pad.feed(Btn.SELECT, False, START + 200.0)
    ((now, event),) = wake_until(pad, START + 300.0)
    assert (event.kind, event.at) == (Kind.RECOVERED, now)


def test_presses_and_repeats_carry_the_moment_they_were_reported():
    pad = PadInput("red", T, now=START)
    assert pad.feed(Btn.SELECT, True, START + 1.0) == []
    got = wake_until(pad, START + 1.1)
    assert pad.feed(Btn.SELECT, False, START + 1.2) == []
    got += wake_until(pad, START + 1.3)
    assert pad.feed(Btn.RIGHT, True, START + 2.0) == []
    got += wake_until(pad, START + 2.0 + T.repeat_delay)
    assert [(e.button, e.kind) for _, e in got] == [
        (Btn.SELECT, Kind.PRESS),
        (Btn.RIGHT, Kind.PRESS),
        (Btn.RIGHT, Kind.REPEAT),
    ]
    assert all(e.at == now for now, e in got)


def test_two_buttons_jammed_together_are_reported_stuck_in_the_same_tick():
    pad = PadInput("red", T, now=START)
    pad.feed(Btn.LEFT, True, START)
    pad.feed(Btn.RIGHT, True, START)
    got = wake_until(pad, START + T.stuck_after + 1.0)
    stuck = [(now, e.button) for now, e in got if e.kind is Kind.STUCK]
    assert [button for _, button in stuck] == [Btn.LEFT, Btn.RIGHT]
    assert stuck[0][0] == stuck[1][0] == pytest.approx(START + T.stuck_after)
    assert pad.next_due() is None


def held_arrow() -> tuple[PadInput, float]:
    """▶ held since START, its press reported; and when its first repeat is due."""
    pad = PadInput("blue", T, now=START)
    pad.feed(Btn.RIGHT, True, START)
    assert [e.kind for e in pad.tick(START + T.debounce * 2)] == [Kind.PRESS]
    first = pad.next_due()
    assert first == pytest.approx(START + T.repeat_delay)
    return pad, first


def test_a_repeat_reported_a_little_late_keeps_the_rhythm():
    pad, first = held_arrow()
    assert [e.kind for e in pad.tick(first + T.repeat_interval / 4)] == [Kind.REPEAT]
    assert pad.next_due() == pytest.approx(first + T.repeat_interval)
    assert [e.kind for e in pad.tick(first + T.repeat_interval)] == [Kind.REPEAT]


def test_a_tick_one_interval_late_gives_one_repeat_and_the_next_an_interval_later():
    pad, first = held_arrow()
    late = first + T.repeat_interval
    assert [e.kind for e in pad.tick(late)] == [Kind.REPEAT]
    assert pad.tick(late) == []
    assert pad.next_due() == pytest.approx(late + T.repeat_interval)


def test_after_a_long_gap_in_ticks_repeats_go_on_an_interval_after_the_late_one():
    pad, first = held_arrow()
    late = first + 5.0
    assert [e.kind for e in pad.tick(late)] == [Kind.REPEAT]
    assert pad.tick(late) == []
    assert pad.next_due() == pytest.approx(late + T.repeat_interval)
    assert [e.kind for e in pad.tick(late + T.repeat_interval)] == [Kind.REPEAT]
