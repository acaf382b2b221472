"""The pure pad input state machine, driven by hand with an injected clock."""

from __future__ import annotations

import logging
import threading

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hw.checked import ConfigError
from hw.events import Btn, Kind
from hw.input import InputHub, InputTiming, PadInput

T = InputTiming(
    debounce=0.03, long_press=0.8, repeat_delay=0.5, repeat_interval=0.15, stuck_after=30
)


def kinds(events):
    return [(e.button, e.kind) for e in events]


def test_left_press_reported_once_level_is_steady_for_debounce_time():
    pad = PadInput("red", T, now=0.0)
    assert pad.feed(Btn.LEFT, True, 1.0) == []
    assert pad.tick(1.02) == []  # still inside the debounce window
    assert kinds(pad.tick(1.03)) == [(Btn.LEFT, Kind.PRESS)]
    assert pad.is_pressed(Btn.LEFT)


def test_contact_bounce_gives_a_single_press():
    pad = PadInput("red", T, now=0.0)
    events = []
    for i, level in enumerate([True, False, True, False, True]):
        events += pad.feed(Btn.RIGHT, level, 1.0 + i * 0.002)
    events += pad.tick(1.1)
    events += pad.feed(Btn.RIGHT, False, 1.2)
    events += pad.feed(Btn.RIGHT, True, 1.201)  # release bounce
    events += pad.feed(Btn.RIGHT, False, 1.202)
    events += pad.tick(1.3)
    assert kinds(events) == [(Btn.RIGHT, Kind.PRESS)]


def test_glitch_shorter_than_debounce_is_ignored():
    pad = PadInput("red", T, now=0.0)
    pad.feed(Btn.SELECT, True, 1.0)
    pad.feed(Btn.SELECT, False, 1.01)
    assert pad.tick(2.0) == []


def test_select_press_reported_on_release():
    pad = PadInput("red", T, now=0.0)
    pad.feed(Btn.SELECT, True, 1.0)
    assert pad.tick(1.2) == []
    events = pad.feed(Btn.SELECT, False, 1.3) + pad.tick(1.34)
    assert kinds(events) == [(Btn.SELECT, Kind.PRESS)]


def test_select_held_is_a_long_press_and_release_adds_nothing():
    pad = PadInput("red", T, now=0.0)
    pad.feed(Btn.SELECT, True, 1.0)
    assert pad.tick(1.79) == []
    assert kinds(pad.tick(1.8)) == [(Btn.SELECT, Kind.LONG_PRESS)]
    assert pad.tick(2.5) == []  # once only
    pad.feed(Btn.SELECT, False, 3.0)
    assert pad.tick(3.1) == []


def test_arrows_auto_repeat_after_delay_then_every_interval():
    pad = PadInput("blue", T, now=0.0)
    pad.feed(Btn.LEFT, True, 0.0)
    times = [0.03, 0.49, 0.5, 0.6, 0.65, 0.8, 0.95]
    got = [(t, e.kind) for t in times for e in pad.tick(t)]
    assert got == [
        (0.03, Kind.PRESS),
        (0.5, Kind.REPEAT),
        (0.65, Kind.REPEAT),
        (0.8, Kind.REPEAT),
        (0.95, Kind.REPEAT),
    ]


def test_repeat_does_not_burst_after_a_gap_in_ticks():
    pad = PadInput("blue", T, now=0.0)
    pad.feed(Btn.RIGHT, True, 0.0)
    pad.tick(0.05)
    assert kinds(pad.tick(5.0)) == [(Btn.RIGHT, Kind.REPEAT)]


def test_button_pressed_at_start_marks_pad_faulty_and_silences_it():
    pad = PadInput("green", T, now=0.0, initially_pressed=[Btn.RIGHT])
    events = pad.tick(0.0)
    assert kinds(events) == [(Btn.RIGHT, Kind.STUCK)]
    assert events[0].detail == "pressed at start"
    assert pad.faulty
    pad.feed(Btn.LEFT, True, 1.0)
    assert pad.tick(1.1) == []  # a faulty pad reports no presses
    pad.feed(Btn.LEFT, False, 1.2)
    pad.feed(Btn.RIGHT, False, 1.3)
    assert kinds(pad.tick(1.4)) == [(Btn.RIGHT, Kind.RECOVERED)]
    assert not pad.faulty
    pad.feed(Btn.LEFT, True, 2.0)
    assert kinds(pad.tick(2.1)) == [(Btn.LEFT, Kind.PRESS)]


def test_button_held_longer_than_stuck_after_is_reported_stuck_once():
    pad = PadInput("black", T, now=0.0)
    pad.feed(Btn.SELECT, True, 0.0)
    events = []
    for t in (0.9, 29.9, 30.0, 31.0, 60.0):
        events += pad.tick(t)
    assert kinds(events) == [(Btn.SELECT, Kind.LONG_PRESS), (Btn.SELECT, Kind.STUCK)]
    assert pad.faulty
    pad.feed(Btn.SELECT, False, 61.0)
    assert kinds(pad.tick(61.1)) == [(Btn.SELECT, Kind.RECOVERED)]  # and no press


def test_events_carry_player_and_time():
    pad = PadInput("yellow", T, now=0.0)
    pad.feed(Btn.LEFT, True, 1.0)
    (event,) = pad.tick(1.2)
    assert (event.player, event.at, event.is_fault) == ("yellow", 1.2, False)


@given(
    st.lists(
        st.tuples(st.sampled_from(list(Btn)), st.booleans(), st.floats(0.0, 0.5)),
        max_size=40,
    )
)
def test_any_edge_sequence_gives_well_formed_events(edges):
    pad = PadInput("red", T, now=0.0)
    now, events = 0.0, []
    for button, level, gap in edges:
        now += gap
        events += pad.feed(button, level, now)
    events += pad.tick(now + 100)  # everything settles, anything still held goes stuck
    presses = {b: 0 for b in Btn}
    for e in events:
        assert e.player == "red"
        if e.kind in (Kind.PRESS, Kind.LONG_PRESS):
            presses[e.button] += 1
    # Each press needs a rising edge that was fed.
    for b in Btn:
        assert presses[b] <= sum(1 for btn, lvl, _ in edges if btn is b and lvl)
    times = [e.at for e in events]
    assert times == sorted(times)


def test_hub_turns_queued_edges_into_events_on_pump(clock):
    hub = InputHub(T, clock=clock)
    hub.add_pad("red")
    hub.edge("red", Btn.SELECT, True)
    clock.advance(0.1)
    hub.edge("red", Btn.SELECT, False)
    hub.pump(clock.advance(0.1))
    event = hub.events.get_nowait()
    assert (event.player, event.button, event.kind) == ("red", Btn.SELECT, Kind.PRESS)
    assert hub.events.empty()


def test_hub_reports_faulty_players(clock):
    hub = InputHub(T, clock=clock)
    hub.add_pad("red", [Btn.LEFT])
    hub.add_pad("blue")
    hub.pump()
    assert hub.faulty_players() == {"red"}
    assert hub.events.get_nowait().kind is Kind.STUCK


def test_an_exception_in_the_input_thread_does_not_silence_the_pads(caplog):
    import logging
    import time

    hub = InputHub(T, clock=time.monotonic)
    hub.add_pad("red")
    hub.start()
    try:
        with caplog.at_level(logging.ERROR, logger="hw.input"):
            hub.edge("purple", Btn.LEFT, True)  # no such pad: pump() raises on the thread
            hub.edge("red", Btn.LEFT, True)
            event = hub.events.get(timeout=5)  # safety net: it comes after the debounce time
        assert (event.player, event.kind) == ("red", Kind.PRESS)
        assert hub.errors >= 1 and "the pads keep working" in caplog.text
    finally:
        hub.close()


def test_a_select_jammed_down_is_reported_stuck_by_the_input_thread_without_another_press():
    # After the long press has fired nothing else is due but the stuck report: the thread must
    # still wake for it, not sleep until the next edge.
    import time

    timing = InputTiming(
        debounce=0.01, long_press=0.2, repeat_delay=0.5, repeat_interval=0.15, stuck_after=1.0
    )
    hub = InputHub(timing, clock=time.monotonic)
    hub.add_pad("red")
    hub.start()
    try:
        hub.edge("red", Btn.SELECT, True)
        first = hub.events.get(timeout=5)
        stuck = hub.events.get(timeout=5)  # safety net: it comes after stuck_after
        assert (first.kind, stuck.kind) == (Kind.LONG_PRESS, Kind.STUCK)
        assert hub.faulty_players() == {"red"}
    finally:
        hub.close()


def test_each_time_is_accepted_at_both_ends_of_its_range_and_refused_just_past_them():
    low = InputTiming(
        debounce=0.001, long_press=0.1, repeat_delay=0.05, repeat_interval=0.02, stuck_after=1
    )
    high = InputTiming(
        debounce=0.5, long_press=10, repeat_delay=5, repeat_interval=2, stuck_after=3600
    )
    assert (low.debounce, low.stuck_after, high.long_press, high.stuck_after) == (
        0.001,
        1.0,
        10.0,
        3600.0,
    )
    with pytest.raises(ConfigError) as refused:
        InputTiming(
            debounce=0.0009,
            long_press=10.5,
            repeat_delay=5.5,
            repeat_interval=0.019,
            stuck_after=3601,
        )
    assert refused.value.problems == [
        "debounce_s: 0.0009 is not accepted; accepted: seconds, 0.001–0.5",
        "long_press_s: 10.5 is not accepted; accepted: seconds, 0.1–10",
        "repeat_delay_s: 5.5 is not accepted; accepted: seconds, 0.05–5",
        "repeat_interval_s: 0.019 is not accepted; accepted: seconds, 0.02–2",
        "stuck_after_s: 3601 is not accepted; accepted: seconds, 1–3600",
    ]


def test_a_stuck_report_waiting_at_start_wakes_the_input_thread_at_once(clock):
    hub = InputHub(T, clock=clock)
    hub.add_pad("red", [Btn.LEFT])
    assert hub.next_due() == float("-inf") and hub.wait_time() == 0.0


def test_a_held_button_is_waited_for_while_the_buttons_before_it_rest(clock):
    """◀ rests while ▶ is held (its repeat is due) and ● is held (its long press is due)."""
    for button, due in ((Btn.RIGHT, 0.5), (Btn.SELECT, 0.8)):
        hub = InputHub(T, clock=clock)
        start = clock()
        hub.add_pad("red")
        hub.edge("red", button, True)
        hub.pump(clock.advance(0.1))
        while not hub.events.empty():
            hub.events.get_nowait()
        assert hub.next_due() == pytest.approx(start + due)


def test_errors_in_the_input_thread_are_counted_and_logged_the_1st_2nd_and_4th_time(caplog):
    import time

    hub = InputHub(T, clock=time.monotonic)
    hub.add_pad("red")
    hub.start()
    try:
        with caplog.at_level(logging.ERROR, logger="hw.input"):
            for _ in range(5):
                hub.edge("purple", Btn.LEFT, True)  # no such pad: raises on the thread
            hub.edge("red", Btn.LEFT, True)
            event = hub.events.get(timeout=5)  # safety net: it comes after the debounce time
        assert (event.player, event.kind) == ("red", Kind.PRESS)
        said = [r.getMessage() for r in caplog.records if r.name == "hw.input"]
        assert said == [f"input loop error #{n}; the pads keep working" for n in (1, 2, 4)]
        assert hub.errors == 5
    finally:
        hub.close()


def test_an_input_thread_that_does_not_stop_is_named_in_the_log_after_a_second(caplog):
    inside, release = threading.Event(), threading.Event()
    main = threading.current_thread()

    def clock() -> float:
        if threading.current_thread() is not main:  # the input thread, pumping: it hangs
            inside.set()
            release.wait(3)
        return 0.0

    hub = InputHub(T, clock=clock)
    hub.add_pad("red")
    hub.start()
    thread = hub._thread
    try:
        hub.edge("red", Btn.LEFT, True)
        assert inside.wait(5)
        with caplog.at_level(logging.WARNING, logger="hw.worker"):
            hub.close()
        said = [r.getMessage() for r in caplog.records if r.name == "hw.worker"]
        assert said == ["hw-input did not stop within 1 s"]
    finally:
        release.set()
        thread.join(5)
    assert not thread.is_alive()


def test_a_second_button_held_on_a_faulty_pad_is_still_timed_for_being_stuck(clock):
    """◀ jammed at start; ▶ pressed later must still be debounced and, held on, reported."""
    hub = InputHub(T, clock=clock)
    start = clock()
    hub.add_pad("red", [Btn.LEFT])
    hub.pump()
    assert hub.events.get_nowait().kind is Kind.STUCK
    hub.edge("red", Btn.RIGHT, True)
    hub.pump()
    assert hub.next_due() == pytest.approx(start + 0.03)  # the debounce of ▶ ending
    hub.pump(clock.advance(0.1))
    assert hub.next_due() == pytest.approx(start + 30)  # ▶ held 30 s is stuck too
