"""The copy `apply` makes of a state: equal to the state in every field, sharing nothing
mutable with it, at every point of a game."""

from __future__ import annotations

import copy
import pickle
import random
from dataclasses import fields

from companion.elgrande.engine import apply_in_place, decision, legal_actions, new_game
from companion.elgrande.state import State


def _mutable_parts(value, seen):
    if isinstance(value, (dict, list)) or hasattr(value, "__dict__"):
        seen.add(id(value))
        items = value.values() if isinstance(value, dict) else value
        if hasattr(value, "__dict__"):
            items = vars(value).values()
        for v in items:
            _mutable_parts(v, seen)
    return seen


def test_a_copy_equals_the_state_and_shares_nothing_mutable_through_a_whole_game():
    s = new_game(["red", "blue", "yellow", "green", "black"], seed=5)
    rng = random.Random(5)
    while (d := decision(s)) is not None:
        twin = copy.deepcopy(s)
        reference = pickle.loads(pickle.dumps(s))  # pickle does not use __deepcopy__
        for f in fields(State):
            assert getattr(twin, f.name) == getattr(reference, f.name), f.name
        assert decision(twin) == d
        mine = set().union(*(_mutable_parts(getattr(s, f.name), set()) for f in fields(State)))
        theirs = set().union(*(_mutable_parts(getattr(twin, f.name), set()) for f in fields(State)))
        assert not mine & theirs
        apply_in_place(s, d.players[0], rng.choice(legal_actions(s, d.players[0])))
        s.take_events()
