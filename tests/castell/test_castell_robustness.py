"""Whatever is pressed or forged, a Castell game either takes it as a legal entry or refuses it
with a RuleError and stays exactly as it was."""

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.castell.module import MODULE
from companion.kit.moves import Action, RuleError

KINDS = st.sampled_from(["tower", "best_tower", "regions", "sizes", "further_sizes", "done"])
TARGETS = st.one_of(st.integers(-5, 45), st.booleans(), st.text(max_size=5), st.none())
PRESS = st.tuples(st.sampled_from(["red", "blue", "green", "black"]), KINDS, TARGETS)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["tracked", "final_only"]), st.lists(PRESS, max_size=60))
def test_any_press_is_taken_whole_or_refused_with_nothing_changed(festivals, presses):
    s = MODULE.new_game(
        ["red", "blue", "green"], seed=1, options=MODULE.options_from({"festivals": festivals})
    )
    for player, kind, target in presses:
        before = copy.deepcopy(s)
        legal = MODULE.legal_actions(s, player)
        action = Action(kind, target)
        try:
            MODULE.apply_in_place(s, player, action)
        except RuleError:
            assert MODULE.public_view(s, []) == MODULE.public_view(before, [])
            assert action not in legal
            continue
        assert action in legal
        assert all(s.best[p] >= before.best[p] for p in s.players)  # the track never drops
