"""`views.events_json`: each event made JSON once per State, and never a stale feed when the
State's events were changed another way (shortened, or an event replaced)."""

from __future__ import annotations

from companion.elgrande.engine import new_game
from companion.elgrande.state import Event
from companion.elgrande.views import event_json, events_json


def _fresh_json(s) -> list[dict]:
    return [event_json(e) for e in s.events]


def test_the_feed_follows_new_events_and_a_shortened_list():
    s = new_game(["red", "blue"], seed=1)
    assert events_json(s) == _fresh_json(s) and len(s.events) >= 2
    s.announce("note", "one more", {"n": 1})
    assert events_json(s) == _fresh_json(s)
    del s.events[1:]  # shortened (a state rebuilt in place): from the start again
    assert events_json(s) == _fresh_json(s) and len(events_json(s)) == 1


def test_a_replaced_event_is_never_served_from_the_cache():
    s = new_game(["red", "blue"], seed=1)
    events_json(s)
    last = s.events[-1]
    s.events[-1] = Event("note", "replaced", None, seq=last.seq)  # same length, other event
    assert events_json(s)[-1]["text"] == "replaced"
    assert events_json(s) == _fresh_json(s)


def test_a_detail_is_plain_json_with_its_keys_and_nested_values():
    e = Event("note", "t", {3: (1, 2), "b": [{"c": (4,)}]}, seq=9)
    assert event_json(e) == {
        "seq": 9,
        "kind": "note",
        "text": "t",
        "detail": {"3": [1, 2], "b": [{"c": [4]}]},
        "round": None,  # an event made outside any round
    }
