"""The event log lives with the game's keeper, not in the state: a state holds only the events
announced since they were last taken, numbered on from the whole game's, and `apply` stays pure."""

from __future__ import annotations

import copy

from companion.elgrande.engine import apply, legal_actions, new_game
from companion.elgrande.views import event_json, public_view


def test_taken_events_leave_the_state_and_the_numbering_goes_on():
    s = new_game(["red", "blue"], seed=1)
    setup = s.take_events()
    assert setup and [e.seq for e in setup] == list(range(1, len(setup) + 1))
    assert s.events == [] and s.event_count == len(setup)
    while not s.events:  # play on until the engine announces something
        s = apply(s, "red" if legal_actions(s, "red") else "blue", _first_choice(s))
    assert s.events[0].seq == len(setup) + 1


def test_apply_leaves_the_state_it_was_given_as_it_was():
    s = new_game(["red", "blue", "yellow"], seed=2)
    s.take_events()
    before = copy.deepcopy(s)
    for _ in range(30):
        after = apply(s, _decider(s), _first_choice(s))
        assert public_view(s) == public_view(before) and s.event_count == before.event_count
        s, before = after, copy.deepcopy(after)


def test_the_public_view_lists_the_keepers_events_when_given():
    s = new_game(["red", "blue"], seed=1)
    assert [e["seq"] for e in public_view(s)["events"]] == [e.seq for e in s.events]
    log = [event_json(e) for e in s.take_events()]
    assert public_view(s)["events"] == [] and public_view(s, log)["events"] == log


def _decider(s):
    return next(p for p in s.players if legal_actions(s, p))


def _first_choice(s):
    return legal_actions(s, _decider(s))[0]
